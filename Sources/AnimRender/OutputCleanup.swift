import AnimCodecs

/// What executables call so that an interrupted render leaves no unfinished output: the CLI's
/// door to AnimCodecs' ``Interruption`` (executables see AnimRender, not the codec layer).
public enum OutputCleanup {
    /// Fills closed standard streams so that no later file takes their place
    /// (``StandardStreams/holdClosedOnes()``); call it before anything opens a file.
    public static func holdClosedStandardStreams() {
        StandardStreams.holdClosedOnes()
    }

    /// Handles SIGINT, SIGTERM and SIGHUP from now on (``Interruption/install()``).
    public static func installSignalHandlers() {
        Interruption.install()
    }
}
