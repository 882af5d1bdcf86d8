#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// Numbers written as `printf` writes them (`%.2f`, `%02X`), through the C library, as
/// Foundation's `String(format:)` writes them: for the modules that import FoundationEssentials
/// alone, whose `String` has no `format:`.
package enum PrintfFormat {
    /// `format` filled with `arguments` by `vsnprintf(3)`.
    package static func string(_ format: String, _ arguments: CVarArg...) -> String {
        var buffer = [CChar](repeating: 0, count: 128)
        let needed = Int(withVaList(arguments) { list in
            buffer.withUnsafeMutableBufferPointer { vsnprintf($0.baseAddress, $0.count, format, list) }
        })
        if needed >= buffer.count {
            buffer = [CChar](repeating: 0, count: needed + 1)
            _ = withVaList(arguments) { list in
                buffer.withUnsafeMutableBufferPointer { vsnprintf($0.baseAddress, $0.count, format, list) }
            }
        }
        return String(cString: buffer)
    }
}
