import AnimGeometry

/// CAReplicatorLayer's properties (used when `kind` is `.replicator`): its sublayers are drawn
/// `instanceCount` times, instance k transformed by `instanceTransform` k times (about the
/// replicator's anchor point), its time `k · instanceDelay` behind, and its rendering multiplied
/// by the colour `instanceColor + k · offsets` (each component clamped to 0…1).
public struct LayerReplicator: Hashable, Sendable {
    public var instanceCount = 1
    public var instanceDelay = 0.0
    public var instanceTransform = Transform3D.identity
    public var instanceColor = Color.white
    public var redOffset = 0.0, greenOffset = 0.0, blueOffset = 0.0, alphaOffset = 0.0
    /// Instances in one 3D space (true is refused when a scene loads: instances are flattened).
    public var preservesDepth = false

    public init() {}

    /// The colour that multiplies instance k.
    public func color(ofInstance k: Int) -> Color {
        func clamp(_ v: Double) -> Double { v.isNaN ? 0 : min(1, max(0, v)) }
        let n = Double(k)
        return Color(red: clamp(instanceColor.red + n * redOffset), green: clamp(instanceColor.green + n * greenOffset),
                     blue: clamp(instanceColor.blue + n * blueOffset), alpha: clamp(instanceColor.alpha + n * alphaOffset))
    }

    /// One of the properties that are not animatable, as a scene sets it (`instanceTransform`,
    /// `instanceColor` and the offsets are ``LayerProperty`` cases, set through their key paths).
    public enum Setting: Hashable, Sendable {
        case instanceCount(Int)
        case instanceDelay(Double)
        case preservesDepth(Bool)

        public func apply(to r: inout LayerReplicator) {
            switch self {
            case let .instanceCount(n): r.instanceCount = n
            case let .instanceDelay(d): r.instanceDelay = d
            case let .preservesDepth(b): r.preservesDepth = b
            }
        }
    }
}

/// How many layers a frame's replicators may expand to.
public enum ReplicatorLimit {
    /// Checked when a scene loads; a timeline change that asks for more stops expanding there.
    public static let maxLayers = 200_000
}
