import AnimGeometry

/// Per-pixel evaluation of a `GradientPaint`.
///
/// Every kind's t is built from affine functions of the unit-space point, which are `PixelForm`s
/// of the homogeneous device → unit image divided by W: axial t = T/W, radial t = √(P² + Q²)/W,
/// conic t = turns(C, D) with D and C the dot and cross products with start → end (their common
/// factor 1/W > 0 does not change the angle). A pixel costs a few multiply-adds, one division or
/// square root, and a table load.
struct GradientShader: RowShader {
    /// What a paint reduces to once its geometry is checked.
    enum Plan {
        /// Nothing is drawn.
        case nothing
        /// One table entry everywhere (degenerate geometry).
        case uniform(entry: Int)
        /// Per-pixel evaluation with forms (first, second) and W.
        case shaded(first: PixelForm, second: PixelForm, w: PixelForm)
    }

    let kind: GradientPaint.Kind
    let table: UnsafeBufferPointer<UInt32>
    let first, second, w: PixelForm
    var f0 = RowForm.zero, f1 = RowForm.zero, fw = RowForm.zero

    init(kind: GradientPaint.Kind, table: UnsafeBufferPointer<UInt32>, first: PixelForm, second: PixelForm, w: PixelForm) {
        precondition(table.count == GradientPaint.tableSteps + 1)
        self.kind = kind
        self.table = table
        self.first = first
        self.second = second
        self.w = w
    }

    mutating func startRow(_ y: Int) {
        f0 = first.row(y)
        f1 = second.row(y)
        fw = w.row(y)
    }

    @inline(__always)
    func shade(_ x: Int) -> UInt32 {
        let w = fw.at(x)
        guard w > 0 else { return 0 }
        let t: Double
        switch kind {
        case .axial:
            t = f0.at(x) / w
        case .radial:
            let p = f0.at(x), q = f1.at(x)
            t = (p * p + q * q).squareRoot() / w
        case .conic:
            t = Turns.atan2(f1.at(x), f0.at(x))
        }
        return table[Self.index(t)]
    }

    /// round(t · tableSteps) with t clamped to [0, 1] (NaN → 0).
    @inline(__always)
    static func index(_ t: Double) -> Int {
        t > 0 ? (t < 1 ? Int(t * Double(GradientPaint.tableSteps) + 0.5) : GradientPaint.tableSteps) : 0
    }

    /// The evaluation plan of `paint` (see `GradientPaint` for the degenerate cases).
    static func plan(_ paint: GradientPaint) -> Plan {
        let h = paint.deviceToUnit, s = paint.start, e = paint.end
        guard !paint.table.isEmpty, h.isFinite, h.determinant != 0, h.determinant.isFinite,
              s.x.isFinite, s.y.isFinite, e.x.isFinite, e.y.isFinite else { return .nothing }
        let last = Plan.uniform(entry: GradientPaint.tableSteps)
        let w = PixelForm(h, u: 0, v: 0, w: 1)
        let dx = e.x - s.x, dy = e.y - s.y
        let forms: (PixelForm, PixelForm)
        switch paint.kind {
        case .axial:
            let l2 = dx * dx + dy * dy
            let kx = dx / l2, ky = dy / l2
            guard l2 > 0, kx.isFinite, ky.isFinite else { return last }
            let t = PixelForm(h, u: kx, v: ky, w: -(kx * s.x + ky * s.y))
            forms = (t, t)
        case .radial:
            let ix = 1 / abs(dx), iy = 1 / abs(dy)
            guard ix.isFinite, iy.isFinite else { return last }
            forms = (PixelForm(h, u: ix, v: 0, w: -s.x * ix), PixelForm(h, u: 0, v: iy, w: -s.y * iy))
        case .conic:
            let (ux, uy) = dx == 0 && dy == 0 ? (1.0, 0.0) : (dx, dy)
            forms = (PixelForm(h, u: ux, v: uy, w: -(ux * s.x + uy * s.y)),
                     PixelForm(h, u: -uy, v: ux, w: uy * s.x - ux * s.y))
        }
        guard [forms.0, forms.1, w].allSatisfy(\.isFinite) else { return last }
        return .shaded(first: forms.0, second: forms.1, w: w)
    }
}

extension PixelForm {
    var isFinite: Bool { kx.isFinite && ky.isFinite && k1.isFinite }
}

/// An axial gradient through an affine map, in fixed point: t·tableSteps is affine in the pixel
/// position, so each row needs one start and one step, each rounded once to 32.32 fixed point;
/// a pixel's table index is ⌊start + x·step + ½⌋ (exact integer arithmetic, so it depends only on
/// the pixel) clamped to the table. Same rounding rule as `GradientShader` (ties up), without the
/// per-pixel division. Maps whose index could leave ±2²⁸ over the largest canvas use
/// `GradientShader` instead.
struct AffineAxialShader: RowShader {
    let table: UnsafeBufferPointer<UInt32>
    /// Table position at device (x, y) = (0, 0)… as i0 + x·ix + y·iy.
    let i0, ix, iy: Double
    let step: Int64
    var row: Int64 = 0

    static let one = 4_294_967_296.0  // 2³²

    /// nil unless the map is affine with W > 0 and the positions fit the fixed point.
    init?(table: UnsafeBufferPointer<UInt32>, t: PixelForm, w: PixelForm) {
        guard w.kx == 0, w.ky == 0, w.k1 > 0 else { return nil }
        let s = Double(GradientPaint.tableSteps) / w.k1
        ix = t.kx * s
        iy = t.ky * s
        i0 = (0.5 * t.kx + 0.5 * t.ky + t.k1) * s
        let extent = Double(Bitmap.maxDimension + 1)
        guard abs(i0) + extent * (abs(ix) + abs(iy)) < 268_435_456 else { return nil }
        step = Int64((ix * Self.one).rounded())
        self.table = table
    }

    mutating func startRow(_ y: Int) {
        row = Int64(((i0 + Double(y) * iy) * Self.one).rounded())
    }

    @inline(__always)
    func shade(_ x: Int) -> UInt32 {
        let i = Int((row &+ Int64(x) &* step &+ (1 << 31)) >> 32)
        return table[min(max(i, 0), GradientPaint.tableSteps)]
    }
}

extension Blend {
    /// Source-over of a gradient scaled by `opacity` through `mask` (the table is scaled by opacity
    /// once, then each pixel by its coverage).
    static func fill(_ mask: CoverageMask, gradient: GradientPaint, opacity: UInt8, rows: Range<Int> = PixelRect.allRows,
                     into dst: inout Bitmap, origin: PixelOffset = .zero) {
        let plan = GradientShader.plan(gradient)
        if case .nothing = plan { return }
        let table = opacity == 255 ? gradient.table : gradient.table.map { scale($0, UInt32(opacity)) }
        switch plan {
        case .nothing:
            return
        case .uniform(let entry):
            fill(mask, color: PixelRGBA8(packed: table[entry]), rows: rows, into: &dst, origin: origin)
        case .shaded(let first, let second, let w):
            table.withUnsafeBufferPointer { table in
                if gradient.kind == .axial, var shader = AffineAxialShader(table: table, t: first, w: w) {
                    fill(mask, shader: &shader, rows: rows, into: &dst, origin: origin)
                } else {
                    var shader = GradientShader(kind: gradient.kind, table: table, first: first, second: second, w: w)
                    fill(mask, shader: &shader, rows: rows, into: &dst, origin: origin)
                }
            }
        }
    }
}
