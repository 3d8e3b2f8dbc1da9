# Sourced by bin/weld and mvnw25: sets WELD_JAVA_HOME to a JDK 25 or newer, or exits with what to install.
weld_jdk_ok() {
  [ -x "$1/bin/java" ] || return 1
  # The feature version from the JDK's release file (JAVA_VERSION="25.0.3"); asking java itself costs a JVM start
  # (~0.2 s on every bin/weld run), so only where the file is missing.
  v=$(sed -n 's/^JAVA_VERSION="\([0-9]*\).*/\1/p' "$1/release" 2>/dev/null)
  if [ -z "$v" ]; then
    v=$("$1/bin/java" -XshowSettings:properties -version 2>&1 | sed -n 's/^ *java.specification.version = //p')
  fi
  [ -n "$v" ] && [ "$v" -ge 25 ] 2>/dev/null
}
if [ -n "${WELD_JAVA_HOME:-}" ] && weld_jdk_ok "$WELD_JAVA_HOME"; then
  :
elif [ -n "${JAVA_HOME:-}" ] && weld_jdk_ok "$JAVA_HOME"; then
  WELD_JAVA_HOME="$JAVA_HOME"
elif weld_jdk_ok /usr/lib/jvm/temurin-25-jdk-amd64; then
  WELD_JAVA_HOME=/usr/lib/jvm/temurin-25-jdk-amd64
else
  echo "weld: no JDK 25 found. Install one (e.g. 'apt-get install temurin-25-jdk' from packages.adoptium.net)," >&2
  echo "      or set JAVA_HOME (or WELD_JAVA_HOME) to a JDK 25 or newer." >&2
  exit 1
fi
