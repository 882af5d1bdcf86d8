import Drawing
import Foundation
import Testing

/// `cardrender diff` and `cardrender verify`, run as a user would.
@Suite struct GoldenCLITests {
    static func image(block: Bool) -> RGBAImage {
        var image = RGBAImage(width: 64, height: 48, fill: (250, 250, 250, 255))
        if block {
            for y in 10..<20 { for x in 30..<42 { image[x, y] = RGBAImage.Pixel(r: 200, g: 20, b: 20, a: 255) } }
        }
        return image
    }

    func write(_ image: RGBAImage, _ url: URL) throws {
        try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
        try PNG.encode(image).write(to: url)
    }

    @Test func diffExitCodesAndJSON() throws {
        let dir = try CLIRunner.temporaryDirectory("diff")
        defer { try? FileManager.default.removeItem(at: dir) }
        let a = dir.appendingPathComponent("a.png"), b = dir.appendingPathComponent("b.png")
        try write(Self.image(block: false), a)
        try write(Self.image(block: true), b)
        #expect(try CLIRunner.run(["diff", a.path, a.path]).status == 0)
        let differing = try CLIRunner.run(["diff", a.path, b.path, "--json", "--diff-out", dir.appendingPathComponent("d.png").path])
        #expect(differing.status == 1)
        let json = try JSONSerialization.jsonObject(with: Data(differing.stdout.utf8)) as? [String: Any]
        #expect((json?["result"] as? [String: Any])?["differingPixels"] as? Int == 120)
        #expect(try PNG.read(contentsOf: dir.appendingPathComponent("d.png")).width == 64)
        // Within tolerance, and masked by an ignore region that covers exactly the block.
        #expect(try CLIRunner.run(["diff", a.path, b.path, "--max-diff-pixels", "120"]).status == 0)
        #expect(try CLIRunner.run(["diff", a.path, b.path, "--max-diff-pixels", "119"]).status == 1)
        #expect(try CLIRunner.run(["diff", a.path, b.path, "--ignore", "30,10,12,10"]).status == 0)
        #expect(try CLIRunner.run(["diff", a.path, b.path, "--ignore", "30,10,12,9"]).status == 1)
        // Rectangles may start off the image: negative coordinates are values, not options.
        #expect(try CLIRunner.run(["diff", a.path, b.path, "--ignore", "-5,10,47,10"]).status == 0)
        #expect(try CLIRunner.run(["diff", a.path, b.path, "--ignore", "-5,10,46,10"]).status == 1)
        #expect(try CLIRunner.run(["diff", a.path, b.path, "--ignore", "30,-2,12,22", "--ignore", "-1,-1,1,1"]).status == 0)
    }

    @Test func anEmptyOutputPathIsRefusedNotTheCurrentFolder() throws {
        let dir = try CLIRunner.temporaryDirectory("empty-out")
        defer { try? FileManager.default.removeItem(at: dir) }
        let a = dir.appendingPathComponent("a.png")
        try write(Self.image(block: false), a)
        let cwd = dir.appendingPathComponent("cwd")
        try FileManager.default.createDirectory(at: cwd, withIntermediateDirectories: true)
        for args in [["card", "AS", "--out", ""], ["deck", "--out", " "], ["render", "--out", ""],
                     ["batch", a.path, "--out", ""], ["merge", dir.path, "--out", ""],
                     ["verify", "--goldens", dir.path, "--actual", dir.path, "--artifacts", ""],
                     ["verify", "--goldens", "", "--actual", dir.path, "--record", "all"],
                     ["verify", "--goldens", dir.path, "--actual", dir.path, "--junit", ""],
                     ["diff", a.path, a.path, "--diff-out", ""]] {
            let result = try CLIRunner.run(args, in: cwd)
            #expect(result.status == 2, "\(args)")
            #expect(result.stderrLines.count == 1 && result.stderr.contains("is empty"), "\(args): \(result.stderr)")
        }
        #expect(try FileManager.default.contentsOfDirectory(atPath: cwd.path).isEmpty)
    }

    @Test func diffErrorsExitTwoWithOneLine() throws {
        let dir = try CLIRunner.temporaryDirectory("diff-bad")
        defer { try? FileManager.default.removeItem(at: dir) }
        let good = dir.appendingPathComponent("good.png")
        try write(Self.image(block: false), good)
        let empty = dir.appendingPathComponent("empty.png"), text = dir.appendingPathComponent("text.png")
        try Data().write(to: empty)
        try Data("not a png".utf8).write(to: text)
        let truncated = dir.appendingPathComponent("truncated.png")
        try PNG.encode(Self.image(block: true)).prefix(60).write(to: truncated)
        for args in [[good.path, empty.path], [good.path, text.path], [good.path, truncated.path],
                     [good.path, dir.appendingPathComponent("missing.png").path], [good.path, good.path, "--threshold", "2"],
                     [good.path, good.path, "--ignore", "1,2,3"]] {
            let result = try CLIRunner.run(["diff"] + args)
            #expect(result.status == 2, "\(args)")
            #expect(result.stderrLines.count == 1, "\(args): \(result.stderr)")
        }
    }

    @Test func verifyRecordsMissingGoldensAndReports() throws {
        let dir = try CLIRunner.temporaryDirectory("verify")
        defer { try? FileManager.default.removeItem(at: dir) }
        let goldens = dir.appendingPathComponent("goldens"), actual = dir.appendingPathComponent("actual")
        try write(Self.image(block: false), actual.appendingPathComponent("cards/a.png"))
        try write(Self.image(block: false), actual.appendingPathComponent("cards/b.png"))
        try write(Self.image(block: false), goldens.appendingPathComponent("cards/a.png"))
        let before = try Data(contentsOf: goldens.appendingPathComponent("cards/a.png"))
        // `never`: the missing golden is a failure and nothing is written.
        let never = try CLIRunner.run(["verify", "--goldens", goldens.path, "--actual", actual.path, "--record", "never"])
        #expect(never.status == 1)
        #expect(!FileManager.default.fileExists(atPath: goldens.appendingPathComponent("cards/b.png").path))
        // `missing`: b is recorded, a (passing) is not touched.
        let missing = try CLIRunner.run(["verify", "--goldens", goldens.path, "--actual", actual.path, "--record", "missing"])
        #expect(FileManager.default.fileExists(atPath: goldens.appendingPathComponent("cards/b.png").path))
        #expect(try Data(contentsOf: goldens.appendingPathComponent("cards/a.png")) == before)
        _ = missing
        // A real change: failure with HTML and JUnit reports.
        try write(Self.image(block: true), actual.appendingPathComponent("cards/a.png"))
        let report = dir.appendingPathComponent("report.html"), junit = dir.appendingPathComponent("junit.xml")
        let failed = try CLIRunner.run(["verify", "--goldens", goldens.path, "--actual", actual.path, "--record", "never",
                                        "--report", report.path, "--junit", junit.path])
        #expect(failed.status == 1)
        let html = try String(contentsOf: report, encoding: .utf8)
        #expect(html.contains("cards/a.png"))
        #expect(html.contains("data:image/png;base64,"))
        #expect(try String(contentsOf: junit, encoding: .utf8).contains("<testsuite"))
        #expect(try Data(contentsOf: goldens.appendingPathComponent("cards/a.png")) == before)
    }

    /// `verify -j N` prints and writes the same as `-j 1`: the text, the HTML report and, but for
    /// run times, the JSON and the JUnit XML.
    @Test func verifyOutputIsTheSameForAnyNumberOfJobs() throws {
        let dir = try CLIRunner.temporaryDirectory("verify-jobs")
        defer { try? FileManager.default.removeItem(at: dir) }
        let goldens = dir.appendingPathComponent("goldens"), actual = dir.appendingPathComponent("actual")
        for index in 0..<24 {
            try write(Self.image(block: false), goldens.appendingPathComponent("set/\(index).png"))
            try write(Self.image(block: index % 5 == 0), actual.appendingPathComponent("set/\(index).png"))
        }
        try write(Self.image(block: false), goldens.appendingPathComponent("only-golden.png"))
        try write(Self.image(block: false), actual.appendingPathComponent("only-actual.png"))
        func withoutTimes(_ text: String) -> String {
            text.replacingOccurrences(of: #""seconds"( ?): ?[0-9.eE+-]+"#, with: #""seconds"$1: _"#, options: .regularExpression)
                .replacingOccurrences(of: #"time="[0-9.]+""#, with: #"time="_""#, options: .regularExpression)
        }
        func verify(_ jobs: Int) throws -> (text: String, json: String, html: String, junit: String) {
            let report = dir.appendingPathComponent("report-\(jobs).html"), junit = dir.appendingPathComponent("junit-\(jobs).xml")
            let arguments = ["verify", "--goldens", goldens.path, "--actual", actual.path, "--record", "never", "-j", "\(jobs)"]
            let text = try CLIRunner.run(arguments + ["--report", report.path, "--junit", junit.path])
            let json = try CLIRunner.run(arguments + ["--json"])
            #expect(text.status == 1 && json.status == 1, "-j \(jobs): \(text.stderr)")
            return (text.stdout.replacingOccurrences(of: "-\(jobs).", with: "-N."), withoutTimes(json.stdout),
                    try String(contentsOf: report, encoding: .utf8),
                    withoutTimes(try String(contentsOf: junit, encoding: .utf8)))
        }
        let one = try verify(1), three = try verify(3)
        #expect(one.text.hasSuffix("golden images: 26 compared: 19 matched, 5 failed, 1 without actual image, 1 without golden\nreport: \(dir.appendingPathComponent("report-N.html").path)\njunit: \(dir.appendingPathComponent("junit-N.xml").path)\n"), "\(one.text)")
        #expect(three.text == one.text)
        #expect(three.json == one.json)
        #expect(three.html == one.html)
        #expect(three.junit == one.junit)
        for jobs in ["0", "257", "-1"] {
            let refused = try CLIRunner.run(["verify", "--goldens", goldens.path, "--actual", actual.path, "-j", jobs])
            #expect(refused.status == 2 && refused.stdout.isEmpty, "-j \(jobs)")
            #expect(refused.stderrLines == ["cardrender: error: -j must be between 1 and 256, got \(jobs)"], "\(refused.stderr)")
        }
    }

    /// `png` with the last byte of its last IDAT changed and that chunk's CRC made right again: the
    /// chunks are intact, the zlib stream's Adler-32 is not.
    static func failingAdler32(_ png: Data) -> Data {
        var bytes = [UInt8](png)
        func be32(_ at: Int) -> Int { bytes[at..<at + 4].reduce(0) { $0 << 8 | Int($1) } }
        var offset = 8, lastIDAT = 0
        while offset + 12 <= bytes.count {
            if bytes[offset + 4..<offset + 8].elementsEqual("IDAT".utf8) { lastIDAT = offset }
            offset += be32(offset) + 12
        }
        let length = be32(lastIDAT)
        bytes[lastIDAT + 8 + length - 1] ^= 0x01
        var crc: UInt32 = 0xFFFF_FFFF
        for byte in bytes[lastIDAT + 4..<lastIDAT + 8 + length] {
            crc ^= UInt32(byte)
            for _ in 0..<8 { crc = crc & 1 == 1 ? (crc >> 1) ^ 0xEDB8_8320 : crc >> 1 }
        }
        crc = ~crc
        for index in 0..<4 { bytes[lastIDAT + 8 + length + index] = UInt8(truncatingIfNeeded: crc >> (24 - 8 * index)) }
        return Data(bytes)
    }

    /// A corrupt actual image (image data failing its Adler-32, or a chunk failing its CRC) is an
    /// error line at any `-j`, in path order, exit 2 with one line on stderr; recording never takes it.
    @Test func verifyRefusesCorruptImagesAtAnyNumberOfJobs() throws {
        let dir = try CLIRunner.temporaryDirectory("verify-corrupt")
        defer { try? FileManager.default.removeItem(at: dir) }
        let goldens = dir.appendingPathComponent("goldens"), actual = dir.appendingPathComponent("actual")
        for index in 0..<8 {
            try write(Self.image(block: false), goldens.appendingPathComponent("\(index).png"))
            try write(Self.image(block: false), actual.appendingPathComponent("\(index).png"))
        }
        // More than 256 colours, so the file is 8-bit RGB: the decoder's libdeflate path reads it first.
        var gradient = Self.image(block: false)
        for y in 0..<gradient.height {
            for x in 0..<gradient.width { gradient[x, y] = RGBAImage.Pixel(r: UInt8(x * 4), g: UInt8(y * 5), b: UInt8(x + y), a: 255) }
        }
        let encoded = try PNG.encode(gradient)
        #expect(encoded[24] == 8 && encoded[25] == 2, "bit depth \(encoded[24]), colour type \(encoded[25])")
        let badChecksum = Self.failingAdler32(encoded)
        var badCRC = encoded
        badCRC[badCRC.count - 20] ^= 0x01  // inside the last IDAT, whose CRC no longer matches
        try badChecksum.write(to: actual.appendingPathComponent("2.png"))
        try badCRC.write(to: actual.appendingPathComponent("5.png"))
        let goldenBefore = try Data(contentsOf: goldens.appendingPathComponent("2.png"))
        // Each is refused by the decoder itself, whichever path decodes it.
        for corrupt in [badChecksum, badCRC] {
            #expect(throws: PNGError.self) { try PNG.decode(corrupt) }
        }

        func verify(_ jobs: Int, record: String) throws -> CLIRunner.Result {
            try CLIRunner.run(["verify", "--goldens", goldens.path, "--actual", actual.path, "--record", record, "-j", "\(jobs)"])
        }
        let one = try verify(1, record: "never")
        #expect(one.status == 2)
        #expect(one.stdout.split(separator: "\n").map { String($0.prefix(13)) } == ["ERROR 2.png: ", "ERROR 5.png: ",
            "golden images"], "\(one.stdout)")
        #expect(one.stdout.contains("cannot read image \(actual.appendingPathComponent("2.png").path): PNG is corrupt"))
        #expect(one.stdout.hasSuffix("golden images: 8 compared: 6 matched, 0 failed, 2 errors\n"), "\(one.stdout)")
        #expect(one.stderrLines == ["cardrender: error: 2 images had errors; first: cannot read image "
            + "\(actual.appendingPathComponent("2.png").path): PNG is corrupt: IDAT: incorrect data check"], "\(one.stderr)")
        for jobs in [2, 3] {
            let many = try verify(jobs, record: "never")
            #expect(many.status == one.status && many.stdout == one.stdout && many.stderr == one.stderr, "-j \(jobs)")
        }
        let recording = try verify(2, record: "all")
        #expect(recording.status == 2 && recording.stdout.hasSuffix("6 rewritten, 2 errors\n"), "\(recording.stdout)")
        #expect(try Data(contentsOf: goldens.appendingPathComponent("2.png")) == goldenBefore)
        try write(Self.image(block: false), actual.appendingPathComponent("5.png"))
        let single = try verify(2, record: "never")
        #expect(single.status == 2 && single.stdout.hasSuffix("7 matched, 0 failed, 1 error\n"), "\(single.stdout)")
        #expect(single.stderrLines == ["cardrender: error: cannot read image \(actual.appendingPathComponent("2.png").path): "
            + "PNG is corrupt: IDAT: incorrect data check"], "\(single.stderr)")
    }

    /// One `cardrender` run's exit status and minor page faults (its own, from `wait4`), in the
    /// environment CLIRunner gives children; output is discarded.
    static func minorPageFaults(_ arguments: [String]) -> (status: Int32, faults: Int)? {
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 1, "/dev/null", O_WRONLY, 0)
        posix_spawn_file_actions_addopen(&actions, 2, "/dev/null", O_WRONLY, 0)
        let path = CLIRunner.executable.path
        let argv = ([path] + arguments).map { strdup($0) } + [nil]
        let environment = CLIRunner.childEnvironment().map { strdup("\($0.key)=\($0.value)") } + [nil]
        defer { for pointer in argv + environment { free(pointer) } }
        var pid: pid_t = 0
        guard posix_spawn(&pid, path, &actions, nil, argv, environment) == 0 else { return nil }
        var status: Int32 = 0
        var usage = rusage()
        guard wait4(pid, &status, 0, &usage) == pid else { return nil }
        return ((status >> 8) & 0xFF, usage.ru_minflt)
    }

    /// `verify -j 1` reuses the memory of one pair's decoded images for the next: the page faults
    /// each further card-sized pair adds stay far below the 2 × 177 pages its two images span
    /// (a run of 500 such pairs had about 100 a pair before). Not under AddressSanitizer, whose
    /// allocator maps each large block anew by design.
    @Test func verifyReusesDecodedImageMemoryFromPairToPair() throws {
        guard dlsym(nil, "__asan_init") == nil else { return }
        let dir = try CLIRunner.temporaryDirectory("verify-memory")
        defer { try? FileManager.default.removeItem(at: dir) }
        var card = RGBAImage(width: 360, height: 504, fill: (250, 250, 250, 255))
        for y in 0..<card.height {
            for x in 0..<card.width where (x / 8 + y / 8) % 3 == 0 {
                card[x, y] = RGBAImage.Pixel(r: UInt8(x % 256), g: UInt8(y % 256), b: 90, a: 255)
            }
        }
        let png = try PNG.encode(card)
        func faults(pairs: Int) throws -> Int {
            let goldens = dir.appendingPathComponent("goldens-\(pairs)"), actual = dir.appendingPathComponent("actual-\(pairs)")
            for folder in [goldens, actual] {
                try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
                for index in 0..<pairs { try png.write(to: folder.appendingPathComponent("\(index).png")) }
            }
            let runs = (0..<3).compactMap { _ in
                Self.minorPageFaults(["verify", "--goldens", goldens.path, "--actual", actual.path, "--record", "never", "-j", "1"])
            }
            #expect(runs.count == 3 && runs.allSatisfy { $0.status == 0 })
            return runs.map(\.faults).min() ?? 0
        }
        let few = try faults(pairs: 4), many = try faults(pairs: 84)
        let perPair = Double(many - few) / 80
        #expect(perPair < 20, "\(few) faults for 4 pairs, \(many) for 84: \(perPair) a pair")
    }

    @Test func anOpaqueImageAgainstATransparentOneFailsUnlessBlendedWithWhite() throws {
        let dir = try CLIRunner.temporaryDirectory("diff-alpha")
        defer { try? FileManager.default.removeItem(at: dir) }
        let white = dir.appendingPathComponent("white.png"), clear = dir.appendingPathComponent("clear.png")
        try write(RGBAImage(width: 256, height: 256, fill: (255, 255, 255, 255)), white)
        try write(RGBAImage(width: 256, height: 256, fill: (0, 0, 0, 0)), clear)
        let checkerboard = try CLIRunner.run(["diff", white.path, clear.path])
        #expect(checkerboard.status == 1)
        #expect(checkerboard.stdout.hasPrefix("FAIL: 65536 of 65536 pixels differ (100.00%)"), "\(checkerboard.stdout)")
        let blendedWithWhite = try CLIRunner.run(["diff", white.path, clear.path, "--no-checkerboard"])
        #expect(blendedWithWhite.status == 0)
        #expect(blendedWithWhite.stdout.contains("(65536 changed less"), "\(blendedWithWhite.stdout)")
        #expect(try CLIRunner.run(["diff", white.path, clear.path, "--metric", "oklab"]).status == 1)
    }

    @Test func aCardWhoseTransparentCornersTurnWhiteFailsVerify() throws {
        let dir = try CLIRunner.temporaryDirectory("verify-corners")
        defer { try? FileManager.default.removeItem(at: dir) }
        let goldens = dir.appendingPathComponent("goldens"), actual = dir.appendingPathComponent("actual")
        #expect(try CLIRunner.run(["card", "AS", "--format", "png", "--out", goldens.path]).status == 0)
        let card = try PNG.read(contentsOf: goldens.appendingPathComponent("AS.png"))
        #expect(card[0, 0].a == 0)
        // The same card drawn over white.
        var whiteCorners = card
        for y in 0..<card.height {
            for x in 0..<card.width where card[x, y].a < 255 {
                let p = card[x, y]
                let alpha = Int(p.a)
                func over(_ c: UInt8) -> UInt8 {
                    let blended: Int = Int(c) * alpha + 255 * (255 - alpha) + 127
                    return UInt8(blended / 255)
                }
                whiteCorners[x, y] = RGBAImage.Pixel(r: over(p.r), g: over(p.g), b: over(p.b), a: 255)
            }
        }
        try write(whiteCorners, actual.appendingPathComponent("AS.png"))
        let report = dir.appendingPathComponent("report.html")
        let failed = try CLIRunner.run(["verify", "--goldens", goldens.path, "--actual", actual.path, "--record", "never",
                                        "--report", report.path])
        #expect(failed.status == 1)
        #expect(failed.stdout.contains("FAILED AS.png: "), "\(failed.stdout)")
        #expect(try String(contentsOf: report, encoding: .utf8).contains("blended with pixelmatch&#39;s checkerboard"))
        let white = try CLIRunner.run(["verify", "--goldens", goldens.path, "--actual", actual.path, "--record", "never",
                                       "--no-checkerboard"])
        #expect(white.status == 0)
    }

    @Test func pixelmatchOptionsOnTheCommandLine() throws {
        let dir = try CLIRunner.temporaryDirectory("diff-options")
        defer { try? FileManager.default.removeItem(at: dir) }
        // pixelmatch issue #127: clearly different colours that YIQ scores within the default threshold.
        let navy = dir.appendingPathComponent("navy.png"), olive = dir.appendingPathComponent("olive.png")
        try write(RGBAImage(width: 4, height: 4, fill: (39, 44, 92, 255)), navy)
        try write(RGBAImage(width: 4, height: 4, fill: (39, 44, 14, 255)), olive)
        #expect(try CLIRunner.run(["diff", navy.path, olive.path]).status == 0)
        #expect(try CLIRunner.run(["diff", navy.path, olive.path, "--metric", "yiq"]).status == 0)
        #expect(try CLIRunner.run(["diff", navy.path, olive.path, "--metric", "oklab"]).status == 1)

        // Diff image options: the block is darker than the background, so it takes --diff-color-alt.
        let a = dir.appendingPathComponent("a.png"), b = dir.appendingPathComponent("b.png")
        try write(Self.image(block: false), a)
        try write(Self.image(block: true), b)
        let diff = dir.appendingPathComponent("diff.png")
        #expect(try CLIRunner.run(["diff", a.path, b.path, "--diff-out", diff.path, "--diff-color-alt", "#00ff00",
                                   "--alpha", "0"]).status == 1)
        var image = try PNG.read(contentsOf: diff)
        #expect(image[35, 15] == RGBAImage.Pixel(r: 0, g: 255, b: 0, a: 255))
        #expect(image[0, 0] == RGBAImage.Pixel(r: 255, g: 255, b: 255, a: 255))  // alpha 0: no trace of the image
        #expect(try CLIRunner.run(["diff", a.path, b.path, "--diff-out", diff.path, "--diff-mask",
                                   "--diff-color", "0,0,255"]).status == 1)
        image = try PNG.read(contentsOf: diff)
        #expect(image[35, 15] == RGBAImage.Pixel(r: 0, g: 0, b: 255, a: 255))
        #expect(image[0, 0].a == 0)
    }

    @Test func windowAndDensityAgreeOnTheCommandLine() throws {
        let dir = try CLIRunner.temporaryDirectory("diff-window")
        defer { try? FileManager.default.removeItem(at: dir) }
        let a = dir.appendingPathComponent("a.png"), b = dir.appendingPathComponent("b.png")
        try write(Self.image(block: false), a)
        try write(Self.image(block: true), b)
        // The 12×10 block: an 11×11 window holds 110 of its pixels, no 11×11 window more.
        for (pixels, expected) in [(110, Int32(1)), (111, Int32(0))] {
            let density = try CLIRunner.run(["diff", a.path, b.path, "--density", "\(pixels),11"])
            let window = try CLIRunner.run(["diff", a.path, b.path, "--window", "11", "--max-diff-pixels", "\(pixels - 1)"])
            #expect(density.status == expected && window.status == expected, "\(pixels): \(density.stdout) \(window.stdout)")
        }
        let json = try CLIRunner.run(["diff", a.path, b.path, "--window", "10", "--json"])
        let result = (try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [String: Any])?["result"] as? [String: Any]
        #expect((result?["densestWindow"] as? [String: Any])?["pixelCount"] as? Int == 100)
    }

    @Test func badPixelmatchOptionsExitTwoWithOneLine() throws {
        let dir = try CLIRunner.temporaryDirectory("diff-options-bad")
        defer { try? FileManager.default.removeItem(at: dir) }
        let good = dir.appendingPathComponent("good.png")
        try write(Self.image(block: false), good)
        for args in [["--alpha", "2"], ["--alpha", "nan"], ["--diff-color", "nope"], ["--aa-color", "1,2"],
                     ["--diff-color-alt", "300,0,0"], ["--window", "0"], ["--window", "5", "--density", "3,5"],
                     ["--metric", "lab"],
                     // Limits no image can reach, which would pass every image.
                     ["--density", "2,1"], ["--density", "101,10"], ["--window", "10", "--max-diff-pixels", "100"],
                     ["--density", "0,5"], ["--density", "3,0"], ["--density", "-3,5"], ["--window", "-2"],
                     ["--max-diff-pixels", "-1"], ["--min-cluster", "0"], ["--threshold", "-0.1"], ["--max-diff-ratio", "2"]] {
            let result = try CLIRunner.run(["diff", good.path, good.path] + args)
            #expect(result.status == 2, "\(args)")
            #expect(result.stderrLines.count == 1, "\(args): \(result.stderr)")
        }
        for args in [["--alpha", "-1"], ["--density", "2,1"]] {
            let verify = try CLIRunner.run(["verify", "--goldens", dir.path, "--actual", dir.path] + args)
            #expect(verify.status == 2 && verify.stderrLines.count == 1, "\(args): \(verify.stderr)")
        }
    }

    @Test func verifyWithAGoldenFolderThatIsAFileIsAnError() throws {
        let dir = try CLIRunner.temporaryDirectory("verify-bad")
        defer { try? FileManager.default.removeItem(at: dir) }
        let file = dir.appendingPathComponent("goldens")
        try Data("x".utf8).write(to: file)
        let result = try CLIRunner.run(["verify", "--goldens", file.path, "--actual", dir.path])
        #expect(result.status == 2)
        #expect(result.stderrLines.count == 1)
    }
}
