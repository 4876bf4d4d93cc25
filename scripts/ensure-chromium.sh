#!/usr/bin/env bash
# The story tests run in Debian's Chromium: a test tool's own browser download cannot work on these
# machines (no internet but the package registries). Installs it where it is missing, so that
# `npm ci && npm test` works on a fresh machine.
set -euo pipefail
command -v chromium >/dev/null 2>&1 && exit 0
if [ "$(id -u)" != 0 ]; then
  echo "Chromium is missing: install Debian's package (sudo apt-get install -y chromium), then run npm test again." >&2
  exit 1
fi
export DEBIAN_FRONTEND=noninteractive
apt-get update -qq
apt-get install -y -qq chromium >/dev/null
