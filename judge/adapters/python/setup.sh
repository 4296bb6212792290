#!/usr/bin/env bash
# Installs the pinned Python libraries (requirements.txt) from PyPI into a virtual environment in
# the given scratch folder: <scratch>/venv. Prints nothing on standard output; fails when it cannot
# install.
set -euo pipefail
scratch=${1:?usage: setup.sh SCRATCH_DIR}
here="$(cd "$(dirname "$0")" && pwd)"
mkdir -p "$scratch"
if [ ! -x "$scratch/venv/bin/python" ]; then
  if ! python3 -m venv "$scratch/venv" >&2; then
    # Debian's python3 has venv (with ensurepip) in a package of its own.
    rm -rf "$scratch/venv"
    echo "python3 -m venv failed; installing Debian's python3-venv" >&2
    if ! apt-get install -y python3-venv >&2; then
      apt-get update >&2
      apt-get install -y python3-venv >&2
    fi
    python3 -m venv "$scratch/venv" >&2
  fi
fi
"$scratch/venv/bin/python" -m pip install --quiet --disable-pip-version-check \
  -r "$here/requirements.txt" >&2
