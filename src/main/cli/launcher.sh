#!/bin/sh
# tilewright: the command line (docs/ci.md). This script and the jar after it are one file: java reads the jar's
# end. A CI job's runs are short: the serial collector and the first JIT tier start fastest (a run of a 4096x4096
# map 1.15 s -> 0.95 s); TILEWRIGHT_JAVA_OPTS comes after them (e.g. -Xmx8g, or -XX:TieredStopAtLevel=4 for long
# runs). JAVA_HOME's java is used when set, else the one on the PATH.
java="${JAVA_HOME:+$JAVA_HOME/bin/}java"
# shellcheck disable=SC2086
exec "$java" -XX:+UseSerialGC -XX:TieredStopAtLevel=1 $TILEWRIGHT_JAVA_OPTS -jar "$0" "$@"
