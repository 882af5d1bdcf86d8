import FoundationEssentials
import Synchronization

/// Runs `count` independent jobs on `workers` threads: each thread takes the next job index
/// from one counter, so at most `workers` jobs run at once. Results come back in job order, so
/// output never depends on scheduling. Batches, merges and golden verification share it.
public enum WorkerPool {
    /// `order`, a permutation of the job indices, is the order jobs start in (costliest first
    /// keeps the end of a run from waiting on one long job); results are in index order anyway.
    /// After a stop signal no job starts and `Interruption.error` is thrown.
    public static func map<T: Sendable>(_ count: Int, workers: Int, order: [Int]? = nil,
                                        _ job: @escaping @Sendable (Int) throws -> T) throws -> [T] {
        let results = Mutex<[Int: Result<T, Error>]>([:])
        try forEach(count, workers: workers, order: order, shouldStop: { Interruption.isRequested }) { index in
            let result = Result { try job(index) }
            results.withLock { $0[index] = result }
        }
        try Interruption.checkpoint()
        return try results.withLock { all in
            try (0..<count).map { index in
                guard let result = all[index] else { throw MessageError("job \(index) did not run") }
                return try result.get()
            }
        }
    }

    /// Calls `job` once for every index (in `order` if given) on `workers` threads, and returns
    /// when all have run or, checked before each job starts, `shouldStop` says so. A single
    /// worker is the calling thread when its stack is large enough (see `JoinedThreads.run`).
    public static func forEach(_ count: Int, workers: Int, order: [Int]? = nil,
                               shouldStop: @escaping @Sendable () -> Bool = { false },
                               _ job: @escaping @Sendable (Int) -> Void) throws {
        guard count > 0 else { return }
        if let order, order.count != count || Set(order) != Set(0..<count) {
            throw MessageError("job order is not a permutation of 0..<\(count)")
        }
        let next = Counter()
        // Joined, not only waited for: a thread that outlived this call would still hold `job`
        // (and the plan it captures) while the caller goes on or the process exits.
        JoinedThreads.run(max(1, min(workers, count))) { _ in
            while !shouldStop() {
                let position = next.value.add(1, ordering: .relaxed).oldValue
                guard position < count else { return }
                job(order?[position] ?? position)
            }
        }
    }
}

private final class Counter: Sendable {
    let value = Atomic<Int>(0)
}
