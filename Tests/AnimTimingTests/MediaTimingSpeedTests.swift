import Testing
import AnimTiming

/// speed 0 and negative speed, offsets that wrap, and the end-inclusive rule for group children.
struct MediaTimingSpeedTests {
    func timing(_ configure: (inout MediaTiming) -> Void) -> MediaTiming { twoSecondTiming(configure) }

    @Test func speedZeroFreezesAtTheOffset() {
        let t = timing { $0.speed = 0; $0.timeOffset = 0.5 }
        for parent in [0.0, 1, 100] {
            #expect(t.state(atParentTime: parent, removedOnCompletion: true)?.fraction == 0.25)
        }
        let atEnd = timing { $0.speed = 0; $0.timeOffset = 2 }
        #expect(atEnd.state(atParentTime: 5, removedOnCompletion: true)?.fraction == 1, "offset = duration is the end state")
    }

    @Test func speedScalesTheActiveWindow() {
        let t = timing { $0.speed = 2; $0.beginTime = 1 }
        #expect(t.state(atParentTime: 1.5, removedOnCompletion: true)?.fraction == 0.5)
        #expect(t.state(atParentTime: 2, removedOnCompletion: true) == nil, "2 s at speed 2 ends after 1 s")
    }

    @Test func negativeSpeedPlaysBackwardsFromTheEnd() {
        let t = timing { $0.speed = -1; $0.fillMode = .both }
        #expect(t.state(atParentTime: 0, removedOnCompletion: false)?.fraction == 1)
        #expect(t.state(atParentTime: 0.5, removedOnCompletion: false)?.fraction == 0.75)
        #expect(t.state(atParentTime: 1.5, removedOnCompletion: false)?.fraction == 0.25)
        #expect(t.state(atParentTime: 3, removedOnCompletion: false)?.fraction == 0, "forwards holds the last state shown")
        #expect(t.state(atParentTime: -1, removedOnCompletion: false)?.fraction == 1, "backwards holds the first state shown")
        let removed = timing { $0.speed = -2 }
        #expect(removed.state(atParentTime: 0.5, removedOnCompletion: true)?.fraction == 0.5)
        #expect(removed.state(atParentTime: 1, removedOnCompletion: true) == nil)
    }

    @Test func offsetWrapsAndFillsContinuously() {
        // Frames A B C D E with the offset at C play C D E A B (§2.2 step 7).
        let t = timing { $0.timeOffset = 1; $0.fillMode = .forwards }
        #expect(t.state(atParentTime: 0, removedOnCompletion: false)?.fraction == 0.5)
        #expect(t.state(atParentTime: 0.5, removedOnCompletion: false)?.fraction == 0.75)
        #expect(t.state(atParentTime: 1.5, removedOnCompletion: false)?.fraction == 0.25)
        #expect(t.state(atParentTime: 9, removedOnCompletion: false)?.fraction == 0.5, "holds where it stopped")
    }

    @Test func groupChildrenEndInclusively() {
        let t = timing { _ in }
        #expect(t.state(atParentTime: 2, removedOnCompletion: false) == nil)
        #expect(t.state(atParentTime: 2, removedOnCompletion: false, endInclusive: true)?.fraction == 1)
        #expect(t.state(atParentTime: 2.01, removedOnCompletion: false, endInclusive: true) == nil)
    }
}
