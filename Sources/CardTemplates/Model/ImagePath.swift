import CardRenderSupport
import Foundation

/// Where an image a template draws is, checked the same way for a YAML layer's `src` and an SVG
/// template's `<image>`: relative to the template's folder; when the path comes from data, only
/// inside that folder or an allowed one, refused in the same words whether the file is there.
enum ImagePath {
    /// Why a path is refused, as the end of a message naming its owner.
    struct Problem: Error {
        var message: String
    }

    /// What an SVG template's `<image>` may name: librsvg draws these from a `data:` URL.
    static let svgImageExtensions = ["png", "svg"]

    static func resolve(_ path: String, folder: URL, fromData: Bool, allowedFolders: [URL],
                        key: String = "src", extensions: [String] = svgImageExtensions) -> Result<URL, Problem> {
        let url = URL(fileURLWithPath: path, relativeTo: folder).standardizedFileURL
        if fromData {
            guard InputPaths.isInside(url.path, anyOf: ([folder] + allowedFolders).map(\.path)) else {
                return .failure(Problem(message: "`\(key)` is \"\(path)\" from the data, which leads outside the template's folder; "
                                        + "data may name only files inside it (or in a folder given with --allow-dir)"))
            }
        }
        guard extensions.contains(url.pathExtension.lowercased()) else {
            let names = extensions.map { "." + $0 }
            let list = names.count > 1 ? names.dropLast().joined(separator: ", ") + " or " + names[names.count - 1] : names.joined()
            return .failure(Problem(message: "`\(key)` must be a \(list) file, got \"\(path)\""))
        }
        switch InputPaths.kind(at: url.path) {
        case .regularFile: return .success(url)
        case .special: return .failure(Problem(message: "the image \(path) is not a regular file (a device, FIFO or socket)"))
        case .folder, nil: return .failure(Problem(message: "the image \(path) does not exist"))
        }
    }
}
