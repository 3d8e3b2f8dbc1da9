# Sourced by bin/weld and bench/jvm-flags.sh, after bin/find-jdk.sh, with $root set: picks the JVM that runs Weld.
#
# The Graal compiler jar (the optimizing Truffle runtime) must be the module jdk.graal.compiler of the boot layer.
# Temurin 25 ships a placeholder module of that name (only a module-info), so on that JDK the jar has to go on
# --upgrade-module-path, and that option turns class-data sharing (CDS) off altogether: every JDK class is then
# parsed from the module image, and the front end's classes are loaded and verified again in every new JVM.
# Instead, a copy of the JDK without the placeholder (jlink, about 15 s and 150 MB, once per JDK) takes the jar
# on the ordinary module path, with the JDK's default CDS archive; a dynamic CDS archive of the Weld, Truffle and
# Graal classes (written by -XX:+AutoCreateSharedArchive at the exit of the first run, and again after
# weld_cds_refresh deleted it because a jar changed) then starts later JVMs from pre-parsed, pre-verified classes.
# See docs/performance.md, Start-up.
#
# Sets:
#   weld_java          the java command
#   weld_module_path   the module path before the Weld jars: the Graal compiler and the Truffle/polyglot modules
#   weld_upgrade_flag  --upgrade-module-path=... where the compiler needs it (no runtime image), else empty
#   weld_runtime_image the image's directory, empty where the JDK itself runs (then CDS cannot be used)
#   weld_cds_options   with -XX:SharedArchiveFile=ARCHIVE, the options that use a dynamic CDS archive at the path
#                      ARCHIVE and write it where it is missing; only for the runtime image
#   weld_thp           -XX:+UseTransparentHugePages where the kernel offers transparent huge pages on request, else
#                      empty
#   weld_jit_flags     HotSpot's compile commands for Weld's own Java (below)
# and defines weld_cds_flags ARCHIVE, which prints all of these CDS options, or nothing without the image, and
# weld_cds_refresh ARCHIVE PATH..., which deletes the archive if a jar under PATH... is newer.
#
# WELD_RUNTIME_IMAGE=0 keeps the plain JDK with --upgrade-module-path (no image, no CDS). The image lives in
# $root/target/runtime/ (removed by mvn clean at the root, and rebuilt on the next run); it is never committed.

weld_lang_target="$root/language/target"
weld_java="$WELD_JAVA_HOME/bin/java"
weld_module_path="$weld_lang_target/modules"
weld_upgrade_flag="--upgrade-module-path=$weld_lang_target/compiler"
weld_runtime_image=

# The image is keyed by the JDK (its path, version and module image), so another JDK gets its own.
weld_runtime_key() {
  { echo "$WELD_JAVA_HOME"; cat "$WELD_JAVA_HOME/release" 2>/dev/null; ls -lL "$WELD_JAVA_HOME/lib/modules" 2>/dev/null; } \
    | cksum | cut -d' ' -f1
}

# Builds the image into a temporary directory and renames it into place, so that concurrent first runs neither
# see a half-built image nor break each other. On failure, records why and returns 1 (no retry for this JDK).
weld_build_runtime_image() {
  dir=$1
  parent=$(dirname "$dir")
  mkdir -p "$parent" || return 1
  tmp=$(mktemp -d "$parent/.building.XXXXXX") || return 1
  mods=$("$weld_java" --list-modules 2>/dev/null | sed 's/@.*//' | grep -xE 'java\.se|jdk\.unsupported|jdk\.incubator\.vector|jdk\.internal\.vm\.ci|jdk\.management|jdk\.management\.agent|jdk\.jfr|jdk\.jdwp\.agent|jdk\.zipfs|jdk\.charsets|jdk\.localedata|jdk\.crypto\.ec|jdk\.net' | paste -sd, -)
  echo "weld: creating a runtime image of the JDK without its placeholder Graal module, once per JDK (about 15 s)..." >&2
  if "$WELD_JAVA_HOME/bin/jlink" --add-modules "$mods" --generate-cds-archive --output "$tmp/image" >"$tmp/jlink.log" 2>&1 \
     && "$tmp/image/bin/java" --list-modules 2>/dev/null | grep -q '^jdk\.internal\.vm\.ci@' \
     && ! "$tmp/image/bin/java" --list-modules 2>/dev/null | grep -q '^jdk\.graal\.compiler@'; then
    if mv "$tmp/image" "$dir" 2>/dev/null || [ -x "$dir/bin/java" ]; then
      rm -rf "$tmp"
      return 0
    fi
  fi
  { echo "jlink failed; bin/weld uses the JDK with --upgrade-module-path (no class-data sharing)."; cat "$tmp/jlink.log"; } \
    > "$parent/unavailable-$(basename "$dir")" 2>/dev/null
  echo "weld: could not create the runtime image (see $parent/unavailable-$(basename "$dir")); starting without class-data sharing" >&2
  rm -rf "$tmp"
  return 1
}

if [ "${WELD_RUNTIME_IMAGE:-1}" != 0 ]; then
  weld_image_dir="$root/target/runtime/jdk-$(weld_runtime_key)"
  if [ -x "$weld_image_dir/bin/java" ] \
     || { [ ! -f "$root/target/runtime/unavailable-$(basename "$weld_image_dir")" ] && weld_build_runtime_image "$weld_image_dir"; }; then
    weld_runtime_image=$weld_image_dir
    weld_java="$weld_image_dir/bin/java"
    weld_module_path="$weld_lang_target/compiler:$weld_lang_target/modules"
    weld_upgrade_flag=
  fi
fi

# Transparent huge pages for the Java heap where the kernel offers them on request (its setting is "madvise" or
# "always"): a new array's memory then arrives 2 MB at a time instead of 4 KB (reading 264 MB of .npy columns took
# half the time) and random updates of large vectors miss the TLB less (key counting over 10^6 keys: steadier and
# faster, see docs/performance.md). WELD_JAVA_OPTS=-XX:-UseTransparentHugePages turns them off for bin/weld.
weld_thp=
if grep -q '\[\(madvise\|always\)\]' /sys/kernel/mm/transparent_hugepage/enabled 2>/dev/null; then
  weld_thp=-XX:+UseTransparentHugePages
fi

# The vector blocks of a SIMD kernel (the classes of weld.nodes.loop.lanes that run Vector API operations a block
# of elements at a time, for the interpreter) are compiled by C2 after a fiftieth of HotSpot's usual invocation
# counts. Until C2's code arrives, C1's code runs the Vector API's Java fallbacks, which cost Black-Scholes about
# 13 us a row against 0.1-0.2 us, and kernels with math functions take the vector blocks after a short warm-up
# (measured: Black-Scholes' first call on 10^7 rows in a fresh JVM, 4.6-5.2 s -> 1.8 s at 2 threads; see
# docs/performance.md). The commands hold a '*': callers expand this unquoted with globbing off. "quiet" keeps
# HotSpot from printing each command on stdout.
weld_jit_flags="-XX:CompileCommand=quiet"
for weld_class in '*Lanes' weld.nodes.loop.lanes.VectorOps weld.nodes.loop.lanes.VectorErf \
    weld.nodes.loop.lanes.LaneCasts weld.nodes.loop.lanes.MaskStores; do
  weld_jit_flags="$weld_jit_flags -XX:CompileCommand=CompileThresholdScaling,$weld_class::*,0.02"
done

# The JVM logs CDS problems (a stale archive it then rewrites; classes it cannot archive) on stdout, where they
# would mix with results: they are not errors of the program, so they are switched off.
weld_cds_options="-XX:+AutoCreateSharedArchive -Xlog:cds*=off,aot*=off"

weld_cds_flags() {
  if [ -n "$weld_runtime_image" ]; then
    echo "-XX:SharedArchiveFile=$1 $weld_cds_options"
  fi
}

# A module-path jar that changed after the archive was written makes the JVM ignore the archive ("shared class paths
# mismatch"), but -XX:+AutoCreateSharedArchive does not rewrite it in that case (only a missing or unreadable one):
# so a stale archive is deleted here, and the next run writes a new one. A changed training file
# (launcher/cds-training.jsonl, see bin/weld) makes the archive stale too.
weld_cds_refresh() {
  if [ -n "$weld_runtime_image" ] && [ -f "$1" ]; then
    archive=$1
    shift
    if [ -n "$(find "$@" \( -name '*.jar' -o -name '*.jsonl' \) -newer "$archive" 2>/dev/null | head -n 1)" ]; then
      rm -f "$archive"
    fi
  fi
}
