import AnimCompositor
import AnimGeometry
import AnimLayers
import AnimRaster
import Testing

/// Transitions as drawn, measured on rendered pixels: a 100 × 50 layer at (50, 75) on a 200 × 200
/// canvas, red before the change and blue after (the old tree is the same layer, red).
struct TransitionTests: CompositorFixture {
    /// A rendered frame that describes itself briefly when an expectation fails.
    struct Shot: CustomStringConvertible {
        let bitmap: Bitmap
        var description: String { "\(bitmap.width)×\(bitmap.height) frame" }
    }

    func drawn(_ type: TransitionType, _ subtype: TransitionSubtype? = nil, progress: Double,
               configure: (inout LayerProperties) -> Void = { _ in }) throws -> Shot {
        var old = LayerTree()
        old.append(id: "view", properties: layer(Rect(x: 50, y: 75, width: 100, height: 50), .red, configure: configure), parent: nil)
        var live = old
        live.nodes[0].properties.backgroundColor = .blue
        live.transitions = [LayerTransition(layer: 0, effect: TransitionEffect(type, subtype), progress: progress, old: old)]
        return Shot(bitmap: try render(live))
    }

    func rgb(_ s: Shot, _ x: Int, _ y: Int) -> (r: Int, g: Int, b: Int, a: Int) { rgb(s.bitmap, x, y) }

    func isRed(_ b: Shot, _ x: Int, _ y: Int) -> Bool { let c = rgb(b, x, y); return c.r == 255 && c.b == 0 && c.a == 255 }
    func isBlue(_ b: Shot, _ x: Int, _ y: Int) -> Bool { let c = rgb(b, x, y); return c.b == 255 && c.r == 0 && c.a == 255 }
    func isEmpty(_ b: Shot, _ x: Int, _ y: Int) -> Bool { rgb(b, x, y).a == 0 }
    /// Red or blue, perhaps darkened (a turned face).
    func isReddish(_ b: Shot, _ x: Int, _ y: Int) -> Bool { let c = rgb(b, x, y); return c.r > 150 && c.b == 0 && c.a == 255 }
    func isBluish(_ b: Shot, _ x: Int, _ y: Int) -> Bool { let c = rgb(b, x, y); return c.b > 150 && c.r == 0 && c.a == 255 }

    /// The columns of row y that pass `test`.
    func columns(_ b: Shot, y: Int, _ test: (Shot, Int, Int) -> Bool) -> [Int] {
        (0..<b.bitmap.width).filter { test(b, $0, y) }
    }

    @Test func pushMovesBothByTheProgress() throws {
        let b = try drawn(.push, .fromRight, progress: 0.25)
        #expect(columns(b, y: 100, isRed) == Array(25..<125), "old x = −W·p: 25 pt to the left")
        #expect(columns(b, y: 100, isBlue) == Array(125..<200), "new x = W·(1 − p), cut by the canvas")
    }

    @Test func moveInSlidesTheNewOverTheOld() throws {
        let b = try drawn(.moveIn, .fromTop, progress: 0.5)
        // fromTop: the new rendering enters at the top edge and moves down (UIKit's y-down).
        #expect(isBlue(b, 100, 51) && isBlue(b, 100, 99), "new y = −H·(1 − p): rows 50..<100")
        #expect(isRed(b, 100, 101) && isRed(b, 100, 124), "the old stays where it was, under the new")
        #expect(isEmpty(b, 100, 49) && isEmpty(b, 100, 125))
    }

    @Test func revealSlidesTheOldAwayOverTheNew() throws {
        let b = try drawn(.reveal, .fromLeft, progress: 0.5)
        #expect(columns(b, y: 100, isBlue) == Array(50..<100), "the new, uncovered where the old has left")
        #expect(columns(b, y: 100, isRed) == Array(100..<200), "old x = +W·p, on top")
    }

    @Test func slidesAreClippedToTheBoundsWhenTheLayerMasksToBounds() throws {
        let b = try drawn(.push, .fromRight, progress: 0.25) { $0.masksToBounds = true }
        #expect(columns(b, y: 100, isRed) == Array(50..<125))
        #expect(columns(b, y: 100, isBlue) == Array(125..<150))
    }

    @Test func fadeMixesPremultipliedChannels() throws {
        let b = try drawn(.fade, progress: 0.25)
        let c = rgb(b, 100, 100)
        // weight round(0.25 · 255) = 64: red 255·191/255, blue 255·64/255, exactly.
        #expect(c.r == 191 && c.g == 0 && c.b == 64 && c.a == 255)
        #expect(isEmpty(b, 100, 70), "outside both renderings nothing is drawn")
    }

    @Test func theLayersOpacityAppliesOnceToTheResult() throws {
        let b = try drawn(.push, .fromRight, progress: 0.25) { $0.opacity = 0.5 }
        #expect(rgb(b, 60, 100) == (r: 128, g: 0, b: 0, a: 128))
        #expect(rgb(b, 140, 100) == (r: 0, g: 0, b: 128, a: 128))
    }

    /// The rows covered in column x.
    func height(_ b: Shot, x: Int) -> Int { (0..<b.bitmap.height).filter { rgb(b, x, $0).a > 127 }.count }
    func extent(_ b: Shot, y: Int) -> (Int, Int) {
        let xs = (0..<b.bitmap.width).filter { rgb(b, $0, y).a > 127 }
        return (xs.first ?? -1, xs.last ?? -1)
    }

    @Test func flipFromLeftTurnsTheLeftSideTowardTheViewer() throws {
        let b = try drawn(.oglFlip, .fromLeft, progress: 0.25)
        let (left, right) = extent(b, y: 100)
        #expect(height(b, x: left + 1) > height(b, x: right - 1), "the near (left) edge is the taller")
        #expect(abs(height(b, x: left + 1) - 50) <= 1, "the flip recedes so its nearest edge keeps the view's height")
        #expect(isReddish(b, 100, 100), "the old side shows for the first half")
        // θ = 45°: near edge at x = −25√2 in the plane; far edge at z = −50√2, w = 1 + 50√2/200.
        let half = 50 * 0.5.squareRoot(), w = 1 + 100 * 0.5.squareRoot() / 200
        #expect(abs(Double(left) - (100 - half)) <= 1 && abs(Double(right + 1) - (100 + half / w)) <= 1)
        let back = try drawn(.oglFlip, .fromRight, progress: 0.75)
        let (l2, r2) = extent(back, y: 100)
        #expect(isBluish(back, 100, 100), "the new side shows for the second half")
        #expect(height(back, x: r2 - 1) < height(back, x: l2 + 1), "fromRight, turning back: the left edge is nearer")
    }

    @Test func flipFromTopTurnsTheTopTowardTheViewer() throws {
        let b = try drawn(.oglFlip, .fromTop, progress: 0.2)
        let top = extent(b, y: (0..<200).first { rgb(b, 100, $0).a > 127 }! + 1)
        let bottom = extent(b, y: (0..<200).last { rgb(b, 100, $0).a > 127 }! - 1)
        #expect(top.1 - top.0 > bottom.1 - bottom.0)
    }

    @Test func cubeBringsTheNewFaceInFromTheSubtypesSide() throws {
        let b = try drawn(.cube, .fromLeft, progress: 0.5)
        let (left, right) = extent(b, y: 100)
        let blue = columns(b, y: 100) { self.rgb($0, $1, $2).b > 100 }, red = columns(b, y: 100) { self.rgb($0, $1, $2).r > 100 }
        #expect(blue.first == left && red.last == right, "new on the left, old on the right")
        #expect((blue.last ?? 0) < (red.first ?? 0))
    }

    /// At the start the entering face is edge-on at the side, and the perspective projects it
    /// inside the old face, seen from behind: it is the cube's inside and must not show. Progress
    /// 0 is the old layer exactly, on every side; at 0.05 the new face is still turned away.
    @Test(arguments: [TransitionSubtype.fromLeft, .fromRight, .fromTop, .fromBottom])
    func cubesEnteringFaceIsHiddenWhileItIsTurnedAway(_ side: TransitionSubtype) throws {
        for progress in [0.0, 0.05] {
            let b = try drawn(.cube, side, progress: progress)
            let blue = (0..<200).flatMap { y in columns(b, y: y) { self.rgb($0, $1, $2).b > 0 } }
            #expect(blue.isEmpty, "\(side) at \(progress): \(blue.count) pixels of the new face")
        }
        let start = try drawn(.cube, side, progress: 0)
        #expect(isRed(start, 51, 76) && isRed(start, 148, 123) && isEmpty(start, 48, 100) && isEmpty(start, 151, 100))
    }

    /// A cube on a layer of zero width still turns its sublayers: facing is decided by the plane,
    /// not by the bounds' own (empty) outline, which culled both faces.
    @Test func cubeOnALayerOfZeroWidthDrawsItsSublayers() throws {
        var old = LayerTree()
        let view = old.append(id: "view", properties: layer(Rect(x: 100, y: 75, width: 0, height: 50), nil), parent: nil)
        old.append(id: "content", properties: layer(Rect(x: -50, y: 0, width: 100, height: 50), .red), parent: view)
        var live = old
        live.nodes[1].properties.backgroundColor = .blue
        for progress in [0.0, 0.5, 1.0] {
            live.transitions = [LayerTransition(layer: 0, effect: TransitionEffect(.cube, .fromLeft), progress: progress, old: old)]
            let b = Shot(bitmap: try render(live))
            let drawn = (0..<200).flatMap { y in columns(b, y: y) { self.rgb($0, $1, $2).a > 0 } }
            #expect(!drawn.isEmpty, "at \(progress) nothing is drawn")
        }
    }

    @Test func pageCurlUncoversTheNewFromTheBottomRightCorner() throws {
        let start = try drawn(.pageCurl, .fromBottom, progress: 0)
        #expect(isRed(start, 148, 123) && isRed(start, 52, 77))
        let mid = try drawn(.pageCurl, .fromBottom, progress: 0.4)
        #expect(isBlue(mid, 148, 123), "the corner the curl starts from shows the page beneath")
        #expect(isRed(mid, 52, 77), "the far corner is still flat")
        let end = try drawn(.pageCurl, .fromBottom, progress: 1)
        #expect(isBlue(end, 52, 77) && isBlue(end, 148, 123))
        let uncurl = try drawn(.pageUnCurl, .fromBottom, progress: 0.6)
        #expect(isBlue(uncurl, 52, 77) && isRed(uncurl, 148, 123), "pageUnCurl lays the new page down from the far corner")
    }

    @Test func warpsStayInsideTheBoundsAndAntiAliasTheirEdges() throws {
        let b = try drawn(.pageCurl, .fromBottom, progress: 0.5)
        #expect(isEmpty(b, 49, 100) && isEmpty(b, 150, 100) && isEmpty(b, 100, 74) && isEmpty(b, 100, 125))
        // Along the row through the middle, the change from the page beneath to the curl has intermediate pixels.
        let mixed = (50..<150).filter { let c = rgb(b, $0, 110); return c.r > 20 && c.b > 20 }
        #expect(!mixed.isEmpty)
    }

    /// At progress 0 nothing has moved: a warp's first frame is the old layer exactly as drawn
    /// without a transition (session 63's audit found a curl's corner pixel and a suck's bottom
    /// row blended by the resampling).
    @Test(arguments: [TransitionType.pageCurl, .pageUnCurl, .rippleEffect, .suckEffect])
    func aWarpsFirstFrameIsTheOldLayerUntouched(_ type: TransitionType) throws {
        var old = LayerTree()
        old.append(id: "view", properties: layer(Rect(x: 50, y: 75, width: 100, height: 50), .red), parent: nil)
        let plain = try render(old)
        for subtype in [TransitionSubtype.fromLeft, .fromRight, .fromTop, .fromBottom] {
            let first = try drawn(type, subtype, progress: 0).bitmap.pixels
            let differing = zip(first, plain.pixels).filter { $0 != $1 }.count
            #expect(first.count == plain.pixels.count && differing == 0, "\(type) \(subtype): \(differing) bytes differ")
        }
    }

    @Test func rippleIsUndistortedAtItsEndsAndDissolves() throws {
        #expect(isRed(try drawn(.rippleEffect, progress: 0), 60, 80))
        let end = try drawn(.rippleEffect, progress: 1)
        #expect(isBlue(end, 60, 80) && isBlue(end, 100, 100))
        let mid = rgb(try drawn(.rippleEffect, progress: 0.5), 100, 100)
        #expect(mid.r > 60 && mid.b > 60, "half way, both renderings show")
    }

    @Test func suckDrawsTheOldIntoTheBottomLeftCorner() throws {
        let b = try drawn(.suckEffect, progress: 0.6)
        #expect(isBlue(b, 145, 80), "the top right has been sucked away")
        #expect(rgb(b, 51, 124).r > 200, "the bottom-left corner keeps the old picture longest")
    }

    @Test func cameraIrisClosesOverTheOldAndOpensOntoTheNew() throws {
        let closing = try drawn(.cameraIrisHollowClose, progress: 0.7)
        #expect(isRed(closing, 100, 100), "the old shows through the aperture")
        let blade = rgb(closing, 52, 77)
        #expect(blade.a == 255 && blade.r < 40 && blade.b < 40, "blades cover the corners")
        #expect(isBlue(try drawn(.cameraIris, progress: 0.9), 100, 100), "cameraIris opens onto the new")
        #expect(isEmpty(try drawn(.cameraIris, progress: 0.5), 40, 100), "the blades stay inside the bounds")
    }

    /// A transition on a transform layer inside another 3D context: the transitioning layer is one
    /// plane of the outer context, drawn with its effect (it was once recursed into and the effect lost).
    @Test func aTransitionOnANestedTransformLayerIsDrawn() throws {
        var old = LayerTree()
        let outer = old.append(id: "outer", properties: layer(Rect(x: 0, y: 0, width: 200, height: 200), nil) { $0.kind = .transform }, parent: nil)
        _ = old.append(id: "corner", properties: layer(Rect(x: 0, y: 0, width: 10, height: 10), .blue), parent: outer)
        let inner = old.append(id: "inner", properties: layer(Rect(x: 0, y: 0, width: 200, height: 200), nil) { $0.kind = .transform }, parent: outer)
        let view = old.append(id: "view", properties: layer(Rect(x: 50, y: 75, width: 100, height: 50), .red), parent: inner)
        var live = old
        live.nodes[view].properties.backgroundColor = .blue
        live.transitions = [LayerTransition(layer: inner, effect: TransitionEffect(.fade), progress: 0.25, old: old)]
        let b = Shot(bitmap: try render(live))
        let c = rgb(b, 100, 100)
        #expect(c.r == 191 && c.g == 0 && c.b == 64 && c.a == 255, "the fade of the nested transform layer, as at the top level")
        #expect(isBlue(b, 5, 5), "the outer context's other plane is drawn")
    }
}
