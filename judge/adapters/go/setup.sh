#!/usr/bin/env bash
# Installs Go from Debian's golang-go (when `go` is missing) and builds the net/url adapter into the
# scratch folder given as the first argument. No module is downloaded: go.mod has no requirements and
# GOPROXY=off. Prints nothing on stdout.
set -euo pipefail
scratch=${1:?usage: setup.sh SCRATCH-DIR}
here="$(cd "$(dirname "$0")" && pwd)"
mkdir -p "$scratch"
scratch="$(realpath "$scratch")"
if ! command -v go >/dev/null 2>&1; then
  echo "installing golang-go from Debian" >&2
  export DEBIAN_FRONTEND=noninteractive
  if ! apt-cache show golang-go >/dev/null 2>&1; then
    apt-get update >&2
  fi
  apt-get install -y -o DPkg::Lock::Timeout=600 golang-go >&2
fi
go version >&2
export GOCACHE="$scratch/gocache" GOPATH="$scratch/gopath" GOPROXY=off \
  GOTOOLCHAIN=local GO111MODULE=on
cd "$here"
go build -trimpath -o "$scratch/judge-go-net-url" . >&2
