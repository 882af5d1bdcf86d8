/// A count with its noun, singular for exactly one: "1 job", "3 jobs", "0 files", "2 entries".
public func counted(_ count: Int, _ noun: String) -> String {
    "\(count) " + (count == 1 ? noun : NearestName.plural(noun))
}
