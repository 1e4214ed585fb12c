import AnimTiming

/// A 2 s animation's timing with the properties a test sets: the base of the speed and edge-case tests.
func twoSecondTiming(_ configure: (inout MediaTiming) -> Void) -> MediaTiming {
    var t = MediaTiming()
    t.duration = 2
    configure(&t)
    return t
}
