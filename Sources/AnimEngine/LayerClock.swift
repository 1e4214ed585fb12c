import AnimLayers

/// Pausing and resuming a layer's time exactly as Technical Q&A QA1673 does it, at a scene time.
enum LayerClock {
    /// `pausedTime = convertTime(now, from: nil); speed = 0; timeOffset = pausedTime`.
    static func pause(_ tree: inout LayerTree, layer: Int, at t: Double) {
        let pausedTime = tree.localTime(of: layer, at: t)
        tree.nodes[layer].properties.timing.speed = 0
        tree.nodes[layer].properties.timing.timeOffset = pausedTime
    }

    /// `pausedTime = timeOffset; speed = 1; timeOffset = 0; beginTime = 0;
    /// beginTime = convertTime(now, from: nil) − pausedTime`.
    static func resume(_ tree: inout LayerTree, layer: Int, at t: Double) {
        let pausedTime = tree.nodes[layer].properties.timing.timeOffset
        tree.nodes[layer].properties.timing = LayerTiming()
        let timeSincePause = tree.localTime(of: layer, at: t) - pausedTime
        tree.nodes[layer].properties.timing.beginTime = timeSincePause
    }
}
