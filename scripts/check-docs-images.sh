#!/usr/bin/env bash
# Checks that the documentation pictures are what animrender renders now: renders them all
# (scripts/make-docs-gifs.sh) into a temporary folder and compares each, byte for byte, with its
# copy in docs/images/. Lists the pictures that differ and fails if any does; then
# `scripts/make-docs-gifs.sh` remakes them (look at them before committing).
set -euo pipefail
cd "$(dirname "$0")/.."
fresh="$(mktemp -d)"
trap 'rm -rf "$fresh"' EXIT
if ! scripts/make-docs-gifs.sh "$fresh/pictures" > "$fresh/log" 2>&1; then
  cat "$fresh/log" >&2
  exit 1
fi
stale=0
total=0
while IFS= read -r picture; do
  name="${picture#"$fresh/pictures/"}"
  total=$((total + 1))
  if ! cmp -s "$picture" "docs/images/$name"; then
    echo "docs/images/$name is not what animrender renders now" >&2
    stale=$((stale + 1))
  fi
done < <(find "$fresh/pictures" -type f | LC_ALL=C sort)
echo "docs pictures: $total checked, $stale stale"
if [[ $stale -ne 0 ]]; then
  echo "remake them with scripts/make-docs-gifs.sh and look at them before committing" >&2
  exit 1
fi
