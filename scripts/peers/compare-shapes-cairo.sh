#!/usr/bin/env bash
# Renders Scenes/shapes/cairo-comparison.json with animrender and with pycairo
# (scripts/peers/shapes_cairo.py) and compares them (scripts/peers/compare_png.py): fails when the
# mean absolute difference per channel exceeds 0.15 or any pixel differs by more than 48 in a
# channel (geometry disagreeing, not anti-aliasing). The figures are in docs/shapes.md.
# Installs pycairo from Debian (python3-cairo, for /usr/bin/python3) when it is missing.
set -euo pipefail
cd "$(dirname "$0")/../.."
python=/usr/bin/python3
if ! "$python" -c "import cairo" 2>/dev/null; then
  sudo_cmd=()
  if [[ $(id -u) -ne 0 ]]; then sudo_cmd=(sudo); fi
  export DEBIAN_FRONTEND=noninteractive
  "${sudo_cmd[@]}" apt-get install -y -qq --no-install-recommends python3-cairo >/dev/null 2>&1 \
    || { "${sudo_cmd[@]}" apt-get update -qq && "${sudo_cmd[@]}" apt-get install -y -qq --no-install-recommends python3-cairo >/dev/null; }
fi
[[ -x .build/release/animrender ]] || swift build -c release --product animrender
out="${1:-.build/peers}"
mkdir -p "$out"
scene=Scenes/shapes/cairo-comparison.json
.build/release/animrender "$scene" --frame 0 --png "$out/shapes-animrender.png" --quiet
"$python" scripts/peers/shapes_cairo.py "$scene" "$out/shapes-cairo.png"
for n in 8 16 32; do
  "$python" scripts/peers/compare_png.py "$out/shapes-animrender.png" "$out/shapes-cairo.png" --over "$n"
done
"$python" scripts/peers/compare_png.py "$out/shapes-animrender.png" "$out/shapes-cairo.png" \
  --over 48 --max-fraction 0 --max-mean 0.15 --diff "$out/shapes-diff.png"
echo "peers: images and the difference (×4, dark = different) in $out/"
