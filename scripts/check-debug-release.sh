#!/usr/bin/env bash
# Frames are byte-identical across debug and release builds (and thread counts): every scene in
# Scenes/ is rendered by a debug AnimBench on two threads and by the release one on one, over its
# first FRAMES frames (default 0: all of them), and the FNV-1a checksums of every pixel byte must
# agree. The debug build has no optimisation, so a difference would come from the optimiser (a
# contracted multiply-add, code that behaves differently once inlined) or from undefined behaviour
# in the C pixel stores.
#   scripts/check-debug-release.sh [FRAMES]
set -euo pipefail
cd "$(dirname "$0")/.."
frames="${1:-0}"
scripts/setup.sh
swift build -c debug --product AnimBench >&2
swift build -c release --product AnimBench >&2
debug=.build/debug/AnimBench release=.build/release/AnimBench
range=()
if [[ "$frames" != 0 ]]; then range=(--frames "$frames"); fi
# checksum BINARY THREADS SCENE: the scene's checksum line ("checksum HEX (…)"), or the failure.
checksum() {
  "$1" "$3" "${range[@]}" --repeat 1 --threads "$2" --no-floor --checksum 2>&1 | grep -m1 '^checksum' || echo "no checksum"
}
count=0 differ=0
while IFS= read -r scene; do
  a=$(checksum "$debug" 2 "$scene") b=$(checksum "$release" 1 "$scene")
  count=$((count + 1))
  if [[ "$a" != "$b" || "$a" == "no checksum" ]]; then
    echo "differs: $scene: debug $a; release $b"
    differ=$((differ + 1))
  fi
done < <(find Scenes -name '*.json' | LC_ALL=C sort)
echo "debug and release: $count scenes compared, $differ differ"
[[ $differ -eq 0 ]]
