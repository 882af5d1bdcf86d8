internal import CPango
import Foundation
import Synchronization

/// GLib's log (Pango's, librsvg's warnings and criticals) kept for the thread that logged it
/// instead of printed to stderr, so a library's complaint about bad input becomes part of the
/// one-line error of the text or image that caused it. Installed once, before the first layout.
enum LibraryLog {
    /// At most this many messages are kept per thread; the first says what went wrong.
    static let keptPerThread = 4

    private static let messages = Mutex<[UInt: [String]]>([:])

    private static let installed: Void = {
        g_log_set_writer_func({ level, fields, count, _ in
            LibraryLog.record(level: level, fields: fields, count: Int(count))
            return G_LOG_WRITER_HANDLED
        }, nil, nil)
    }()

    /// Routes GLib's log here from now on (once per process; later calls do nothing).
    static func install() { _ = installed }

    private static var thread: UInt { UInt(bitPattern: Int(bitPattern: UInt(pthread_self()))) }

    private static func record(level: GLogLevelFlags, fields: UnsafePointer<GLogField>?, count: Int) {
        // Debug and info lines are dropped, as GLib itself drops them unless asked.
        let serious = G_LOG_LEVEL_ERROR.rawValue | G_LOG_LEVEL_CRITICAL.rawValue | G_LOG_LEVEL_WARNING.rawValue
        guard level.rawValue & serious != 0, let fields else { return }
        var domain = "GLib", text = ""
        for field in UnsafeBufferPointer(start: fields, count: count) {
            guard let key = field.key, let value = field.value else { continue }
            let string = field.length < 0 ? String(cString: value.assumingMemoryBound(to: CChar.self))
                : String(decoding: UnsafeRawBufferPointer(start: value, count: Int(field.length)), as: UTF8.self)
            switch String(cString: key) {
            case "GLIB_DOMAIN": domain = string
            case "MESSAGE": text = string
            default: break
            }
        }
        let line = "\(domain): " + text.split(whereSeparator: \.isNewline).joined(separator: " ")
        let thread = thread
        messages.withLock { messages in
            if messages[thread, default: []].count < keptPerThread { messages[thread, default: []].append(line) }
        }
    }

    /// Runs `body` and turns what GLib logged on this thread meanwhile into an error (the first message).
    static func failingOnMessages<T>(_ body: () throws(DrawingError) -> T) throws(DrawingError) -> T {
        install()
        _ = drain()
        let result: T
        do { result = try body() } catch {
            // The library's own words say more than the status it failed with.
            if let first = drain().first { throw .font(first) }
            throw error
        }
        if let first = drain().first { throw .font(first) }
        return result
    }

    /// This thread's messages, forgotten.
    static func drain() -> [String] {
        let thread = thread
        return messages.withLock { $0.removeValue(forKey: thread) ?? [] }
    }
}
