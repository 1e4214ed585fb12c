import AnimCodecs
import AnimRaster

extension RenderJob {
    /// Renders every frame once and feeds the GIF and the PNG sequence together.
    func writeSequence() throws(RenderError) {
        let count = renderer.frameCount
        guard count > 0 else { throw .usage("the scene has no frames (duration × fps rounds to 0)") }
        let times = (0..<count).map(renderer.time(ofFrame:))
        let end = renderer.includeEnd ? times[count - 1] + 1 / renderer.canvas.fps : renderer.canvas.duration
        let plan = GIFOutput.plan(times: times, end: end)
        if request.gifPath != nil, let w = GIFOutput.warning(fps: renderer.canvas.fps, frameCount: count, keptCount: plan.count) {
            warn(w)
        }
        let pngs = try request.pngDirectory.map { (dir) throws(RenderError) in try PNGSequence(directory: dir) }
        var gif = try makeGIF()
        var planIndex = 0
        do {
            try ParallelFrames.render(renderer, frames: 0..<count, threads: request.threads) { (i, bitmap) throws(CodecError) in
                try pngs?.write(bitmap, index: i)
                if gif != nil, planIndex < plan.count, plan[planIndex].frame == i {
                    try gif!.add(bitmap, delay: plan[planIndex].delay)
                    planIndex += 1
                }
                progress(i + 1, count)
            }
            if let path = request.gifPath, var g = gif {
                try AtomicFile.write(try g.finish(), to: path)
                gif = g
            }
            try pngs?.commit()
        } catch {
            pngs?.discard()
            throw .output(error)
        }
    }

    private func makeGIF() throws(RenderError) -> GIFOutput? {
        guard request.gifPath != nil else { return nil }
        do {
            let (w, h) = renderer.pixelSize
            return try GIFOutput(width: w, height: h, transparent: renderer.canvas.background.alpha < 1)
        } catch {
            throw .output(error)
        }
    }
}
