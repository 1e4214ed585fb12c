#if canImport(Glibc)
import Glibc
#endif

/// The CPU time this process has used (user + system, all threads: getrusage's RUSAGE_SELF), in
/// milliseconds. On a virtual machine whose kernel accounts steal time (Linux with
/// PARAVIRT_TIME_ACCOUNTING, as on the CI machines) time the host gave to another guest is not in
/// it, so CPU time per frame measures the work our threads did, whatever the neighbours do.
enum CPUTime {
    static func milliseconds() -> Double {
        var usage = rusage()
        getrusage(RUSAGE_SELF.rawValue, &usage)
        func ms(_ t: timeval) -> Double { Double(t.tv_sec) * 1000 + Double(t.tv_usec) / 1000 }
        return ms(usage.ru_utime) + ms(usage.ru_stime)
    }
}

/// Time the host took the machine's virtual CPUs away (the "steal" column of /proc/stat, summed
/// over every CPU), in milliseconds; nil where there is no such file. The kernel counts it in
/// ticks of 10 ms, so it says something only over runs of a few hundred milliseconds or more.
enum StealTime {
    static func milliseconds() -> Double? {
        guard let file = fopen("/proc/stat", "r") else { return nil }
        defer { fclose(file) }
        var line = [CChar](repeating: 0, count: 512)
        guard fgets(&line, Int32(line.count), file) != nil else { return nil }
        let fields = String(decoding: line.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self).split(separator: " ")
        // "cpu user nice system idle iowait irq softirq steal …"
        guard fields.count > 8, fields[0] == "cpu", let steal = Double(fields[8]) else { return nil }
        let ticks = Double(sysconf(Int32(_SC_CLK_TCK)))
        return ticks > 0 ? steal * 1000 / ticks : nil
    }
}
