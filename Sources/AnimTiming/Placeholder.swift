// AnimTiming
