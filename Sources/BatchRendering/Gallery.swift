import Drawing
import Foundation

/// `index.html` in the output folder: every image of the manifest with its job's parameters,
/// grouped by kind and job. Images load lazily, so pages with thousands stay light.
public enum Gallery {
    public static let fileName = "index.html"

    public static func html(_ manifest: Manifest) -> String {
        let byKind = Dictionary(grouping: manifest.jobs.keys.sorted()) { manifest.jobs[$0]?.kind ?? "other" }
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
        .files img{max-width:200px;max-height:200px;background:repeating-conic-gradient(#ddd 0 25%,#fff 0 50%) 0 0/16px 16px}
        </style></head><body>
        <header><strong>cardrender gallery</strong> · \(manifest.jobs.count) jobs · \(manifest.jobs.values.reduce(0) { $0 + $1.outputs.count }) files ·
        """
        for kind in byKind.keys.sorted() { out += " <a href=\"#\(escape(kind))\">\(escape(kind)) (\(byKind[kind]?.count ?? 0))</a>" }
        out += "</header>\n"
        for kind in byKind.keys.sorted() {
            out += "<h2 id=\"\(escape(kind))\">\(escape(kind))</h2>\n<div class=\"jobs\">\n"
            for id in byKind[kind] ?? [] {
                guard let entry = manifest.jobs[id] else { continue }
                out += "<section class=\"job\"><h3>\(escape(id))</h3><div class=\"params\">"
                for key in entry.parameters.keys.sorted() {
                    out += "<span>\(escape(key))=\(escape(entry.parameters[key] ?? ""))</span>"
                }
                out += "</div><div class=\"files\">"
                for output in entry.outputs {
                    let ext = (output.path as NSString).pathExtension.lowercased()
                    let href = escape(output.path.split(separator: "/").map {
                        String($0).addingPercentEncoding(withAllowedCharacters: .urlPathAllowed) ?? String($0)
                    }.joined(separator: "/"))
                    let name = escape((output.path as NSString).lastPathComponent)
                    if ext == "png" || ext == "svg" {
                        var size = ""
                        if let w = output.pixelWidth, let h = output.pixelHeight { size = " · \(w)×\(h)" }
                        out += "<figure><a href=\"\(href)\"><img loading=\"lazy\" decoding=\"async\" src=\"\(href)\" alt=\"\(name)\"></a><figcaption>\(name)\(size)</figcaption></figure>"
                    } else {
                        out += "<figure><a href=\"\(href)\">\(name)</a></figure>"
                    }
                }
                out += "</div></section>\n"
            }
            out += "</div>\n"
        }
        out += "</body></html>\n"
        return out
    }

    public static func write(_ manifest: Manifest, to folder: URL) throws {
        try AtomicFile.write(Data(html(manifest).utf8), to: folder.appendingPathComponent(fileName))
    }

}

/// Markup escaping for the text put into this file's HTML and XML.
private func escape(_ text: String) -> String { text.markupEscaped }
