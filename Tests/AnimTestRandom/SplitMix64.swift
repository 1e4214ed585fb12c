/// SplitMix64: a tiny seeded generator shared by the tests, so random inputs are the same on every run
/// (never the system generator, whose sequence changes from run to run).
public struct SplitMix64: Sendable {
    private var state: UInt64

    public init(seed: UInt64) {
        state = seed
    }

    public mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }

    /// A value in 0..<bound.
    public mutating func below(_ bound: Int) -> Int {
        Int(next() % UInt64(bound))
    }

    public mutating func byte() -> UInt8 {
        UInt8(truncatingIfNeeded: next())
    }

    /// One of `items`, chosen uniformly.
    public mutating func pick<T>(_ items: [T]) -> T {
        items[below(items.count)]
    }
}
