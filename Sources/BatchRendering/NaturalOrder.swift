/// Orders names as people read them: runs of digits compare as numbers, so `2C` comes before
/// `10C`; everything else compares by Unicode scalar, so the order is the same on every machine.
public enum NaturalOrder {
    /// True when `a` comes before `b`.
    public static func areInIncreasingOrder(_ a: String, _ b: String) -> Bool { compare(a, b) < 0 }

    /// Negative, zero or positive as `a` comes before, with, or after `b`.
    public static func compare(_ a: String, _ b: String) -> Int {
        var left = a.unicodeScalars[...], right = b.unicodeScalars[...]
        while let x = left.first, let y = right.first {
            if isDigit(x) && isDigit(y) {
                let leftRun = left.prefix(while: isDigit), rightRun = right.prefix(while: isDigit)
                let leftNumber = leftRun.drop { $0 == "0" }, rightNumber = rightRun.drop { $0 == "0" }
                // Without leading zeros, a longer run is a larger number.
                if leftNumber.count != rightNumber.count { return leftNumber.count < rightNumber.count ? -1 : 1 }
                for (p, q) in zip(leftNumber, rightNumber) where p != q { return p.value < q.value ? -1 : 1 }
                left = left.dropFirst(leftRun.count)
                right = right.dropFirst(rightRun.count)
            } else {
                if x != y { return x.value < y.value ? -1 : 1 }
                left = left.dropFirst()
                right = right.dropFirst()
            }
        }
        if left.isEmpty != right.isEmpty { return left.isEmpty ? -1 : 1 }
        // Equal as numbers (`02` and `2`): the scalars decide, so no two names tie.
        if a.unicodeScalars.elementsEqual(b.unicodeScalars) { return 0 }
        return a.unicodeScalars.lexicographicallyPrecedes(b.unicodeScalars) { $0.value < $1.value } ? -1 : 1
    }

    private static func isDigit(_ scalar: Unicode.Scalar) -> Bool { ("0"..."9").contains(scalar) }
}
