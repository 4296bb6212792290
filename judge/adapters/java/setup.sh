#!/usr/bin/env bash
# Compiles the java.net.URI adapter (Judge.java) with javac into the scratch folder given as the first
# argument and writes SCRATCH/judge-java-net-uri, which runs it with the java beside that javac.
# javac: from $JAVA_HOME, else on PATH, else Debian's JDK 17 (openjdk-17-jdk-headless, installed when
# missing). Prints the Java version on standard error and nothing on standard output.
set -euo pipefail
scratch=${1:?usage: setup.sh SCRATCH-DIR}
here="$(cd "$(dirname "$0")" && pwd)"
mkdir -p "$scratch"
find_javac() {
  if [ -n "${JAVA_HOME:-}" ] && [ -x "$JAVA_HOME/bin/javac" ]; then
    echo "$JAVA_HOME/bin/javac"
  elif command -v javac >/dev/null; then
    readlink -f "$(command -v javac)"
  elif [ -x /usr/lib/jvm/java-17-openjdk-amd64/bin/javac ]; then
    echo /usr/lib/jvm/java-17-openjdk-amd64/bin/javac
  fi
}
javac=$(find_javac)
if [ -z "$javac" ]; then
  echo "installing openjdk-17-jdk-headless from Debian" >&2
  export DEBIAN_FRONTEND=noninteractive
  if ! apt-cache show openjdk-17-jdk-headless >/dev/null 2>&1; then
    apt-get update >&2
  fi
  # A package list from before the last update may name versions the mirror no longer has.
  if ! apt-get install -y -o DPkg::Lock::Timeout=600 openjdk-17-jdk-headless >&2; then
    apt-get update >&2
    apt-get install -y -o DPkg::Lock::Timeout=600 openjdk-17-jdk-headless >&2
  fi
  javac=$(find_javac)
fi
java="$(dirname "$javac")/java"
"$java" -version 2>&1 | head -1 >&2
"$javac" -Xlint:all -Werror -d "$scratch" "$here/Judge.java" >&2
# One JVM answers every case of a run (the protocol streams); the serial collector suits a small
# machine.
cat >"$scratch/judge-java-net-uri" <<SH
#!/bin/sh
exec "$java" -XX:+UseSerialGC -cp "$scratch" Judge "\$@"
SH
chmod +x "$scratch/judge-java-net-uri"
