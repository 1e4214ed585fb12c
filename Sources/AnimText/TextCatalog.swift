/// Every string of a scene shaped with every font the scene names, built once at load time (a
/// CATextLayer's `string` and `font` are not animatable, so the set is known before frame 0).
/// Lookups only: nothing is shaped or decomposed while frames are drawn, on any thread.
public struct TextCatalog: Hashable, Sendable {
    /// A shaped string's key: the font's key (its resolved path) and the string.
    public struct Key: Hashable, Sendable {
        public var font: String
        public var string: String

        public init(font: String, string: String) {
            self.font = font
            self.string = string
        }
    }

    /// The key of the font a text layer without `font` uses.
    public var defaultFont: String
    public var faces: [String: FontFace]
    public var runs: [Key: ShapedText]

    public init(defaultFont: String = "", faces: [String: FontFace] = [:], runs: [Key: ShapedText] = [:]) {
        self.defaultFont = defaultFont
        self.faces = faces
        self.runs = runs
    }

    /// The face and shaped string a layer draws; nil when the catalog has neither.
    public func lookup(font: String?, string: String) -> (face: FontFace, text: ShapedText)? {
        let key = font ?? defaultFont
        guard let face = faces[key], let text = runs[Key(font: key, string: string)] else { return nil }
        return (face, text)
    }
}
