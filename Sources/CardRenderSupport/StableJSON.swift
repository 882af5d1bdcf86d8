import FoundationEssentials

/// The project's one JSON style: keys sorted and slashes left plain, so the same value is the
/// same bytes on every machine (manifests, reports, goldens, `--json`); indented for people
/// unless it is a file only the tool reads.
public enum StableJSON {
    /// An encoder with these settings, for callers that need the encoder itself.
    public static func encoder(pretty: Bool = true) -> JSONEncoder {
        let encoder = JSONEncoder()
        encoder.outputFormatting = pretty ? [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
                                          : [.sortedKeys, .withoutEscapingSlashes]
        return encoder
    }

    /// `value` encoded, ending in a line break when `trailingNewline` (a file a person may `cat`).
    public static func data<T: Encodable>(_ value: T, pretty: Bool = true, trailingNewline: Bool = false) throws -> Data {
        var data = try encoder(pretty: pretty).encode(value)
        if trailingNewline { data.append(0x0A) }
        return data
    }
}
