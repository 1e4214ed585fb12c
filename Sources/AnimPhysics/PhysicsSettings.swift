
/// The engine's constants, Box2D 2.2's values in its units (metres, seconds), as UIKit Dynamics'
/// engine uses them (core-animation-semantics.md §10.2).
public enum PhysicsSettings {
    /// UIKit points per engine metre.
    public static let pointsPerMetre = 100.0
    /// The fixed step: the host measurement's 1/120 s (iOS 7 used 0.004 s).
    public static let step = 1.0 / 120.0
    static let velocityIterations = 8
    static let positionIterations = 3
    /// Allowed overlap; collision and joints tolerate this much error.
    static let linearSlop = 0.005
    /// The skin of polygons and edges.
    static let polygonRadius = 2 * linearSlop
    /// Approach speeds below this are inelastic.
    static let velocityThreshold = 1.0
    static let baumgarte = 0.2
    static let maxLinearCorrection = 0.2
    static let maxTranslation = 2.0
    static let maxRotation = 0.5 * Double.pi
    /// The world sleeps (the animator pauses) after every body has been at rest this long.
    static let timeToSleep = 0.5
    static let linearSleepTolerance = 0.01
    static let angularSleepTolerance = 2.0 / 180.0 * Double.pi
    /// No-tunnelling sub-steps: a body may move at most this fraction of its smallest half extent
    /// per sub-step, with at most `maxSubsteps` sub-steps in one step.
    static let travelFraction = 0.5
    static let maxSubsteps = 64
}
