#!/usr/bin/env bash
# Installs what animrender needs from Debian when it is missing (libpng with zlib, giflib, libjpeg-turbo, libwebp
# with libwebpmux, FreeType, HarfBuzz, pkg-config, and pycairo for the shapes peer test).
# libjpeg-dev is the name both Debian (libjpeg62-turbo-dev) and Ubuntu (libjpeg-turbo8-dev) resolve.
# Every CI run and every new machine starts clean, so the build scripts call this first.
set -euo pipefail

# python3-cairo: the pycairo peer that scripts/peers/compare-shapes-cairo.sh checks shapes against.
packages=(libpng-dev zlib1g-dev libgif-dev libjpeg-dev libwebp-dev libfreetype-dev libharfbuzz-dev pkg-config python3-cairo)
missing=()
for p in "${packages[@]}"; do
  if ! dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed"; then
    missing+=("$p")
  fi
done

if ((${#missing[@]})); then
  echo "setup: installing ${missing[*]}" >&2
  sudo_cmd=()
  if [[ $(id -u) -ne 0 ]]; then sudo_cmd=(sudo); fi
  export DEBIAN_FRONTEND=noninteractive
  "${sudo_cmd[@]}" apt-get update -qq
  "${sudo_cmd[@]}" apt-get install -y -qq --no-install-recommends "${missing[@]}" >/dev/null
  # SwiftPM keeps the pkg-config flags it found at its last plan: a build tried before these packages
  # were here would go on failing ("'hb.h' file not found") until the manifest changes. Touching it
  # makes the next build plan again; the file's contents are untouched.
  root="$(cd "$(dirname "$0")/.." && pwd)"
  if [[ -d "$root/.build" ]]; then touch "$root/Package.swift"; fi
fi

if ! command -v swift >/dev/null 2>&1; then
  echo "setup: the Swift toolchain (6.0 or later) is not on PATH; install it from swift.org first" >&2
  exit 1
fi
