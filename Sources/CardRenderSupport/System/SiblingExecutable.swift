import FoundationEssentials

/// A program of this package run in place of the current one: SwiftPM builds the package's
/// executables into one folder and `make install` puts them in one `bin`, so each is found
/// beside the running executable (symbolic links resolved), never on `PATH`.
package enum SiblingExecutable {
    /// The running executable's folder with symbolic links resolved (`/proc/self/exe`); nil
    /// where `/proc` is not mounted.
    package static var runningFolder: URL? {
        (try? Syscalls.realPath("/proc/self/exe")).map { URL(fileURLWithPath: $0).deletingLastPathComponent() }
    }

    /// The path of `name` in the running executable's folder.
    package static func path(named name: String) -> String {
        let folder = runningFolder ?? URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent()
        return folder.appendingPathComponent(name).path
    }

    /// Becomes `name` with `arguments`; a program that is not there, or cannot run, is one line.
    package static func replaceProcess(named name: String, arguments: [String]) throws(MessageError) -> Never {
        let path = path(named: name)
        do {
            try Syscalls.replaceProcess(with: path, arguments: [name] + arguments)
        } catch {
            let folder = URL(fileURLWithPath: path).deletingLastPathComponent().path
            throw MessageError("cannot run \(name) from \(folder) (\(error)); make install puts it beside cardrender, "
                               + "and `swift build --product \(name)` builds it in a checkout")
        }
    }
}
