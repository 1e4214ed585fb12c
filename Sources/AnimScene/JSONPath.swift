/// Where a value sits in a JSON document: a list of object keys and array indices from the top.
///
/// Prints like JavaScript: `layers[2].animations[0].keyPath`; keys that are not identifiers print
/// quoted in brackets (`["my key"]`); the top level alone prints as `(top level)`.
public struct JSONPath: Hashable, Sendable, CustomStringConvertible {
    public enum Component: Hashable, Sendable {
        case key(String)
        case index(Int)
    }

    public var components: [Component]

    public init(components: [Component] = []) {
        self.components = components
    }

    public static let root = JSONPath()

    public var isRoot: Bool { components.isEmpty }

    public func key(_ k: String) -> JSONPath {
        JSONPath(components: components + [.key(k)])
    }

    public func index(_ i: Int) -> JSONPath {
        JSONPath(components: components + [.index(i)])
    }

    public var description: String {
        if components.isEmpty { return "(top level)" }
        var out = ""
        for component in components {
            switch component {
            case let .index(i):
                out += "[\(i)]"
            case let .key(k):
                if Self.isIdentifier(k) {
                    if !out.isEmpty { out += "." }
                    out += k
                } else {
                    out += "[" + Self.quoted(k) + "]"
                }
            }
        }
        return out
    }

    /// ASCII letters, digits, `_` and `$`, not starting with a digit.
    static func isIdentifier(_ s: String) -> Bool {
        guard let first = s.utf8.first, !(first >= 0x30 && first <= 0x39) else { return false }
        return s.utf8.allSatisfy { b in
            (b >= 0x61 && b <= 0x7A) || (b >= 0x41 && b <= 0x5A) || (b >= 0x30 && b <= 0x39) || b == 0x5F || b == 0x24
        }
    }

    /// A JSON string literal for `s`, escaping quotes, backslashes and control characters.
    static func quoted(_ s: String) -> String {
        var out = "\""
        for scalar in s.unicodeScalars {
            switch scalar {
            case "\"": out += "\\\""
            case "\\": out += "\\\\"
            case "\n": out += "\\n"
            case "\r": out += "\\r"
            case "\t": out += "\\t"
            default:
                if scalar.value < 0x20 || scalar.value == 0x7F {
                    out += "\\u" + hex4(scalar.value)
                } else {
                    out.unicodeScalars.append(scalar)
                }
            }
        }
        return out + "\""
    }

    static func hex4(_ v: UInt32) -> String {
        let digits = Array("0123456789ABCDEF")
        return String([digits[Int(v >> 12 & 0xF)], digits[Int(v >> 8 & 0xF)], digits[Int(v >> 4 & 0xF)], digits[Int(v & 0xF)]])
    }
}
