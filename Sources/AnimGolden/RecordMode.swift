#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// When a golden run writes golden PNGs. Whatever the mode, a frame that was written fails the run
/// (``FrameResult/recorded``), so nothing is recorded silently: look at the new PNGs, then commit.
public enum RecordMode: String, CaseIterable, Hashable, Sendable {
    /// Write goldens that do not exist yet.
    case missing
    /// Also rewrite goldens that differ from the rendered frame.
    case failed
    /// Rewrite every golden checked.
    case all
    /// Never write goldens (CI).
    case never

    /// The environment variable that selects the mode: `ANIMRENDER_RECORD`.
    public static let environmentVariable = "ANIMRENDER_RECORD"

    /// The mode named by `ANIMRENDER_RECORD`; nil when it is unset, empty or not a mode name
    /// (``environmentProblem(_:)`` says which).
    public static func fromEnvironment(_ environment: [String: String] = ProcessInfo.processInfo.environment) -> RecordMode? {
        environment[environmentVariable].flatMap { RecordMode(rawValue: $0) }
    }

    /// The project's default when no mode is given: `never` when `CI` is set (to anything), else `missing`.
    public static func defaultMode(_ environment: [String: String] = ProcessInfo.processInfo.environment) -> RecordMode {
        environment["CI"] != nil ? .never : .missing
    }

    /// `ANIMRENDER_RECORD` if it names a mode, else the default.
    public static func resolved(_ environment: [String: String] = ProcessInfo.processInfo.environment) -> RecordMode {
        fromEnvironment(environment) ?? defaultMode(environment)
    }

    /// A message when `ANIMRENDER_RECORD` is set to something that is not a mode, else nil.
    public static func environmentProblem(_ environment: [String: String] = ProcessInfo.processInfo.environment) -> String? {
        guard let value = environment[environmentVariable], !value.isEmpty, RecordMode(rawValue: value) == nil else { return nil }
        let names = allCases.map(\.rawValue).joined(separator: ", ")
        return "\(environmentVariable)=\(value) is not a record mode (use one of \(names))"
    }

    /// Whether a golden in this state is written: absent, present but failing, or present and passing.
    public func records(goldenExists: Bool, passed: Bool) -> Bool {
        switch self {
        case .never: false
        case .missing: !goldenExists
        case .failed: !goldenExists || !passed
        case .all: true
        }
    }
}
