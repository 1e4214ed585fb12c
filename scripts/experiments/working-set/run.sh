#!/usr/bin/env bash
# Runs working_set.c at 1, 2, 4 and 8 canvases per thread on 1 and 2 threads, interleaved, 3 rounds.
#   scripts/experiments/working-set/run.sh
set -euo pipefail
cd "$(dirname "$0")"
out="$(mktemp -d)"; trap 'rm -rf "$out"' EXIT
cc -O2 -pthread working_set.c -o "$out/working_set"
for round in 1 2 3; do
  for n in 1 2 4 8; do "$out/working_set" "$n" 1; "$out/working_set" "$n" 2; done
done
