import AnimCodecs
import AnimRaster
import AnimTestSupport
import Foundation
import Testing

/// `--frames`, `--from/--to`, `--loop` and `--contact-sheet` through the built binary.
@Suite(.serialized)
struct OutputOptionsCLITests {
    let fade = RepositoryPaths.scenes.appendingPathComponent("animations/fade-out.json").path  // 160 frames, 50 fps

    func decodeGIF(_ url: URL) throws -> (width: Int, height: Int, loopCount: Int?, frames: [GIFFrame]) {
        try GIFDecoder.decode(Array(try Data(contentsOf: url)))
    }

    @Test func frameRangeWritesOnlyThoseFramesWithTheirOwnIndices() throws {
        let dir = try CommandRunner.temporaryDirectory()
        let gif = dir.appendingPathComponent("part.gif"), pngs = dir.appendingPathComponent("frames")
        let r = try CommandRunner.run([fade, "--gif", gif.path, "--png-dir", pngs.path, "--frames", "40..59", "--quiet"])
        #expect(r.status == 0, "\(r.stderr)")
        let files = try FileManager.default.contentsOfDirectory(atPath: pngs.path).sorted()
        #expect(files.count == 20 && files.first == "frame_00040.png" && files.last == "frame_00059.png")
        let decoded = try decodeGIF(gif)
        #expect(decoded.frames.count == 20)
        #expect(decoded.frames.map(\.delayCentiseconds).reduce(0, +) == 40)
        // The GIF's first frame is frame 40 (exact palette: the fade has few colours).
        let first = try PNGCodec.decodeFile(at: pngs.appendingPathComponent("frame_00040.png").path)
        #expect(decoded.frames[0].image == first)
    }

    @Test func timeRangeEndsExactlyAtTo() throws {
        let dir = try CommandRunner.temporaryDirectory()
        let gif = dir.appendingPathComponent("t.gif")
        let r = try CommandRunner.run([fade, "--gif", gif.path, "--from", "1", "--to", "1.26", "--quiet"])
        #expect(r.status == 0, "\(r.stderr)")
        let decoded = try decodeGIF(gif)
        #expect(decoded.frames.count == 13)  // t = 1.00, 1.02, …, 1.24, the last shown until 1.26
        #expect(decoded.frames.map(\.delayCentiseconds).reduce(0, +) == 26)
    }

    @Test func badRangesAreRefusedAndWriteNothing() throws {
        let dir = try CommandRunner.temporaryDirectory()
        let gif = dir.appendingPathComponent("x.gif")
        let cases: [([String], String)] = [
            (["--frames", "100..200"], "out of range: the scene has frames 0…159"),
            (["--frames", "9..3"], "is empty"),
            (["--frames", "a..b"], "--frames must look like A..B"),
            (["--frames", "-5..2"], "--frames must look like A..B (frame indices ≥ 0, both included), A.., ..B or N, not '-5..2'"),
            (["--from", "1", "--to", "0.5"], "--to must be later than --from"),
            (["--from", "9"], "--from 9 selects no frame: none starts at or after 9 s and before the end of the scene, "),
            (["--from", "0.505", "--to", "0.51"], "--from 0.505 --to 0.51 selects no frame"),
            (["--frames", "1..2", "--from", "0"], "cannot be combined"),
            (["--loop", "70000"], "--loop must be"),
            (["--gif-quality", "0"], "--gif-quality must be 1…100, not 0"),
            (["--gif-quality", "101"], "--gif-quality must be 1…100, not 101"),
        ]
        // Argument errors exit 64 (swift-argument-parser's validation code); range errors found after loading, 2.
        try expectRefused(cases, after: [fade, "--gif", gif.path], statuses: [2, 64], leaving: dir)
    }

    /// Runs each case's options after `prefix`: each must exit with one of `statuses` and print its
    /// message, and `dir` must stay empty.
    func expectRefused(_ cases: [([String], String)], after prefix: [String], statuses: Set<Int32>, leaving dir: URL) throws {
        for (extra, message) in cases {
            let r = try CommandRunner.run(prefix + extra)
            #expect(statuses.contains(r.status), "\(extra): status \(r.status)")
            #expect(r.stderr.contains(message), "\(extra): \(r.stderr)")
        }
        #expect(try FileManager.default.contentsOfDirectory(atPath: dir.path).isEmpty)
    }

    /// Options that would be ignored are refused: the GIF's own options without a GIF, and a
    /// single frame's --png beside outputs of a range (which would have got that one frame).
    @Test func optionsThatWouldBeIgnoredAreRefused() throws {
        let dir = try CommandRunner.temporaryDirectory()
        let apng = dir.appendingPathComponent("a.png").path, png = dir.appendingPathComponent("one.png").path
        let gif = dir.appendingPathComponent("b.gif").path
        let cases: [([String], String)] = [
            (["--apng", apng, "--colors", "16"], "--colors applies to the GIF: it needs --gif OUT.gif"),
            (["--apng", apng, "--gif-quality", "50"], "--gif-quality applies to the GIF: it needs --gif OUT.gif"),
            (["--png-dir", dir.appendingPathComponent("f").path, "--matte", "white"], "--matte applies to the GIF: it needs --gif OUT.gif"),
            (["--frame", "3", "--png", png, "--gif", gif], "--png writes the one frame of --frame or --time; --gif writes a range of frames"),
            (["--time", "0.5", "--png", png, "--contact-sheet", apng], "--contact-sheet writes a range of frames: run them as two commands"),
            (["--frame", "30", "--png", png, "--frames", "1..5"], "--frames chooses the frames of a range; --png writes the one frame of --frame or --time"),
            (["--frame", "3", "--png", png, "--from", "0.5"], "--from chooses the frames of a range"),
            (["--time", "0.2", "--png", png, "--to", "0.8"], "--to chooses the frames of a range"),
        ]
        try expectRefused(cases, after: [fade], statuses: [64], leaving: dir)
    }

    /// --include-end is not a range option: it adds the frame at t = duration, which --frame may
    /// then name (fade-out has frames 0…159 at 50 fps without it, 0…160 with it).
    @Test func includeEndLetsFrameNameTheEnd() throws {
        let dir = try CommandRunner.temporaryDirectory()
        let png = dir.appendingPathComponent("end.png").path
        let without = try CommandRunner.run([fade, "--frame", "160", "--png", png, "--quiet"])
        #expect(without.status == 2 && without.stderr.contains("--frame 160 is out of range"), "\(without.stderr)")
        let with = try CommandRunner.run([fade, "--frame", "160", "--png", png, "--include-end", "--quiet"])
        #expect(with.status == 0, "\(with.stderr)")
        #expect(try PNGCodec.decodeFile(at: png).width == 200)
    }

    /// A folder given with its trailing slash is named with one slash in the summary.
    @Test func theSummaryNamesAFolderWithOneSlash() throws {
        let dir = try CommandRunner.temporaryDirectory()
        let folder = dir.appendingPathComponent("frames").path + "/"
        let r = try CommandRunner.run([fade, "--png-dir", folder, "--frames", "0..1"])
        #expect(r.status == 0, "\(r.stderr)")
        #expect(r.stderr.contains("wrote \(folder): 2 frames") && !r.stderr.contains("//"), "\(r.stderr)")
    }

    /// The summary line counts what each output holds: the frames a GIF keeps (`--to` between two
    /// frames drops the last), a contact sheet's cells and its own size.
    @Test func theSummaryCountsEachOutputsFrames() throws {
        let dir = try CommandRunner.temporaryDirectory()
        let gif = dir.appendingPathComponent("to.gif").path, apng = dir.appendingPathComponent("to.png").path
        let sheet = dir.appendingPathComponent("sheet.png").path
        let r = try CommandRunner.run([fade, "--to", "0.61", "--gif", gif, "--apng", apng, "--contact-sheet", sheet, "--sheet-count", "4"])
        #expect(r.status == 0, "\(r.stderr)")
        // fade-out is 200×200 pt at scale 1 (the sheet: four cells in a row).
        #expect(r.stderr.contains("wrote \(gif): 30 frames, 200×200 px; \(apng): 31 frames, 200×200 px; \(sheet): 4 frames, 800×200 px"),
                "\(r.stderr)")
        #expect(try decodeGIF(URL(fileURLWithPath: gif)).frames.count == 30)
        let image = try PNGCodec.decodeFile(at: sheet)
        #expect(image.width == 800 && image.height == 200)
    }

    @Test func loopSetsThePlayCount() throws {
        let dir = try CommandRunner.temporaryDirectory()
        var loops: [Int?] = []
        for n in ["0", "1", "3"] {
            let gif = dir.appendingPathComponent("loop\(n).gif")
            #expect(try CommandRunner.run([fade, "--gif", gif.path, "--frames", "0..3", "--loop", n, "--quiet"]).status == 0)
            loops.append(try decodeGIF(gif).loopCount)
        }
        // 0 = forever; one play has no NETSCAPE block; 3 plays = 2 repetitions.
        #expect(loops == [0, nil, 2])
    }

    @Test func contactSheetPutsTheChosenFramesSideBySide() throws {
        let dir = try CommandRunner.temporaryDirectory()
        let sheet = dir.appendingPathComponent("sheet.png"), pngs = dir.appendingPathComponent("f")
        let r = try CommandRunner.run([fade, "--contact-sheet", sheet.path, "--sheet-frames", "0,75,159,75",
                                       "--sheet-columns", "3", "--png-dir", pngs.path, "--quiet"])
        #expect(r.status == 0, "\(r.stderr)")
        let image = try PNGCodec.decodeFile(at: sheet.path)
        #expect(image.width == 600 && image.height == 400)
        for (slot, frame) in [0, 75, 159, 75].enumerated() {
            let expected = try PNGCodec.decodeFile(at: pngs.appendingPathComponent(String(format: "frame_%05d.png", frame)).path)
            #expect(crop(image, x: (slot % 3) * 200, y: (slot / 3) * 200, w: 200, h: 200) == expected, "slot \(slot)")
        }
        // The empty fifth and sixth cells stay transparent.
        #expect(image[500, 300] == .transparent)
    }

    @Test func contactSheetAloneRendersEvenlySpacedFramesOfTheRange() throws {
        let dir = try CommandRunner.temporaryDirectory()
        let sheet = dir.appendingPathComponent("sheet.png")
        let r = try CommandRunner.run([fade, "--contact-sheet", sheet.path, "--sheet-count", "5", "--frames", "100..140", "--quiet"])
        #expect(r.status == 0, "\(r.stderr)")
        let image = try PNGCodec.decodeFile(at: sheet.path)
        #expect(image.width == 1000 && image.height == 200)
        // Frames 100, 110, 120, 130, 140: each cell equals a single-frame render.
        for (slot, frame) in [100, 110, 120, 130, 140].enumerated() {
            let one = dir.appendingPathComponent("one.png")
            #expect(try CommandRunner.run([fade, "--frame", String(frame), "--png", one.path, "--quiet"]).status == 0)
            #expect(crop(image, x: slot * 200, y: 0, w: 200, h: 200) == (try PNGCodec.decodeFile(at: one.path)), "slot \(slot)")
        }
        let bad = try CommandRunner.run([fade, "--contact-sheet", sheet.path, "--sheet-frames", "3", "--frames", "10..20"])
        #expect(bad.status == 2 && bad.stderr.contains("frame 3 is not rendered"), "\(bad.stderr)")
        // 10 × 10 cells of 1600 px: within 16,384 px a side but 256 megapixels, refused before drawing.
        let huge = try CommandRunner.run([fade, "--contact-sheet", sheet.path, "--sheet-count", "100", "--sheet-columns", "10", "--scale", "8"])
        #expect(huge.status == 2, "\(huge.stderr)")
        #expect(huge.stderr.contains("the contact sheet would be 16000×16000 px, over the limits of 16384 px a side and 64 megapixels"), "\(huge.stderr)")
    }

    func crop(_ b: Bitmap, x: Int, y: Int, w: Int, h: Int) -> Bitmap {
        var out = Bitmap(width: w, height: h)!
        for j in 0..<h { for i in 0..<w { out[i, j] = b[x + i, y + j] } }
        return out
    }
}
