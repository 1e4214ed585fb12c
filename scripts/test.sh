#!/usr/bin/env bash
# The whole test suite, as CI runs it: set-up, the dependency-rule check, a release build, then
# every test (unit, golden images, command line) in release, since pixel loops are slow in debug.
# Failing golden tests leave actual and diff images in .build/golden-failures/, and an HTML report
# with JUnit XML in .build/golden-report/.
set -euo pipefail
cd "$(dirname "$0")/.."
scripts/setup.sh
scripts/setup-test-tools.sh
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
# The goldens once more through the product itself, for CI artifacts: an HTML report (side by side,
# diff, slider, flicker) and JUnit XML in .build/golden-report/ (never records).
report_status=0
.build/release/animrender test Scenes --goldens Goldens --record never --quiet \
  --report .build/golden-report > /dev/null 2>&1 || report_status=$?
echo "golden report: .build/golden-report/index.html (animrender test exit $report_status)"
if [[ $status -eq 0 && $report_status -ne 0 ]]; then status=$report_status; fi
# Frames byte-identical in a debug build (every scene, every frame; about 5 minutes on 2 cores).
debug_status=0
scripts/check-debug-release.sh || debug_status=$?
if [[ $status -eq 0 && $debug_status -ne 0 ]]; then status=$debug_status; fi
# The documentation pictures are what animrender renders now (docs/images/, about 10 s).
docs_status=0
scripts/check-docs-images.sh || docs_status=$?
if [[ $status -eq 0 && $docs_status -ne 0 ]]; then status=$docs_status; fi
# Shapes against a peer: the same paths drawn by pycairo must differ only by anti-aliasing (docs/shapes.md).
peer_status=0
scripts/peers/compare-shapes-cairo.sh .build/peers || peer_status=$?
if [[ $status -eq 0 && $peer_status -ne 0 ]]; then status=$peer_status; fi
exit $status
