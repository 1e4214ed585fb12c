import AnimLayers
import AnimTiming

/// `UIView.animate(withDuration:delay:options:animations:completion:)` as data: the model changes
/// of the animations block and how UIKit animates them (core-animation-semantics.md §2.5, §3.2, §5.3).
public struct UIViewAnimation: Hashable, Sendable {
    public var duration: Double
    public var delay: Double
    /// The curve option's CA function (curveEaseInOut → easeInEaseOut by default).
    public var curve: TimingFunction
    public var repeats: Bool
    public var autoreverses: Bool
    public var beginFromCurrentState: Bool
    /// `usingSpringWithDamping:initialSpringVelocity:` (or the duration/bounce form), solved to a spring.
    public var spring: Spring?
    /// The animations block: model changes per layer index.
    public var changes: [LayerChanges]
    /// Actions run when the animation ends (finished) or is interrupted.
    public var completion: [CompletionAction]

    public init(duration: Double, delay: Double = 0, curve: TimingFunction = .easeInEaseOut, repeats: Bool = false,
                autoreverses: Bool = false, beginFromCurrentState: Bool = false, spring: Spring? = nil,
                changes: [LayerChanges], completion: [CompletionAction] = []) {
        self.duration = duration
        self.delay = delay
        self.curve = curve
        self.repeats = repeats
        self.autoreverses = autoreverses
        self.beginFromCurrentState = beginFromCurrentState
        self.spring = spring
        self.changes = changes
        self.completion = completion
    }

    /// When the animation finishes (infinite when it repeats forever).
    public func endTime(startingAt t: Double) -> Double {
        if repeats { return .infinity }
        return t + max(0, delay) + (duration > 0 ? duration * (autoreverses ? 2 : 1) : 0)
    }
}

/// The model changes of one layer in an animations block.
public struct LayerChanges: Hashable, Sendable {
    public var layer: Int
    public var settings: [LayerSetting]

    public init(layer: Int, settings: [LayerSetting]) {
        self.layer = layer
        self.settings = settings
    }
}

/// One action of a completion handler, run when the animation finished or was interrupted
/// (`finished` false), or in both cases.
public struct CompletionAction: Hashable, Sendable {
    public enum Condition: String, Hashable, Sendable, CaseIterable {
        case always, finished, interrupted
    }

    public var condition: Condition
    public var action: Action

    public init(condition: Condition = .always, action: Action) {
        self.condition = condition
        self.action = action
    }
}
