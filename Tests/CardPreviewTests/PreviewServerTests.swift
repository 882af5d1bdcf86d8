@testable import CardPreview
import CardRenderSupport
import RenderPipeline
import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
#if canImport(Glibc)
import Glibc
#endif
import Synchronization
import Testing

@Suite struct PreviewRouteTests {
    @Test func theRoutesAreExact() {
        #expect(PreviewRoutes.Route(path: "/") == .page(.index))
        #expect(PreviewRoutes.Route(path: "/preview.js") == .page(.script))
        #expect(PreviewRoutes.Route(path: "/cards.json") == .cards)
        #expect(PreviewRoutes.Route(path: "/live") == .live)
        #expect(PreviewRoutes.Route(path: "/cards/0.png") == .image(0))
        #expect(PreviewRoutes.Route(path: "/cards/12.png") == .image(12))
        #expect(PreviewRoutes.Route(path: "/backs/0.png") == .back(0))
        #expect(PreviewRoutes.Route(path: "/back.png") == nil)
    }

    @Test(arguments: [
        "/../card.yaml", "/cards/../card.yaml", "/cards/..%2f..%2fcard.yaml", "/%2e%2e/%2e%2e/etc/passwd", "/cards/%2e%2e.png",
        "//etc/passwd", "/etc/passwd", "/cards/-1.png", "/cards/1234567.png", "/cards/1.png/..", "/cards/١.png",
        "/cards/0.png%00", "/index.html", "/cards/red.svg", "http://127.0.0.1/cards/0.png", "/Cards/0.png", "/cards/.png",
    ])
    func everyOtherPathIsRefused(path: String) {
        #expect(PreviewRoutes.Route(path: path) == nil)
    }
}

/// `cardrender preview` on a free loopback port, in a child process of its own (so its tasks
/// never wait behind this process's tests for a thread), stopped when the test ends.
final class RunningPreview: Sendable {
    let base: URL
    private let process: Process
    private let lines = Lines()

    /// What the server printed, shared with the thread that reads it.
    final class Lines: Sendable {
        let value = Mutex<[String]>([])
        func withLock<T>(_ body: (inout [String]) -> T) -> T { value.withLock { body(&$0) } }
    }

    /// The built `cardrender` beside this test bundle (as `swift test` lays them out).
    static var executable: URL {
        let beside = URL(fileURLWithPath: CommandLine.arguments[0]).resolvingSymlinksInPath().deletingLastPathComponent()
        let candidates = [beside.appendingPathComponent("cardrender"),
                          beside.deletingLastPathComponent().appendingPathComponent("cardrender")]
        return candidates.first { FileManager.default.isExecutableFile(atPath: $0.path) } ?? candidates[0]
    }

    /// Starts the preview of `template` with `data` in `folder` and waits, sleeping, for its address.
    init(template: String, data: String, in folder: URL) async throws {
        let process = Process()
        process.executableURL = Self.executable
        process.arguments = ["preview", template, "--data", data, "--dpi", "72"]
        process.currentDirectoryURL = folder
        process.environment = ["LANG": "C.UTF-8", "LC_ALL": "C.UTF-8", "TZ": "UTC", "HOME": folder.path,
                               "TMPDIR": FileManager.default.temporaryDirectory.path]
        let output = Pipe()
        process.standardOutput = output
        process.standardError = output
        try process.run()
        self.process = process
        let lines = lines
        // Read on a thread of its own: a blocking read must not hold one of the test threads.
        Thread.detachNewThread {
            var pending = Data()
            while case let chunk = output.fileHandleForReading.availableData, !chunk.isEmpty {
                pending.append(chunk)
                while let newline = pending.firstIndex(of: 0x0A) {
                    let line = String(decoding: pending[..<newline], as: UTF8.self)
                    pending.removeSubrange(...newline)
                    lines.withLock { $0.append(line) }
                }
            }
        }
        // A generous deadline, and the lines read once more after every wait: under a sanitizer a
        // full run can keep this task from waking for minutes while the server has long started.
        let deadline = Date().addingTimeInterval(600)
        var address: URL?
        while true {
            address = lines.withLock { $0.lazy.compactMap { line in
                line.range(of: "http://").flatMap { URL(string: String(line[$0.lowerBound...].prefix { $0 != " " })) }
            }.first }
            if address != nil || !process.isRunning || Date() >= deadline { break }
            try await Task.sleep(for: .milliseconds(10))
        }
        guard let address else {
            process.terminate()
            throw PreviewError("the server did not start: \(lines.withLock { $0 })")
        }
        base = address
    }

    func get(_ path: String, host: String? = nil) async throws -> (status: Int, body: Data, type: String?) {
        var request = URLRequest(url: URL(string: path, relativeTo: base)!)
        if let host { request.setValue(host, forHTTPHeaderField: "Host") }
        let (data, response) = try await URLSession.shared.data(for: request)
        let http = response as? HTTPURLResponse
        return (http?.statusCode ?? 0, data, http?.value(forHTTPHeaderField: "Content-Type"))
    }

    /// Waits, sleeping, for a line the server prints from now on (earlier lines are dropped).
    func waitForLine(containing text: String, seconds: Double = 600) async throws -> Bool {
        let deadline = Date().addingTimeInterval(seconds)
        while true {
            let found = lines.withLock { lines in
                guard let index = lines.firstIndex(where: { $0.contains(text) }) else { return false }
                lines.removeSubrange(...index)
                return true
            }
            if found { return true }
            if Date() >= deadline { return false }
            try await Task.sleep(for: .milliseconds(20))
        }
    }

    /// Stops the server as Ctrl-C would; the process ends by itself.
    func shutDown() {
        if process.isRunning { kill(process.processIdentifier, SIGINT) }
    }
}

@Suite(.serialized) struct PreviewServerTests {
    @Test func servesThePageTheCardsAndNothingElse() async throws {
        let fixtures = try PreviewFixtures()
        let server = try await RunningPreview(template: "card.yaml", data: "cards.csv", in: fixtures.folder)
        defer { server.shutDown() }
        #expect(server.base.host == "127.0.0.1")
        let page = try await server.get("/")
        #expect(page.status == 200)
        #expect(String(decoding: page.body, as: UTF8.self).contains("<main id=\"cards\""))
        let json = try await server.get("/cards.json")
        #expect(json.type == "application/json")
        let snapshot = try JSONSerialization.jsonObject(with: json.body) as? [String: Any]
        #expect((snapshot?["cards"] as? [Any])?.count == 3)
        let image = try await server.get("/cards/2.png?v=1")
        #expect(image.status == 200 && image.type == "image/png" && image.body.starts(with: [0x89, 0x50]))
        // A symbolic link beside the template, by the name a card image would have, is not served.
        try FileManager.default.createSymbolicLink(atPath: fixtures.path("link.png"), withDestinationPath: "/etc/passwd")
        for path in ["/link.png", "/cards/link.png", "/card.yaml", "/cards.csv", "/cards/3.png", "/%2e%2e/cards.csv"] {
            #expect(try await server.get(path).status == 404, "\(path)")
        }
        #expect(try await server.get("/" + String(repeating: "a", count: 300)).status == 414)
        #expect(try await server.get("/cards.json?" + String(repeating: "v", count: 100)).status == 414)
        // Another name for this address (DNS rebinding) is not answered.
        #expect(try await server.get("/cards.json", host: "attacker.example:80").status == 421)
    }

    /// A request head over the parser's limits (one header line, all of them, or their number)
    /// closes that connection at once, before the server holds it; the next request is served.
    /// "At once" is well inside the idle bound (15 s), timed around blocking socket calls, so
    /// that a loaded run's slow wake-ups of this process's tasks are not counted.
    @Test func anOversizedRequestHeadClosesItsConnectionAndTheServerGoesOn() async throws {
        let fixtures = try PreviewFixtures()
        let server = try await RunningPreview(template: "card.yaml", data: "cards.csv", in: fixtures.folder)
        defer { server.shutDown() }
        let port = try #require(server.base.port)
        let oneLongLine = [("X-Long", String(repeating: "a", count: 200_000))]
        let manyLines = (0..<100).map { ("X-Field-\($0)", "1") }
        for fields in [oneLongLine, manyLines] {
            let head = "GET /cards.json HTTP/1.1\r\nHost: 127.0.0.1:\(port)\r\n"
                + fields.map { "\($0.0): \($0.1)\r\n" }.joined() + "\r\n"
            let closed = try Self.bytesUntilClosed(port: UInt16(port), sending: head, waitingAtMost: 60)
            #expect(closed.received == 0)
            #expect(closed.seconds < 10, "closed after \(closed.seconds) s")
            // An HTTP client sees an error, never a response or a wait for its own timeout.
            var request = URLRequest(url: URL(string: "/cards.json", relativeTo: server.base)!)
            request.timeoutInterval = 60
            for (name, value) in fields { request.setValue(value, forHTTPHeaderField: name) }
            await #expect(throws: (any Error).self) { _ = try await URLSession.shared.data(for: request) }
        }
        #expect(try await server.get("/cards.json").status == 200)
    }

    /// A connection that sends no request, or only part of its head, is closed after the idle
    /// bound (15 s), so such connections are never held for good.
    @Test func aConnectionWithoutARequestIsClosedAfterTheIdleBound() async throws {
        let fixtures = try PreviewFixtures()
        let server = try await RunningPreview(template: "card.yaml", data: "cards.csv", in: fixtures.folder)
        defer { server.shutDown() }
        let port = try #require(server.base.port)
        for sent in ["", "GET /cards.json HTTP/1.1\r\nHost: 127.0.0.1\r\n"] {
            let closed = try Self.bytesUntilClosed(port: UInt16(port), sending: sent, waitingAtMost: 60)
            #expect(closed.received == 0, "\(sent.debugDescription)")
            #expect(closed.seconds > 10 && closed.seconds < 40, "\(sent.debugDescription): closed after \(closed.seconds) s")
        }
        #expect(try await server.get("/cards.json").status == 200)
    }

    /// Connects to the loopback port, sends `text`, and reads until the server closes or resets
    /// the connection: the bytes read and the seconds from connecting. Throws after `seconds`
    /// without a close. A server that closes while `text` is still being sent ends the sending.
    static func bytesUntilClosed(port: UInt16, sending text: String, waitingAtMost seconds: Int) throws
        -> (received: Int, seconds: Double) {
        let socket = Glibc.socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        guard socket >= 0 else { throw PreviewError("no socket") }
        defer { close(socket) }
        var timeout = timeval(tv_sec: seconds, tv_usec: 0)
        setsockopt(socket, SOL_SOCKET, SO_RCVTIMEO, &timeout, socklen_t(MemoryLayout<timeval>.size))
        setsockopt(socket, SOL_SOCKET, SO_SNDTIMEO, &timeout, socklen_t(MemoryLayout<timeval>.size))
        var address = sockaddr_in(sin_family: sa_family_t(AF_INET), sin_port: port.bigEndian,
                                  sin_addr: in_addr(s_addr: inet_addr("127.0.0.1")), sin_zero: (0, 0, 0, 0, 0, 0, 0, 0))
        let connected = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { connect(socket, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
        }
        guard connected == 0 else { throw PreviewError("cannot connect to port \(port)") }
        let started = Date()
        let bytes = Array(text.utf8)
        var offset = 0
        sending: while offset < bytes.count {
            let count = bytes.withUnsafeBufferPointer { send(socket, $0.baseAddress! + offset, $0.count - offset, Int32(MSG_NOSIGNAL)) }
            if count > 0 { offset += count; continue }
            switch errno {
            case EINTR: continue
            case EPIPE, ECONNRESET: break sending
            default: throw PreviewError("cannot send: errno \(errno)")
            }
        }
        var total = 0
        var buffer = [UInt8](repeating: 0, count: 4096)
        while true {
            let count = recv(socket, &buffer, buffer.count, 0)
            if count > 0 { total += count; continue }
            if count == 0 || errno == ECONNRESET { return (total, Date().timeIntervalSince(started)) }
            guard errno == EINTR else { throw PreviewError("no close within \(seconds) s") }
        }
    }

    @Test func aSavedFileRedrawsItsCardAndAnErrorShowsUntilFixed() async throws {
        let fixtures = try PreviewFixtures()
        let server = try await RunningPreview(template: "card.yaml", data: "cards.csv", in: fixtures.folder)
        defer { server.shutDown() }
        #expect(try await server.waitForLine(containing: "Previewing 3 cards"))
        try fixtures.write("cards.csv", PreviewFixtures.rows.replacingOccurrences(of: "Gamma,#3333cc", with: "Gamma,#000000"))
        #expect(try await server.waitForLine(containing: "redrew row 3"))
        try fixtures.write("cards.csv", PreviewFixtures.rows + "\nDelta,\"oops,red.svg\n")
        #expect(try await server.waitForLine(containing: "error: "))
        let failed = try JSONSerialization.jsonObject(with: try await server.get("/cards.json").body) as? [String: Any]
        #expect((failed?["error"] as? String)?.contains("cards.csv:5") == true)
        #expect((failed?["cards"] as? [Any])?.count == 3)
        try fixtures.write("cards.csv", PreviewFixtures.rows)
        #expect(try await server.waitForLine(containing: "redrew row 3"))
        let fixed = try JSONSerialization.jsonObject(with: try await server.get("/cards.json").body) as? [String: Any]
        #expect(fixed?["error"] == nil)
    }

    #if ENABLE_MOCKING
    @Test(arguments: [(Errno.permissionDenied, "Permission denied"),
                      (Errno.noSpace, "the system's limit of inotify watches is reached (sysctl fs.inotify.max_user_watches)")])
    func aFolderThatCannotBeWatchedIsOneLineNamingIt(error: Errno, reason: String) throws {
        let fixtures = try PreviewFixtures()
        let installation = SystemFaults.install([SystemFault(.watch, error, in: fixtures.folder.path)])
        defer { installation.remove() }
        let request = PreviewRequest(template: fixtures.path("card.yaml"), data: fixtures.path("cards.csv"), dpi: 72)
        #expect(throws: PreviewError("cannot watch \(fixtures.folder.standardizedFileURL.path) for changes: \(reason)")) {
            try PreviewServer.run(request, shouldStop: { true }) { _ in }
        }
        #expect(installation.failures == 1)
    }
    #endif

    @Test func aBadRequestIsOneLine() {
        #expect(throws: PreviewError("--port must be from 0 to 65535, got 70000")) {
            try PreviewRequest(template: "t.yaml", port: 70000).validate()
        }
        #expect(throws: PreviewError("--host must be an IPv4 address such as 127.0.0.1 or 0.0.0.0, got \"example.com\"")) {
            try PreviewRequest(template: "t.yaml", host: "example.com").validate()
        }
    }
}

@Suite struct FileWatcherTests {
    @Test func aSaveWakesTheWatcherAndOtherFilesDoNot() throws {
        let fixtures = try PreviewFixtures()
        let watcher = try FileWatcher()
        try watcher.watch([fixtures.path("cards.csv")])
        let changes = Atomic<Int>(0)
        watcher.start { changes.add(1, ordering: .relaxed) }
        defer { watcher.stop() }
        try fixtures.write("unrelated.txt", "x")
        Thread.sleep(forTimeInterval: 0.3)
        #expect(changes.load(ordering: .relaxed) == 0)
        try fixtures.write("cards.csv", PreviewFixtures.rows + "\nDelta,#000000,red.svg\n")
        let deadline = Date().addingTimeInterval(5)
        while changes.load(ordering: .relaxed) == 0 && Date() < deadline { Thread.sleep(forTimeInterval: 0.01) }
        #expect(changes.load(ordering: .relaxed) == 1)
    }
}
