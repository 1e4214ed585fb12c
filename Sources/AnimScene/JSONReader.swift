import AnimGeometry

/// A JSON node together with where it is (JSON path and file), with typed accessors whose errors
/// are located at the node: "expected a number, found a string".
public struct JSONReader: Sendable {
    public let node: JSONNode
    public let path: JSONPath
    public let file: String?

    public init(node: JSONNode, path: JSONPath = .root, file: String? = nil) {
        self.node = node
        self.path = path
        self.file = file
    }

    public var value: JSONValue { node.value }
    public var location: SourceLocation { node.location }
    /// This node's path and location.
    public var place: ScenePlace { ScenePlace(path: path, location: location) }

    /// An error located at this node.
    public func error(_ message: String, hint: String? = nil) -> SceneError {
        SceneError(file: file, path: path, location: node.location, message: message, hint: hint)
    }

    /// "expected `what`, found <kind of this node>", with a hint when a quoted string holds what
    /// was probably meant.
    public func expected(_ what: String, hint: String? = nil) -> SceneError {
        var hint = hint
        if hint == nil, case let .string(s) = node.value {
            if what.contains("number"), Double(s) != nil { hint = "write the number without quotes" }
            if what.contains("true or false"), s == "true" || s == "false" { hint = "write \(s) without quotes" }
        }
        return error("expected \(what), found \(node.value.kindDescription)", hint: hint)
    }

    public var isNull: Bool {
        if case .null = node.value { return true }
        return false
    }

    /// A finite number.
    public func number() throws(SceneError) -> Double {
        guard case let .number(v) = node.value else { throw expected("a number") }
        guard v.isFinite else { throw error("expected a finite number, found \(v)") }
        return v
    }

    /// A number with no fractional part that fits in an Int.
    public func integer() throws(SceneError) -> Int {
        let v = try number()
        guard v.rounded(.towardZero) == v, v >= -9.223372036854775e18, v < 9.223372036854775e18 else {
            throw error("expected an integer, found \(formatNumber(v))")
        }
        return Int(v)
    }

    public func bool() throws(SceneError) -> Bool {
        guard case let .bool(b) = node.value else { throw expected("true or false") }
        return b
    }

    public func string() throws(SceneError) -> String {
        guard case let .string(s) = node.value else { throw expected("a string") }
        return s
    }

    /// The elements, each with its index appended to the path.
    public func array() throws(SceneError) -> [JSONReader] {
        guard case let .array(items) = node.value else { throw expected("an array") }
        return items.enumerated().map { JSONReader(node: $0.element, path: path.index($0.offset), file: file) }
    }

    public func object() throws(SceneError) -> JSONObjectReader {
        guard case let .object(members) = node.value else { throw expected("an object") }
        return JSONObjectReader(reader: self, members: members)
    }

    /// A number, or the string "infinity" (for `repeatCount`, like HUGE_VALF).
    public func numberOrInfinity() throws(SceneError) -> Double {
        switch node.value {
        case .number: return try number()
        case let .string(s):
            if s == "infinity" { return .infinity }
            let hint = EditDistance.bestMatch(for: s, among: ["infinity"]).map { "did you mean '\($0)'?" }
            throw error("expected a number or \"infinity\", found the string '\(s)'", hint: hint)
        default:
            throw expected("a number or \"infinity\"")
        }
    }
}

/// The members of a JSON object, looked up by key, with readers whose paths name the key.
public struct JSONObjectReader: Sendable {
    /// The reader of the object itself.
    public let reader: JSONReader
    /// The members in file order.
    public let members: [JSONMember]
    /// Key → index in `members` (only looked up, never iterated).
    private let index: [String: Int]

    init(reader: JSONReader, members: [JSONMember]) {
        self.reader = reader
        self.members = members
        var index: [String: Int] = [:]
        for (i, m) in members.enumerated() where index[m.key] == nil { index[m.key] = i }
        self.index = index
    }

    public var path: JSONPath { reader.path }

    /// The keys in file order.
    public var keys: [String] { members.map(\.key) }

    public func has(_ key: String) -> Bool { index[key] != nil }

    /// The reader of `key`'s value, or nil when the key is absent.
    public func reader(for key: String) -> JSONReader? {
        guard let i = index[key] else { return nil }
        return JSONReader(node: members[i].value, path: reader.path.key(key), file: reader.file)
    }

    /// The reader of `key`'s value, or nil when the key is absent (same as `reader(for:)`).
    public func optional(_ key: String) -> JSONReader? { reader(for: key) }

    /// The reader of `key`'s value; when absent, an error located at the object:
    /// "missing required key 'x'", with a hint when a present key looks like a misspelling of it or
    /// is it with something added (`dampingRatio` for `damping`).
    public func required(_ key: String) throws(SceneError) -> JSONReader {
        if let r = reader(for: key) { return r }
        let misspelt = key.count < 4 ? nil : keys.first { $0 != key && EditDistance.bestMatch(for: $0, among: [key]) != nil }
        if let misspelt { throw reader.error("missing required key '\(key)'", hint: "is '\(misspelt)' a misspelling of '\(key)'?") }
        let longer = keys.first { EditDistance.affixMatch(for: $0, among: [key]) != nil }
        throw reader.error("missing required key '\(key)'", hint: longer.map { "did you mean '\(key)' instead of '\($0)'?" })
    }

    /// Where `key` is written, if present.
    public func keyLocation(_ key: String) -> SourceLocation? {
        index[key].map { members[$0].keyLocation }
    }

    /// An error located at `key` itself (not its value), with the key's path.
    public func errorAtKey(_ key: String, _ message: String, hint: String? = nil) -> SceneError {
        SceneError(file: reader.file, path: reader.path.key(key), location: keyLocation(key) ?? reader.location,
                   message: message, hint: hint)
    }

    /// Errors for every member whose key is not in `allowed`, in file order, each located at the
    /// key: "unknown key 'positon'" with a did-you-mean hint from `allowed` (a close spelling, or an
    /// allowed key not given that the unknown one extends, as `dampingRatio` extends `damping`), or,
    /// for short lists, the allowed keys.
    public func unknownKeys(allowed: [String]) -> [SceneError] {
        members.compactMap { allowed.contains($0.key) ? nil : unknownKeyError($0, allowed: allowed, noun: "key") }
    }

    /// `unknownKeys(allowed:)` for a long list made once: membership is a set look-up.
    public func unknownKeys(allowed: AllowedKeys) -> [SceneError] {
        members.compactMap { allowed.set.contains($0.key) ? nil : unknownKeyError($0, allowed: allowed.list, noun: "key") }
    }

    func unknownKeyError(_ member: JSONMember, allowed: [String], noun: String) -> SceneError {
        let hint: String?
        if let match = EditDistance.bestMatch(for: member.key, among: allowed)
            ?? EditDistance.affixMatch(for: member.key, among: allowed.filter { !has($0) }) {
            hint = "did you mean '\(match)'?"
        } else if !allowed.isEmpty, allowed.count <= 8 {
            hint = "allowed keys: " + allowed.joined(separator: ", ")
        } else {
            hint = nil
        }
        return SceneError(file: reader.file, path: reader.path.key(member.key), location: member.keyLocation,
                          message: "unknown \(noun) '\(member.key)'", hint: hint)
    }
}

/// The keys an object may have: in the order hints list them, and as a set for membership (only
/// looked up, never iterated). Made once for a long list that many objects are checked against.
public struct AllowedKeys: Sendable {
    public let list: [String]
    let set: Set<String>

    public init(_ list: [String]) {
        self.list = list
        set = Set(list)
    }
}

