import AnimCodecs

/// What executables call so that an interrupted render leaves no unfinished output: the CLI's
/// door to AnimCodecs' ``Interruption`` (executables see AnimRender, not the codec layer).
public enum OutputCleanup {
    /// Fills closed standard streams so that no later file takes their place
    /// (``StandardStreams/holdClosedOnes()``); call it before anything opens a file.
    public static func holdClosedStandardStreams() {
        StandardStreams.holdClosedOnes()
    }

    /// Handles SIGINT, SIGTERM, SIGHUP, SIGUSR1, SIGUSR2 and SIGALRM from now on
    /// (``Interruption/install()``), and turns
    /// SIGPIPE (a reader of standard output that went away: `animrender … --gif - | head -c 1`)
    /// and SIGXFSZ (a file past `ulimit -f`) into write errors (EPIPE, EFBIG), which fail the
    /// output with a message and remove what is unfinished, instead of killing the process
    /// with partial files left behind.
    public static func installSignalHandlers() {
        Interruption.install()
        Interruption.failWritesInsteadOfDying()
    }
}
