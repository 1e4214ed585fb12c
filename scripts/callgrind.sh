#!/usr/bin/env bash
# Instruction counts of the benchmark scenes (docs/benchmarks.md, "Instruction counts"): unlike
# wall-clock times on these shared machines, they repeat to within a fraction of a percent, so a
# regression shows. Counts only the frame rendering (ParallelFrames.render over a range, by its
# mangled name; single thread), not loading the scene; installs valgrind when missing.
#   scripts/callgrind.sh [FRAMES]
set -euo pipefail
cd "$(dirname "$0")/.."
frames="${1:-5}"
scripts/setup.sh
if ! command -v valgrind >/dev/null; then
  sudo_cmd=(); if [[ $(id -u) -ne 0 ]]; then sudo_cmd=(sudo); fi
  "${sudo_cmd[@]}" apt-get update -qq && "${sudo_cmd[@]}" apt-get install -y -qq --no-install-recommends valgrind >/dev/null
fi
swift build -c release --product AnimBench >&2
out="$(mktemp -d)"
trap 'rm -rf "$out"' EXIT
# Valgrind 3.19 cannot read the DWARF that Swift 6 emits ("possibly corrupted debuginfo"): count a
# copy without debug sections (the symbol table, and so the function names, stay).
objcopy --strip-debug .build/release/AnimBench "$out/AnimBench"
# The solid row blend takes AVX2 where the processor has it, which changes the count (eight pixels
# a step instead of four): say which ran, so counts are compared like with like.
if grep -qw avx2 /proc/cpuinfo && [[ -z "${ANIMRENDER_NO_AVX2:-}" ]]; then echo "row blends: AVX2 (ANIMRENDER_NO_AVX2=1 for the Swift rows)"; else echo "row blends: Swift (SSE2)"; fi
echo "| scene | frames | instructions (rendering only) | per frame |"
echo "| --- | ---: | ---: | ---: |"
for entry in "grid-24-layers:" "compositor-1280:" "docs-320:" "compositor-1280:--scale 3"; do
  scene="${entry%%:*}"; extra="${entry#*:}"
  # shellcheck disable=SC2086
  valgrind --tool=callgrind --callgrind-out-file="$out/cg" --collect-atstart=no \
    --toggle-collect='*ParallelFramesO6render_6frames7threads7consume*8RendererV_SnySiG*' \
    "$out/AnimBench" "Scenes/bench/$scene.json" --frames "$frames" --repeat 1 --threads 1 --no-floor $extra \
    >/dev/null 2>"$out/log"
  total=$(grep -E "^summary:|^totals:" "$out/cg" | head -1 | awk '{print $2}')
  label="$scene${extra:+ ($extra)}"
  echo "| $label | $frames | $total | $((total / frames)) |"
done
