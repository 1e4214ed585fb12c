/// The actions `CompletionScheduler` has yet to put on the timeline, in the order they apply: by
/// time, then by order (file order, then the order completions are scheduled in). Each is also
/// filed under what it interrupts, so that finding an animation's interruption takes a look at
/// the first pending action per key rather than a scan of all of them.
struct PendingActions {
    /// Where an action applies: orders are unique, so no two slots are equal.
    struct Slot: Comparable {
        var time: Double
        var order: Int

        static func < (a: Slot, b: Slot) -> Bool { (a.time, a.order) < (b.time, b.order) }
    }

    /// Every action pushed, by order; nil once popped.
    private var actions: [Action?] = []
    /// Per action pushed, by order: the index of the given action it comes from (itself, or the
    /// action whose completion handler it is).
    private var origins: [Int] = []
    private var queue = MinHeap<Slot>()
    /// The pending actions that interrupt under each key (popped ones are dropped lazily); only
    /// looked up, never iterated.
    private var interrupters: [CompletionScheduler.InterruptKey: MinHeap<Slot>] = [:]

    init(_ timed: [TimedAction]) {
        for (k, t) in timed.enumerated() { push(t.action, at: t.time, origin: k) }
    }

    /// Adds an action after every action pushed before it at the same time; `origin` is the index
    /// of the given action it comes from.
    mutating func push(_ action: Action, at time: Double, origin: Int) {
        let slot = Slot(time: time, order: actions.count)
        actions.append(action)
        origins.append(origin)
        queue.push(slot)
        for key in CompletionScheduler.interruptKeys(of: action) {
            interrupters[key, default: MinHeap()].push(slot)
        }
    }

    /// Removes and returns the first pending action, with its origin.
    mutating func pop() -> (action: TimedAction, origin: Int)? {
        guard let slot = queue.pop(), let action = actions[slot.order] else { return nil }
        actions[slot.order] = nil
        return (TimedAction(time: slot.time, action: action), origins[slot.order])
    }

    /// The time of the first pending action before `end` filed under one of `keys`.
    mutating func firstInterruption(of keys: [CompletionScheduler.InterruptKey], before end: Double) -> Double? {
        var first: Slot?
        for key in keys {
            while let top = interrupters[key]?.min, actions[top.order] == nil { interrupters[key]?.pop() }
            if let top = interrupters[key]?.min, first.map({ top < $0 }) ?? true { first = top }
        }
        guard let first, first.time < end else { return nil }
        return first.time
    }
}
