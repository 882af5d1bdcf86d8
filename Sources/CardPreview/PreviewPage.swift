import Foundation
import RenderPipeline
import ResourceBundles

/// The page's three files (Resources/), read once at start: plain HTML, JavaScript and CSS with
/// no request to any other host.
struct PreviewPage: Sendable {
    enum File: String, CaseIterable, Sendable {
        case index = "index.html", script = "preview.js", style = "preview.css"

        var contentType: String {
            switch self {
            case .index: "text/html; charset=utf-8"
            case .script: "text/javascript; charset=utf-8"
            case .style: "text/css; charset=utf-8"
            }
        }
    }

    private let files: [File: Data]

    /// Reads the files from the module's resource bundle; one line naming what is missing.
    static func bundled() throws(PreviewError) -> PreviewPage {
        do {
            let bundle = try ResourceBundle.locate(target: "CardPreview") { Bundle.module }
            var files: [File: Data] = [:]
            for file in File.allCases {
                let url = try ResourceBundle.file(file.rawValue, in: bundle)
                guard let data = try? Data(contentsOf: url) else { throw PreviewError("cannot read \(url.path)") }
                files[file] = data
            }
            return PreviewPage(files: files)
        } catch let error as PreviewError {
            throw error
        } catch {
            throw PreviewError("\(error)")
        }
    }

    func data(_ file: File) -> Data { files[file] ?? Data() }
}
