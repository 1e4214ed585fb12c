#!/usr/bin/env bash
# Several animrender binaries on one scene, run in turn ROUNDS times (a slow stretch of this host
# falls on all of them): `BINARY SCENE --gif OUT --threads THREADS` (FORMAT=apng: --apng), wall
# milliseconds; prints each binary's median and the median of its per-round ratio to the first
# binary's time (the paired comparison resolves a few percent where the medians cannot).
#   scripts/bench-cli-ab.sh ROUNDS THREADS SCENE BINARY...
#   e.g. scripts/bench-cli-ab.sh 15 2 Scenes/bench/docs-320.json /tmp/old/animrender .build/release/animrender
set -euo pipefail
rounds="$1"; threads="$2"; scene="$3"; shift 3
bins=("$@")
format="${FORMAT:-gif}"
work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT
median() { printf "%s\n" "$@" | sort -n | awk '{a[NR] = $1} END {print a[int((NR + 1) / 2)]}'; }
ms() { local s; s=$(date +%s%N); "$@" >/dev/null; echo $(( ($(date +%s%N) - s) / 1000000 )); }
declare -A t
for ((k = 0; k < rounds; k++)); do
  for i in "${!bins[@]}"; do
    t[$i]="${t[$i]:-} $(ms "${bins[$i]}" "$scene" "--$format" "$work/$i.$format" --threads "$threads" --quiet)"
  done
done
for i in "${!bins[@]}"; do
  cmp -s "$work/0.$format" "$work/$i.$format" || echo "DIFFERENT: ${bins[$i]} wrote another file than ${bins[0]}" >&2
  r=$(paste <(echo ${t[0]} | tr ' ' '\n') <(echo ${t[$i]} | tr ' ' '\n') | awk 'NF == 2 {printf "%.3f\n", $2 / $1}' | sort -n \
    | awk '{a[NR] = $1} END {print a[int((NR + 1) / 2)]}')
  echo "$(basename "$scene") $format, $threads threads, ${bins[$i]}: median $(median ${t[$i]}) ms, paired ratio to the first $r"
done
