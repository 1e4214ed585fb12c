import AnimCodecs
import AnimGolden
import AnimRaster
import Foundation
import Testing

/// Golden file layout, the manifest and the record modes.
struct GoldenStoreTests {
    @Test func fileNamesHaveAtLeastFourDigits() {
        #expect(GoldenStore.fileName(frame: 0) == "f0000.png")
        #expect(GoldenStore.fileName(frame: 37) == "f0037.png")
        #expect(GoldenStore.fileName(frame: 12345) == "f12345.png")
        let store = GoldenStore(root: URL(fileURLWithPath: "/g"))
        #expect(store.url(scene: "seeds/shake", frame: 7).path == "/g/seeds/shake/f0007.png")
        #expect(store.manifestURL(scene: "seeds/shake").path == "/g/seeds/shake/golden.json")
        let artifacts = GoldenArtifacts(root: URL(fileURLWithPath: "/a"))
        #expect(artifacts.actualURL(scene: "seeds/shake", frame: 7).path == "/a/seeds/shake/f0007-actual.png")
        #expect(artifacts.diffURL(scene: "seeds/shake", frame: 7).path == "/a/seeds/shake/f0007-diff.png")
    }

    @Test func goldensAndManifestsRoundTrip() throws {
        let folder = try TemporaryFolder("store")
        defer { folder.remove() }
        let store = GoldenStore(root: folder.url)
        var bitmap = Bitmap(width: 3, height: 2)!
        bitmap[1, 1] = PixelRGBA8(r: 40, g: 0, b: 0, a: 128)
        #expect(try store.read(scene: "a/b", frame: 3) == nil)
        try store.write(bitmap, scene: "a/b", frame: 3)
        #expect(try store.read(scene: "a/b", frame: 3) == bitmap)
        #expect(try store.manifest(scene: "a/b") == nil)
        let manifest = GoldenManifest(fps: 29.97, frameCount: 60, width: 200, height: 100)
        try store.writeManifest(manifest, scene: "a/b")
        #expect(try store.manifest(scene: "a/b") == manifest)
        let text = try String(contentsOf: store.manifestURL(scene: "a/b"), encoding: .utf8)
        #expect(text == "{\"fps\": 29.97, \"frameCount\": 60, \"width\": 200, \"height\": 100}\n")
    }

    @Test func anUnreadableGoldenIsAnError() throws {
        let folder = try TemporaryFolder("corrupt")
        defer { folder.remove() }
        try folder.write("not a png", to: "s/f0000.png")
        try folder.write("{\"fps\": \"x\"}", to: "s/golden.json")
        let store = GoldenStore(root: folder.url)
        #expect(throws: GoldenStoreError.self) { try store.read(scene: "s", frame: 0) }
        #expect(throws: GoldenStoreError.self) { try store.manifest(scene: "s") }
    }

    /// A golden is missing only when it, or a folder on its path, does not exist: a folder that
    /// cannot be searched (here a symbolic link to itself, which even root cannot enter) is an
    /// error naming the reason, not "no golden".
    @Test func aGoldenThatCannotBeReachedIsAnErrorNotMissing() throws {
        let folder = try TemporaryFolder("unreachable")
        defer { folder.remove() }
        let store = GoldenStore(root: folder.url)
        #expect(try store.read(scene: "absent", frame: 0) == nil)
        try folder.write("a file", to: "file")
        #expect(try store.read(scene: "file", frame: 0) == nil, "a file where the folder would be: missing (ENOTDIR)")
        #expect(symlink(folder.url.appendingPathComponent("loop").path, folder.url.appendingPathComponent("loop").path) == 0)
        #expect {
            try store.read(scene: "loop", frame: 0)
        } throws: { error in
            (error as? GoldenStoreError)?.reason.contains("symbolic links") == true
        }
        #expect(throws: GoldenStoreError.self) { try store.manifest(scene: "loop") }
    }

    @Test func manifestMismatchesNameEveryRecordedValue() {
        let recorded = GoldenManifest(fps: 25, frameCount: 30, width: 240, height: 160)
        #expect(recorded.mismatch(with: recorded) == nil)
        let timing = recorded.mismatch(with: GoldenManifest(fps: 30, frameCount: 36, width: 240, height: 160))
        #expect(timing?.recorded == "25 fps, 30 frames" && timing?.now == "30 fps, 36 frames")
        let resized = recorded.mismatch(with: GoldenManifest(fps: 25, frameCount: 30, width: 480, height: 320))
        #expect(resized?.recorded == "240×160 px" && resized?.now == "480×320 px")
        let all = recorded.mismatch(with: GoldenManifest(fps: 29.97, frameCount: 1, width: 240, height: 161))
        #expect(all?.recorded == "25 fps, 30 frames, 240×160 px" && all?.now == "29.97 fps, 1 frame, 240×161 px")
    }

    @Test func goldenFilesAreTheFrameNamedPNGs() throws {
        let folder = try TemporaryFolder("golden-files")
        defer { folder.remove() }
        for name in ["f0010.png", "f0002.png", "f00002.png", "f12345.png", "golden.json", "notes.png", "f.png", "f12a.png", "f0001.txt"] {
            try folder.write("x", to: "s/\(name)")
        }
        let store = GoldenStore(root: folder.url)
        #expect(store.goldenFiles(scene: "s").map(\.name) == ["f00002.png", "f0002.png", "f0010.png", "f12345.png"])
        #expect(store.goldenFiles(scene: "s").map(\.frame) == [2, 2, 10, 12345])
        #expect(store.goldenFiles(scene: "none").isEmpty)
        try store.remove(scene: "s", file: "f0010.png")
        #expect(!folder.exists("s/f0010.png"))
        #expect(throws: GoldenStoreError.self) { try store.remove(scene: "s", file: "f0010.png") }
    }

    @Test func recordModesComeFromTheEnvironment() {
        #expect(RecordMode.fromEnvironment(["ANIMRENDER_RECORD": "failed"]) == .failed)
        #expect(RecordMode.fromEnvironment([:]) == nil)
        #expect(RecordMode.fromEnvironment(["ANIMRENDER_RECORD": "sometimes"]) == nil)
        #expect(RecordMode.environmentProblem(["ANIMRENDER_RECORD": "sometimes"])?.contains("missing, failed, all, never") == true)
        #expect(RecordMode.environmentProblem(["ANIMRENDER_RECORD": "all"]) == nil)
        #expect(RecordMode.defaultMode(["CI": "true"]) == .never)
        #expect(RecordMode.defaultMode([:]) == .missing)
        #expect(RecordMode.resolved(["CI": "1", "ANIMRENDER_RECORD": "all"]) == .all)
        #expect(RecordMode.resolved(["CI": "1"]) == .never)
    }

    @Test func recordModesDecideWhatIsWritten() {
        let cases: [(RecordMode, [Bool])] = [(.never, [false, false, false]), (.missing, [true, false, false]),
                                             (.failed, [true, true, false]), (.all, [true, true, true])]
        for (mode, expected) in cases {
            let got = [mode.records(goldenExists: false, passed: false), mode.records(goldenExists: true, passed: false),
                       mode.records(goldenExists: true, passed: true)]
            #expect(got == expected, "\(mode)")
        }
    }
}
