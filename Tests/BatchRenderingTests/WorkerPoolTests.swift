import BatchRendering
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
}
