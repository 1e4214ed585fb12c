#!/usr/bin/env bash
# Frames per second for the 1280×720 benchmark scenes, single-threaded and on all cores, beside
# skia-python drawing the same content in the same run:
#   grid-24-layers   24 rounded, bordered, animated translucent tiles (the walking skeleton's);
#   compositor-1280  24 shadowed, rounded, bordered tiles, a perspective card, a masked picture;
#   docs-320         the same kinds of layers at 320×480, a documentation GIF's size;
#   compositor-1280 at --scale 3 (3840×2160), the stress case.
# AnimBench also prints the memory-bandwidth floor and the peak resident memory.
#   scripts/bench.sh [FRAMES] [REPEATS]
set -euo pipefail
cd "$(dirname "$0")/.."
frames="${1:-60}"
repeats="${2:-5}"
scripts/setup.sh
swift build -c release --product AnimBench >&2
echo "machine: $(nproc) cores, $(uname -m)"
have_skia=0
if python3 -c "import skia" 2>/dev/null || pip install -q skia-python >/dev/null 2>&1; then have_skia=1; fi
for pair in grid-24-layers:grid_skia compositor-1280:compositor_skia docs-320:compositor_skia; do
  scene="Scenes/bench/${pair%%:*}.json"
  .build/release/AnimBench "$scene" --frames "$frames" --repeat "$repeats"
  if ((have_skia)); then
    python3 "scripts/peers/${pair##*:}.py" "$scene" "$frames" "$repeats"
  else
    echo "skia-python: not available (pip install skia-python)"
  fi
done
stress_frames=$(( frames / 4 > 0 ? frames / 4 : 1 ))
.build/release/AnimBench Scenes/bench/compositor-1280.json --frames "$stress_frames" --repeat "$repeats" --scale 3
if ((have_skia)); then
  python3 scripts/peers/compositor_skia.py Scenes/bench/compositor-1280.json "$stress_frames" "$repeats" --scale 3
fi
