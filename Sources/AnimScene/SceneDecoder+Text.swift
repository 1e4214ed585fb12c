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
}
