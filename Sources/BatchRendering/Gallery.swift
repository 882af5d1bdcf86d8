import CardRenderSupport
import Foundation
import Images

/// `index.html` in the output folder: every rendered item of the manifest with its job's
/// parameters, grouped by kind and job, in natural order (2C before 10C). An item is one
/// picture in all its formats: one tile shows its raster image (or its SVG when there is no
/// PNG), with every format linked under it. Images load lazily, so pages with thousands stay light.
public enum Gallery {
    /// The gallery's file name in the output folder.
    public static let fileName = "index.html"

    /// Formats in the order their links appear; the first that is an image is the tile's picture.
    static let formatOrder = OutputFormat.fileExtensions
    static let imageFormats = Set(OutputFormat.allCases.filter(\.isWebImage).map(\.fileExtension))

    /// One picture (or other file) in every format a job wrote it: `cards/2C` for `cards/2C.png`
    /// and `cards/2C.svg`.
    struct Item {
        var name: String
        var files: [Manifest.Output]
        var image: Manifest.Output? { files.first { imageFormats.contains(Gallery.format(of: $0.path)) } }
    }

    static func format(of path: String) -> String { (path as NSString).pathExtension.lowercased() }

    /// A job's outputs grouped into items, in natural order, each item's files in `formatOrder`.
    static func items(_ outputs: [Manifest.Output]) -> [Item] {
        let groups = Dictionary(grouping: outputs) { ($0.path as NSString).deletingPathExtension }
        func rank(_ output: Manifest.Output) -> Int { formatOrder.firstIndex(of: format(of: output.path)) ?? formatOrder.count }
        return groups.keys.sorted(by: NaturalOrder.areInIncreasingOrder).map { name in
            let files = (groups[name] ?? []).sorted {
                rank($0) != rank($1) ? rank($0) < rank($1) : NaturalOrder.areInIncreasingOrder($0.path, $1.path)
            }
            return Item(name: name, files: files)
        }
    }

    /// The gallery page for `manifest`; the same manifest always gives the same bytes.
    public static func html(_ manifest: Manifest) -> String {
        let ids = manifest.jobs.keys.sorted(by: NaturalOrder.areInIncreasingOrder)
        let byKind = Dictionary(grouping: ids) { manifest.jobs[$0]?.kind ?? "other" }
        let kinds = byKind.keys.sorted(by: NaturalOrder.areInIncreasingOrder)
        var out = """
        <!DOCTYPE html>
        <html lang="en"><head><meta charset="utf-8">
        <meta name="viewport" content="width=device-width, initial-scale=1">
        <title>cardrender gallery</title>
        <style>
        body{font:14px/1.4 system-ui,sans-serif;margin:0;background:#f4f1ea;color:#222}
        header{position:sticky;top:0;background:#222;color:#fff;padding:10px 16px;z-index:1}
        header a{color:#9cf;margin-right:14px}
        h2{margin:24px 16px 8px}
        .jobs{display:flex;flex-wrap:wrap;gap:12px;padding:0 16px}
        .job{background:#fff;border:1px solid #ccc;border-radius:8px;padding:8px;max-width:440px}
        .job h3{font-size:13px;margin:0 0 4px;word-break:break-all}
        .params{font-size:11px;color:#555;margin-bottom:6px}
        .params span{display:inline-block;background:#eee;border-radius:4px;padding:0 4px;margin:1px}
        .files{display:flex;flex-wrap:wrap;gap:6px;align-items:flex-start}
        .files figure{margin:0;text-align:center;font-size:10px;color:#666}
        .files figcaption a{margin:0 2px}
        .files img{max-width:200px;max-height:200px;background:repeating-conic-gradient(#ddd 0 25%,#fff 0 50%) 0 0/16px 16px}
        </style></head><body>
        <header><strong>cardrender gallery</strong> · \(manifest.jobs.count) jobs · \(manifest.jobs.values.reduce(0) { $0 + $1.outputs.count }) files ·
        """
        for kind in kinds { out += " <a href=\"#\(escape(kind))\">\(escape(kind)) (\(byKind[kind]?.count ?? 0))</a>" }
        out += "</header>\n"
        for kind in kinds {
            out += "<h2 id=\"\(escape(kind))\">\(escape(kind))</h2>\n<div class=\"jobs\">\n"
            for id in byKind[kind] ?? [] {
                guard let entry = manifest.jobs[id] else { continue }
                out += "<section class=\"job\"><h3>\(escape(id))</h3><div class=\"params\">"
                for key in entry.parameters.keys.sorted(by: NaturalOrder.areInIncreasingOrder) {
                    out += "<span>\(escape(key))=\(escape(entry.parameters[key] ?? ""))</span>"
                }
                out += "</div><div class=\"files\">"
                for item in items(entry.outputs) { out += tile(item) }
                out += "</div></section>\n"
            }
            out += "</div>\n"
        }
        out += "</body></html>\n"
        return out
    }

    /// One item: its picture (linked), its name and pixel size, and a link to every format.
    static func tile(_ item: Item) -> String {
        var out = "<figure>"
        if let image = item.image {
            let name = escape((image.path as NSString).lastPathComponent)
            out += "<a href=\"\(href(image.path))\"><img loading=\"lazy\" decoding=\"async\" src=\"\(href(image.path))\" alt=\"\(name)\"></a>"
        }
        out += "<figcaption>\(escape((item.name as NSString).lastPathComponent))"
        if let sized = item.files.first(where: { $0.pixelWidth != nil && $0.pixelHeight != nil }),
           let width = sized.pixelWidth, let height = sized.pixelHeight {
            out += " · \(width)×\(height)"
        }
        out += "<br>"
        out += item.files.map { file in
            let label = format(of: file.path).isEmpty ? (file.path as NSString).lastPathComponent : format(of: file.path)
            return "<a href=\"\(href(file.path))\">\(escape(label))</a>"
        }.joined(separator: " ")
        return out + "</figcaption></figure>"
    }

    /// A relative link to `path`, each component percent-encoded.
    static func href(_ path: String) -> String {
        escape(path.split(separator: "/").map {
            String($0).addingPercentEncoding(withAllowedCharacters: .urlPathAllowed) ?? String($0)
        }.joined(separator: "/"))
    }

    /// Writes the gallery for `manifest` into `folder`, atomically.
    public static func write(_ manifest: Manifest, to folder: URL) throws {
        try AtomicFile.write(Data(html(manifest).utf8), to: folder.appendingPathComponent(fileName))
    }

}

/// Markup escaping for the text put into this file's HTML and XML.
private func escape(_ text: String) -> String { text.markupEscaped }
