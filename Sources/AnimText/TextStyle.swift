/// CATextLayerAlignmentMode. `natural` is left-aligned for the left-to-right text drawn here.
public enum TextAlignmentMode: String, Hashable, Sendable, CaseIterable {
    case natural, left, right, center, justified
}

/// CATextLayerTruncationMode: where an unwrapped line too wide for the bounds loses its text,
/// replaced by "…".
public enum TextTruncationMode: String, Hashable, Sendable, CaseIterable {
    case none, start, end, middle
}

/// How a shaped string is laid out in a layer's bounds (CATextLayer's layout properties).
public struct TextStyle: Hashable, Sendable {
    public var fontSize: Double
    public var alignment: TextAlignmentMode
    public var isWrapped: Bool
    public var truncation: TextTruncationMode

    public init(fontSize: Double = 36, alignment: TextAlignmentMode = .natural, isWrapped: Bool = false,
                truncation: TextTruncationMode = .none) {
        self.fontSize = fontSize
        self.alignment = alignment
        self.isWrapped = isWrapped
        self.truncation = truncation
    }
}
