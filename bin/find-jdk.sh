# Sourced by bin/weld and mvnw25: sets WELD_JAVA_HOME to a JDK 25 or newer, or exits with what to install.
weld_jdk_ok() {
  [ -x "$1/bin/java" ] || return 1
  v=$("$1/bin/java" -XshowSettings:properties -version 2>&1 | sed -n 's/^ *java.specification.version = //p')
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
