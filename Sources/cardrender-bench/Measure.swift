import Foundation

/// Timing helpers: medians of repeated runs, peak memory from /proc.
enum Measure {
    static func now() -> Double {
        var ts = timespec()
        clock_gettime(CLOCK_MONOTONIC, &ts)
        return Double(ts.tv_sec) + Double(ts.tv_nsec) / 1e9
    }

    /// CPU time of the calling thread.
    static func threadCPUTime() -> Double {
        var ts = timespec()
        clock_gettime(CLOCK_THREAD_CPUTIME_ID, &ts)
        return Double(ts.tv_sec) + Double(ts.tv_nsec) / 1e9
    }

    @discardableResult
    static func time<T>(_ body: () throws -> T) rethrows -> (seconds: Double, value: T) {
        let start = now()
        let value = try body()
        return (now() - start, value)
    }

    static func median(_ values: [Double]) -> Double {
        let sorted = values.sorted()
        guard !sorted.isEmpty else { return 0 }
        return sorted.count % 2 == 1 ? sorted[sorted.count / 2] : (sorted[sorted.count / 2 - 1] + sorted[sorted.count / 2]) / 2
    }

    /// Peak resident set size of this process so far (VmHWM), in MiB.
    static func peakMemoryMiB() -> Double {
        guard let status = try? String(contentsOfFile: "/proc/self/status", encoding: .utf8) else { return 0 }
        for line in status.split(separator: "\n") where line.hasPrefix("VmHWM:") {
            let kb = line.split(separator: " ").compactMap { Double($0) }.first ?? 0
            return kb / 1024
        }
        return 0
    }

    static func ms(_ seconds: Double) -> String { String(format: "%8.1f ms", seconds * 1000) }
    static func ratio(_ a: Double, _ b: Double) -> String { b > 0 ? String(format: "%.2fx", a / b) : "n/a" }
}
