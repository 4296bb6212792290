#!/usr/bin/env bash
# Installs Ruby from Debian (package ruby) when there is no ruby command; the adapter, judge.rb, uses
# the uri library of Ruby's standard library. Prints Ruby's and uri's versions on standard error and
# nothing on standard output. The scratch folder (first argument) is created and left empty.
set -euo pipefail
scratch=${1:?usage: setup.sh SCRATCH-DIR}
mkdir -p "$scratch"
if ! command -v ruby >/dev/null; then
  echo "installing ruby from Debian" >&2
  export DEBIAN_FRONTEND=noninteractive
  if ! apt-cache show ruby >/dev/null 2>&1; then
    apt-get update >&2
  fi
  # A package list from before the last update may name versions the mirror no longer has.
  if ! apt-get install -y -o DPkg::Lock::Timeout=600 ruby >&2; then
    apt-get update >&2
    apt-get install -y -o DPkg::Lock::Timeout=600 ruby >&2
  fi
fi
ruby -ruri -e 'warn "#{RUBY_DESCRIPTION}; uri #{URI::VERSION}"'
