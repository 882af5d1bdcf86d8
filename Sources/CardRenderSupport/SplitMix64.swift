/// Sebastiano Vigna's SplitMix64: a tiny, fast generator with a fully specified output, used
/// for reproducible shuffles and test data (never for anything secret). The same seed gives the
/// same numbers on every machine and Swift version, which the standard library's generators do not promise.
public struct SplitMix64: RandomNumberGenerator, Sendable, Hashable {
    /// The generator's whole state: two generators with the same state give the same numbers from here on.
    public private(set) var state: UInt64

    /// A generator that starts from `seed`.
    public init(seed: UInt64) {
        state = seed
    }

    public mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }

    /// A uniform value in `0..<bound` by Lemire's multiply-and-reject method, without modulo bias.
    public mutating func next(below bound: UInt64) -> UInt64 {
        precondition(bound > 0, "bound must be positive")
        var product = next().multipliedFullWidth(by: bound)
        if product.low < bound {
            let threshold = (0 &- bound) % bound
            while product.low < threshold {
                product = next().multipliedFullWidth(by: bound)
            }
        }
        return product.high
    }
}
