import AnimGeometry
import AnimLayers

/// The first thing wrong with a keyframe animation (core-animation-semantics.md §4.1). The scene
/// decoder locates it with `field` and `index` and shows `message`.
public enum KeyframeProblem: Hashable, Sendable {
    /// `values` is empty.
    case noValues
    /// values[index] is of another kind than the key path (or than the value function's input).
    case valueKind(index: Int, expected: ValueKind, found: ValueKind)
    /// keyTimes has the wrong number of entries for the mode; `expected` lists the accepted counts.
    case keyTimeCount(found: Int, expected: [Int], mode: CalculationMode)
    /// keyTimes[index] is outside 0…1 (or NaN).
    case keyTimeOutOfRange(index: Int, value: Double)
    /// keyTimes[index] is smaller than keyTimes[index − 1].
    case keyTimeDecreasing(index: Int, value: Double, previous: Double)
    /// keyTimes[0] is not 0 (linear, cubic, and discrete with values + 1 key times).
    case firstKeyTimeNotZero(value: Double)
    /// keyTimes[index], the last, is not 1 (linear, cubic, and discrete with values + 1 key times).
    case lastKeyTimeNotOne(index: Int, value: Double)
    /// timingFunctions is not empty and has not one entry per segment.
    case timingFunctionCount(found: Int, expected: Int)
    /// A Kochanek–Bartels parameter list is not empty and has not one entry per value.
    case parameterCount(KeyframeParameter, found: Int, expected: Int)

    /// The animation field the problem is in: `values`, `keyTimes`, `timingFunctions`,
    /// `tensionValues`, `continuityValues` or `biasValues`.
    public var field: String {
        switch self {
        case .noValues, .valueKind: "values"
        case .keyTimeCount, .keyTimeOutOfRange, .keyTimeDecreasing, .firstKeyTimeNotZero, .lastKeyTimeNotOne: "keyTimes"
        case .timingFunctionCount: "timingFunctions"
        case let .parameterCount(parameter, _, _): parameter.rawValue
        }
    }

    /// The index of the offending entry in `field`, when one entry is to blame.
    public var index: Int? {
        switch self {
        case let .valueKind(index, _, _), let .keyTimeOutOfRange(index, _), let .keyTimeDecreasing(index, _, _),
             let .lastKeyTimeNotOne(index, _): index
        case .firstKeyTimeNotZero: 0
        case .noValues, .keyTimeCount, .timingFunctionCount, .parameterCount: nil
        }
    }

    /// A one-line explanation, without location.
    public var message: String {
        switch self {
        case .noValues: "a keyframe animation needs at least one value"
        case let .valueKind(i, expected, found): "values[\(i)] is a \(found.rawValue), but the key path takes a \(expected.rawValue)"
        case let .keyTimeCount(found, expected, mode): "keyTimes has \(found) entries; calculationMode \(mode.rawValue) needs \(Self.counts(expected, mode))"
        case let .keyTimeOutOfRange(i, v): "keyTimes[\(i)] = \(formatNumber(v)) is outside 0…1"
        case let .keyTimeDecreasing(i, v, previous): "keyTimes[\(i)] = \(formatNumber(v)) is less than keyTimes[\(i - 1)] = \(formatNumber(previous)); key times must not decrease"
        case let .firstKeyTimeNotZero(v): "keyTimes[0] = \(formatNumber(v)); the first key time must be 0"
        case let .lastKeyTimeNotOne(i, v): "keyTimes[\(i)] = \(formatNumber(v)); the last key time must be 1"
        case let .timingFunctionCount(found, expected): "timingFunctions has \(found) entries; it needs \(expected) (one per segment between values) or none"
        case let .parameterCount(p, found, expected): "\(p.rawValue) has \(found) entries; it needs \(expected) (one per value) or none"
        }
    }

    private static func counts(_ expected: [Int], _ mode: CalculationMode) -> String {
        guard expected.count == 2 else { return "\(expected.first ?? 0) (one per value)" }
        return "\(expected[0]) (one more than the values) or \(expected[1]) (one per value)"
    }
}

/// The per-keyframe parameter lists of the cubic modes.
public enum KeyframeParameter: String, CaseIterable, Hashable, Sendable {
    case tensionValues, continuityValues, biasValues
}

extension KeyframeAnimation {
    /// The first problem, checked in this order: values (none, wrong kind), keyTimes (count,
    /// range, order, first 0 and last 1), timingFunctions count, then the tension, continuity and
    /// bias counts. Paced modes ignore keyTimes and timingFunctions, so they are not checked then.
    public func validate() -> KeyframeProblem? {
        guard !values.isEmpty else { return .noValues }
        let kind = valueFunction?.inputKind ?? keyPath.kind
        if let i = values.firstIndex(where: { $0.kind != kind }) {
            return .valueKind(index: i, expected: kind, found: values[i].kind)
        }
        if !calculationMode.isPaced {
            if let keyTimes, let problem = keyTimesProblem(keyTimes) { return problem }
            let segments = values.count - 1
            if !timingFunctions.isEmpty && timingFunctions.count != segments {
                return .timingFunctionCount(found: timingFunctions.count, expected: segments)
            }
        }
        return parameterProblem()
    }

    /// What is wrong with `times` as this animation's key times (the mode decides the rules).
    /// Discrete accepts values + 1 times (Apple's documentation: first 0, last 1) or one per value
    /// (common practice: the last value then holds from its key time to the end; no rule on the
    /// first and last time). With a single value only the count and range are checked.
    func keyTimesProblem(_ times: [Double]) -> KeyframeProblem? {
        Self.keyTimesProblem(times, keyframeCount: values.count, mode: calculationMode)
    }

    /// The key-time rules for `n` keyframes in `mode`, shared with path animations (whose
    /// keyframes are the path's start and every element's end).
    public static func keyTimesProblem(_ times: [Double], keyframeCount n: Int, mode calculationMode: CalculationMode) -> KeyframeProblem? {
        let accepted = calculationMode == .discrete ? [n + 1, n] : [n]
        guard accepted.contains(times.count) else {
            return .keyTimeCount(found: times.count, expected: accepted, mode: calculationMode)
        }
        if let i = times.firstIndex(where: { !(0...1).contains($0) }) { return .keyTimeOutOfRange(index: i, value: times[i]) }
        if let i = times.indices.dropFirst().first(where: { times[$0] < times[$0 - 1] }) {
            return .keyTimeDecreasing(index: i, value: times[i], previous: times[i - 1])
        }
        let pinned = calculationMode != .discrete || times.count == n + 1
        guard pinned, times.count > 1, let first = times.first, let last = times.last else { return nil }
        if first != 0 { return .firstKeyTimeNotZero(value: first) }
        if last != 1 { return .lastKeyTimeNotOne(index: times.count - 1, value: last) }
        return nil
    }

    private func parameterProblem() -> KeyframeProblem? {
        let lists: [(KeyframeParameter, [Double])] = [
            (.tensionValues, tensionValues), (.continuityValues, continuityValues), (.biasValues, biasValues),
        ]
        for (parameter, list) in lists where !list.isEmpty && list.count != values.count {
            return .parameterCount(parameter, found: list.count, expected: values.count)
        }
        return nil
    }
}
