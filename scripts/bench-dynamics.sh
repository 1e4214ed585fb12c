#!/usr/bin/env bash
# UIKit Dynamics with many colliding items (docs/benchmarks.md, "Dynamics"): a pile of N boxes
# falling for SECONDS, simulated by animrender (the whole simulation and one 800-pt-wide frame:
# `--frame 0 --png`) beside pymunk (Chipmunk2D) stepping the same pile, alternated, best of REPEATS.
#   scripts/bench-dynamics.sh [SECONDS] [REPEATS] [N...]
set -euo pipefail
cd "$(dirname "$0")/.."
seconds="${1:-2}"; repeats="${2:-3}"; shift $(( $# > 2 ? 2 : $# ))
counts=("${@:-250 1000 2000 4000}"); counts=(${counts[@]})
scripts/setup.sh
python3 -c "import pymunk" 2>/dev/null || python3 -m pip install -q pymunk >/dev/null 2>&1 || true
have_pymunk=0; python3 -c "import pymunk" 2>/dev/null && have_pymunk=1
swift build -c release --product animrender >&2
work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT
echo "machine: $(nproc) cores; pymunk $( ((have_pymunk)) && python3 -c 'import pymunk; print(pymunk.version)' || echo 'not available')"
echo "| boxes | steps | animrender s | pymunk s | animrender / pymunk |"
echo "| ---: | ---: | ---: | ---: | ---: |"
for n in "${counts[@]}"; do
  python3 scripts/peers/dynamics_pile.py scene "$n" "$seconds" "$work/pile.json"
  ours="float('inf')"; theirs="float('inf')"
  for _ in $(seq "$repeats"); do
    s=$(date +%s.%N); .build/release/animrender "$work/pile.json" --frame 0 --png "$work/f.png" --quiet; e=$(date +%s.%N)
    ours=$(python3 -c "print(min($ours, $e - $s))")
    if ((have_pymunk)); then theirs=$(python3 -c "print(min($theirs, $(python3 scripts/peers/dynamics_pile.py pymunk "$n" "$seconds")))"); fi
  done
  ratio=$(python3 -c "print('%.2f' % ($ours / $theirs) if $theirs != float('inf') else '–')")
  printf '| %s | %s | %.3f | %s | %s |\n' "$n" "$(python3 -c "print(int($seconds * 120))")" "$ours" "$theirs" "$ratio"
done
