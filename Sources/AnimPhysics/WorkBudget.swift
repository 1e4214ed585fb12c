/// The work a world may do, counted as the solver does it, in deterministic units (no clock), so
/// whether a simulation finishes is a pure function of its inputs.
///
/// The unit is the item-step: what one body costs in one sub-step (its placement, box and
/// integration). The rest is weighted by what it cost next to that, measured (docs/dynamics.md,
/// "Budget"): a pair of boxes the broad phase compares is 1/64, a pair it finds overlapping 1 (its
/// rank, its storage, its manifold), a contact or joint solved 10 (the velocity and position
/// iterations), an item or behaviour member a world build goes over 1/8. A step's work is counted
/// before it is done, so a world stops just past the limit.
///
/// Besides the total, one sub-step may find at most `maxOverlaps` pairs of overlapping boxes: each
/// becomes a contact held in memory until the sub-step ends (n items piled on one spot are n²/2).
public struct WorkBudget: Hashable, Sendable {
    /// The weights, in 1/64 item-steps.
    enum Cost {
        static let itemStep = 64
        static let body = itemStep
        static let boxTest = 1
        static let overlap = itemStep
        static let constraint = 10 * itemStep
        /// An item or member a world build goes over.
        static let buildMember = itemStep / 8
    }

    /// The most item-steps allowed in all.
    public let limit: Int
    /// The most pairs of overlapping boxes one sub-step may find.
    public let maxOverlaps: Int
    /// The work counted so far, in 1/64 item-steps (saturating).
    private(set) var spentParts = 0

    public init(limit: Int, maxOverlaps: Int = .max) {
        self.limit = max(limit, 0)
        self.maxOverlaps = max(maxOverlaps, 0)
    }

    /// No limits (the work still counts, saturating).
    public static var unlimited: WorkBudget { WorkBudget(limit: .max) }

    /// The item-steps counted so far (rounded down).
    public var spent: Int { spentParts / Cost.itemStep }

    /// `limit` in 1/64 item-steps (saturating).
    private var limitParts: Int {
        let (parts, overflow) = limit.multipliedReportingOverflow(by: Cost.itemStep)
        return overflow ? .max : parts
    }

    /// Counts `parts` 1/64 item-steps; throws once the total passes the limit.
    mutating func spend(parts: Int) throws(WorkLimitExceeded) {
        spentParts = Self.sum(spentParts, parts)
        if spentParts > limitParts { throw WorkLimitExceeded(reason: .total, limit: limit) }
    }

    /// Counts a sub-step's sweep; throws when it found too many overlaps or the total passes the limit.
    mutating func spend(sweep: BroadPhase.Count) throws(WorkLimitExceeded) {
        if sweep.overlaps > maxOverlaps { throw WorkLimitExceeded(reason: .overlapsAtOnce, limit: maxOverlaps) }
        try spend(parts: Self.parts(of: sweep))
    }

    /// Whether a sweep that has done `sweep` so far should stop: ``spend(sweep:)`` would throw.
    func stops(_ sweep: BroadPhase.Count) -> Bool {
        sweep.overlaps > maxOverlaps || Self.sum(spentParts, Self.parts(of: sweep)) > limitParts
    }

    private static func sum(_ a: Int, _ b: Int) -> Int {
        let (sum, overflow) = a.addingReportingOverflow(b)
        return overflow ? .max : sum
    }

    private static func parts(of sweep: BroadPhase.Count) -> Int {
        sweep.tests * Cost.boxTest + sweep.overlaps * Cost.overlap
    }
}

/// A world stopped, mid-step: its work passed a limit of its ``WorkBudget``.
public struct WorkLimitExceeded: Error, Hashable, Sendable {
    public enum Reason: Hashable, Sendable {
        /// The total passed ``WorkBudget/limit`` (item-steps).
        case total
        /// One sub-step found more than ``WorkBudget/maxOverlaps`` pairs of overlapping boxes.
        case overlapsAtOnce
    }

    public var reason: Reason
    /// The limit passed: item-steps for `total`, pairs for `overlapsAtOnce`.
    public var limit: Int
}
