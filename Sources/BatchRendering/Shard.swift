import Foundation

/// `--shard K/N`: the K-th of N disjoint shares of a job list (K counts from 1).
public struct Shard: Sendable, Hashable, CustomStringConvertible {
    public let index: Int
    public let count: Int

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
    public static func assignments(ids: [String], costs: [Double], count: Int) -> [Int] {
        precondition(ids.count == costs.count)
        let order = ids.indices.sorted { a, b in
            costs[a] != costs[b] ? costs[a] > costs[b] : ids[a] < ids[b]
        }
        var load = [Double](repeating: 0, count: count)
        var result = [Int](repeating: 0, count: ids.count)
        for job in order {
            var lightest = 0
            for shard in 1..<count where load[shard] < load[lightest] { lightest = shard }
            result[job] = lightest
            load[lightest] += max(costs[job], 0)
        }
        return result
    }

    /// The jobs of this shard, in their original order.
    public func select(_ jobs: [BatchJob]) -> [BatchJob] {
        let shards = Shard.assignments(ids: jobs.map(\.id), costs: jobs.map(\.estimatedCost), count: count)
        return jobs.indices.filter { shards[$0] == index - 1 }.map { jobs[$0] }
    }
}
