import AnimEngine
import AnimFonts
import AnimLayers
import AnimText

/// CATextLayer's keys that are not animatable (`fontSize` and `foregroundColor` are layer properties).
enum TextStyleKey: String, CaseIterable {
    case string, font, alignmentMode, isWrapped, wrapped, truncationMode
}

/// What the text pass gathers while layers and actions are decoded: every string, every font file
/// named (resolved path, where first named), and where the first text layer is (for an error
/// about the default font).
struct TextSources {
    var strings = Set<String>()
    /// Each string where it first appears, in the order they appear (for warnings about it).
    var firstUses: [(string: String, reader: JSONReader)] = []
    /// Characters in `strings`, all of them together (``SceneLimits/maxTextCharacters``).
    var characters = 0
    var fonts = NamedFiles()
    var firstTextLayer: JSONReader?
}

extension SceneDecoder {
    /// Keys only CATextLayer has; on a layer of another type they are a mistake.
    static let textOnlyKeys = TextStyleKey.allCases.map(\.rawValue) + ["fontSize", "foregroundColor"]

    func decodeTextStyle(_ key: TextStyleKey, _ reader: JSONReader) throws(SceneError) -> LayerSetting {
        switch key {
        case .string:
            if reader.isNull { return .text(.string(nil)) }
            let s = try reader.string()
            if !text.strings.contains(s) {
                let count = s.count
                guard text.characters + count <= SceneLimits.maxTextCharacters else {
                    throw reader.error("the scene's strings have more than \(SceneLimits.maxTextCharacters) characters in all "
                                       + "(this one has \(count))")
                }
                text.characters += count
                text.strings.insert(s)
                text.firstUses.append((s, reader))
            }
            return .text(.string(s))
        case .font:
            if reader.isNull { return .text(.font(nil)) }
            return .text(.font(try fontReference(reader)))
        case .alignmentMode:
            return .text(.alignmentMode(try reader.choice(TextAlignmentMode.self, what: "alignment mode")))
        case .isWrapped, .wrapped: return .text(.isWrapped(try reader.bool()))
        case .truncationMode:
            return .text(.truncationMode(try reader.choice(TextTruncationMode.self, what: "truncation mode")))
        }
    }

    /// A `font` path: resolved against the scene file's folder and recorded for loading.
    private func fontReference(_ reader: JSONReader) throws(SceneError) -> String {
        let path = try reader.string()
        guard !path.isEmpty else { throw reader.error("font must name a font file (TrueType, OpenType or WOFF)") }
        var resolved = path.hasPrefix("/") ? path : sceneDirectory + path
        // A file in the current folder named like the built-in font's key is still that file.
        if resolved == DefaultFont.key { resolved = "./" + resolved }
        text.fonts.note(resolved, at: reader)
        return resolved
    }

    /// Records where the first text layer is (its keys on other layers are checked with the other
    /// classes' keys, in `checkClassKeys`).
    func noteTextLayer(_ object: JSONObjectReader, kind: LayerKind) {
        if kind == .text, text.firstTextLayer == nil { text.firstTextLayer = object.reader(for: "type") ?? object.reader }
    }

    /// Opens the default font and every named font, and shapes every string with each: the
    /// scene's text catalog. A missing or unsupported font is an error where it is named.
    func loadText() -> TextCatalog {
        guard text.firstTextLayer != nil || !text.fonts.all.isEmpty else { return TextCatalog() }
        var files: [(key: String, file: FontFile)] = []
        var defaultKey = ""
        do {
            files.append((DefaultFont.key, try DefaultFont.open()))
            defaultKey = DefaultFont.key
        } catch {
            if let at = text.firstTextLayer ?? text.fonts.all.first?.reader {
                errors.append(at.error("cannot load the default font: \(error.description)"))
            }
        }
        for (key, reader) in text.fonts.all where key != defaultKey {
            do {
                files.append((key, try FontFile(path: key)))
            } catch {
                errors.append(reader.error(error.description))
            }
        }
        return TextCatalogBuilder.build(fonts: files, defaultFont: defaultKey, strings: text.strings)
    }

    /// The scene's text warnings: characters no font has, then right-to-left text, each in the
    /// order the strings first appear.
    func textWarnings(_ catalog: TextCatalog) -> [SceneError] {
        missingGlyphWarnings(catalog) + rightToLeftWarnings()
    }

    /// A warning for each string with right-to-left characters (Hebrew, Arabic, …), where it first
    /// appears: there is no bidirectional reordering, so they are drawn left to right, in the
    /// order they are stored, where iOS would draw them right to left.
    func rightToLeftWarnings() -> [SceneError] {
        text.firstUses.compactMap { use in
            guard let s = use.string.unicodeScalars.first(where: Self.isRightToLeft) else { return nil }
            let code = "U+" + String(s.value, radix: 16, uppercase: true).leftPadded(to: 4)
            return use.reader.error("right-to-left text (\(s), \(code)) is drawn left to right: there is no bidirectional reordering",
                                    hint: "iOS would draw it right to left; store the characters in display order to get that picture")
        }
    }

    /// Scalars of the right-to-left scripts' blocks (Hebrew, Arabic, Syriac, Thaana, N'Ko,
    /// Samaritan, Mandaic and their presentation forms, which end at U+FEFC: U+FEFF is the
    /// zero-width no-break space, a byte-order mark) and the explicit right-to-left controls.
    static func isRightToLeft(_ s: Unicode.Scalar) -> Bool {
        switch s.value {
        case 0x0590...0x08FF, 0xFB1D...0xFDFF, 0xFE70...0xFEFC, 0x10800...0x10FFF, 0x1E800...0x1EFFF: true
        // The right-to-left mark, embedding, override and isolate, which ask for reordering too.
        case 0x200F, 0x202B, 0x202E, 0x2067: true
        default: false
        }
    }

    /// A warning for each string with characters that no font of the scene has, located where the
    /// string first appears: whichever font its layer uses, they draw as that font's `.notdef`
    /// box (Chinese or emoji in the default Inter). Strings that some font covers are not
    /// reported, since which font a layer draws them with can change over the timeline.
    func missingGlyphWarnings(_ catalog: TextCatalog) -> [SceneError] {
        let fonts = catalog.faces.keys.sorted()
        guard !fonts.isEmpty else { return [] }
        return text.firstUses.compactMap { use in
            let missing = fonts.map { Self.missingScalars(use.string, catalog.runs[TextCatalog.Key(font: $0, string: use.string)]) }
            guard let first = missing.min(by: { $0.count < $1.count }), !first.isEmpty else { return nil }
            let shown = first[0]
            let more = first.count > 1 ? " and \(first.count - 1) more character\(first.count == 2 ? "" : "s")" : ""
            let code = "U+" + String(shown.value, radix: 16, uppercase: true).leftPadded(to: 4)
            return use.reader.error("no font of the scene has a glyph for \(shown) (\(code))\(more): they draw as the font's .notdef box",
                                    hint: "name a font that has them with \"font\" (the default, Inter, has no Chinese, Japanese, Korean or emoji)")
        }
    }

    /// The distinct characters of `string` that `shaped` drew with glyph 0 (.notdef), in order;
    /// white space and control characters are not counted.
    static func missingScalars(_ string: String, _ shaped: ShapedText?) -> [Unicode.Scalar] {
        guard let shaped else { return [] }
        var out: [Unicode.Scalar] = []
        for (scalars, glyphs) in zip(ShapedText.paragraphs(of: string), shaped.paragraphs) {
            for g in glyphs where g.glyph == 0 && g.cluster < scalars.count {
                let s = scalars[g.cluster]
                guard !s.properties.isWhitespace, s.properties.generalCategory != .control,
                      s.properties.generalCategory != .format, !out.contains(s) else { continue }
                out.append(s)
            }
        }
        return out
    }
}

private extension String {
    func leftPadded(to width: Int) -> String {
        String(repeating: "0", count: max(0, width - count)) + self
    }
}
