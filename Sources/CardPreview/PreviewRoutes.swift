import Foundation
internal import Hummingbird
internal import HummingbirdWebSocket
import Synchronization

/// The preview's pages and images, nothing else: every path the server answers is one of the
/// few below, matched exactly, and an image is looked up in memory by its index. No part of a
/// request ever reaches the file system, so `..`, `%2e%2e`, absolute paths and symbolic links
/// all get 404.
struct PreviewRoutes: HTTPResponder {
    typealias Context = BasicRequestContext

    let deck: PreviewDeck
    let page: PreviewPage
    /// The `Host` values accepted: with a loopback address, only loopback names, so a web page
    /// elsewhere that renames itself to 127.0.0.1 (DNS rebinding) cannot read the cards.
    let allowedHosts: AllowedHosts

    /// The longest request path answered; longer ones get 414.
    static let maxPathBytes = 256
    /// The longest query string answered (the page only sends `?v=N`); longer ones get 414.
    static let maxQueryBytes = 64

    func respond(to request: Request, context: Context) async throws -> Response {
        if let refusal = refusal(path: request.uri.path, query: request.uri.query ?? "", host: request.head.authority,
                                 method: request.method) {
            return refusal
        }
        switch Route(path: request.uri.path) {
        case .page(let file): return Self.respond(page.data(file), type: file.contentType)
        case .cards: return Self.respond(try deck.snapshotJSON(), type: "application/json")
        case .live: return Self.plain(.badRequest, "live updates come over a WebSocket")
        case .image(let index):
            guard let png = deck.image(at: index) else { return Self.plain(.notFound, "not found") }
            return Self.respond(png, type: "image/png")
        case .back(let index):
            guard let png = deck.backImage(at: index) else { return Self.plain(.notFound, "not found") }
            return Self.respond(png, type: "image/png")
        case nil: return Self.plain(.notFound, "not found")
        }
    }

    /// Whether a request for the live updates may become a WebSocket: the same checks as any
    /// other request, on `/live`.
    func acceptsLiveUpdates(_ head: HTTPRequest) -> Bool {
        let target = head.path ?? ""
        let path = target.split(separator: "?", maxSplits: 1, omittingEmptySubsequences: false).first.map(String.init) ?? ""
        let query = target.dropFirst(path.count + 1)
        return refusal(path: path, query: String(query), host: head.authority, method: head.method) == nil
            && Route(path: path) == .live
    }

    /// The answer to a request that is too long, for another host or not a read; nil for one to serve.
    private func refusal(path: String, query: String, host: String?, method: HTTPRequest.Method) -> Response? {
        guard path.utf8.count <= Self.maxPathBytes, query.utf8.count <= Self.maxQueryBytes else {
            return Self.plain(.uriTooLong, "request too long")
        }
        if let names = allowedHosts.names, !names.contains(host ?? "") {
            return Self.plain(.misdirectedRequest, "unknown host")
        }
        guard method == .get || method == .head else {
            return Self.plain(.methodNotAllowed, "only GET")
        }
        return nil
    }

    /// What a raw (still percent-encoded) path asks for, nil for anything else.
    enum Route: Equatable {
        case page(PreviewPage.File)
        case cards
        case live
        /// A card by its index in the snapshot.
        case image(Int)
        /// A distinct back by its index in the snapshot's `backVersions`.
        case back(Int)

        init?(path: String) {
            switch path {
            case "/": self = .page(.index)
            case "/preview.js": self = .page(.script)
            case "/preview.css": self = .page(.style)
            case "/cards.json": self = .cards
            case "/live": self = .live
            default:
                if let index = Self.index(in: path, under: "/cards/") {
                    self = .image(index)
                } else if let index = Self.index(in: path, under: "/backs/") {
                    self = .back(index)
                } else {
                    return nil
                }
            }
        }

        /// N of `prefix` + N + `.png`, for 1 to 6 ASCII digits; nil for any other path.
        private static func index(in path: String, under prefix: String) -> Int? {
            let suffix = ".png"
            guard path.hasPrefix(prefix), path.hasSuffix(suffix) else { return nil }
            let digits = path.dropFirst(prefix.count).dropLast(suffix.count)
            guard (1...6).contains(digits.count), digits.allSatisfy({ $0.isASCII && $0.isNumber }) else { return nil }
            return Int(digits)
        }
    }

    static func respond(_ body: Data, type: String) -> Response {
        Response(status: .ok, headers: headers(type: type), body: ResponseBody(byteBuffer: ByteBuffer(bytes: body)))
    }

    static func plain(_ status: HTTPResponse.Status, _ text: String) -> Response {
        Response(status: status, headers: headers(type: "text/plain; charset=utf-8"),
                 body: ResponseBody(byteBuffer: ByteBuffer(string: text + "\n")))
    }

    static func headers(type: String) -> HTTPFields {
        var fields = HTTPFields()
        fields[.contentType] = type
        fields[.cacheControl] = "no-store"
        fields[.xContentTypeOptions] = "nosniff"
        fields[.contentSecurityPolicy] = "default-src 'self'; connect-src 'self'; img-src 'self'; frame-ancestors 'none'"
        return fields
    }
}

/// The `Host` header values a server answers; nil: any (a server given `--host`).
final class AllowedHosts: Sendable {
    private let stored: Mutex<Set<String>?>
    init(_ names: Set<String>?) { stored = Mutex(names) }
    var names: Set<String>? {
        get { stored.withLock { $0 } }
        set { stored.withLock { $0 = newValue } }
    }
}

/// What the live updates send a page.
enum LiveMessage: Equatable, Sendable {
    /// The cards' new generation: the page reads `cards.json` again.
    case text(String)
    /// The connection is refused or ended, with a WebSocket close code and reason.
    case close(code: UInt16, reason: String)
}

/// Tells every open page, over a WebSocket, that the cards changed: the message is the new
/// generation, and the page reads `cards.json` again.
final class LiveUpdates: Sendable {
    /// The most pages kept informed at once; another is refused until one closes.
    static let maxClients = 16
    private let clients = Mutex<[UUID: AsyncStream<LiveMessage>.Continuation]>([:])

    var count: Int { clients.withLock { $0.count } }

    /// The messages for one page, until `pageGone` finishes (the page closed its connection) or
    /// the updates end. A page past ``maxClients`` gets a close message at once.
    func makeMessages(until pageGone: AsyncStream<Void>) -> AsyncStream<LiveMessage> {
        let id = UUID()
        let (stream, continuation) = AsyncStream<LiveMessage>.makeStream(bufferingPolicy: .bufferingNewest(4))
        let admitted = clients.withLock { clients in
            guard clients.count < Self.maxClients else { return false }
            clients[id] = continuation
            return true
        }
        guard admitted else {
            continuation.yield(.close(code: 1008, reason: "too many pages open"))
            continuation.finish()
            return stream
        }
        continuation.onTermination = { [weak self] _ in self?.remove(id) }
        Task { [weak self] in
            for await _ in pageGone {}
            continuation.finish()
            self?.remove(id)
        }
        return stream
    }

    /// Serves one page's WebSocket: its messages are written out until either side ends.
    /// Messages from the page are not expected; when its connection closes, so does its stream.
    func serve(inbound: WebSocketInboundStream, outbound: WebSocketOutboundWriter) async throws {
        let (pageGone, pageLeft) = AsyncStream<Void>.makeStream()
        let messages = makeMessages(until: pageGone)
        try await withThrowingTaskGroup(of: Void.self) { group in
            group.addTask {
                defer { pageLeft.finish() }
                for try await _ in inbound {}
            }
            for await message in messages {
                switch message {
                case .text(let text): try await outbound.write(.text(text))
                case .close(let code, let reason): try await outbound.close(.init(codeNumber: Int(code)), reason: reason)
                }
            }
            pageLeft.finish()
            group.cancelAll()
        }
    }

    private func remove(_ id: UUID) {
        _ = clients.withLock { $0.removeValue(forKey: id) }
    }

    /// Sends `generation` to every page.
    func announce(_ generation: Int) {
        for continuation in clients.withLock({ Array($0.values) }) { continuation.yield(.text(String(generation))) }
    }

    /// Closes every page's connection.
    func finish() {
        for continuation in clients.withLock({ Array($0.values) }) { continuation.finish() }
    }
}
