#!/usr/bin/env bash
# Two AnimBench binaries on the same scenes, first renders in fresh processes (one thread, or THREADS), run
# alternately (old, new, old, new, …) so that the host's slow minutes fall on both; prints each
# scene's median ms/frame for both, the median of the ratios new / old of each pair (the host's
# speed changes by 1.5× within seconds, so a pair run back to back compares best), and every run.
#   [THREADS=T] scripts/bench-ab.sh OLD_BINARY NEW_BINARY REPEATS SCENE...   (T threads; default 1)
set -euo pipefail
old="$1"; new="$2"; repeats="$3"; shift 3
run() { "$1" "$2" --first-pass --threads "${THREADS:-1}" | awk '{print $5}'; }
median() { printf "%s\n" "$@" | sort -n | awk '{a[NR] = $1} END {print a[int((NR + 1) / 2)]}'; }
for scene in "$@"; do
  o=(); n=()
  for ((r = 0; r < repeats; r++)); do
    o+=("$(run "$old" "$scene")")
    n+=("$(run "$new" "$scene")")
  done
  ratios=()
  for ((r = 0; r < repeats; r++)); do ratios+=("$(awk -v a="${n[r]}" -v b="${o[r]}" 'BEGIN {printf "%.3f", a / b}')"); done
  echo "$scene: old $(median "${o[@]}"), new $(median "${n[@]}") ms/frame, paired new/old $(median "${ratios[@]}") (old ${o[*]}; new ${n[*]})"
done
