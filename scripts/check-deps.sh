#!/usr/bin/env bash
# Enforces the layering of docs/architecture.md: each target imports only the targets listed here.
set -euo pipefail
cd "$(dirname "$0")/.."
declare -A allowed=(
  [AnimGeometry]=""
  [AnimTiming]="AnimGeometry"
  [AnimText]="AnimGeometry"
  [AnimLayers]="AnimGeometry AnimTiming AnimText"
  [AnimRaster]="AnimGeometry CPixelStores"
  [AnimPhysics]="AnimGeometry AnimLayers"
  [AnimEngine]="AnimGeometry AnimTiming AnimLayers AnimPhysics"
  [AnimCompositor]="AnimGeometry AnimLayers AnimRaster AnimText"
  [AnimCodecs]="AnimRaster CPNG CGIF CJPEG CWebP CZlib CImageShims"
  [AnimFonts]="AnimGeometry AnimText CFreeType CHarfBuzz CDefaultFont"
  [AnimScene]="AnimGeometry AnimTiming AnimLayers AnimPhysics AnimEngine AnimRaster AnimCodecs AnimText AnimFonts"
  [AnimRender]="AnimGeometry AnimTiming AnimLayers AnimRaster AnimEngine AnimCompositor AnimCodecs AnimScene AnimText"
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
        Glibc|Musl|Darwin|Dispatch|Swift|_Concurrency|Synchronization) continue ;;
        # Foundation only where files and reports are handled, and there only FoundationEssentials
        # (Foundation itself is the #else of a canImport of FoundationEssentials or Glibc, for
        # platforms without them): full Foundation loads ICU, which cost every animrender process
        # about 4 ms to start.
        FoundationEssentials)
          [[ "$target" == AnimGolden || "$target" == AnimRenderCLI ]] && continue ;;
        Foundation)
          if [[ "$target" == AnimGolden || "$target" == AnimRenderCLI ]] \
              && grep -qE "^#if canImport\((FoundationEssentials|Glibc)\)" "$file"; then continue; fi ;;
      esac
      if [[ " ${allowed[$target]} " != *" $module "* ]]; then
        echo "check-deps: $file imports $module, which $target may not use" >&2
        status=1
      fi
    done < <(sed -nE 's/^(@testable |@_exported )?import ([A-Za-z_]+).*/\2/p' "$file")
  done
done
# SwiftPM's resource accessor imports Foundation into its target, and so into every process that
# links it: the library targets ship no resources (the default font is compiled in, CDefaultFont).
if sed -n '/MARK: Tests/q;p' Package.swift | grep -n "resources:" ; then
  echo "check-deps: a non-test target in Package.swift declares resources (its accessor would load Foundation)" >&2
  status=1
fi
# C types stay in the two modules that wrap C: image codecs in AnimCodecs, fonts in AnimFonts.
if grep -rlE "OpaquePointer|GifFileType|png_image|jpeg_decompress|animrender_(png|jpeg)_|WebP(AnimEncoder|Picture|Config|Data|Mux)" Sources --include=*.swift \
    | grep -v -e "^Sources/AnimCodecs/" -e "^Sources/AnimFonts/" ; then
  echo "check-deps: C types appear outside AnimCodecs and AnimFonts" >&2
  status=1
fi
# (OpaquePointer is covered above: libwebpmux's WebPAnimEncoder is one, inside AnimCodecs.)
if grep -rlE "FT_[A-Z][A-Za-z_]*|hb_[a-z_]+\(|HB_[A-Z_]+" Sources --include=*.swift | grep -v "^Sources/AnimFonts/" ; then
  echo "check-deps: FreeType or HarfBuzz types appear outside AnimFonts" >&2
  status=1
fi
# AnimFonts hands out Swift values only: no C type in a public declaration.
if grep -nE "^\s*(public|open) .*(FT_|hb_|OpaquePointer)" Sources/AnimFonts/*.swift ; then
  echo "check-deps: a public AnimFonts declaration names a C type" >&2
  status=1
fi
# AnimCodecs likewise: its public declarations name no C type.
if grep -nE "^\s*(public|open) .*(OpaquePointer|WebP(AnimEncoder|Picture|Config|Data|Mux)|GifFileType|GifByteType|ColorMapObject|png_|jpeg_|z_stream|uLong|Bytef|Z_[A-Z])" Sources/AnimCodecs/*.swift ; then
  echo "check-deps: a public AnimCodecs declaration names a C type" >&2
  status=1
fi
exit $status
