#!/usr/bin/env bash
# Installs the JavaScript libraries judged by `iri judge` (the exact versions of package.json and
# package-lock.json) into SCRATCH/node_modules: bash judge/adapters/js/setup.sh SCRATCH
# Needs node and npm (Node 20). Prints nothing on stdout; fails when it cannot install.
set -euo pipefail
scratch="${1:?usage: setup.sh SCRATCH-DIR}"
here="$(cd "$(dirname "$0")" && pwd)"
mkdir -p "$scratch"
cp "$here/package.json" "$here/package-lock.json" "$scratch/"
cd "$scratch"
npm ci --no-audit --no-fund --ignore-scripts --loglevel=error 1>&2
node -e 'for (const m of ["uri-js", "fast-uri", "whatwg-url", "ajv", "ajv-formats", "ajv-formats-draft2019"]) require.resolve(m, { paths: [process.cwd()] })' 1>&2
