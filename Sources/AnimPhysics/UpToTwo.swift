/// At most two values, kept inline as Box2D keeps a manifold's points (`b2_maxManifoldPoints`):
/// contacts are found and solved again every sub-step, and an array per contact (its manifold
/// points, their world positions, the solver's points) cost the allocator and reference counting
/// more than the solving (docs/benchmarks.md, session 47). Equal when the counts and the values are.
struct UpToTwo<Element>: RandomAccessCollection, MutableCollection, ExpressibleByArrayLiteral {
    private var firstValue: Element?
    private var secondValue: Element?

    init() {}

    init(arrayLiteral elements: Element...) {
        for e in elements { append(e) }
    }

    var startIndex: Int { 0 }
    var endIndex: Int { firstValue == nil ? 0 : secondValue == nil ? 1 : 2 }

    subscript(position: Int) -> Element {
        get {
            precondition(position >= 0 && position < endIndex, "UpToTwo: index out of range")
            return position == 0 ? firstValue! : secondValue!
        }
        set {
            precondition(position >= 0 && position < endIndex, "UpToTwo: index out of range")
            if position == 0 { firstValue = newValue } else { secondValue = newValue }
        }
    }

    /// Adds a value after the others; there must be fewer than two.
    mutating func append(_ element: Element) {
        if firstValue == nil {
            firstValue = element
        } else {
            precondition(secondValue == nil, "UpToTwo: a third value")
            secondValue = element
        }
    }

    /// Removes the last value; there must be one.
    mutating func removeLast() {
        if secondValue != nil {
            secondValue = nil
        } else {
            precondition(firstValue != nil, "UpToTwo: nothing to remove")
            firstValue = nil
        }
    }

    /// The values transformed in order, kept inline.
    func mapInline<T>(_ transform: (Element) throws -> T) rethrows -> UpToTwo<T> {
        var out = UpToTwo<T>()
        for e in self { out.append(try transform(e)) }
        return out
    }
}

extension UpToTwo: Equatable where Element: Equatable {}
extension UpToTwo: Hashable where Element: Hashable {}
extension UpToTwo: Sendable where Element: Sendable {}
