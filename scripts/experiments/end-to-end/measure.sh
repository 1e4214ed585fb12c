#!/usr/bin/env bash
# Wall-clock seconds of whole `animrender` runs (--gif and --png-dir, 1 and 2 threads) on the
# benchmark scenes, for one binary or two interleaved (an older build against this one), and
# whether the two write the same files. Medians of RUNS runs.
#   scripts/experiments/end-to-end/measure.sh [OLD_BINARY] [RUNS]
# Build an older binary with e.g. `git worktree add /tmp/old REV && (cd /tmp/old && swift build -c
# release --product animrender)`.
set -euo pipefail
cd "$(dirname "$0")/../../.."
old="${1:-}"
runs="${2:-5}"
swift build -c release --product animrender >&2
new=.build/release/animrender
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
binaries=("$new")
if [[ -n "$old" ]]; then binaries=("$old" "$new"); fi
median() { sort -n | awk '{v[NR] = $1} END {print NR % 2 ? v[(NR + 1) / 2] : (v[NR / 2] + v[NR / 2 + 1]) / 2}'; }
for scene in compositor-1280 grid-24-layers docs-320; do
  for output in --gif --png-dir; do
    for threads in 1 2; do
      declare -A times=()
      same=yes
      for ((r = 0; r < runs; r++)); do
        for b in "${!binaries[@]}"; do
          out="$work/out$b"
          rm -rf "$out" "$out.gif"
          target="$out"
          if [[ $output == --gif ]]; then target="$out.gif"; fi
          /usr/bin/time -f %e -o "$work/t" "${binaries[$b]}" "Scenes/bench/$scene.json" "$output" "$target" --threads "$threads" >/dev/null 2>&1
          times[$b]+="$(cat "$work/t") "
        done
        if [[ ${#binaries[@]} == 2 ]]; then
          if [[ $output == --gif ]]; then cmp -s "$work/out0.gif" "$work/out1.gif" || same=no
          else diff -rq "$work/out0" "$work/out1" >/dev/null || same=no; fi
        fi
      done
      line="$scene $output threads $threads:"
      for b in "${!binaries[@]}"; do
        label=this
        if [[ ${#binaries[@]} == 2 && $b == 0 ]]; then label=old; fi
        line+=" $label $(tr ' ' '\n' <<<"${times[$b]}" | grep . | median) s"
      done
      if [[ ${#binaries[@]} == 2 ]]; then line+=" (same files: $same)"; fi
      echo "$line"
      unset times
    done
  done
done
