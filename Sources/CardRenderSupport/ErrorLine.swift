import FoundationEssentials

/// An error as one line: every command prints one line per error, and manifests, reports and
/// the preview keep one, however many lines a library's message has.
public enum ErrorLine {
    /// The first line of the error's message (`LocalizedError`'s description, else its own)
    /// that has more than spaces on it, without the spaces at its ends; "failed" when the
    /// message has no such line.
    public static func of(_ error: any Error) -> String {
        let message = (error as? any LocalizedError)?.errorDescription ?? String(describing: error)
        return message.split(whereSeparator: \.isNewline).lazy.map { $0.trimmingSpaces() }.first { !$0.isEmpty } ?? "failed"
    }
}
