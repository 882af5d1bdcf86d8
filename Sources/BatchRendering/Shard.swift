import Foundation

/// `--shard K/N`: the K-th of N disjoint shares of a job list (K counts from 1).
public struct Shard: Sendable, Hashable, CustomStringConvertible {
    /// K: which share, from 1.
    public let index: Int
    /// N: how many shares the jobs are split into.
    public let count: Int

    /// Shard K/N; throws unless 1 ≤ K ≤ N.
    public init(index: Int, count: Int) throws(BatchError) {
        guard count >= 1 else { throw BatchError("shard count must be at least 1, got \(count)") }
        guard (1...count).contains(index) else {
            throw BatchError("shard \(index)/\(count) is out of range: K must be between 1 and \(count)")
        }
        self.index = index
        self.count = count
    }

    /// Parses `K/N`.
    public init(parsing text: String) throws(BatchError) {
        let parts = text.split(separator: "/", omittingEmptySubsequences: false)
        guard parts.count == 2, let k = Int(parts[0]), let n = Int(parts[1]) else {
            throw BatchError("invalid shard \"\(text)\": expected K/N with whole numbers, e.g. 1/3")
        }
        try self.init(index: k, count: n)
    }

    public var description: String { "\(index)/\(count)" }

    /// Assigns every job to one of `count` shards, balancing estimated cost: jobs are taken
    /// from the most to the least expensive (ties by id) and each goes to the lightest shard so
    /// far (ties to the lowest index). The result depends only on ids and costs, never on
    /// input order, so every CI machine computes the same split.
    ///
    /// Work and memory are O(jobs log jobs) whatever `count` is: untouched shards all weigh 0,
    /// so the lightest is always among the first `ids.count`, and only those are tracked.
    public static func assignments(ids: [String], costs: [Double], count: Int) -> [Int] {
        precondition(ids.count == costs.count)
        let order = ids.indices.sorted { a, b in
            costs[a] != costs[b] ? costs[a] > costs[b] : ids[a] < ids[b]
        }
        var shards = LightestFirst(count: min(max(count, 1), ids.count))
        var result = [Int](repeating: 0, count: ids.count)
        for job in order {
            result[job] = shards.add(costs[job] > 0 ? costs[job] : 0)  // NaN and negatives weigh nothing
        }
        return result
    }

    /// The jobs of this shard, in their original order.
    public func select(_ jobs: [BatchJob]) -> [BatchJob] {
        let shards = Shard.assignments(ids: jobs.map(\.id), costs: jobs.map(\.estimatedCost), count: count)
        return jobs.indices.filter { shards[$0] == index - 1 }.map { jobs[$0] }
    }
}

/// Shard loads in a binary min-heap ordered by (load, index): the same choice as scanning for
/// the lightest shard with ties to the lowest index, in O(log n).
private struct LightestFirst {
    private var heap: [(load: Double, index: Int)]

    init(count: Int) { heap = (0..<count).map { (0, $0) } }

    /// Adds `cost` to the lightest shard and returns that shard's index.
    mutating func add(_ cost: Double) -> Int {
        let index = heap[0].index
        heap[0].load += cost
        var parent = 0
        while true {
            let left = 2 * parent + 1, right = left + 1
            var least = parent
            if left < heap.count && Self.lighter(heap[left], heap[least]) { least = left }
            if right < heap.count && Self.lighter(heap[right], heap[least]) { least = right }
            if least == parent { return index }
            heap.swapAt(parent, least)
            parent = least
        }
    }

    private static func lighter(_ a: (load: Double, index: Int), _ b: (load: Double, index: Int)) -> Bool {
        a.load != b.load ? a.load < b.load : a.index < b.index
    }
}
