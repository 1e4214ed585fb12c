#!/usr/bin/env bash
# PNG frame sequences (docs/benchmarks.md, "PNG sequences"): `animrender --png-dir` (rendering and
# encoding, on 1 thread and on all cores) beside Pillow encoding the same frames, already decoded
# in memory, at its default settings (zlib level 6, like libpng's), in one run. Best of REPEATS.
#   scripts/bench-png.sh [REPEATS]
set -euo pipefail
cd "$(dirname "$0")/.."
repeats="${1:-5}"
scripts/setup.sh
python3 -c "import PIL" 2>/dev/null || python3 -m pip install -q Pillow >/dev/null
swift build -c release --product animrender >&2
work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT
best() {  # best wall time in seconds of REPEATS runs of "$@"
  local b=""
  for _ in $(seq "$repeats"); do
    rm -rf "$work/out"
    local s e
    s=$(date +%s.%N); "$@" >/dev/null; e=$(date +%s.%N)
    b=$(python3 -c "print(min(float('${b:-inf}'), $e - $s))")
  done
  printf '%.3f' "$b"
}
echo "machine: $(nproc) cores; Pillow $(python3 -c 'import PIL; print(PIL.__version__)')"
echo "| scene | frames | animrender 1 thread s | animrender $(nproc) threads s | Pillow encode only s | animrender KiB | Pillow KiB |"
echo "| --- | ---: | ---: | ---: | ---: | ---: | ---: |"
for scene in Scenes/seeds/shopping-cart.json Scenes/bench/docs-320.json Scenes/bench/grid-24-layers.json; do
  one=$(best .build/release/animrender "$scene" --png-dir "$work/out" --threads 1 --quiet)
  all=$(best .build/release/animrender "$scene" --png-dir "$work/out" --quiet)
  ours=$(du -sk --apparent-size "$work/out" | cut -f1)
  count=$(ls "$work/out" | wc -l)
  read -r pil pilsize < <(python3 - "$work/out" "$repeats" <<'PY'
import io, os, sys, time
from PIL import Image
d, repeats = sys.argv[1], int(sys.argv[2])
frames = []
for name in sorted(os.listdir(d)):
    with Image.open(os.path.join(d, name)) as im:
        frames.append(im.convert("RGBA").copy())
best = float("inf")
for _ in range(repeats):
    t = time.perf_counter(); size = 0
    for f in frames:
        b = io.BytesIO(); f.save(b, format="PNG"); size += b.tell()
    best = min(best, time.perf_counter() - t)
print(f"{best:.3f} {size // 1024}")
PY
)
  echo "| $(basename "$scene" .json) | $count | $one | $all | $pil | $ours | $pilsize |"
done
