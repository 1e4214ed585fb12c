import AnimGeometry

/// A syntax error in SVG path data, located by character.
public struct SVGPathError: Error, Hashable, Sendable, CustomStringConvertible {
    /// Where the problem is: the 0-based offset, in Unicode scalars, from the start of the data.
    public let offset: Int
    /// What was wrong, naming the 1-based character position (`offset + 1`):
    /// "expected a number after 'L' at character 14, found ','".
    public let message: String

    /// An error at 0-based character `offset` whose message already names the position.
    public init(offset: Int, message: String) {
        self.offset = offset
        self.message = message
    }

    /// The message.
    public var description: String { message }
}

/// Parses SVG path data (the `d` attribute, SVG 1.1 §8.3 and SVG 2 §9.3) into a `Path`, in the
/// data's own coordinates (y down, like UIKit).
///
/// All commands are supported, absolute and relative: M L H V C S Q T A Z. Arguments may be
/// separated by white space and/or one comma; a command letter may be left out when it repeats
/// (after M/m the implicit command is L/l); numbers follow the SVG grammar (`-.5.5` is −0.5 then
/// 0.5, `1e-3`); arc flags are single `0`/`1` characters and need no separator. Elliptical arcs are
/// converted to cubic Béziers of at most 90° each by the endpoint-to-centre conversion of the SVG
/// implementation notes (F.6.5), with out-of-range radii scaled up (F.6.6), zero radii giving a
/// line and an arc to its own start point being dropped (F.6.2). Data that is empty or only white
/// space gives an empty path. Unlike a browser, which renders up to the first error, any error
/// throws.
public enum SVGPathParser {
    /// The path the data describes; throws the first syntax error with its character position.
    public static func parse(_ data: String) throws(SVGPathError) -> Path {
        var scanner = SVGPathScanner(bytes: Array(data.utf8))
        var builder = SVGPathBuilder()
        scanner.skipWhitespace()
        var previous: UInt8?
        while let byte = scanner.peek {
            let command = SVGCommand(byte)
            if previous == nil, command?.upper != UInt8(ascii: "M") {
                throw scanner.unexpected("path data must begin with a moveto ('M' or 'm')")
            }
            guard let command else { throw scanner.notACommand(after: previous) }
            scanner.index += 1
            try parseArguments(of: command, &scanner, &builder)
            scanner.skipWhitespace()
            previous = byte
        }
        return builder.path
    }

    /// Reads the command's argument sets (one or more, implicit repeats) and draws each.
    static func parseArguments(of command: SVGCommand, _ scanner: inout SVGPathScanner,
                               _ builder: inout SVGPathBuilder) throws(SVGPathError) {
        guard command.argumentCount > 0 else { return builder.apply(command, [], isFirstSet: true) }
        var isFirstSet = true
        while true {
            var arguments: [Double] = []
            for k in 0..<command.argumentCount {
                if k == 0 { scanner.skipWhitespace() } else { scanner.skipCommaWhitespace() }
                let isFlag = command.upper == UInt8(ascii: "A") && (k == 3 || k == 4)
                arguments.append(isFlag ? try scanner.flag(after: command.letter)
                                        : try scanner.number(after: command.letter))
            }
            builder.apply(command, arguments, isFirstSet: isFirstSet)
            isFirstSet = false
            guard try scanner.hasAnotherArgumentSet() else { return }
        }
    }
}

// MARK: - Commands

/// A path command letter.
struct SVGCommand {
    /// The letter as written.
    let letter: UInt8
    /// The upper-case letter.
    let upper: UInt8
    /// True for a lower-case (relative) command.
    let isRelative: Bool

    init?(_ byte: UInt8) {
        let upper = byte & ~0x20  // ASCII upper case
        guard byte >= 0x41, Self.argumentCounts[upper] != nil else { return nil }
        self.letter = byte
        self.upper = upper
        self.isRelative = byte != upper
    }

    /// How many numbers one use of the command takes.
    var argumentCount: Int { Self.argumentCounts[upper] ?? 0 }

    static let argumentCounts: [UInt8: Int] = [
        0x4D: 2, 0x4C: 2, 0x48: 1, 0x56: 1, 0x43: 6, 0x53: 4, 0x51: 4, 0x54: 2, 0x41: 7, 0x5A: 0,
    ]

    static func name(_ byte: UInt8) -> String { String(UnicodeScalar(byte)) }
}

// MARK: - Scanning

/// A cursor over the UTF-8 bytes of path data, with the SVG grammar's tokens.
struct SVGPathScanner {
    let bytes: [UInt8]
    var index = 0

    var peek: UInt8? { index < bytes.count ? bytes[index] : nil }

    /// SVG white space: space, tab, line feed, form feed, carriage return.
    static func isWhitespace(_ b: UInt8) -> Bool { b == 0x20 || b == 0x09 || b == 0x0A || b == 0x0C || b == 0x0D }
    static func isDigit(_ b: UInt8?) -> Bool { b.map { $0 >= 0x30 && $0 <= 0x39 } ?? false }
    static func isNumberStart(_ b: UInt8?) -> Bool {
        guard let b else { return false }
        return isDigit(b) || b == UInt8(ascii: "+") || b == UInt8(ascii: "-") || b == UInt8(ascii: ".")
    }

    mutating func skipWhitespace() {
        while let b = peek, Self.isWhitespace(b) { index += 1 }
    }

    /// White space, at most one comma, white space.
    mutating func skipCommaWhitespace() {
        skipWhitespace()
        if peek == UInt8(ascii: ",") {
            index += 1
            skipWhitespace()
        }
    }

    /// After a complete argument set: true when another set follows (after white space and at most
    /// one comma); a comma must be followed by a number.
    mutating func hasAnotherArgumentSet() throws(SVGPathError) -> Bool {
        skipWhitespace()
        if peek == UInt8(ascii: ",") {
            index += 1
            skipWhitespace()
            guard Self.isNumberStart(peek) else { throw unexpected("expected a number after ','") }
            return true
        }
        return Self.isNumberStart(peek)
    }

    /// A number: sign? (digits ('.' digits?)? | '.' digits) (('e' | 'E') sign? digits)?
    mutating func number(after command: UInt8) throws(SVGPathError) -> Double {
        let start = index
        let expected = "expected a number after '\(SVGCommand.name(command))'"
        if peek == UInt8(ascii: "+") || peek == UInt8(ascii: "-") { index += 1 }
        let integerDigits = skipDigits()
        var fractionDigits = 0
        if peek == UInt8(ascii: ".") {
            index += 1
            fractionDigits = skipDigits()
        }
        guard integerDigits + fractionDigits > 0 else { throw unexpected(expected) }
        if peek == UInt8(ascii: "e") || peek == UInt8(ascii: "E") {
            let letter = SVGCommand.name(bytes[index])
            index += 1
            if peek == UInt8(ascii: "+") || peek == UInt8(ascii: "-") { index += 1 }
            guard skipDigits() > 0 else { throw unexpected("expected the digits of the exponent after '\(letter)'") }
        }
        let text = String(decoding: bytes[start..<index], as: UTF8.self)
        guard let value = Double(text), value.isFinite else {
            throw SVGPathError(offset: characterOffset(start),
                               message: "number '\(text)' out of range at character \(characterOffset(start) + 1)")
        }
        return value
    }

    /// An arc flag: the single character 0 or 1.
    mutating func flag(after command: UInt8) throws(SVGPathError) -> Double {
        guard let b = peek, b == UInt8(ascii: "0") || b == UInt8(ascii: "1") else {
            throw unexpected("expected an arc flag (0 or 1) after '\(SVGCommand.name(command))'")
        }
        index += 1
        return b == UInt8(ascii: "1") ? 1 : 0
    }

    /// Skips decimal digits, returning how many.
    mutating func skipDigits() -> Int {
        let start = index
        while Self.isDigit(peek) { index += 1 }
        return index - start
    }

    // MARK: Errors

    /// The error for a character where a command letter should be.
    func notACommand(after previous: UInt8?) -> SVGPathError {
        if let b = peek, (b | 0x20) >= UInt8(ascii: "a"), (b | 0x20) <= UInt8(ascii: "z") {
            let offset = characterOffset(index)
            return SVGPathError(offset: offset, message: "unknown command '\(SVGCommand.name(b))' at character \(offset + 1)")
        }
        return unexpected(previous.map { "expected a command letter after '\(SVGCommand.name($0))'" } ?? "expected a command letter")
    }

    /// "`what` at character N, found `what is at the cursor`".
    func unexpected(_ what: String) -> SVGPathError {
        let offset = characterOffset(index)
        return SVGPathError(offset: offset, message: "\(what) at character \(offset + 1), found \(found)")
    }

    /// The character at the cursor, for messages.
    var found: String {
        guard index < bytes.count else { return "the end of the path data" }
        var end = index + 1
        while end < bytes.count, bytes[end] & 0xC0 == 0x80 { end += 1 }
        let text = String(decoding: bytes[index..<end], as: UTF8.self)
        guard let scalar = text.unicodeScalars.first else { return "'\(text)'" }
        if scalar == " " { return "a space" }
        if scalar.value < 0x20 || scalar.value == 0x7F {
            let hex = String(scalar.value, radix: 16, uppercase: true)
            return "U+" + String(repeating: "0", count: max(0, 4 - hex.count)) + hex
        }
        return "'\(text)'"
    }

    /// The number of Unicode scalars before byte `offset` (UTF-8 continuation bytes don't count).
    func characterOffset(_ offset: Int) -> Int {
        bytes[..<min(offset, bytes.count)].reduce(0) { $1 & 0xC0 == 0x80 ? $0 : $0 + 1 }
    }
}

// MARK: - Drawing

/// The path being built, with the state SVG commands need: the current point, the subpath start
/// and the last control point (for the reflections of S and T).
struct SVGPathBuilder {
    var path = Path()
    var current = Point.zero
    var subpathStart = Point.zero
    /// The second control point of the previous command if it was C, c, S or s.
    var lastCubicControl: Point?
    /// The control point of the previous command if it was Q, q, T or t.
    var lastQuadControl: Point?

    /// Draws one use of `command` with its numbers (moves and lines for M's first and later sets).
    mutating func apply(_ command: SVGCommand, _ a: [Double], isFirstSet: Bool) {
        let base = command.isRelative ? current : .zero
        func point(_ i: Int) -> Point { Point(x: base.x + a[i], y: base.y + a[i + 1]) }
        var cubicControl: Point?, quadControl: Point?
        switch command.upper {
        case UInt8(ascii: "M"):
            let p = point(0)
            if isFirstSet { moveTo(p) } else { path.line(to: p) }
            current = p
        case UInt8(ascii: "L"): lineTo(point(0))
        case UInt8(ascii: "H"): lineTo(Point(x: base.x + a[0], y: current.y))
        case UInt8(ascii: "V"): lineTo(Point(x: current.x, y: base.y + a[0]))
        case UInt8(ascii: "C"):
            cubicControl = point(2)
            cubicTo(point(0), point(2), point(4))
        case UInt8(ascii: "S"):
            cubicControl = point(0)
            cubicTo(reflect(lastCubicControl), point(0), point(2))
        case UInt8(ascii: "Q"):
            quadControl = point(0)
            quadTo(point(0), point(2))
        case UInt8(ascii: "T"):
            let control = reflect(lastQuadControl)
            quadControl = control
            quadTo(control, point(0))
        case UInt8(ascii: "A"):
            arcTo(radii: (a[0], a[1]), rotation: a[2], largeArc: a[3] != 0, sweep: a[4] != 0, end: point(5))
        default:
            path.close()
            current = subpathStart
        }
        (lastCubicControl, lastQuadControl) = (cubicControl, quadControl)
    }

    /// The reflection of the previous control point about the current point, or the current point.
    func reflect(_ control: Point?) -> Point {
        guard let control else { return current }
        return current * 2 - control
    }

    mutating func moveTo(_ p: Point) {
        path.move(to: p)
        subpathStart = p
    }

    mutating func lineTo(_ p: Point) {
        path.line(to: p)
        current = p
    }

    mutating func quadTo(_ c: Point, _ p: Point) {
        path.quad(to: p, control: c)
        current = p
    }

    mutating func cubicTo(_ c1: Point, _ c2: Point, _ p: Point) {
        path.cubic(to: p, control1: c1, control2: c2)
        current = p
    }
}

// MARK: - Elliptical arcs (SVG implementation notes F.6)

extension SVGPathBuilder {
    /// An elliptical arc from the current point to `end`, as cubics of at most 90° each.
    mutating func arcTo(radii: (Double, Double), rotation degrees: Double, largeArc: Bool, sweep: Bool, end: Point) {
        guard end != current else { return }  // F.6.2: omitted entirely
        var (rx, ry) = (abs(radii.0), abs(radii.1))
        guard rx > 0, ry > 0 else { return lineTo(end) }  // F.6.2: a straight line
        let phi = degrees.truncatingRemainder(dividingBy: 360) * Double.pi / 180
        let (cosPhi, sinPhi) = (cosine(phi), sine(phi))
        // F.6.5.1: the midpoint difference in the ellipse's axes.
        let (dx, dy) = ((current.x - end.x) / 2, (current.y - end.y) / 2)
        let x1 = cosPhi * dx + sinPhi * dy, y1 = -sinPhi * dx + cosPhi * dy
        // F.6.6: radii too small to reach are scaled up.
        let lambda = (x1 * x1) / (rx * rx) + (y1 * y1) / (ry * ry)
        if lambda > 1 {
            rx *= lambda.squareRoot()
            ry *= lambda.squareRoot()
        }
        // F.6.5.2: the centre in the ellipse's axes.
        let numerator = rx * rx * ry * ry - rx * rx * y1 * y1 - ry * ry * x1 * x1
        let denominator = rx * rx * y1 * y1 + ry * ry * x1 * x1
        var factor = denominator > 0 ? Swift.max(0, numerator / denominator).squareRoot() : 0
        if largeArc == sweep { factor = -factor }
        let (cx1, cy1) = (factor * rx * y1 / ry, -factor * ry * x1 / rx)
        // F.6.5.3: the centre in user space.
        let centre = Point(x: cosPhi * cx1 - sinPhi * cy1 + (current.x + end.x) / 2,
                           y: sinPhi * cx1 + cosPhi * cy1 + (current.y + end.y) / 2)
        // F.6.5.5–6: start angle and sweep on the unit circle.
        let u = Point(x: (x1 - cx1) / rx, y: (y1 - cy1) / ry)
        let v = Point(x: (-x1 - cx1) / rx, y: (-y1 - cy1) / ry)
        let theta = Self.angle(Point(x: 1, y: 0), u)
        var delta = Self.angle(u, v)
        if !sweep, delta > 0 { delta -= 2 * Double.pi }
        if sweep, delta < 0 { delta += 2 * Double.pi }
        // Extreme numbers (radii near 1e308) overflow to infinity or NaN: draw the chord instead.
        guard [centre.x, centre.y, rx, ry, theta, delta].allSatisfy(\.isFinite) else { return lineTo(end) }
        let ellipse = EllipseMap(centre: centre, rx: rx, ry: ry, cos: cosPhi, sin: sinPhi)
        for (c1, c2, p) in Self.unitArcCubics(from: theta, sweep: delta) {
            path.cubic(to: p.map(ellipse.apply) ?? end, control1: ellipse.apply(c1), control2: ellipse.apply(c2))
        }
        current = end
    }

    /// The signed angle from u to v.
    static func angle(_ u: Point, _ v: Point) -> Double {
        arcTangent2(u.x * v.y - u.y * v.x, u.x * v.x + u.y * v.y)
    }

    /// Cubic pieces (≤ 90°) of the unit-circle arc from angle `theta` sweeping `delta`, handles
    /// 4/3·tan(step/4); the last end point is nil (the caller uses the exact end point).
    static func unitArcCubics(from theta: Double, sweep delta: Double) -> [(Point, Point, Point?)] {
        guard delta.isFinite, theta.isFinite else { return [] }
        let count = Swift.max(1, Swift.min(4, Int((abs(delta) / (Double.pi / 2) - 1e-9).rounded(.up))))
        let step = delta / Double(count)
        let k = 4.0 / 3.0 * sine(step / 4) / cosine(step / 4)
        var out: [(Point, Point, Point?)] = []
        for i in 0..<count {
            let a0 = theta + step * Double(i), a1 = theta + step * Double(i + 1)
            let (p0, p1) = (Point(x: cosine(a0), y: sine(a0)), Point(x: cosine(a1), y: sine(a1)))
            let c1 = p0 + Point(x: -p0.y, y: p0.x) * k
            let c2 = p1 - Point(x: -p1.y, y: p1.x) * k
            out.append((c1, c2, i == count - 1 ? nil : p1))
        }
        return out
    }
}

/// The affine map from the unit circle to an ellipse: scale by the radii, rotate, translate.
struct EllipseMap {
    let centre: Point
    let rx, ry, cos, sin: Double

    func apply(_ p: Point) -> Point {
        let (x, y) = (p.x * rx, p.y * ry)
        return Point(x: centre.x + cos * x - sin * y, y: centre.y + sin * x + cos * y)
    }
}
