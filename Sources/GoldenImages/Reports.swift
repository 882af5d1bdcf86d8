import CardRenderSupport
import FoundationEssentials

/// JUnit XML for CI systems: one test case per image; failures as `<failure>`, unreadable or
/// unwritable images as `<error>`, recordings as passing cases with a `<system-out>` note.
public enum JUnitReport {
    /// The JUnit XML of `verification`, one test suite named `suiteName`.
    public static func render(_ verification: FolderVerification, suiteName: String = "golden images") -> String {
        let summary = verification.summary
        let failures = summary.failed + summary.missingActual + summary.missingGolden
        let time = PrintfFormat.string("%.3f", verification.entries.reduce(0) { $0 + $1.seconds })
        var xml = """
            <?xml version="1.0" encoding="UTF-8"?>
            <testsuites name="\(attribute(suiteName))" tests="\(summary.total)" failures="\(failures)" \
            errors="\(summary.errors)" time="\(time)">
              <testsuite name="\(attribute(suiteName))" tests="\(summary.total)" failures="\(failures)" \
            errors="\(summary.errors)" skipped="0" time="\(time)">

            """
        for entry in verification.entries {
            // The folder of a relative path as verify lists it ("cards/AS.png": "cards").
            let folder = entry.path.lastIndex(of: "/").map { String(entry.path[..<$0]) } ?? ""
            let classname = folder.isEmpty ? "golden" : "golden." + folder.replacing("/", with: ".")
            let opening = "    <testcase name=\"\(attribute(entry.path))\" classname=\"\(attribute(classname))\" "
                + "time=\"\(PrintfFormat.string("%.3f", entry.seconds))\""
            switch entry.status {
            case .matched:
                xml += opening + "/>\n"
            case .recorded, .rerecorded:
                xml += opening + ">\n      <system-out>\(escape(entry.message))</system-out>\n    </testcase>\n"
            case .failed, .missingActual, .missingGolden:
                xml += opening + ">\n      <failure message=\"\(attribute(entry.message))\" type=\"\(entry.status.rawValue)\">"
                    + escape(details(of: entry)) + "</failure>\n    </testcase>\n"
            case .error:
                xml += opening + ">\n      <error message=\"\(attribute(entry.message))\" type=\"error\"/>\n    </testcase>\n"
            }
        }
        xml += "  </testsuite>\n</testsuites>\n"
        return xml
    }

    private static func details(of entry: FolderVerification.Entry) -> String {
        var lines = [entry.message]
        if let result = entry.result {
            lines += result.regions.prefix(10).map { "region: \($0)" }
        }
        if let artifacts = entry.artifacts { lines += artifacts.paths.map { "artifact: \($0)" } }
        return lines.joined(separator: "\n")
    }

}

/// A single self-contained HTML file (images embedded as data: URIs) for reviewing a folder
/// verification: a summary at the top with the comparison's settings, then per failure side by
/// side, a swipe slider, a blink toggle and the diff. Every image is drawn over a checkerboard so
/// that transparent pixels, and changes of transparency, can be seen.
public enum HTMLReport {
    /// The whole HTML page for `verification`, titled `title`; the same verification gives the same bytes.
    public static func render(_ verification: FolderVerification, title: String = "Golden image report") -> String {
        let summary = verification.summary
        let attention = verification.entries.enumerated().filter { $0.element.status != .matched }
        var html = """
            <!doctype html>
            <html lang="en">
            <head>
            <meta charset="utf-8">
            <meta name="viewport" content="width=device-width, initial-scale=1">
            <title>\(escape(title)): \(headline(summary))</title>
            <style>\(style)</style>
            </head>
            <body>
            <header>
            <h1>\(escape(title))</h1>
            <p class="headline \(verification.hasFailures || verification.hasErrors ? "bad" : "good")">\(headline(summary))</p>
            <ul class="counts">\(counts(summary))</ul>
            <p class="setup">Goldens <code>\(escape(verification.goldensDirectory))</code> · actual \
            <code>\(escape(verification.actualDirectory))</code> · record mode <code>\(verification.mode.rawValue)</code> \
            · \(escape(setup(verification.tolerance)))</p>
            <p class="legend">Images are drawn over a grey checkerboard: where it shows through, the image is \
            transparent.</p>
            <label class="zoom">Zoom <select id="zoom"><option value="auto" selected>fit</option><option value="1">1×</option>\
            <option value="2">2×</option><option value="4">4×</option><option value="8">8×</option></select></label>

            """
        if !attention.isEmpty {
            html += "<table class=\"index\">\n<tr><th>Status</th><th>Image</th><th>Result</th></tr>\n"
            for (index, entry) in attention {
                html += "<tr class=\"\(entry.status.rawValue)\"><td>\(label(entry.status))</td>"
                    + "<td><a href=\"#entry-\(index)\">\(escape(entry.path))</a></td><td>\(escape(entry.message))</td></tr>\n"
            }
            html += "</table>\n"
        }
        html += "</header>\n<main>\n"
        for (index, entry) in attention {
            html += section(entry, index: index, images: verification.images[entry.path])
        }
        let matched = verification.entries.filter { $0.status == .matched }
        if !matched.isEmpty {
            html += "<details class=\"matched\"><summary>\(matched.count) matched</summary><ul>\n"
            for entry in matched {
                html += "<li><code>\(escape(entry.path))</code> — \(escape(entry.message))</li>\n"
            }
            html += "</ul></details>\n"
        }
        html += "</main>\n<script>\(script)</script>\n</body>\n</html>\n"
        return html
    }

    private static func section(_ entry: FolderVerification.Entry, index: Int,
                                images: FolderVerification.Images?) -> String {
        var html = """
            <section class="entry \(entry.status.rawValue)" id="entry-\(index)">
            <h2><span class="status">\(label(entry.status))</span> \(escape(entry.path))</h2>
            <p class="message">\(escape(entry.message))</p>

            """
        if let result = entry.result, !result.regions.isEmpty {
            let regions = result.regions.prefix(8).map { escape($0.description) }.joined(separator: "; ")
            html += "<p class=\"regions\">Regions (\(result.regionCount)): \(regions)</p>\n"
        }
        let expected = images?.expected.map(dataURI), actual = images?.actual.map(dataURI)
        let diff = images?.diff.map(dataURI)
        html += "<div class=\"side-by-side\">\n"
        html += figure("expected (golden)", expected, role: "expected")
        html += figure("actual", actual, role: "actual")
        html += figure("diff", diff, role: "diff")
        html += "</div>\n"
        if expected != nil, actual != nil {
            html += """
                <div class="compare">
                <figure class="swipe"><figcaption>Swipe: expected ◀ ▶ actual</figcaption>
                <div class="stage"><img class="under" alt="expected"><div class="over"><img alt="actual"></div>\
                <div class="handle"></div><input type="range" min="0" max="1000" value="500" \
                aria-label="swipe position"></div></figure>
                <figure class="blink"><figcaption>Blink: <button type="button" class="toggle">toggle</button> \
                <label><input type="checkbox" class="auto"> blink</label> showing <b class="which">expected</b></figcaption>
                <div class="stage"><img class="expected-view" alt="expected"><img class="actual-view" alt="actual" hidden></div>\
                </figure>
                </div>

                """
        }
        if let artifacts = entry.artifacts {
            html += "<p class=\"artifacts\">Artifacts: " + artifacts.paths.map { "<code>\(escape($0))</code>" }
                .joined(separator: " ") + "</p>\n"
        }
        return html + "</section>\n"
    }

    /// The comparison's settings in words: threshold, metric and how transparency was blended.
    static func setup(_ tolerance: Tolerance) -> String {
        var parts = ["threshold \(tolerance.threshold)"]
        switch tolerance.metric {
        case .yiq: parts.append("metric YIQ (pixelmatch 7.2.0)")
        case .oklab: parts.append("metric OKLab HyAB (pixelmatch's development line)")
        }
        switch tolerance.alphaBlending {
        case .checkerboard: parts.append("semi-transparent pixels blended with pixelmatch's checkerboard")
        case .white: parts.append("semi-transparent pixels blended with white (changes of transparency can pass)")
        }
        if let window = tolerance.window { parts.append("limits per \(window)×\(window) window") }
        if let density = tolerance.density {
            parts.append("fails where a \(density.window)×\(density.window) window holds \(density.minPixels)+ px")
        }
        return parts.joined(separator: " · ")
    }

    private static func figure(_ caption: String, _ source: String?, role: String) -> String {
        guard let source else { return "" }
        return "<figure><figcaption>\(caption)</figcaption><img class=\"\(role)\" src=\"\(source)\" alt=\"\(caption)\"></figure>\n"
    }

    private static func dataURI(_ png: Data) -> String {
        "data:image/png;base64," + png.base64EncodedString()
    }

    private static func headline(_ summary: FolderVerification.Summary) -> String {
        let failing = summary.failed + summary.missingActual + summary.missingGolden
        if failing == 0 && summary.errors == 0 { return "all \(summary.total) images pass" }
        var parts: [String] = []
        if failing > 0 { parts.append("\(failing) of \(summary.total) failing") }
        if summary.errors > 0 { parts.append(summary.errors == 1 ? "1 error" : "\(summary.errors) errors") }
        return parts.joined(separator: ", ")
    }

    private static func counts(_ summary: FolderVerification.Summary) -> String {
        let items: [(String, Int, String)] = [
            ("matched", summary.matched, "matched"), ("failed", summary.failed, "failed"),
            ("missing actual", summary.missingActual, "missingActual"),
            ("no golden", summary.missingGolden, "missingGolden"), ("recorded", summary.recorded, "recorded"),
            ("rewritten", summary.rerecorded, "rerecorded"), ("errors", summary.errors, "error"),
        ]
        return items.filter { $0.1 > 0 || $0.0 == "matched" }
            .map { "<li class=\"\($0.2)\"><b>\($0.1)</b> \($0.0)</li>" }.joined()
    }

    private static func label(_ status: GoldenStatus) -> String {
        switch status {
        case .matched: "matched"
        case .failed: "failed"
        case .recorded: "recorded"
        case .rerecorded: "rewritten"
        case .missingActual: "missing actual"
        case .missingGolden: "no golden"
        case .error: "error"
        }
    }


    private static let style = """
        body{font:14px/1.4 system-ui,sans-serif;margin:0;color:#222;background:#f4f4f4}
        header{background:#fff;padding:16px 24px;border-bottom:1px solid #ddd}
        h1{margin:0 0 4px;font-size:20px}
        .headline{font-size:16px;font-weight:600;margin:4px 0}.headline.good{color:#17803d}.headline.bad{color:#c62828}
        .counts{list-style:none;padding:0;margin:8px 0;display:flex;gap:8px;flex-wrap:wrap}
        .counts li{background:#eee;border-radius:12px;padding:2px 10px}
        .counts .failed,.counts .missingActual,.counts .missingGolden,.counts .error{background:#fde0e0}
        .counts .matched{background:#dff3e4}.counts .recorded,.counts .rerecorded{background:#e3ecfb}
        .setup{color:#555;margin:4px 0}code{background:#f0f0f0;padding:0 3px;border-radius:3px}
        table.index{border-collapse:collapse;margin-top:10px;width:100%}
        table.index td,table.index th{border-bottom:1px solid #e4e4e4;padding:4px 8px;text-align:left;vertical-align:top}
        main{padding:12px 24px}
        section.entry{background:#fff;border:1px solid #ddd;border-left:6px solid #c62828;border-radius:4px;padding:12px 16px;margin:0 0 16px}
        section.recorded,section.rerecorded{border-left-color:#3367d6}section.error{border-left-color:#7b1fa2}
        h2{font-size:16px;margin:0 0 6px;word-break:break-all}.status{font-size:12px;text-transform:uppercase;color:#fff;background:#c62828;border-radius:3px;padding:1px 6px;vertical-align:middle}
        section.recorded .status,section.rerecorded .status{background:#3367d6}section.error .status{background:#7b1fa2}
        .side-by-side,.compare{display:flex;gap:16px;flex-wrap:wrap;align-items:flex-start}
        figure{margin:8px 0}figcaption{font-size:12px;color:#555;margin-bottom:4px}
        img{image-rendering:pixelated;display:block;background:repeating-conic-gradient(#bdbdbd 0 25%,#fff 0 50%) 0 0/16px 16px;border:1px solid #ccc}
        .legend{color:#555;margin:4px 0;font-size:12px}
        .stage{position:relative;display:inline-block;vertical-align:top}
        .swipe .stage{margin-bottom:24px}
        .swipe .over{position:absolute;top:0;left:0;right:0;bottom:0;clip-path:inset(0 0 0 calc((100% - 2px) * 0.5 + 1px))}
        .swipe .over img{border-color:transparent}
        .swipe .handle{position:absolute;top:0;bottom:0;left:calc((100% - 2px) * 0.5);width:2px;background:#e53935;pointer-events:none}
        .swipe input[type=range]{position:absolute;top:100%;left:0;width:100%;height:18px;margin:4px 0 0;padding:0;border:0;box-sizing:border-box;-webkit-appearance:none;appearance:none;background:linear-gradient(#bbb,#bbb) 0 50%/100% 2px no-repeat}
        .swipe input[type=range]::-webkit-slider-runnable-track{height:18px;background:transparent;border:0}
        .swipe input[type=range]::-webkit-slider-thumb{-webkit-appearance:none;appearance:none;width:2px;height:18px;margin:0;background:#e53935;border:0;border-radius:0}
        .swipe input[type=range]::-moz-range-track{height:18px;background:transparent;border:0}
        .swipe input[type=range]::-moz-range-thumb{width:2px;height:18px;background:#e53935;border:0;border-radius:0}
        .blink .stage img[hidden]{display:none}
        details.matched{background:#fff;border:1px solid #ddd;border-radius:4px;padding:8px 16px}
        """

    private static let script = """
        (function(){
          // "fit": a section's images are enlarged by one whole factor (pixels stay sharp, sizes stay
          // comparable) so that the widest is at most about 320 px wide.
          function zoomAll(){var choice=document.getElementById('zoom').value;
            document.querySelectorAll('section.entry').forEach(function(section){
              var images=Array.prototype.slice.call(section.querySelectorAll('img'));
              var widest=Math.max.apply(null,images.map(function(img){return img.naturalWidth||1;}));
              var z=choice==='auto'?Math.max(1,Math.min(8,Math.floor(320/widest))):+choice;
              images.forEach(function(img){if(img.naturalWidth){img.style.width=(img.naturalWidth*z)+'px';}});});}
          document.querySelectorAll('section.entry').forEach(function(section){
            var expected=section.querySelector('img.expected'),actual=section.querySelector('img.actual');
            if(!expected||!actual)return;
            var swipe=section.querySelector('.swipe'),blink=section.querySelector('.blink');
            swipe.querySelector('img.under').src=expected.src;
            swipe.querySelector('.over img').src=actual.src;
            var over=swipe.querySelector('.over'),handle=swipe.querySelector('.handle'),range=swipe.querySelector('input');
            // The thumb is as wide as the line (2px) and the slider as wide as the image, so the
            // thumb's left edge and the line's are both (width - 2px) * fraction.
            range.addEventListener('input',function(){var f=range.value/1000;
              over.style.clipPath='inset(0 0 0 calc((100% - 2px) * '+f+' + 1px))';handle.style.left='calc((100% - 2px) * '+f+')';});
            var e=blink.querySelector('.expected-view'),a=blink.querySelector('.actual-view'),which=blink.querySelector('.which');
            e.src=expected.src;a.src=actual.src;
            function toggle(){var showActual=a.hidden;a.hidden=!showActual;e.hidden=showActual;which.textContent=showActual?'actual':'expected';}
            blink.querySelector('.toggle').addEventListener('click',toggle);
            var timer=null;blink.querySelector('.auto').addEventListener('change',function(ev){
              if(ev.target.checked){timer=setInterval(toggle,600);}else{clearInterval(timer);timer=null;}});
          });
          document.getElementById('zoom').addEventListener('change',zoomAll);
          window.addEventListener('load',zoomAll);
        })();
        """
}

extension FolderVerification {
    /// Writes the HTML report atomically.
    public func writeHTMLReport(to url: URL, title: String = "Golden image report") throws(GoldenError) {
        try Paths.makeDirectory(url.deletingLastPathComponent())
        try Paths.writeAtomically(Data(HTMLReport.render(self, title: title).utf8), to: url)
    }

    /// Writes the JUnit XML report atomically.
    public func writeJUnitReport(to url: URL, suiteName: String = "golden images") throws(GoldenError) {
        try Paths.makeDirectory(url.deletingLastPathComponent())
        try Paths.writeAtomically(Data(JUnitReport.render(self, suiteName: suiteName).utf8), to: url)
    }

    /// The verification as pretty-printed JSON (without the embedded images).
    public func jsonData() throws(GoldenError) -> Data {
        do {
            return try StableJSON.data(self)
        } catch {
            throw .cannotEncode(path: "JSON", reason: "\(error)")
        }
    }
}

/// Markup escaping for the text put into this file's HTML and XML.
private func escape(_ text: String) -> String { text.markupEscaped }

/// Text for an XML attribute value: escaped, and tabs and line breaks as character references,
/// which an attribute value would otherwise turn into spaces.
private func attribute(_ text: String) -> String {
    var value = ""
    // By scalar: "\r\n" is one Character.
    for scalar in escape(text).unicodeScalars {
        switch scalar {
        case "\t": value += "&#9;"
        case "\n": value += "&#10;"
        case "\r": value += "&#13;"
        default: value.unicodeScalars.append(scalar)
        }
    }
    return value
}
