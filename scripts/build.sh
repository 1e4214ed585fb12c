#!/usr/bin/env bash
# Installs system packages when missing and builds animrender in release.
set -euo pipefail
cd "$(dirname "$0")/.."
scripts/setup.sh
swift build -c release --product animrender "$@" >&2
