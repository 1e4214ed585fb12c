import AnimCodecs
import AnimRaster

extension RenderJob {
    /// Renders each needed frame of the selection once and feeds every requested output in frame
    /// order. What a sink prepares of its frames (``FrameSink/preparation``: PNG files of
    /// `--png-dir`, the GIF's colours) is made on the threads that draw them, since it depends on
    /// that frame only; a frame that repeats the one before reuses what was made of that one.
    func writeSequence() throws(RenderError) {
        let selection = try FrameSelection.resolve(request.range, renderer: renderer)
        let sinks = try makeSinks(selection)
        let needed = Array(Set(sinks.flatMap(\.frames))).sorted()
        let preparations = sinks.map { sink in sink.preparation.map { (work: $0, frames: Set(sink.frames)) } }
        var cursors = [Int](repeating: 0, count: sinks.count)
        var done = 0
        // What was made of the picture last drawn, per sink: a repeated frame is the same picture.
        var last = [PreparedFrame?](repeating: nil, count: sinks.count)
        do throws(RenderError) {
            let preparedBytes = preparations.reduce(0) { $0 + ($1?.work.bytesPerPixel ?? 0) }
            try ParallelFrames.render(renderer, frames: needed, threads: request.threads, preparedBytesPerPixel: preparedBytes,
                                      prepare: { i, frame in
                preparations.map { p in p.flatMap { $0.frames.contains(i) ? $0.work.run(on: frame) : nil } }
            }, consume: { (i, bitmap, prepared: [PreparedFrame?]?) throws(RenderError) in
                // A repeated frame was not drawn again: the frame it repeats was checked before it.
                if let overflow = renderer.overflow(ofFrame: i) { throw .frame(i, time: renderer.time(ofFrame: i), overflow) }
                if let prepared { last = prepared }
                do throws(CodecError) {
                    for (k, sink) in sinks.enumerated() where cursors[k] < sink.frames.count && sink.frames[cursors[k]] == i {
                        try sink.add(bitmap, prepared: last[k], index: i)
                        cursors[k] += 1
                    }
                } catch {
                    throw .output(error)
                }
                done += 1
                progress(done, needed.count)
            })
            do throws(CodecError) { for sink in sinks { try sink.commit() } } catch { throw .output(error) }
        } catch {
            for sink in sinks { sink.discard() }
            throw error
        }
    }

    /// One sink per requested output; paths are checked here, before any frame is drawn.
    private func makeSinks(_ selection: FrameSelection) throws(RenderError) -> [any FrameSink] {
        var sinks: [any FrameSink] = []
        do throws(RenderError) {
            if let path = request.gifPath { sinks.append(try makeGIF(path, selection)) }
            do throws(CodecError) {
                if let path = request.apngPath {
                    sinks.append(try APNGSink(path: path, selection: selection, renderer: renderer, plays: request.plays,
                                              threads: request.threads))
                }
                if let path = request.webpPath {
                    sinks.append(try WebPSink(path: path, selection: selection, renderer: renderer, plays: request.plays,
                                              quality: request.webpQuality))
                }
                if let path = request.mp4Path {
                    sinks.append(try VideoSink(format: .mp4, path: path, selection: selection, renderer: renderer))
                }
                if let path = request.webmPath {
                    sinks.append(try VideoSink(format: .webm, path: path, selection: selection, renderer: renderer))
                }
            } catch {
                throw .output(error)
            }
            if let sheet = request.contactSheet { sinks.append(try makeSheet(sheet, selection)) }
            if let dir = request.pngDirectory {
                if request.range == nil { warnAboutLeftovers(in: dir, frames: selection.frames) }
                sinks.append(try PNGSequenceSink(directory: dir, frames: selection.frames))
            }
        } catch {
            for sink in sinks { sink.discard() }
            throw error
        }
        return sinks
    }

    /// A whole render into a folder that holds frames past its last one, left by an earlier,
    /// longer render: they stay (a render of a frame range keeps the others on purpose), so a
    /// sequence read from the folder would mix the two renders. Said once, before drawing.
    private func warnAboutLeftovers(in directory: String, frames: Range<Int>) {
        let names = PNGSequence.leftovers(in: directory, outside: frames)
        guard let first = names.first, let last = names.last else { return }
        let span = names.count == 1 ? first : "\(first) … \(last)"
        warn("warning: \(directory) also holds \(names.count) frame file\(names.count == 1 ? "" : "s") this render does not write "
             + "(\(span)), left by an earlier render; remove them, or a sequence read from the folder mixes the two")
    }

    private func makeGIF(_ path: String, _ selection: FrameSelection) throws(RenderError) -> GIFSink {
        let times = selection.frames.map(renderer.time(ofFrame:))
        let plan = GIFOutput.plan(times: times, end: selection.endTime).map { (selection.frames.lowerBound + $0.frame, $0.delay) }
        if let w = GIFOutput.warning(fps: renderer.canvas.fps, frameCount: times.count, keptCount: plan.count) { warn(w) }
        do {
            let (w, h) = renderer.pixelSize
            let options = GIFOptions(maxColors: request.gifColors, transparent: renderer.canvas.background.alpha < 1, matte: request.matte,
                                     quality: request.gifQuality)
            let output = try GIFOutput(width: w, height: h, options: options, plays: request.plays, threads: request.threads)
            return try GIFSink(path: path, plan: plan, output: output)
        } catch {
            throw .output(error)
        }
    }

    private func makeSheet(_ request: ContactSheetRequest, _ selection: FrameSelection) throws(RenderError) -> ContactSheetSink {
        let frames = try ContactSheet.frames(for: request, in: selection.frames)
        let (w, h) = renderer.pixelSize
        let sheet = try ContactSheet(frames: frames, columns: request.columns, cellWidth: w, cellHeight: h)
        do {
            return try ContactSheetSink(path: request.path, sheet: sheet)
        } catch {
            throw .output(error)
        }
    }
}
