// swift-tools-version:6.0
// animrender: offline renderer of Core Animation / UIKit animations.
// Targets are layered; docs/architecture.md gives the dependency rule that scripts/check-deps.sh enforces.
import PackageDescription

let package = Package(
    name: "animrender",
    products: [
        .executable(name: "animrender", targets: ["AnimRenderCLI"]),
        .library(name: "AnimRender", targets: ["AnimRender"]),
        .library(name: "AnimGolden", targets: ["AnimGolden"]),
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.8.2"),
    ],
    targets: [
        // MARK: System libraries (C stays below AnimCodecs)
        .systemLibrary(name: "CPNG", pkgConfig: "libpng", providers: [.apt(["libpng-dev"])]),
        .systemLibrary(name: "CGIF", providers: [.apt(["libgif-dev"])]),
        .systemLibrary(name: "CJPEG", pkgConfig: "libjpeg", providers: [.apt(["libjpeg-dev"])]),
        // Animated WebP: WebPAnimEncoder is in libwebpmux, whose pkg-config file also links libwebp.
        .systemLibrary(name: "CWebP", pkgConfig: "libwebpmux", providers: [.apt(["libwebp-dev"])]),
        // zlib (libpng's own dependency): the GIF encoder keeps the frames it holds back deflated.
        .systemLibrary(name: "CZlib", pkgConfig: "zlib", providers: [.apt(["zlib1g-dev"])]),
        // The decoders' C side: libpng's and libjpeg's setjmp/longjmp error handling never reaches Swift.
        .target(name: "CImageShims", dependencies: ["CPNG", "CJPEG"]),
        // The rasterizer's loops that need SSE2 intrinsics (streaming stores for canvas bands, the
        // coverage resolve): pointers and sizes only, no C types.
        .target(name: "CPixelStores"),
        // Fonts: read and decomposed by FreeType, shaped by HarfBuzz; only AnimFonts imports them.
        .systemLibrary(name: "CFreeType", pkgConfig: "freetype2", providers: [.apt(["libfreetype-dev"])]),
        .systemLibrary(name: "CHarfBuzz", pkgConfig: "harfbuzz", providers: [.apt(["libharfbuzz-dev"])]),

        // MARK: Layer 0-1: values, time, pixels
        .target(name: "AnimGeometry"),
        .target(name: "AnimTiming", dependencies: ["AnimGeometry"]),
        .target(name: "AnimText", dependencies: ["AnimGeometry"]),
        .target(name: "AnimLayers", dependencies: ["AnimGeometry", "AnimTiming", "AnimText"]),
        .target(name: "AnimRaster", dependencies: ["AnimGeometry", "CPixelStores"]),

        // MARK: Layer 2: engines, compositing, codecs
        // UIKit Dynamics: a Box2D-style rigid-body engine and the behaviours on top of it.
        .target(name: "AnimPhysics", dependencies: ["AnimGeometry", "AnimLayers"]),
        .target(name: "AnimEngine", dependencies: ["AnimGeometry", "AnimTiming", "AnimLayers", "AnimPhysics"]),
        .target(name: "AnimCompositor", dependencies: ["AnimGeometry", "AnimLayers", "AnimRaster", "AnimText"]),
        .target(name: "AnimCodecs", dependencies: ["AnimRaster", "CPNG", "CGIF", "CJPEG", "CWebP", "CZlib", "CImageShims"]),
        // The default font (Inter, SIL OFL 1.1, its licence beside it), compiled into the binary: no
        // resource bundle, so nothing in the renderer loads Foundation (SwiftPM's accessor would).
        .target(name: "CDefaultFont", exclude: ["Inter-Regular.otf", "Inter-LICENSE.txt"]),
        .target(name: "AnimFonts", dependencies: ["AnimGeometry", "AnimText", "CFreeType", "CHarfBuzz", "CDefaultFont"]),

        // MARK: Layer 3-4: scene files and the facade
        .target(name: "AnimScene", dependencies: ["AnimGeometry", "AnimTiming", "AnimLayers", "AnimEngine", "AnimPhysics", "AnimRaster", "AnimCodecs",
                                                  "AnimText", "AnimFonts"]),
        .target(
            name: "AnimRender",
            dependencies: ["AnimGeometry", "AnimTiming", "AnimLayers", "AnimRaster", "AnimEngine",
                           "AnimCompositor", "AnimCodecs", "AnimScene", "AnimText"]),

        .target(
            name: "AnimGolden",
            dependencies: ["AnimGeometry", "AnimLayers", "AnimRaster", "AnimCodecs", "AnimScene", "AnimRender"]),

        // MARK: Executables
        .executableTarget(
            name: "AnimRenderCLI",
            dependencies: ["AnimRender", "AnimScene", "AnimGolden", .product(name: "ArgumentParser", package: "swift-argument-parser")]),
        .executableTarget(name: "AnimBench", dependencies: ["AnimRender"]),

        // MARK: Tests
        .target(name: "AnimTestRandom", path: "Tests/AnimTestRandom"),
        .target(name: "AnimTestFolders", path: "Tests/AnimTestFolders"),
        .target(name: "AnimTestSupport", dependencies: ["AnimRender", "AnimCodecs", "AnimRaster", "AnimScene", "AnimTestFolders"],
                path: "Tests/AnimTestSupport"),
        .testTarget(name: "AnimGeometryTests", dependencies: ["AnimGeometry", "AnimLayers"]),
        .testTarget(name: "AnimTimingTests", dependencies: ["AnimTiming"]),
        .testTarget(name: "AnimPhysicsTests", dependencies: ["AnimPhysics", "AnimGeometry", "AnimTestRandom"]),
        .testTarget(name: "AnimEngineTests", dependencies: ["AnimEngine", "AnimLayers", "AnimTiming", "AnimGeometry", "AnimPhysics"]),
        .testTarget(name: "AnimRasterTests", dependencies: ["AnimRaster", "AnimTestRandom", "CPixelStores"]),
        .testTarget(name: "AnimTextTests", dependencies: ["AnimText", "AnimFonts", "AnimGeometry", "AnimRaster", "AnimLayers", "AnimCompositor"]),
        .testTarget(name: "AnimCompositorTests", dependencies: ["AnimCompositor", "AnimLayers", "AnimRaster", "AnimText", "AnimTestRandom"]),
        .testTarget(
            name: "AnimCodecsTests", dependencies: ["AnimCodecs", "AnimRaster", "AnimTestRandom", "AnimTestFolders", "CImageShims", "CPNG"],
            resources: [.copy("Fixtures")]),
        .testTarget(name: "AnimSceneTests", dependencies: ["AnimScene", "AnimFonts", "AnimEngine", "AnimLayers", "AnimPhysics", "AnimTestRandom"]),
        .testTarget(name: "AnimRenderTests", dependencies: ["AnimRender", "AnimCompositor", "AnimGolden", "AnimTestSupport", "AnimTestRandom"]),
        .testTarget(name: "CLITests", dependencies: ["AnimTestSupport"]),
        .testTarget(name: "AnimGoldenTests", dependencies: ["AnimGolden", "AnimRender", "AnimRaster", "AnimCodecs", "AnimScene", "AnimTestRandom"]),
    ]
)
