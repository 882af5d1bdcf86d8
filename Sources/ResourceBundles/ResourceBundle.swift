import CardRenderSupport
import Foundation

/// Finds the resource bundle SwiftPM builds for one of this package's targets, the way an installed
/// tool or a user's package needs it: beside the running executable (SwiftPM's layout for `swift run`,
/// `swift test` and any package that depends on this one), else in `../share/cardrender` beside it
/// (where `make install` puts bundles). Never the source tree or the current directory.
///
/// SwiftPM's generated `Bundle.module` traps with a 60-line backtrace when its bundle is missing;
/// `locate` is asked first and throws a one-line error instead.
public enum ResourceBundle {
    /// The package name SwiftPM puts before a target's name: `cardrender_<Target>.resources`.
    public static let packageName = "cardrender"

    /// `share/cardrender` under the install prefix, relative to the executable's folder.
    public static let installedFolder = "../share/cardrender"

    public static func bundleName(forTarget target: String) -> String { "\(packageName)_\(target).resources" }

    /// The folders searched, in order: the executable's folder as Foundation sees it and with
    /// symbolic links resolved, then `../share/cardrender` beside each.
    public static func searchFolders(executableFolder: URL = Bundle.main.bundleURL) -> [URL] {
        var folders = [executableFolder.standardizedFileURL]
        if let resolved = SiblingExecutable.runningFolder { folders.append(resolved.standardizedFileURL) }
        folders += folders.map { $0.appendingPathComponent(installedFolder, isDirectory: true).standardizedFileURL }
        var seen = Set<String>()
        return folders.filter { seen.insert($0.path).inserted }
    }

    /// The bundle of `target`. `moduleBundle` is the target's own `{ Bundle.module }`: it is used when
    /// the bundle sits where SwiftPM's accessor looks first, so it cannot trap.
    public static func locate(target: String, in folders: [URL] = searchFolders(),
                              moduleBundle: () -> Bundle) throws(ResourceBundleError) -> Bundle {
        let name = bundleName(forTarget: target)
        for folder in folders {
            let url = folder.appendingPathComponent(name, isDirectory: true)
            var isFolder: ObjCBool = false
            guard FileManager.default.fileExists(atPath: url.path, isDirectory: &isFolder), isFolder.boolValue else {
                continue
            }
            if folder.path == Bundle.main.bundleURL.standardizedFileURL.path { return moduleBundle() }
            if let bundle = Bundle(url: url) { return bundle }
        }
        throw ResourceBundleError(bundle: name, searched: folders.map(\.path))
    }

    /// The file `name` inside `bundle`, or a one-line error naming both.
    public static func file(_ name: String, in bundle: Bundle) throws(ResourceBundleError) -> URL {
        let url = bundle.bundleURL.appendingPathComponent(name)
        guard FileManager.default.fileExists(atPath: url.path) else {
            throw ResourceBundleError(bundle: bundle.bundleURL.lastPathComponent, missingFile: name,
                                      searched: [bundle.bundleURL.path])
        }
        return url
    }
}

/// A resource bundle, or a file in one, that is not where the tool was installed.
public struct ResourceBundleError: Error, Equatable, Sendable, CustomStringConvertible {
    public var bundle: String
    public var missingFile: String?
    public var searched: [String]

    public init(bundle: String, missingFile: String? = nil, searched: [String]) {
        self.bundle = bundle
        self.missingFile = missingFile
        self.searched = searched
    }

    public var description: String {
        let what = missingFile.map { "\($0) is missing from resource bundle \(bundle)" }
            ?? "resource bundle \(bundle) not found"
        return "\(what) (looked in \(searched.joined(separator: ", "))); "
            + "install the tool with its bundles (`make install`) or run it from its build folder"
    }
}
