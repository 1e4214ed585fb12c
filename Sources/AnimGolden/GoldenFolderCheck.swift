/// A scene's golden folder after its frames are checked: does `golden.json` describe the scene
/// as it is now, and does the folder hold goldens no checked frame uses (stale goldens)?
///
/// Re-recording modes (`failed`, `all`) put the folder right: they rewrite the manifest and remove
/// stale goldens, and report that as changes (which fail the run like recorded frames). Other modes
/// report problems naming `--record failed` as the fix; re-recording also writes a manifest that is
/// missing (a recording stopped before it wrote one). `missing` never
/// replaces or removes a file; it only writes a manifest where there was none and it recorded frames.
struct GoldenFolderCheck {
    let store: GoldenStore
    let scene: String
    let record: RecordMode

    /// What the check found and did.
    struct Outcome: Equatable {
        var problems: [String] = []
        /// What a re-recording run changed besides frame goldens.
        var changes: [String] = []
        /// The goldens are out of date (manifest or stale files) and this run left them so.
        var outdated = false
    }

    /// The hint for goldens that are out of date.
    static let fix = "re-record the scene with --record failed"

    var rerecording: Bool { record == .failed || record == .all }

    /// Settles the manifest against `current` and the golden files against the `checked` frames;
    /// `recorded` says whether this run wrote a frame golden.
    func settle(current: GoldenManifest, checked: [Int], selection: FrameSelection, recorded: Bool) -> Outcome {
        var outcome = Outcome()
        settleManifest(current, recorded: recorded, &outcome)
        settleStale(checked: checked, selection: selection, frameCount: current.frameCount, &outcome)
        return outcome
    }

    private func settleManifest(_ current: GoldenManifest, recorded: Bool, _ outcome: inout Outcome) {
        let name = GoldenStore.manifestName
        let stored: GoldenManifest?
        do {
            stored = try store.manifest(scene: scene)
        } catch {
            guard rerecording else {
                outcome.problems.append("\(name) cannot be read (\(error.reason)); \(Self.fix), which rewrites it")
                outcome.outdated = true
                return
            }
            write(current, note: "rewrote \(name), which could not be read (\(error.reason))", &outcome)
            return
        }
        guard let stored else {
            // A re-recording run puts the folder right even when every frame matched (goldens
            // recorded by a run that was stopped before it wrote the manifest).
            if recorded { write(current, note: nil, &outcome) } else if rerecording { write(current, note: "wrote \(name), which was missing", &outcome) }
            return
        }
        guard let mismatch = stored.mismatch(with: current) else { return }
        if rerecording {
            write(current, note: "rewrote \(name) for \(mismatch.now) (it said \(mismatch.recorded))", &outcome)
        } else {
            outcome.problems.append("\(name) is out of date: the goldens were recorded with \(mismatch.recorded), "
                + "the scene now has \(mismatch.now); \(Self.fix)")
            outcome.outdated = true
        }
    }

    private func write(_ manifest: GoldenManifest, note: String?, _ outcome: inout Outcome) {
        do {
            try store.writeManifest(manifest, scene: scene)
            if let note { outcome.changes.append(note) }
        } catch {
            outcome.problems.append("cannot write \(error)")
        }
    }

    /// Goldens in the folder that no checked frame uses; see ``FrameSelection/isStale(frame:frameCount:)``.
    private func settleStale(checked: [Int], selection: FrameSelection, frameCount: Int, _ outcome: inout Outcome) {
        let used = Set(checked.map(GoldenStore.fileName(frame:)))
        let stale = store.goldenFiles(scene: scene).filter { file in
            !used.contains(file.name)
                && (file.name != GoldenStore.fileName(frame: file.frame) || selection.isStale(frame: file.frame, frameCount: frameCount))
        }.map(\.name)
        guard !stale.isEmpty else { return }
        let why = checked.isEmpty ? "no frame is checked" : "the frames checked are \(Self.list(checked.map(String.init)))"
        guard rerecording else {
            let them = stale.count == 1 ? "it" : "them"
            outcome.problems.append("stale \(stale.count == 1 ? "golden" : "goldens") \(Self.list(stale)) (\(why)); "
                + "\(Self.fix), which removes \(them), or delete \(them)")
            outcome.outdated = true
            return
        }
        var removed: [String] = []
        for name in stale {
            do {
                try store.remove(scene: scene, file: name)
                removed.append(name)
            } catch {
                outcome.problems.append("cannot remove the stale golden \(error)")
            }
        }
        if !removed.isEmpty {
            outcome.changes.append("removed stale \(removed.count == 1 ? "golden" : "goldens") \(Self.list(removed)) (\(why))")
        }
    }

    /// "a, b, c", at most eight items, then "and 12 more".
    static func list(_ items: [String]) -> String {
        let shown = items.prefix(8).joined(separator: ", ")
        return items.count > 8 ? shown + " and \(items.count - 8) more" : shown
    }
}
