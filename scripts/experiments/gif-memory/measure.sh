#!/usr/bin/env bash
# Peak memory of --gif (and --png-dir, for reference) against the number of frames: a 1280×720
# full-screen gradient whose stops move every frame, under a sliding card, rendered for 2.4 s
# (120 frames) and 12 s (600 frames) at 50 fps. docs/benchmarks.md, session 24.
#   scripts/experiments/gif-memory/measure.sh [BINARY]
set -euo pipefail
cd "$(dirname "$0")/../../.."
bin="${1:-.build/release/animrender}"
work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT
for seconds in 2.4 12; do
  sed "s/\"duration\": 12 }/\"duration\": $seconds }/" scripts/experiments/gif-memory/long-gradient.json > "$work/scene.json"
  /usr/bin/time -f "$seconds s --gif: %e s wall, peak %M KB" "$bin" "$work/scene.json" --gif "$work/out.gif" --quiet
  echo "  file $(stat -c %s "$work/out.gif") bytes"
  /usr/bin/time -f "$seconds s --png-dir: %e s wall, peak %M KB" "$bin" "$work/scene.json" --png-dir "$work/frames" --quiet
  rm -rf "$work/frames"
done
