import AnimGeometry
import Testing

struct HomographyTests {
    func project(_ h: Homography, _ p: Point) -> Point {
        let q = h.apply(p)
        return Point(x: q.x / q.w, y: q.y / q.w)
    }

    @Test func inverseUndoesAPerspectiveMap() throws {
        let h = Homography(2, 0.5, 0.001, -0.3, 1.5, 0.002, 40, -7, 1.2)
        let inv = try #require(h.inverse)
        for p in [Point(x: 0, y: 0), Point(x: 13.5, y: -4), Point(x: 100, y: 250)] {
            let back = project(inv, project(h, p))
            #expect(abs(back.x - p.x) < 1e-9 && abs(back.y - p.y) < 1e-9)
        }
        let product = h.concatenating(inv)
        let id = Homography.identity
        for (x, y) in zip([product.a, product.b, product.c, product.d, product.e, product.f, product.g, product.h, product.i],
                          [id.a, id.b, id.c, id.d, id.e, id.f, id.g, id.h, id.i]) {
            #expect(abs(x - y) < 1e-12)
        }
    }

    @Test func inverseKeepsTheSignOfW() throws {
        // A point with W = 2 > 0 maps back with third component 1/2.
        let h = Homography(1, 0, 0.01, 0, 1, 0, 0, 0, 1)
        let q = h.apply(Point(x: 100, y: 3))
        #expect(q.w == 2)
        let r = try #require(h.inverse).apply(Point(x: q.x / q.w, y: q.y / q.w))
        #expect(abs(r.w - 0.5) < 1e-15)
    }

    @Test func singularAndNonFiniteMapsHaveNoInverse() {
        #expect(Homography(1, 2, 0, 2, 4, 0, 0, 0, 1).inverse == nil)
        #expect(Homography(0, 0, 0, 0, 0, 0, 0, 0, 0).inverse == nil)
        #expect(Homography(.nan, 0, 0, 0, 1, 0, 0, 0, 1).inverse == nil)
        #expect(Homography(.infinity, 0, 0, 0, 1, 0, 0, 0, 1).inverse == nil)
        #expect(Homography(1e-200, 0, 0, 0, 1e-200, 0, 0, 0, 1e-200).inverse == nil)  // 1/det overflows
    }
}
