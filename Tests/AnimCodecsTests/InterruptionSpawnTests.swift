@testable import AnimCodecs
import Testing
#if canImport(Glibc)
import Glibc
#endif

/// A child process is started and registered with ``Interruption`` under one lock, so an
/// interruption cannot fall between the two (which left ffmpeg running and writing its temporary
/// file after `animrender` had been stopped: `anInterruptedVideoLeavesNoTemporaryFileAndNoFFmpeg`
/// failed that way once under a loaded full run).
struct InterruptionSpawnTests {
    @Test func spawningRegistersThePidItReturnsAndNothingOtherwise() throws {
        let pid: pid_t = 0x3FFF_FF01  // above any pid_max: no process of that id can exist
        let token = try #require(Interruption.register(spawning: { pid }))
        #expect(Interruption.pending.contains(.process(pid)))
        Interruption.deregister(token)
        #expect(!Interruption.pending.contains(.process(pid)))
        #expect(Interruption.register(spawning: { nil }) == nil)
    }
}
