/// A position in a source file: 1-based line and column; the column counts Unicode scalars
/// (a tab is one column).
public struct SourceLocation: Hashable, Sendable, Comparable, CustomStringConvertible {
    public var line: Int
    public var column: Int

    public init(line: Int, column: Int) {
        self.line = line
        self.column = column
    }

    public static func < (a: SourceLocation, b: SourceLocation) -> Bool {
        (a.line, a.column) < (b.line, b.column)
    }

    /// "line:column".
    public var description: String { "\(line):\(column)" }
}

/// A parsed JSON value with the location of its first character.
public struct JSONNode: Hashable, Sendable {
    public var value: JSONValue
    public var location: SourceLocation

    public init(value: JSONValue, location: SourceLocation) {
        self.value = value
        self.location = location
    }
}

/// A JSON value. Objects keep their members in file order (keys are unique: the parser rejects
/// duplicates).
public enum JSONValue: Hashable, Sendable {
    case null
    case bool(Bool)
    case number(Double)
    case string(String)
    case array([JSONNode])
    case object([JSONMember])

    /// What the value is, for "found …" in messages: "null", "a boolean", "a number", "a string",
    /// "an array", "an object".
    public var kindDescription: String {
        switch self {
        case .null: return "null"
        case .bool: return "a boolean"
        case .number: return "a number"
        case .string: return "a string"
        case .array: return "an array"
        case .object: return "an object"
        }
    }
}

/// One member of a JSON object: its key (with the key's location) and its value.
public struct JSONMember: Hashable, Sendable {
    public var key: String
    public var keyLocation: SourceLocation
    public var value: JSONNode

    public init(key: String, keyLocation: SourceLocation, value: JSONNode) {
        self.key = key
        self.keyLocation = keyLocation
        self.value = value
    }
}
