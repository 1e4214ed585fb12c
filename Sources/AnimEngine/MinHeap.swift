/// A binary min-heap: `pop` takes the least element in O(log n). Equal elements come out in no
/// set order, so what must come out in a set order is never equal (it carries a tiebreak).
struct MinHeap<Element: Comparable> {
    private var items: [Element] = []

    /// The least element, if any.
    var min: Element? { items.first }

    mutating func push(_ element: Element) {
        items.append(element)
        var i = items.count - 1
        while i > 0, items[i] < items[(i - 1) / 2] {
            items.swapAt(i, (i - 1) / 2)
            i = (i - 1) / 2
        }
    }

    /// Removes and returns the least element.
    @discardableResult
    mutating func pop() -> Element? {
        guard !items.isEmpty else { return nil }
        items.swapAt(0, items.count - 1)
        let least = items.removeLast()
        var i = 0
        while true {
            let left = 2 * i + 1, right = left + 1
            var smallest = i
            if left < items.count, items[left] < items[smallest] { smallest = left }
            if right < items.count, items[right] < items[smallest] { smallest = right }
            if smallest == i { return least }
            items.swapAt(i, smallest)
            i = smallest
        }
    }
}
