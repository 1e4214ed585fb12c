#!/usr/bin/env bash
# GIF and APNG encoding on 1 and 2 threads (docs/benchmarks.md, "GIF and APNG on both cores"):
# wall seconds of `animrender SCENE --gif/--apng OUT --threads N`, best of REPEATS, for this
# checkout's binary and, if given, an OLD one, their runs interleaved so that both see the same
# machine; the files of the two binaries are compared with cmp.
#   scripts/bench-enc.sh [OLD_BINARY] [REPEATS]
set -euo pipefail
cd "$(dirname "$0")/.."
old="${1:-}"
repeats="${2:-5}"
new="${NEW:-.build/release/animrender}"  # NEW=PATH: another build to time as "new"
[ -x "$new" ] || swift build -c release --product animrender >&2
work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT
scenes=(Scenes/bench/grid-24-layers.json Scenes/bench/compositor-1280.json Scenes/docs/rocket-timing-functions.json)
binaries=(new); [ -n "$old" ] && binaries=(old new)
declare -A best
for _ in $(seq "$repeats"); do
  for scene in "${scenes[@]}"; do
    for format in gif apng; do
      for threads in 1 2; do
        for which in "${binaries[@]}"; do
          bin=$new; [ "$which" = old ] && bin=$old
          key="$scene $format $threads $which"
          t=$( { /usr/bin/time -f %e "$bin" "$scene" "--$format" "$work/$which-$threads.$format" --threads "$threads" --quiet; } 2>&1 )
          best[$key]=$(python3 -c "print(min(float('${best[$key]:-inf}'), $t))")
        done
        [ -n "$old" ] && { cmp -s "$work/old-$threads.$format" "$work/new-$threads.$format" || echo "DIFFERENT: $scene $format $threads" >&2; }
        cmp -s "$work/new-1.$format" "$work/new-$threads.$format" || echo "DIFFERENT: $scene $format threads 1 vs $threads" >&2
      done
    done
  done
done
echo "machine: $(nproc) cores; best of $repeats"
if [ -n "$old" ]; then
  echo "| scene | format | old 1 thread | new 1 thread | old 2 threads | new 2 threads | 2 threads old/new |"
  echo "| --- | --- | ---: | ---: | ---: | ---: | ---: |"
else
  echo "| scene | format | 1 thread | 2 threads |"
  echo "| --- | --- | ---: | ---: |"
fi
for scene in "${scenes[@]}"; do
  for format in gif apng; do
    name=$(basename "$scene" .json)
    if [ -n "$old" ]; then
      o2=${best[$scene $format 2 old]} n2=${best[$scene $format 2 new]}
      echo "| $name | $format | ${best[$scene $format 1 old]} | ${best[$scene $format 1 new]} | $o2 | $n2 | $(python3 -c "print(f'{$o2 / $n2:.2f}×')") |"
    else
      echo "| $name | $format | ${best[$scene $format 1 new]} | ${best[$scene $format 2 new]} |"
    fi
  done
done
