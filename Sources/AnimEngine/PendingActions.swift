/// What `CompletionScheduler` has yet to walk, in the order it applies: by time, then by order
/// (file order, then the order items are pushed in): the actions to put on the timeline, and the
/// moments the completion handlers in flight would finish.
struct PendingActions {
    enum Item {
        case action(TimedAction)
        /// Completable `id` of the walk finishes at `time`, unless interrupted before.
        case finish(id: Int, time: Double)
    }

    /// Where an item applies: orders are unique, so no two slots are equal.
    struct Slot: Comparable {
        var time: Double
        var order: Int

        static func < (a: Slot, b: Slot) -> Bool { (a.time, a.order) < (b.time, b.order) }
    }

    /// Every item pushed, by order; nil once popped.
    private var items: [Item?] = []
    /// Per item pushed, by order: the index of the given action it comes from (itself, or the
    /// action whose completion handler it is).
    private var origins: [Int] = []
    private var queue = MinHeap<Slot>()

    init(_ timed: [TimedAction]) {
        for (k, t) in timed.enumerated() { push(t.action, at: t.time, origin: k) }
    }

    /// Adds an action after every item pushed before it at the same time; `origin` is the index
    /// of the given action it comes from.
    mutating func push(_ action: Action, at time: Double, origin: Int) {
        enqueue(.action(TimedAction(time: time, action: action)), at: time, origin: origin)
    }

    /// Adds the moment completable `id` would finish.
    mutating func pushFinish(_ id: Int, at time: Double, origin: Int) {
        enqueue(.finish(id: id, time: time), at: time, origin: origin)
    }

    private mutating func enqueue(_ item: Item, at time: Double, origin: Int) {
        queue.push(Slot(time: time, order: items.count))
        items.append(item)
        origins.append(origin)
    }

    /// Removes and returns the first pending item, with its origin.
    mutating func pop() -> (item: Item, origin: Int)? {
        guard let slot = queue.pop(), let item = items[slot.order] else { return nil }
        items[slot.order] = nil
        return (item, origins[slot.order])
    }
}
