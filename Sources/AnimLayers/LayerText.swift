import AnimGeometry
import AnimText

/// CATextLayer's own properties, with Apple's defaults (36 pt, opaque white, natural alignment,
/// not wrapped, not truncated, no string). `fontSize` and `foregroundColor` are animatable.
public struct LayerText: Hashable, Sendable {
    /// The text drawn; nil draws nothing.
    public var string: String? = nil
    /// The font's key in the scene's text catalog (its resolved file path); nil: the default font.
    public var font: String? = nil
    public var fontSize: Double = 36
    public var foregroundColor: Color = .white
    public var alignmentMode: TextAlignmentMode = .natural
    public var isWrapped = false
    public var truncationMode: TextTruncationMode = .none

    public init() {}

    /// The layout properties as AnimText's style.
    public var style: TextStyle {
        TextStyle(fontSize: fontSize, alignment: alignmentMode, isWrapped: isWrapped, truncation: truncationMode)
    }
}

extension LayerText {
    /// A change to one of CATextLayer's properties that are not animatable.
    public enum Setting: Hashable, Sendable {
        case string(String?)
        case font(String?)
        case alignmentMode(TextAlignmentMode)
        case isWrapped(Bool)
        case truncationMode(TextTruncationMode)

        public func apply(to text: inout LayerText) {
            switch self {
            case let .string(s): text.string = s
            case let .font(f): text.font = f
            case let .alignmentMode(a): text.alignmentMode = a
            case let .isWrapped(w): text.isWrapped = w
            case let .truncationMode(t): text.truncationMode = t
            }
        }
    }
}
