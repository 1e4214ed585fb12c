#!/usr/bin/env bash
# GIF and APNG encoding on 1 and 2 threads (docs/benchmarks.md, "GIF and APNG on both cores"):
# wall seconds of `animrender SCENE --gif/--apng OUT --threads N`, median (and best) of REPEATS,
# for this checkout's binary and, if given, an OLD one, their runs interleaved so that both see the
# same machine; the files of the two binaries are compared with cmp. "scaling" is the median of
# each round's one-thread time over its two-thread time (runs seconds apart, so a slow stretch of
# this host falls on both), what a user of `--gif` on two cores gets.
#   scripts/bench-enc.sh [OLD_BINARY] [REPEATS]
set -euo pipefail
cd "$(dirname "$0")/.."
old="${1:-}"
repeats="${2:-5}"
new="${NEW:-.build/release/animrender}"  # NEW=PATH: another build to time as "new"
[ -x "$new" ] || swift build -c release --product animrender >&2
work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT
scenes=(Scenes/bench/grid-24-layers.json Scenes/bench/compositor-1280.json Scenes/bench/docs-320.json Scenes/docs/rocket-timing-functions.json)
binaries=(new); [ -n "$old" ] && binaries=(old new)
declare -A best times
for _ in $(seq "$repeats"); do
  for scene in "${scenes[@]}"; do
    for format in gif apng; do
      for threads in 1 2; do
        for which in "${binaries[@]}"; do
          bin=$new; [ "$which" = old ] && bin=$old
          key="$scene $format $threads $which"
          t=$( { /usr/bin/time -f %e "$bin" "$scene" "--$format" "$work/$which-$threads.$format" --threads "$threads" --quiet; } 2>&1 )
          best[$key]=$(python3 -c "print(min(float('${best[$key]:-inf}'), $t))")
          times[$key]="${times[$key]:-} $t"
        done
        [ -n "$old" ] && { cmp -s "$work/old-$threads.$format" "$work/new-$threads.$format" || echo "DIFFERENT: $scene $format $threads" >&2; }
        cmp -s "$work/new-1.$format" "$work/new-$threads.$format" || echo "DIFFERENT: $scene $format threads 1 vs $threads" >&2
      done
    done
  done
done
echo "machine: $(nproc) cores; median (best) of $repeats rounds, seconds"
# median WORDS…: the middle value; scaling ONES TWOS: the median of the paired ratios
median() { python3 -c "import statistics, sys; print(f'{statistics.median(map(float, sys.argv[1:])):.3f}')" "$@"; }
scaling() { python3 -c "import statistics, sys; a, b = sys.argv[1].split(), sys.argv[2].split(); print(f'{statistics.median(float(x) / float(y) for x, y in zip(a, b)):.2f}×')" "$1" "$2"; }
cell() { echo "$(median ${times[$1]}) (${best[$1]})"; }
if [ -n "$old" ]; then
  echo "| scene | format | old 1 thread | new 1 thread | old 2 threads | new 2 threads | old scaling | new scaling |"
  echo "| --- | --- | ---: | ---: | ---: | ---: | ---: | ---: |"
else
  echo "| scene | format | 1 thread | 2 threads | scaling |"
  echo "| --- | --- | ---: | ---: | ---: |"
fi
for scene in "${scenes[@]}"; do
  for format in gif apng; do
    name=$(basename "$scene" .json)
    n="$scene $format"
    if [ -n "$old" ]; then
      echo "| $name | $format | $(cell "$n 1 old") | $(cell "$n 1 new") | $(cell "$n 2 old") | $(cell "$n 2 new") | $(scaling "${times[$n 1 old]}" "${times[$n 2 old]}") | $(scaling "${times[$n 1 new]}" "${times[$n 2 new]}") |"
    else
      echo "| $name | $format | $(cell "$n 1 new") | $(cell "$n 2 new") | $(scaling "${times[$n 1 new]}" "${times[$n 2 new]}") |"
    fi
  done
done
