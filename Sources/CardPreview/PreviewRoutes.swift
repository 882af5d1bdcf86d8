import Foundation
internal import FlyingFox
import Synchronization

/// The preview's pages and images, nothing else: every path the server answers is one of the
/// few below, matched exactly, and an image is looked up in memory by its index. No part of a
/// request ever reaches the file system, so `..`, `%2e%2e`, absolute paths and symbolic links
/// all get 404.
struct PreviewRoutes: HTTPHandler {
    let deck: PreviewDeck
    let page: PreviewPage
    let live: LiveUpdates
    /// The `Host` values accepted: with a loopback address, only loopback names, so a web page
    /// elsewhere that renames itself to 127.0.0.1 (DNS rebinding) cannot read the cards.
    let allowedHosts: AllowedHosts

    /// The longest request path answered; longer ones get 414.
    static let maxPathBytes = 256
    /// The longest query string answered (the page only sends `?v=N`); longer ones get 414.
    static let maxQueryBytes = 64

    func handleRequest(_ request: HTTPRequest) async throws -> HTTPResponse {
        let path = request.target.path()
        guard path.utf8.count <= Self.maxPathBytes, request.target.query().utf8.count <= Self.maxQueryBytes else {
            return Self.plain(.uriTooLong, "request too long")
        }
        if let names = allowedHosts.names, !names.contains(request.headers[.host] ?? "") {
            return Self.plain(.misdirectedRequest, "unknown host")
        }
        guard request.method == .GET || request.method == .HEAD else {
            return Self.plain(.methodNotAllowed, "only GET")
        }
        switch Route(path: path) {
        case .page(let file): return Self.respond(page.data(file), type: file.contentType)
        case .cards: return Self.respond(try deck.snapshotJSON(), type: "application/json")
        case .live: return try await live.handler.handleRequest(request)
        case .image(let index):
            guard let png = deck.image(at: index) else { return Self.plain(.notFound, "not found") }
            return Self.respond(png, type: "image/png")
        case .back(let index):
            guard let png = deck.backImage(at: index) else { return Self.plain(.notFound, "not found") }
            return Self.respond(png, type: "image/png")
        case nil: return Self.plain(.notFound, "not found")
        }
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

    static func respond(_ body: Data, type: String) -> HTTPResponse {
        HTTPResponse(statusCode: .ok, headers: headers(type: type), body: body)
    }

    static func plain(_ status: HTTPStatusCode, _ text: String) -> HTTPResponse {
        HTTPResponse(statusCode: status, headers: headers(type: "text/plain; charset=utf-8"), body: Data((text + "\n").utf8))
    }

    static func headers(type: String) -> HTTPHeaders {
        [.contentType: type, .cacheControl: "no-store", HTTPHeader("X-Content-Type-Options"): "nosniff",
         HTTPHeader("Content-Security-Policy"): "default-src 'self'; connect-src 'self'; img-src 'self'; frame-ancestors 'none'"]
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

/// Tells every open page, over a WebSocket, that the cards changed: the message is the new
/// generation, and the page reads `cards.json` again.
final class LiveUpdates: WSMessageHandler, Sendable {
    /// The most pages kept informed at once; another is refused until one closes.
    static let maxClients = 16
    private let clients = Mutex<[UUID: AsyncStream<WSMessage>.Continuation]>([:])

    var handler: WebSocketHTTPHandler { WebSocketHTTPHandler(handler: MessageFrameWSHandler(handler: self)) }

    var count: Int { clients.withLock { $0.count } }

    func makeMessages(for client: AsyncStream<WSMessage>) async throws -> AsyncStream<WSMessage> {
        let id = UUID()
        let (stream, continuation) = AsyncStream<WSMessage>.makeStream(bufferingPolicy: .bufferingNewest(4))
        let admitted = clients.withLock { clients in
            guard clients.count < Self.maxClients else { return false }
            clients[id] = continuation
            return true
        }
        guard admitted else {
            continuation.yield(.close(WSCloseCode(1008, reason: "too many pages open")))
            continuation.finish()
            return stream
        }
        continuation.onTermination = { [weak self] _ in self?.remove(id) }
        // Messages from the page are not expected; when it goes, so does its stream.
        Task { [weak self] in
            for await _ in client {}
            continuation.finish()
            self?.remove(id)
        }
        return stream
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
