/// The inner loop of both blur passes: a row of outputs, each the weighted sum of 16-bit values at
/// fixed offsets from it, 16 columns at a time in vector registers.
struct WeightedRows {
    /// Where each term starts, relative to the output column, in elements.
    private(set) var offsets: [Int]
    /// Each term's weight, ≤ 2¹⁶; all the weights of one sum add up to at most 2¹⁶.
    private(set) var weights: [UInt32]

    init(_ offsets: [Int], _ weights: [UInt32]) {
        precondition(offsets.count == weights.count)
        self.offsets = offsets
        self.weights = weights
    }

    var isEmpty: Bool { offsets.isEmpty }

    mutating func reserveCapacity(_ n: Int) {
        offsets.reserveCapacity(n)
        weights.reserveCapacity(n)
    }

    mutating func removeAll() {
        offsets.removeAll(keepingCapacity: true)
        weights.removeAll(keepingCapacity: true)
    }

    mutating func append(offset: Int, weight: UInt32) {
        offsets.append(offset)
        weights.append(weight)
    }

    /// out[i] = (Σ_j weights[j] · base[offsets[j] + i] + half) >> shift for i < width, half = 2^(shift−1).
    /// The products are 16 × 16 → 32 bits (a lone weight of 2¹⁶ is a shift); with inputs ≤ 65280
    /// and weights summing to ≤ 2¹⁶ the 32-bit sums cannot overflow.
    func sum<Output: FixedWidthInteger & UnsignedInteger & SIMDScalar>(
        _ base: UnsafePointer<UInt16>, width: Int, shift: UInt32, into out: UnsafeMutablePointer<Output>
    ) {
        if weights.count == 1, weights[0] > UInt32(UInt16.max) {
            let source = base + offsets[0]
            for i in 0..<width { out[i] = Output(truncatingIfNeeded: (UInt32(source[i]) << 16 + (1 << (shift - 1))) >> shift) }
            return
        }
        offsets.withUnsafeBufferPointer { offsets in
            weights.withUnsafeBufferPointer { weights in
                let c = vectorSum(base, offsets, weights, width: width, shift: shift, into: out)
                for i in c..<width {
                    var acc: UInt32 = 1 << (shift - 1)
                    for j in 0..<offsets.count { acc &+= weights[j] &* UInt32(base[offsets[j] + i]) }
                    out[i] = Output(truncatingIfNeeded: acc >> shift)
                }
            }
        }
    }

    /// The whole 16-column chunks of `sum`; returns how many columns it did.
    @inline(__always)
    private func vectorSum<Output: FixedWidthInteger & UnsignedInteger & SIMDScalar>(
        _ base: UnsafePointer<UInt16>, _ offsets: UnsafeBufferPointer<Int>, _ weights: UnsafeBufferPointer<UInt32>,
        width: Int, shift: UInt32, into out: UnsafeMutablePointer<Output>
    ) -> Int {
        typealias Lanes = SIMD16<UInt32>
        var c = 0
        while c + Lanes.scalarCount <= width {
            var acc = Lanes(repeating: 1 << (shift - 1))
            for j in 0..<offsets.count {
                let v = UnsafeRawPointer(base + offsets[j] + c).loadUnaligned(as: SIMD16<UInt16>.self)
                let w = SIMD16<UInt16>(repeating: UInt16(truncatingIfNeeded: weights[j]))
                acc &+= Lanes(truncatingIfNeeded: v) &* Lanes(truncatingIfNeeded: w)
            }
            let result = SIMD16<Output>(truncatingIfNeeded: acc &>> Lanes(repeating: shift))
            UnsafeMutableRawPointer(out + c).storeBytes(of: result, as: SIMD16<Output>.self)
            c += Lanes.scalarCount
        }
        return c
    }
}
