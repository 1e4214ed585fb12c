import AnimRaster
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// Checks one rendered frame against its golden: compares, writes artifacts for a frame that did
/// not pass, and records the golden when the record mode says so.
struct FrameCheck: Sendable {
    let store: GoldenStore
    let artifacts: GoldenArtifacts
    let record: RecordMode
    let tolerance: GoldenTolerance

    /// The frame's result and the problems met on the way (files that could not be read or written).
    func check(_ actual: Bitmap, scene: String, frame: Int, time: Double) -> (FrameResult, [String]) {
        var problems: [String] = []
        var result = FrameResult(frame: frame, time: time, verdict: .missingGolden, golden: store.url(scene: scene, frame: frame))
        let expected: Bitmap?
        var exists = false
        do {
            expected = try store.read(scene: scene, frame: frame)
            exists = expected != nil
        } catch {
            result.verdict = .unreadableGolden("\(error)")
            expected = nil
            exists = true
        }
        if let expected {
            result.verdict = FrameComparator.compare(expected: expected, actual: actual, tolerance: tolerance)
            if !result.verdict.passed {
                collect(&problems) { () throws(GoldenStoreError) in
                    result.actual = try artifacts.writeActual(actual, scene: scene, frame: frame)
                    result.diff = try artifacts.writeDiff(expected: expected, actual: actual, tolerance: tolerance,
                                                          scene: scene, frame: frame)
                }
            }
        }
        if record.records(goldenExists: exists, passed: result.verdict.passed) {
            collect(&problems) { () throws(GoldenStoreError) in
                try store.write(actual, scene: scene, frame: frame)
                result.recorded = true
            }
        } else if expected == nil {
            collect(&problems) { () throws(GoldenStoreError) in
                result.actual = try artifacts.writeActual(actual, scene: scene, frame: frame)
            }
        }
        return (result, problems)
    }

    /// Runs `body`, turning a file error into a problem.
    private func collect(_ problems: inout [String], _ body: () throws(GoldenStoreError) -> Void) {
        do {
            try body()
        } catch {
            problems.append("cannot write \(error)")
        }
    }
}
