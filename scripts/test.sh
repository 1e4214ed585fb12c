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
log="$(mktemp)"
trap 'rm -f "$log"' EXIT
status=0
swift test -c release "$@" 2>&1 | tee "$log" || status=$?
# A plain summary line for CI dashboards (XCTest also prints "Executed 0 tests" for its empty bundle).
total=$(sed -nE 's/.*Test run with ([0-9]+) tests? .*/\1/p' "$log" | tail -1)
failed=$(grep -cE '^✘ Test .* failed after' "$log" || true)
if [[ -n "$total" ]]; then
  echo "$((total - failed)) passed, $failed failed"
fi
exit $status
