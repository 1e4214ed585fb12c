#!/usr/bin/env bash
# Frames per second for the 1280×720 benchmark scene (24 rounded, bordered, animated layers),
# single-threaded and on all cores, beside skia-python drawing the same content in the same run.
#   scripts/bench.sh [FRAMES] [REPEATS]
set -euo pipefail
cd "$(dirname "$0")/.."
frames="${1:-60}"
repeats="${2:-5}"
scene=Scenes/bench/grid-24-layers.json
scripts/setup.sh
swift build -c release --product AnimBench >&2
echo "machine: $(nproc) cores, $(uname -m)"
.build/release/AnimBench "$scene" --frames "$frames" --repeat "$repeats"
if python3 -c "import skia" 2>/dev/null || pip install -q skia-python >/dev/null 2>&1; then
  python3 scripts/peers/grid_skia.py "$scene" "$frames" "$repeats"
else
  echo "skia-python: not available (pip install skia-python)"
fi
