#!/usr/bin/env bash
# Proves the AnimGolden library works from another package: creates a throwaway package that
# depends on this repository by path, renders one of our scenes and checks it against our goldens
# with Swift Testing, exactly as docs/testing.md shows. Takes a few minutes (a full build).
#   scripts/check-swift-api.sh
set -euo pipefail
repo="$(cd "$(dirname "$0")/.." && pwd)"
"$repo/scripts/setup.sh"
work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT
mkdir -p "$work/Tests/UserGoldenTests"
cat > "$work/Package.swift" <<SWIFT
// swift-tools-version:6.0
import PackageDescription
let package = Package(
    name: "UserPackage",
    dependencies: [.package(path: "$repo")],
    targets: [.testTarget(name: "UserGoldenTests", dependencies: [.product(name: "AnimGolden", package: "main")])]
)
SWIFT
sed -i "s|package: \"main\"|package: \"$(basename "$repo")\"|" "$work/Package.swift"
cat > "$work/Tests/UserGoldenTests/UserGoldenTests.swift" <<SWIFT
import AnimGolden
import Foundation
import Testing

@Test func shakeMatchesItsGoldens() {
    let tester = GoldenTester(goldens: URL(fileURLWithPath: "$repo/Goldens"), record: .never)
    let result = tester.check(sceneFile: URL(fileURLWithPath: "$repo/Scenes/seeds/shake.json"), name: "seeds/shake")
    #expect(result.passed, Comment(rawValue: result.summary))
    #expect(result.frames.count == 7)
}
SWIFT
cd "$work"
swift test 2>&1 | tail -3
