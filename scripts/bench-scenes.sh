#!/usr/bin/env bash
# Every scene in Scenes/, rendered once in a fresh process on one thread (AnimBench --first-pass),
# slowest per megapixel first: where a scene costs far more per pixel than the benchmark scenes, a
# path of the renderer is slower than it should be (session 31 found the 3D depth compositor and
# the page curl allocating per pixel this way). With OLD_BINARY, the same for an older AnimBench,
# alternated scene by scene, and the ratio new / old.
#   scripts/bench-scenes.sh [OLD_BINARY] [REPEATS]
set -euo pipefail
cd "$(dirname "$0")/.."
old="${1:-}"
repeats="${2:-3}"
scripts/setup.sh
swift build -c release --product AnimBench >&2
new=.build/release/AnimBench
# "first pass, threads 1: X ms/frame (W×H px, N frames, D drawn), CPU C ms/frame": X, W×H, N.
best() {
  local bin="$1" scene="$2" b=""
  for ((r = 0; r < repeats; r++)); do
    local ms
    ms=$("$bin" "$scene" --first-pass --threads 1 | awk '{print $5}')
    if [[ -z "$b" ]] || awk -v a="$ms" -v b="$b" 'BEGIN { exit !(a < b) }'; then b="$ms"; fi
  done
  echo "$b"
}
{
  for scene in $(find Scenes -name '*.json' | sort); do
    size=$("$new" "$scene" --first-pass --threads 1 | awk '{gsub("\\(", "", $7); print $7, $9}')
    n=$(best "$new" "$scene")
    if [[ -n "$old" ]]; then o=$(best "$old" "$scene"); else o=""; fi
    echo "$scene $size $n $o"
  done
} | awk '{
  split($2, d, "×"); mp = d[1] * d[2] / 1e6
  line = sprintf("%8.1f ms/MP %8.3f ms/frame  %-50s %s px, %s frames", $4 / mp, $4, $1, $2, $3)
  if (NF >= 5) line = line sprintf("; old %.3f ms/frame, new/old %.2f", $5, $4 / $5)
  print line
}' | sort -rn
