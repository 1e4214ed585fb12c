extension GoldenTolerance {
    /// The default CIEDE2000 threshold of the perceptual check: 2.0, a difference seen only on
    /// close inspection (1.0 is about the just-noticeable difference side by side). Rounding noise of
    /// one or two levels per channel stays below it; a change of 10/255 in one channel of a neutral
    /// colour (grey 128: ΔE 5.1–8.4, white: 4.5–7.2, black: 3.7–5.9) is above it. A change of a
    /// saturated colour's weak channel can stay below it (#007AFF with red + 10: ΔE 0.2), which
    /// is the point of a perceptual measure.
    public static let defaultPerceptualDeltaE = 2.0

    /// A perceptual tolerance: pixels fail only when they differ by more than `deltaE` (CIEDE2000)
    /// and are not explained as anti-aliasing; the frame passes with at most `maxFailingPixels`.
    public static func perceptual(deltaE: Double = defaultPerceptualDeltaE, maxFailingPixels: Int = 0,
                                  reason: String? = nil) -> GoldenTolerance {
        GoldenTolerance(maxChannelDelta: 0, maxDifferingPixels: maxFailingPixels, perceptualDeltaE: deltaE, reason: reason)
    }

    /// True for the default, exact comparison.
    public var isExact: Bool {
        maxChannelDelta == 0 && maxDifferingPixels == 0 && perceptualDeltaE == nil
    }

    /// A short description for messages: "exact", "maxChannelDelta 2, maxDifferingPixels 10",
    /// "perceptual ΔE 2, maxDifferingPixels 0".
    public var summary: String {
        var parts: [String] = []
        if let deltaE = perceptualDeltaE { parts.append("perceptual ΔE ≤ \(NumberText.format(deltaE))") }
        if maxChannelDelta != 0 { parts.append("channel Δ ≤ \(maxChannelDelta)") }
        if maxDifferingPixels != 0 { parts.append("up to \(maxDifferingPixels) differing pixels") }
        var text = parts.isEmpty ? "exact" : parts.joined(separator: ", ")
        if let reason, !reason.isEmpty { text += " (\(reason))" }
        return text
    }
}

/// Numbers as people write them: 50 not 50.0, 29.97 as is.
enum NumberText {
    static func format(_ v: Double) -> String {
        if v.isFinite, v == v.rounded(), abs(v) < 1e15 { return String(Int(v)) }
        return String(v)
    }
}
