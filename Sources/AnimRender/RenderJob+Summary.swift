/// One output a render writes, as its summary line reports it.
public struct WrittenOutput: Hashable, Sendable {
    /// The path as given (`-` for standard output; a folder for `--png-dir`).
    public var path: String
    /// Frames in the file: those a GIF keeps (``GIFOutput/plan(times:end:)``), a contact sheet's
    /// cells, 1 for a single PNG.
    public var frames: Int
    public var width: Int
    public var height: Int
    /// A folder of frames (`--png-dir`), not one file.
    public var isFolder = false
}

extension RenderJob {
    /// What ``run()`` writes, in the order of the options (GIF, APNG, WebP, MP4, WebM, PNG folder,
    /// single PNG, contact sheet), from the same plans the outputs are made from.
    public func outputs() throws(RenderError) -> [WrittenOutput] {
        let (w, h) = renderer.pixelSize
        var written: [WrittenOutput] = []
        if request.wantsSequence {
            let selection = try FrameSelection.resolve(request.range, renderer: renderer)
            let all = selection.frames.count
            if let path = request.gifPath {
                let times = selection.frames.map(renderer.time(ofFrame:))
                written.append(WrittenOutput(path: path, frames: GIFOutput.plan(times: times, end: selection.endTime).count,
                                             width: w, height: h))
            }
            for path in [request.apngPath, request.webpPath, request.webmPath].compactMap({ $0 }) {
                written.append(WrittenOutput(path: path, frames: all, width: w, height: h))
            }
            if let path = request.mp4Path {
                // yuv420p needs even sizes: an odd side gets one more row or column (VideoEncoder).
                written.append(WrittenOutput(path: path, frames: all, width: w + w % 2, height: h + h % 2))
            }
            if let path = request.pngDirectory {
                written.append(WrittenOutput(path: path, frames: all, width: w, height: h, isFolder: true))
            }
            if let sheet = request.contactSheet {
                let frames = try ContactSheet.frames(for: sheet, in: selection.frames)
                let (columns, rows) = ContactSheet.grid(cells: frames.count, columns: sheet.columns)
                written.append(WrittenOutput(path: sheet.path, frames: frames.count, width: w * columns, height: h * rows))
            }
        }
        switch request.singleFrame {
        case let .index(_, path), let .time(_, path): written.append(WrittenOutput(path: path, frames: 1, width: w, height: h))
        case nil: break
        }
        return written
    }
}
