#!/usr/bin/env bash
# Enforces the layering of docs/architecture.md: each target imports only the targets listed here.
set -euo pipefail
cd "$(dirname "$0")/.."
declare -A allowed=(
  [AnimGeometry]=""
  [AnimTiming]="AnimGeometry"
  [AnimLayers]="AnimGeometry"
  [AnimRaster]="AnimGeometry"
  [AnimEngine]="AnimGeometry AnimTiming AnimLayers"
  [AnimCompositor]="AnimGeometry AnimLayers AnimRaster"
  [AnimCodecs]="AnimRaster CPNG CGIF CJPEG CImageShims"
  [AnimScene]="AnimGeometry AnimTiming AnimLayers AnimEngine AnimRaster AnimCodecs"
  [AnimRender]="AnimGeometry AnimTiming AnimLayers AnimRaster AnimEngine AnimCompositor AnimCodecs AnimScene"
  [AnimGolden]="AnimGeometry AnimLayers AnimRaster AnimCodecs AnimScene AnimRender"
  [AnimRenderCLI]="AnimRender AnimScene AnimGolden ArgumentParser"
  [AnimBench]="AnimRender AnimScene AnimCodecs AnimRaster"
)
status=0
for target in "${!allowed[@]}"; do
  for file in Sources/"$target"/*.swift; do
    [[ -e "$file" ]] || continue
    while read -r module; do
      case "$module" in
        Glibc|Darwin|Foundation|Dispatch|Swift|_Concurrency) continue ;;
      esac
      if [[ " ${allowed[$target]} " != *" $module "* ]]; then
        echo "check-deps: $file imports $module, which $target may not use" >&2
        status=1
      fi
    done < <(sed -nE 's/^(@testable |@_exported )?import ([A-Za-z_]+).*/\2/p' "$file")
  done
done
# C types stay below AnimCodecs.
if grep -rlE "OpaquePointer|GifFileType|png_image|jpeg_decompress|animrender_(png|jpeg)_" Sources --include=*.swift | grep -v "^Sources/AnimCodecs/" ; then
  echo "check-deps: C types appear above AnimCodecs" >&2
  status=1
fi
exit $status
