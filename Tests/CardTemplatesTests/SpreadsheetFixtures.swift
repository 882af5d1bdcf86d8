import Foundation
import ZIPFoundation

/// Spreadsheets for the tests: zip archives written here part by part, and files written by
/// two real producers, LibreOffice (`libreoffice --headless --convert-to`) and openpyxl, which
/// `make test-deps` installs. A producer that is missing fails the test that needs it.
enum SpreadsheetFixtures {
    struct Failure: Error, CustomStringConvertible {
        var description: String
    }

    /// A zip archive of `parts` (name, bytes), deflated, in the order given.
    static func zip(_ parts: [(String, Data)]) throws -> Data {
        let archive = try Archive(data: Data(), accessMode: .create)
        for (path, bytes) in parts {
            try archive.addEntry(with: path, type: .file, uncompressedSize: Int64(bytes.count),
                                 modificationDate: Date(timeIntervalSince1970: 1_700_000_000), compressionMethod: .deflate) {
                position, size in bytes[Int(position)..<Int(position) + size]
            }
        }
        guard let data = archive.data else { throw Failure(description: "ZIPFoundation wrote no archive") }
        return data
    }

    /// The smallest XLSX: one sheet named `sheet` whose `<sheetData>` is `rows`, and the shared
    /// strings, styles and extra parts given.
    static func xlsx(sheet: String = "Sheet1", rows: String, sharedStrings: String? = nil, styles: String? = nil,
                     workbookProperties: String = "", extraParts: [(String, Data)] = []) throws -> Data {
        let main = "http://schemas.openxmlformats.org/spreadsheetml/2006/main"
        let relationships = "http://schemas.openxmlformats.org/officeDocument/2006/relationships"
        var parts: [(String, String)] = [
            ("xl/workbook.xml", """
                <?xml version="1.0" encoding="UTF-8"?>
                <workbook xmlns="\(main)" xmlns:r="\(relationships)">\(workbookProperties)<sheets>\
                <sheet name="\(sheet)" sheetId="1" r:id="rId1"/></sheets></workbook>
                """),
            ("xl/_rels/workbook.xml.rels", """
                <?xml version="1.0" encoding="UTF-8"?>
                <Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships">\
                <Relationship Id="rId1" Type="\(relationships)/worksheet" Target="worksheets/sheet1.xml"/>\
                <Relationship Id="rId2" Type="\(relationships)/sharedStrings" Target="sharedStrings.xml"/>\
                <Relationship Id="rId3" Type="\(relationships)/styles" Target="styles.xml"/></Relationships>
                """),
            ("xl/worksheets/sheet1.xml", """
                <?xml version="1.0" encoding="UTF-8"?>
                <worksheet xmlns="\(main)"><sheetData>\(rows)</sheetData></worksheet>
                """),
        ]
        if let sharedStrings { parts.append(("xl/sharedStrings.xml", "<sst xmlns=\"\(main)\">\(sharedStrings)</sst>")) }
        if let styles { parts.append(("xl/styles.xml", "<styleSheet xmlns=\"\(main)\">\(styles)</styleSheet>")) }
        return try zip(parts.map { ($0.0, Data($0.1.utf8)) } + extraParts)
    }

    /// The smallest ODS: `content.xml` with the tables given (`<table:table …>` elements).
    static func ods(tables: String) throws -> Data {
        let content = """
            <?xml version="1.0" encoding="UTF-8"?>
            <office:document-content xmlns:office="urn:oasis:names:tc:opendocument:xmlns:office:1.0" \
            xmlns:table="urn:oasis:names:tc:opendocument:xmlns:table:1.0" \
            xmlns:text="urn:oasis:names:tc:opendocument:xmlns:text:1.0" \
            xmlns:calcext="urn:org:documentfoundation:names:experimental:calc:xmlns:calcext:1.0">\
            <office:body><office:spreadsheet>\(tables)</office:spreadsheet></office:body></office:document-content>
            """
        return try zip([("mimetype", Data("application/vnd.oasis.opendocument.spreadsheet".utf8)),
                        ("content.xml", Data(content.utf8))])
    }

    /// `folder/name.extension` converted by LibreOffice from `source` (its own profile in
    /// `folder`, so runs in parallel do not meet). A CSV source is read as UTF-8, comma-separated.
    static func libreOffice(convert source: URL, to fileExtension: String, in folder: URL) throws -> URL {
        let output = folder.appendingPathComponent("libreoffice-\(fileExtension)")
        var arguments = ["-env:UserInstallation=file://\(folder.path)/libreoffice-profile-\(fileExtension)", "--headless"]
        if source.pathExtension == "csv" { arguments.append("--infilter=CSV:44,34,76,1") }
        arguments += ["--convert-to", fileExtension, "--outdir", output.path, source.path]
        try run(["libreoffice", "soffice"], arguments, home: folder, package: "libreoffice-calc-nogui")
        let converted = output.appendingPathComponent(source.deletingPathExtension().lastPathComponent + "." + fileExtension)
        guard FileManager.default.fileExists(atPath: converted.path) else {
            throw Failure(description: "libreoffice wrote no \(converted.lastPathComponent)")
        }
        return converted
    }

    /// Runs the Python `script` with openpyxl, the file to write as its first argument.
    static func openpyxl(_ script: String, writing file: URL) throws {
        let scriptFile = file.deletingLastPathComponent().appendingPathComponent("write-\(file.lastPathComponent).py")
        try Data(script.utf8).write(to: scriptFile)
        try run(["python3"], [scriptFile.path, file.path], home: file.deletingLastPathComponent(), package: "openpyxl (pip)")
    }

    /// Runs the first of `tools` found on PATH with a fixed environment; a missing tool or a
    /// failed run is a failure naming what installs it.
    static func run(_ tools: [String], _ arguments: [String], home: URL, package: String) throws {
        let paths = (ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin").split(separator: ":").map(String.init)
            + ["/usr/bin", "/usr/local/bin"]
        let candidates = tools.flatMap { tool in paths.map { "\($0)/\(tool)" } }
        guard let executable = candidates.first(where: FileManager.default.isExecutableFile) else {
            throw Failure(description: "\(tools[0]) not found; install \(package) (make test-deps does)")
        }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: executable)
        process.arguments = arguments
        process.environment = ["PATH": paths.joined(separator: ":"), "HOME": home.path, "LANG": "C.UTF-8", "LC_ALL": "C.UTF-8",
                               "TZ": "UTC"]
        let errors = Pipe()
        process.standardOutput = FileHandle.nullDevice
        process.standardError = errors
        try process.run()
        let message = errors.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        guard process.terminationStatus == 0 else {
            throw Failure(description: "\(tools[0]) exited with \(process.terminationStatus): "
                          + String(decoding: message.suffix(400), as: UTF8.self))
        }
    }
}
