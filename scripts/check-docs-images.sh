#!/usr/bin/env bash
# Checks that the documentation pictures are what animrender renders now: renders them all
# (scripts/make-docs-gifs.sh) into a temporary folder and compares each, byte for byte, with its
# copy in docs/images/. Lists the pictures that differ and fails if any does; then
# `scripts/make-docs-gifs.sh` remakes them (look at them before committing). Also fails on a picture
# in docs/images/ that the script does not make (except the hand-made ones listed below) and on one
# that neither README.md nor docs/*.md shows.
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
# Pictures not rendered by animrender: the HTML report's screenshot (docs/testing.md).
hand_made="golden-report.png"
orphans=0
unshown=0
while IFS= read -r name; do
  if [[ ! -f "$fresh/pictures/$name" && " $hand_made " != *" $name "* ]]; then
    echo "docs/images/$name is not made by scripts/make-docs-gifs.sh" >&2
    orphans=$((orphans + 1))
  fi
  if ! grep -qF "images/$name" README.md docs/*.md; then
    echo "docs/images/$name is not shown by README.md or docs/*.md" >&2
    unshown=$((unshown + 1))
  fi
done < <(cd docs/images && find . -type f | sed 's|^\./||' | LC_ALL=C sort)
echo "docs pictures: $total checked, $stale stale, $orphans not made by the script, $unshown not shown"
if [[ $stale -ne 0 ]]; then
  echo "remake them with scripts/make-docs-gifs.sh and look at them before committing" >&2
fi
if [[ $stale -ne 0 || $orphans -ne 0 || $unshown -ne 0 ]]; then
  exit 1
fi
