#!/usr/bin/env bash
# The independent decoders the tests check animrender's outputs with, installed when missing:
# Pillow (APNG, GIF, WebP frames), ffmpeg/ffprobe (MP4 and WebM; ffmpeg is also what --mp4/--webm
# run), webp (webpmux, webpinfo, dwebp: WebP frames, loop and durations). Tests that need a tool that
# is still missing are skipped with a message naming it.
# scripts/test.sh runs this; users who only build never need it.
set -euo pipefail

packages=(ffmpeg webp)
missing=()
for p in "${packages[@]}"; do
  if ! dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed"; then missing+=("$p"); fi
done
if ((${#missing[@]})); then
  echo "setup-test-tools: installing ${missing[*]}" >&2
  sudo_cmd=()
  if [[ $(id -u) -ne 0 ]]; then sudo_cmd=(sudo); fi
  export DEBIAN_FRONTEND=noninteractive
  { "${sudo_cmd[@]}" apt-get update -qq && "${sudo_cmd[@]}" apt-get install -y -qq --no-install-recommends "${missing[@]}" >/dev/null; } \
    || echo "setup-test-tools: could not install ${missing[*]}; the tests that need them will be skipped" >&2
fi
if ! python3 -c "import PIL" 2>/dev/null; then
  python3 -m pip install -q Pillow >/dev/null 2>&1 \
    || echo "setup-test-tools: could not install Pillow; the tests that need it will be skipped" >&2
fi
if python3 -c "import PIL" 2>/dev/null \
    && ! python3 -c "from PIL import features; import sys; sys.exit(0 if features.check('webp') else 1)" 2>/dev/null; then
  echo "setup-test-tools: this Pillow cannot read WebP; the WebP tests that need it will be skipped" >&2
fi
