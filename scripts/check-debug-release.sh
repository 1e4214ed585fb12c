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
# AnimBench draws its first --frames frames (60 unless told), at most the scene's: all of them is
# a count no scene reaches.
if [[ "$frames" == 0 ]]; then frames=1000000000; fi
# checksum BINARY THREADS SCENE: the scene's checksum line ("checksum HEX (FNV-1a 64 … of frames
# 0…N)"), or "failed: …" when AnimBench fails or prints none (two failures never compare equal).
checksum() {
  local out
  if out=$("$1" "$3" --frames "$frames" --repeat 1 --threads "$2" --no-floor --checksum 2>&1); then
    awk '/^checksum/ { print; found = 1; exit } END { exit !found }' <<<"$out" || echo "failed: $1 printed no checksum"
  else
    echo "failed: $1 exited with $? ($(tail -n 1 <<<"$out"))"
  fi
}
count=0 differ=0
while IFS= read -r scene; do
  a=$(checksum "$debug" 2 "$scene") b=$(checksum "$release" 1 "$scene")
  count=$((count + 1))
  if [[ "$a" != "$b" || "$a" == failed:* || "$b" == failed:* ]]; then
    echo "differs: $scene: debug $a; release $b"
    differ=$((differ + 1))
  fi
done < <(find Scenes -name '*.json' | LC_ALL=C sort)
echo "debug and release: $count scenes compared, $differ differ"
[[ $count -gt 0 && $differ -eq 0 ]]
