/// A joint of the world.
enum Joint: Hashable, Sendable {
    case distance(DistanceJoint)
    case point(PointJoint)

    /// The two bodies the joint ties together.
    var bodies: (a: Int, b: Int) {
        switch self {
        case let .distance(j): (j.a, j.b)
        case let .point(j): (j.a, j.b)
        }
    }

    mutating func prepare(_ bodies: inout [Body], dt: Double) {
        switch self {
        case var .distance(j): j.prepare(&bodies, dt: dt); self = .distance(j)
        case var .point(j): j.prepare(&bodies); self = .point(j)
        }
    }

    mutating func solveVelocity(_ bodies: inout [Body]) {
        switch self {
        case var .distance(j): j.solveVelocity(&bodies); self = .distance(j)
        case var .point(j): j.solveVelocity(&bodies); self = .point(j)
        }
    }

    /// Applies a length deferred to the end of the step.
    mutating func commitDeferredLength() {
        guard case var .distance(j) = self, let length = j.deferredLength else { return }
        (j.length, j.deferredLength) = (length, nil)
        self = .distance(j)
    }

    func solvePosition(_ bodies: inout [Body]) -> Bool {
        switch self {
        case let .distance(j): j.solvePosition(&bodies)
        case let .point(j): j.solvePosition(&bodies)
        }
    }
}
