import CardRenderSupport
import Foundation
import Synchronization
import Testing

/// `WorkerPool` joins its threads: when `forEach` returns, no worker holds the job closure (nor
/// the plan it captures), so nothing it referenced outlives the call, and a process that exits
/// right after it does not race a worker still letting go (LeakSanitizer saw such a plan as
/// leaked).
@Suite struct WorkerPoolTests {
    /// Stands for a plan captured by the job closure.
    final class Plan: Sendable {}

    @Test func noWorkerHoldsTheJobWhenForEachReturns() throws {
        var stillHeld = 0
        for _ in 0..<300 {
            weak var weakPlan: Plan?
            try {
                let plan = Plan()
                weakPlan = plan
                let ran = Atomic<Int>(0)
                try WorkerPool.forEach(8, workers: 4) { _ in
                    withExtendedLifetime(plan) { _ = ran.add(1, ordering: .relaxed) }
                }
                #expect(ran.load(ordering: .relaxed) == 8)
            }()
            if weakPlan != nil { stillHeld += 1 }
        }
        #expect(stillHeld == 0, "a worker still held the job after forEach returned, \(stillHeld) times in 300")
    }

    @Test func startsJobsInTheGivenOrderAndReturnsThemInIndexOrder() throws {
        let started = Mutex<[Int]>([])
        let order = [4, 2, 0, 1, 3]
        let results = try WorkerPool.map(5, workers: 1, order: order) { index in
            started.withLock { $0.append(index) }
            return index * 10
        }
        #expect(results == [0, 10, 20, 30, 40])
        #expect(started.withLock { $0 } == order)
        // On several threads the results are the same.
        #expect(try WorkerPool.map(5, workers: 3, order: order) { $0 * 10 } == results)
        #expect(throws: MessageError("job order is not a permutation of 0..<3")) {
            try WorkerPool.map(3, workers: 2, order: [0, 0, 1]) { $0 }
        }
        #expect(throws: MessageError("job order is not a permutation of 0..<3")) {
            try WorkerPool.map(3, workers: 2, order: [0, 1]) { $0 }
        }
    }

    /// What bounds the memory of a parallel verification: never more jobs at once than workers.
    @Test func noMoreJobsRunAtOnceThanWorkers() throws {
        let running = Atomic<Int>(0), most = Atomic<Int>(0)
        try WorkerPool.forEach(40, workers: 3) { _ in
            let now = running.add(1, ordering: .sequentiallyConsistent).newValue
            _ = most.max(now, ordering: .sequentiallyConsistent)
            usleep(2_000)
            _ = running.subtract(1, ordering: .sequentiallyConsistent)
        }
        #expect(most.load(ordering: .sequentiallyConsistent) <= 3)
        #expect(most.load(ordering: .sequentiallyConsistent) >= 2, "the jobs never overlapped")
    }

    /// One worker is the calling thread when that thread's stack is as large as a worker's
    /// (Pango and Cairo then set up their per-thread state once, not again on a new thread),
    /// and a thread of its own, with a worker's stack, when it is smaller.
    @Test func oneWorkerIsTheCallingThreadWhenItsStackIsLargeEnough() throws {
        #expect(jobRunsOnCaller(stackSize: 16 << 20) == true)
        #expect(jobRunsOnCaller(stackSize: 256 << 10) == false)
    }

    /// Whether a one-job pool, called from a new thread with `stackSize`, runs its job there.
    private func jobRunsOnCaller(stackSize: Int) -> Bool? {
        let sameThread = Mutex<Bool?>(nil)
        let done = DispatchSemaphore(value: 0)
        let caller = Thread {
            let callerThread = ObjectIdentifier(Thread.current)
            try? WorkerPool.forEach(1, workers: 4) { _ in
                sameThread.withLock { $0 = ObjectIdentifier(Thread.current) == callerThread }
            }
            done.signal()
        }
        caller.stackSize = stackSize
        caller.start()
        done.wait()
        return sameThread.withLock { $0 }
    }
}
