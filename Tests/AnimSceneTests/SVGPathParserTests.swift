import AnimGeometry
import AnimScene
import Testing

/// SVG path data and the scene file's path values (SCENE_FORMAT.md "Values": path).
struct SVGPathParserTests {
    // MARK: Helpers

    func parse(_ data: String, sourceLocation: Testing.SourceLocation = #_sourceLocation) -> [Path.Element]? {
        do throws(SVGPathError) {
            return try SVGPathParser.parse(data).elements
        } catch {
            Issue.record("\(error)", sourceLocation: sourceLocation)
            return nil
        }
    }

    func parseError(_ data: String) -> SVGPathError? {
        do throws(SVGPathError) {
            _ = try SVGPathParser.parse(data)
            return nil
        } catch {
            return error
        }
    }

    func p(_ x: Double, _ y: Double) -> Point { Point(x: x, y: y) }

    func close(_ a: Point?, _ b: Point, _ tolerance: Double = 1e-9) -> Bool {
        guard let a else { return false }
        return abs(a.x - b.x) <= tolerance && abs(a.y - b.y) <= tolerance
    }

    // MARK: Commands

    @Test func absoluteCommands() {
        #expect(parse("M 10 20 L 30 40 H 50 V 60 C 1 2 3 4 5 6 Q 7 8 9 10 Z") == [
            .move(p(10, 20)), .line(p(30, 40)), .line(p(50, 40)), .line(p(50, 60)),
            .cubic(p(1, 2), p(3, 4), p(5, 6)), .quad(p(7, 8), p(9, 10)), .close,
        ])
    }

    @Test func relativeCommands() {
        #expect(parse("m 10 20 l 20 20 h 20 v 20 c 1 2 3 4 5 6 q 1 1 2 2 z") == [
            .move(p(10, 20)), .line(p(30, 40)), .line(p(50, 40)), .line(p(50, 60)),
            .cubic(p(51, 62), p(53, 64), p(55, 66)), .quad(p(56, 67), p(57, 68)), .close,
        ])
        // After z the current point is the subpath start: m and l continue from there.
        #expect(parse("M 10 10 L 20 10 z m 5 5 l 1 1") == [
            .move(p(10, 10)), .line(p(20, 10)), .close, .move(p(15, 15)), .line(p(16, 16)),
        ])
        #expect(parse("M 10 10 L 20 10 Z l 0 5") == [.move(p(10, 10)), .line(p(20, 10)), .close, .line(p(10, 15))])
    }

    @Test func implicitRepeats() {
        #expect(parse("M 0 0 10 10 20 0") == [.move(p(0, 0)), .line(p(10, 10)), .line(p(20, 0))])
        #expect(parse("m 1 1 2 2 3 3") == [.move(p(1, 1)), .line(p(3, 3)), .line(p(6, 6))])
        #expect(parse("M0,0L1,1,2,2 3 3") == [.move(p(0, 0)), .line(p(1, 1)), .line(p(2, 2)), .line(p(3, 3))])
        #expect(parse("M0 0H1 2V3 4") == [.move(p(0, 0)), .line(p(1, 0)), .line(p(2, 0)), .line(p(2, 3)), .line(p(2, 4))])
        #expect(parse("M0 0h1 2v3 4") == [.move(p(0, 0)), .line(p(1, 0)), .line(p(3, 0)), .line(p(3, 3)), .line(p(3, 7))])
        #expect(parse("M0 0 c1 0 1 1 2 2 1 0 1 1 2 2") == [
            .move(p(0, 0)), .cubic(p(1, 0), p(1, 1), p(2, 2)), .cubic(p(3, 2), p(3, 3), p(4, 4)),
        ])
        #expect(parse("M0 0 Q1 1 2 0 3 -1 4 0") == [.move(p(0, 0)), .quad(p(1, 1), p(2, 0)), .quad(p(3, -1), p(4, 0))])
    }

    @Test func smoothCubicReflectsTheLastControlPoint() {
        #expect(parse("M 0 0 C 0 10 10 10 10 0 S 20 -10 20 0") == [
            .move(p(0, 0)), .cubic(p(0, 10), p(10, 10), p(10, 0)), .cubic(p(10, -10), p(20, -10), p(20, 0)),
        ])
        // Relative, and repeated (each repeat reflects the previous one's control point).
        #expect(parse("M 0 0 c 0 10 10 10 10 0 s 10 -10 10 0 10 10 10 0") == [
            .move(p(0, 0)), .cubic(p(0, 10), p(10, 10), p(10, 0)), .cubic(p(10, -10), p(20, -10), p(20, 0)),
            .cubic(p(20, 10), p(30, 10), p(30, 0)),
        ])
        // Without a preceding C or S the first control point is the current point.
        #expect(parse("M 5 5 L 10 0 S 20 10 30 0") == [
            .move(p(5, 5)), .line(p(10, 0)), .cubic(p(10, 0), p(20, 10), p(30, 0)),
        ])
        #expect(parse("M 0 0 Q 5 5 10 0 S 20 10 30 0")?.last == .cubic(p(10, 0), p(20, 10), p(30, 0)))
    }

    @Test func smoothQuadReflectsTheLastControlPoint() {
        #expect(parse("M 0 0 Q 5 10 10 0 T 20 0 T 30 0") == [
            .move(p(0, 0)), .quad(p(5, 10), p(10, 0)), .quad(p(15, -10), p(20, 0)), .quad(p(25, 10), p(30, 0)),
        ])
        #expect(parse("M 0 0 q 5 10 10 0 t 10 0 10 0") == [
            .move(p(0, 0)), .quad(p(5, 10), p(10, 0)), .quad(p(15, -10), p(20, 0)), .quad(p(25, 10), p(30, 0)),
        ])
        // After something else, the control point is the current point.
        #expect(parse("M 0 0 C 1 1 2 2 10 0 T 20 0")?.last == .quad(p(10, 0), p(20, 0)))
        #expect(parse("M 0 0 T 20 0") == [.move(p(0, 0)), .quad(p(0, 0), p(20, 0))])
    }

    // MARK: Arcs

    @Test func halfCircleArcs() {
        // Sweep flag 1: the positive-angle direction, clockwise on screen (y down): over the top.
        guard let up = parse("M 0 0 A 50 50 0 0 1 100 0") else { return }
        #expect(up.count == 3)
        let upSegments = Path(elements: up).segments
        #expect(upSegments.last?.end == p(100, 0))
        #expect(close(upSegments.first?.end, p(50, -50)))
        #expect(close(upSegments.first?.point(at: 0.5), p(50 - 50 * 0.5.squareRoot(), -50 * 0.5.squareRoot())))
        // Sweep flag 0 goes under.
        let down = Path(elements: parse("M 0 0 A 50 50 0 0 0 100 0") ?? []).segments
        #expect(close(down.first?.end, p(50, 50)))
        // Radii too small are scaled up (F.6.6): the same half circle.
        let scaled = parse("M 0 0 A 1 1 0 0 1 100 0") ?? []
        for (a, b) in zip(Path(elements: scaled).segments, upSegments) {
            #expect(close(a.end, b.end) && close(a.point(at: 0.3), b.point(at: 0.3)))
        }
    }

    @Test func largeArcFlagAndRotation() {
        func length(_ data: String) -> Double {
            Path(elements: parse(data) ?? []).segments.reduce(0) { $0 + $1.length }
        }
        // Radius 100 over a chord of 100: the small arc is 60°, the large one 300°.
        #expect(abs(length("M 0 0 A 100 100 0 0 1 100 0") - 100 * Double.pi / 3) < 0.01)
        #expect(abs(length("M 0 0 A 100 100 0 1 1 100 0") - 500 * Double.pi / 3) < 0.05)
        #expect(Path(elements: parse("M 0 0 A 100 100 0 1 1 100 0") ?? []).segments.count == 4)
        // An ellipse rotated by 90°: rx lies along y, so a chord of 2·rx is a half ellipse through (±ry, 20).
        let rotated = Path(elements: parse("M 0 0 A 20 10 90 0 1 0 40") ?? []).segments
        #expect(close(rotated.first?.end, p(10, 20)))  // clockwise from 12 to 6 o'clock: via 3
        #expect(rotated.last?.end == p(0, 40))
    }

    @Test func degenerateArcs() {
        // Zero radius: a straight line; the same end point: nothing.
        #expect(parse("M 0 0 A 0 5 0 0 1 10 10") == [.move(p(0, 0)), .line(p(10, 10))])
        #expect(parse("M 3 4 A 5 5 0 0 1 3 4") == [.move(p(3, 4))])
        // Negative radii are taken as absolute values.
        #expect(parse("M 0 0 A -50 -50 0 0 1 100 0") == parse("M 0 0 A 50 50 0 0 1 100 0"))
    }

    @Test func compactArcFlags() {
        // Flags are single characters and need no separator: "0150 0" is 0, 1, 50, 0.
        let compact = parse("M0 0a50 50 0 0150 0")
        #expect(compact == parse("M 0 0 a 50 50 0 0 1 50 0"))
        #expect(compact?.last?.endPoint == p(50, 0))
        #expect(parse("M0,0A5,5,0,1,0,10,0")?.last?.endPoint == p(10, 0))
    }

    // MARK: Numbers and separators

    @Test func numberSyntax() {
        #expect(parse("M-.5.5L1e-3-2E+2") == [.move(p(-0.5, 0.5)), .line(p(0.001, -200))])
        #expect(parse("M 5. 6 L +1,+2") == [.move(p(5, 6)), .line(p(1, 2))])
        #expect(parse("M1.5.25.125-1") == [.move(p(1.5, 0.25)), .line(p(0.125, -1))])
        #expect(parse("M0-0.0L.1e1 1E-1") == [.move(p(0, -0.0)), .line(p(1, 0.1))])
        #expect(parse("\tM\n1\r\n2\u{0C}l 3 , 4  ") == [.move(p(1, 2)), .line(p(4, 6))])
        #expect(parse("") == [])
        #expect(parse("  \n ") == [])
    }

    // MARK: Errors

    @Test func errorsNameTheCharacter() {
        let missing = parseError("M 10 20 L 30 x")
        #expect(missing?.offset == 13)
        #expect(missing?.message == "expected a number after 'L' at character 14, found 'x'")
        #expect(parseError("M 10 20 L 30")?.message == "expected a number after 'L' at character 13, found the end of the path data")
        #expect(parseError("L 10 10")?.message == "path data must begin with a moveto ('M' or 'm') at character 1, found 'L'")
        #expect(parseError("  10 10")?.message == "path data must begin with a moveto ('M' or 'm') at character 3, found '1'")
        #expect(parseError("M 0 0 X 1")?.message == "unknown command 'X' at character 7")
        #expect(parseError("M 0 0 Z 5")?.message == "expected a command letter after 'Z' at character 9, found '5'")
        #expect(parseError("M 0 0 A 1 1 0 2 0 5 5")?.message == "expected an arc flag (0 or 1) after 'A' at character 15, found '2'")
        #expect(parseError("M 1e")?.message == "expected the digits of the exponent after 'e' at character 5, found the end of the path data")
        #expect(parseError("M 1,,2")?.message == "expected a number after 'M' at character 5, found ','")
        #expect(parseError("M,1 2")?.message == "expected a number after 'M' at character 2, found ','")
        #expect(parseError("M 1 2,")?.message == "expected a number after ',' at character 7, found the end of the path data")
        #expect(parseError("M 1 2, L 3 4")?.message == "expected a number after ',' at character 8, found 'L'")
        #expect(parseError("M 1 -")?.message == "expected a number after 'M' at character 6, found the end of the path data")
        #expect(parseError("M 1 -.x")?.message == "expected a number after 'M' at character 7, found 'x'")
        #expect(parseError("M 1e999 0")?.message == "number '1e999' out of range at character 3")
        #expect(parseError("M 1e\t2")?.message == "expected the digits of the exponent after 'e' at character 5, found U+0009")
        #expect(parseError("M 0 0 L 1 1 é")?.message == "expected a command letter after 'L' at character 13, found 'é'")
        #expect(parseError("M 0 0 L 1 1 é")?.offset == 12)
    }

    // MARK: Scene values

    @Test func pathValueForms() {
        func path(_ json: String) -> Path? { decode(json) { (r) throws(SceneError) in try r.bezierPath() } }
        #expect(path("\"M 20 100 Q 0 0 120 100 Z\"")?.elements == [.move(p(20, 100)), .quad(p(0, 0), p(120, 100)), .close])
        let rect = Rect(x: 1, y: 2, width: 30, height: 40)
        #expect(path("{\"rect\": [1, 2, 30, 40]}") == Path.rect(rect))
        #expect(path("{\"rect\": {\"x\": 1, \"y\": 2, \"width\": 30, \"height\": 40}}") == Path.rect(rect))
        #expect(path("{\"roundedRect\": [1, 2, 30, 40], \"cornerRadius\": 5}") == Path.roundedRect(rect, cornerRadius: 5))
        #expect(path("{\"ovalIn\": [1, 2, 30, 40]}") == Path.oval(in: rect))
        #expect(path("{\"arcCenter\": [50, 60], \"radius\": 10, \"startAngle\": 0, \"endAngle\": 3}")
            == Path.arc(center: p(50, 60), radius: 10, startAngle: 0, endAngle: 3, clockwise: true))
        #expect(path("{\"arcCenter\": {\"x\": 50, \"y\": 60}, \"radius\": 10, \"startAngle\": 0, \"endAngle\": 3, \"clockwise\": false}")
            == Path.arc(center: p(50, 60), radius: 10, startAngle: 0, endAngle: 3, clockwise: false))
    }

    @Test func pathValueErrors() {
        func error(_ json: String) -> String? { decodeError(json) { (r) throws(SceneError) in try r.bezierPath() } }
        #expect(error("\"M 0 0 L\"")
            == "t.json:1:1: v: invalid SVG path data: expected a number after 'L' at character 8, found the end of the path data")
        #expect(error("\"rect\"")
            == "t.json:1:1: v: invalid SVG path data: path data must begin with a moveto ('M' or 'm') at character 1, found 'r' (hint: a UIBezierPath factory is an object, such as {\"rect\": …})")
        #expect(error("12") == "t.json:1:1: v: expected a path: SVG path data such as \"M 0 0 L 10 10 Z\", or {\"rect\": …}, "
            + "{\"roundedRect\": …, \"cornerRadius\": r}, {\"ovalIn\": …} or "
            + "{\"arcCenter\": …, \"radius\": r, \"startAngle\": a, \"endAngle\": b, \"clockwise\": true}, "
            + "or a list of UIBezierPath calls such as [{\"move\": …}, {\"addLine\": …}, \"close\"], found a number")
        #expect(error("{\"ovalin\": [0, 0, 1, 1]}") == "t.json:1:2: v.ovalin: unknown key 'ovalin' (hint: did you mean 'ovalIn'?)")
        #expect(error("{\"rect\": [0, 0, 1, 1], \"color\": 1}")
            == "t.json:1:24: v.color: unknown key 'color' (hint: allowed keys: rect)")
        #expect(error("{}") == "t.json:1:1: v: a path object needs one of 'rect', 'roundedRect', 'ovalIn' or 'arcCenter'")
        #expect(error("{\"radius\": 3}")
            == "t.json:1:1: v: a path object needs one of 'rect', 'roundedRect', 'ovalIn' or 'arcCenter' (hint: 'radius' goes with 'arcCenter')")
        #expect(error("{\"rect\": [0, 0, 1, 1], \"ovalIn\": [0, 0, 1, 1]}")
            == "t.json:1:24: v.ovalIn: a path object has exactly one of 'rect', 'roundedRect', 'ovalIn', 'arcCenter'; found 'rect' and 'ovalIn'")
        #expect(error("{\"rect\": [0, 0, 1, 1], \"cornerRadius\": 3}")
            == "t.json:1:24: v.cornerRadius: 'cornerRadius' goes only with 'roundedRect'")
        #expect(error("{\"roundedRect\": [0, 0, 1, 1]}") == "t.json:1:1: v: missing required key 'cornerRadius'")
        #expect(error("{\"roundedRect\": [0, 0, 1, 1], \"cornerRadius\": -2}")
            == "t.json:1:47: v.cornerRadius: 'cornerRadius' must not be negative, found -2")
        #expect(error("{\"ovalIn\": [0, 0, 1]}")
            == "t.json:1:12: v.ovalIn: expected a rect: [x, y, width, height] or {\"x\": …, \"y\": …, \"width\": …, \"height\": …}, found an array of 3 numbers")
        #expect(error("{\"arcCenter\": [0, 0], \"radius\": 1, \"startAngle\": 0}") == "t.json:1:1: v: missing required key 'endAngle'")
        #expect(error("{\"arcCenter\": [0, 0], \"radius\": -1, \"startAngle\": 0, \"endAngle\": 1}")
            == "t.json:1:33: v.radius: 'radius' must not be negative, found -1")
        #expect(error("{\"arcCenter\": [0, 0], \"radius\": 1, \"startAngle\": 0, \"endAngle\": 1, \"clockwise\": \"yes\"}")
            == "t.json:1:81: v.clockwise: expected true or false, found a string")
        #expect(error("{\"arcCenter\": [0, 0], \"radius\": 1, \"startAngle\": 0, \"endAngle\": 1, \"clockWise\": true}")
            == "t.json:1:68: v.clockWise: unknown key 'clockWise' (hint: did you mean 'clockwise'?)")
    }
}
