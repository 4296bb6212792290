#!/usr/bin/env bash
# Installs uriparser and libcurl from Debian (liburiparser-dev, libcurl4-openssl-dev, pkg-config)
# when missing and compiles the two adapters with gcc into the scratch folder given as the first
# argument. Prints nothing on stdout.
set -euo pipefail
scratch=${1:?usage: setup.sh SCRATCH-DIR}
here="$(cd "$(dirname "$0")" && pwd)"
mkdir -p "$scratch"
missing=()
for pkg in liburiparser-dev libcurl4-openssl-dev pkg-config; do
  dpkg-query -W -f='${Status}' "$pkg" 2>/dev/null | grep -q 'install ok installed' || missing+=("$pkg")
done
if [ "${#missing[@]}" -gt 0 ]; then
  echo "installing ${missing[*]} from Debian" >&2
  export DEBIAN_FRONTEND=noninteractive
  if ! apt-cache show "${missing[@]}" >/dev/null 2>&1; then
    apt-get update >&2
  fi
  # A package list from before the last update may name versions the mirror no longer has.
  if ! apt-get install -y -o DPkg::Lock::Timeout=600 "${missing[@]}" >&2; then
    apt-get update >&2
    apt-get install -y -o DPkg::Lock::Timeout=600 "${missing[@]}" >&2
  fi
fi
dpkg-query -W -f='${Package} ${Version}\n' liburiparser-dev libcurl4-openssl-dev >&2
gcc -O2 -Wall -Wextra -Werror -std=c11 -o "$scratch/judge-uriparser" "$here/judge-uriparser.c" \
  $(pkg-config --cflags --libs liburiparser) >&2
gcc -O2 -Wall -Wextra -Werror -std=c11 -o "$scratch/judge-curl" "$here/judge-curl.c" \
  $(pkg-config --cflags --libs libcurl) >&2
