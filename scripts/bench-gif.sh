#!/usr/bin/env bash
# GIF encoders compared on the same rendered frames, in one run (docs/benchmarks.md, "GIF"):
# animrender's encoder, gifski's approach (libimagequant + gifsicle -O3) and ffmpeg's
# palettegen/paletteuse, on 60 frames of the benchmark scenes Scenes/bench/compositor-1280.json
# (1280×720: shadows, a perspective card, a masked picture) and Scenes/bench/docs-320.json (320×480,
# a docs-size scene), and of the two flat scenes measured since the first GIF encoder,
# Scenes/bench/grid-24-layers.json (1280×720) and Scenes/seeds/shopping-cart.json (320×480, 70 frames).
# Per scene: a table row per encoder (animrender at its default quality and quality-matched, see
# scripts/peers/gif_bench.py) and a line on issue 8's goal. Installs what it needs.
#   scripts/bench-gif.sh
set -euo pipefail
cd "$(dirname "$0")/.."
scripts/setup.sh
need=()
command -v ffmpeg >/dev/null || need+=(ffmpeg)
command -v gifsicle >/dev/null || need+=(gifsicle)
if ((${#need[@]})); then
  sudo_cmd=(); if [[ $(id -u) -ne 0 ]]; then sudo_cmd=(sudo); fi
  "${sudo_cmd[@]}" apt-get update -qq && "${sudo_cmd[@]}" apt-get install -y -qq --no-install-recommends "${need[@]}" >/dev/null
fi
python3 -c "import imagequant, numpy, PIL" 2>/dev/null || python3 -m pip install -q imagequant numpy Pillow >/dev/null
swift build -c release --product animrender >&2
swift build -c release --product AnimBench >&2
work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT
echo "machine: $(nproc) cores, $(uname -m); ffmpeg $(ffmpeg -version | head -1 | cut -d' ' -f3), gifsicle $(gifsicle --version | head -1 | awk '{print $NF}'), imagequant $(python3 -c 'import importlib.metadata as m; print(m.version("imagequant"))')"
for pair in "Scenes/bench/compositor-1280.json:compositor-1280 1280×720:60" "Scenes/bench/docs-320.json:docs-320 320×480:60" \
    "Scenes/bench/grid-24-layers.json:grid 1280×720:60" "Scenes/seeds/shopping-cart.json:shopping-cart 320×480:70"; do
  IFS=: read -r scene label count <<<"$pair"
  dir="$work/${label%% *}"
  .build/release/animrender "$scene" --png-dir "$dir" --frames "0..$((count - 1))" --quiet
  echo
  echo "| scene | encoder | encode s (best of 3) | KiB | PSNR dB | SSIM | ms |"
  echo "| --- | --- | ---: | ---: | ---: | ---: | ---: |"
  python3 scripts/peers/gif_bench.py "$dir" "$count" 50 "$work" "$label"
done
