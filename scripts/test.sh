#!/usr/bin/env bash
# The whole test suite, as CI runs it: set-up, the dependency-rule check, a release build, then
# every test (unit, golden images, command line) in release, since pixel loops are slow in debug.
# Failing golden tests leave actual and diff images in .build/golden-failures/.
set -euo pipefail
cd "$(dirname "$0")/.."
scripts/setup.sh
scripts/check-deps.sh
python3 scripts/check-scenes.py
swift build -c release
swift test -c release "$@"
