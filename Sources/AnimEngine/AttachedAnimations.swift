/// The animations attached to one layer of a presentation tree, in the order they were added
/// (the order they apply in). Adding one under a key replaces the one under that key, as
/// addAnimation(_:forKey:) does: it is found by a dictionary look-up and leaves an empty slot
/// behind, so a layer given n animations under n keys costs O(n), not O(n²).
struct AttachedAnimations: Sequence {
    /// In the order added; nil where one was removed.
    private var slots: [Animation?] = []
    /// The slot of the animation under each key (there is at most one); only looked up, never iterated.
    private var keyed: [String: Int] = [:]
    /// How many slots hold an animation.
    private var live = 0

    var isEmpty: Bool { live == 0 }

    /// Adds `animation` after the others, removing the one under its key first.
    mutating func add(_ animation: Animation) {
        if let key = animation.key {
            remove(key: key)
            keyed[key] = slots.count
        }
        slots.append(animation)
        live += 1
    }

    /// removeAnimation(forKey:).
    mutating func remove(key: String) {
        guard let slot = keyed.removeValue(forKey: key) else { return }
        slots[slot] = nil
        live -= 1
        if slots.count > 2 * live + 16 { compact() }
    }

    /// removeAllAnimations.
    mutating func removeAll() {
        self = AttachedAnimations()
    }

    /// Drops the empty slots once they outnumber the animations (amortized O(1) per removal).
    private mutating func compact() {
        slots = slots.filter { $0 != nil }
        keyed = [:]
        for (slot, animation) in slots.enumerated() {
            if let key = animation?.key { keyed[key] = slot }
        }
    }

    struct Iterator: IteratorProtocol {
        fileprivate var slots: IndexingIterator<[Animation?]>

        mutating func next() -> Animation? {
            while let slot = slots.next() {
                if let animation = slot { return animation }
            }
            return nil
        }
    }

    func makeIterator() -> Iterator {
        Iterator(slots: slots.makeIterator())
    }
}
