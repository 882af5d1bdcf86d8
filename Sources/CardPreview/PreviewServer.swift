import CardRenderSupport
import Foundation
import RenderPipeline
internal import Hummingbird
internal import HummingbirdCore
internal import HummingbirdWebSocket
internal import Logging
internal import NIOCore
import Synchronization

/// Runs a preview: draws the cards, serves the page on `request.host`, redraws the cards whose
/// files change and tells the open pages. Bad input never stops it; the page shows the error
/// over the last good cards until the files are fixed.
public enum PreviewServer {
    /// How often the server looks whether it is asked to stop.
    static let stopCheck = Duration.milliseconds(50)
    /// The longest a connection may stay idle, its request unfinished or no request after it.
    static let idleTimeout = TimeAmount.seconds(15)
    /// A request's head: its request line or any one header, all the headers, and how many. The
    /// page's own requests need a few hundred bytes; past these the parser stops and the
    /// connection is closed before more is held (a path under the line's bound but over
    /// `PreviewRoutes.maxPathBytes` still gets its 414).
    static let maxHeaderBytes = 16 * 1024
    static let maxHeaderListBytes = 32 * 1024
    static let maxHeaderCount = 64

    /// Serves until a stop signal (Ctrl-C) comes or `shouldStop` says so. `announce` gets the
    /// page's address once the server listens, then one line per redraw.
    public static func run(_ request: PreviewRequest, shouldStop: @escaping @Sendable () -> Bool = { Interruption.isRequested },
                           announce: @escaping @Sendable (String) -> Void) throws {
        try request.validate()
        let outcome = Synchronization.Mutex<Result<Void, any Error>>(.success(()))
        let done = DispatchSemaphore(value: 0)
        Task {
            do { try await serve(request, shouldStop: shouldStop, announce: announce) } catch {
                outcome.withLock { $0 = .failure(error) }
            }
            done.signal()
        }
        done.wait()
        try outcome.withLock { $0 }.get()
    }

    static func serve(_ request: PreviewRequest, shouldStop: @escaping @Sendable () -> Bool,
                      announce: @escaping @Sendable (String) -> Void) async throws {
        let page = try PreviewPage.bundled()
        let deck = PreviewDeck(request: request.cards)
        let first = deck.refresh()
        let live = LiveUpdates()
        let watcher: FileWatcher
        do { watcher = try FileWatcher() } catch { throw PreviewError("cannot watch for changes: \(error)") }
        do { try watcher.watch(deck.inputFiles) } catch {
            watcher.stop()
            throw error
        }
        defer { watcher.stop() }
        watcher.start {
            let started = Date()
            let refresh = deck.refresh()
            try? watcher.watch(deck.inputFiles)
            live.announce(deck.snapshot.generation)
            announce(describe(refresh, milliseconds: Date().timeIntervalSince(started) * 1000))
        }
        // On loopback no Host is accepted until the port is known.
        let hosts = AllowedHosts(request.host.hasPrefix("127.") ? [] : nil)
        let routes = PreviewRoutes(deck: deck, page: page, allowedHosts: hosts)
        let listening = Mutex<Int?>(nil)
        let app = application(routes, live: live, on: request) { port in listening.withLock { $0 = port } }
        let ended = Atomic<Bool>(false)
        let task = Task {
            defer { ended.store(true, ordering: .releasing) }
            try await app.run()
        }
        // Listening, or the reason it cannot (a port in use), whichever comes first.
        while listening.withLock({ $0 }) == nil, !ended.load(ordering: .acquiring) {
            try? await Task.sleep(for: .milliseconds(5))
        }
        guard let port = listening.withLock({ $0 }) else {
            task.cancel()
            if case .failure(let failure) = await task.result { throw PreviewError(listenError(failure, request)) }
            throw PreviewError("cannot listen on \(request.host):\(request.port)")
        }
        if hosts.names != nil { hosts.names = ["\(request.host):\(port)", "localhost:\(port)"] }
        announce("Previewing \(deck.snapshot.cards.count) cards at http://\(request.host):\(port)/ (Ctrl-C stops)")
        if let error = first.error { announce("error: \(error)") }
        while !shouldStop() && !ended.load(ordering: .acquiring) {
            try? await Task.sleep(for: stopCheck)
        }
        live.finish()
        task.cancel()
        // Every connection's task ends before the deck they serve is let go.
        _ = await task.result
    }

    /// The server: the routes, the live updates' WebSocket on `/live`, the head's bounds and the
    /// idle timeout; `listening` gets the port once it listens.
    static func application(_ routes: PreviewRoutes, live: LiveUpdates, on request: PreviewRequest,
                            listening: @escaping @Sendable (Int?) -> Void) -> Application<PreviewRoutes> {
        let decoder = HTTP1Channel.Configuration.DecoderConfiguration(
            maxHeaderFieldSize: maxHeaderBytes, maxHeaderListSize: maxHeaderListBytes, maxHeaderFieldCount: maxHeaderCount)
        let channel = HTTP1WebSocketUpgradeChannel.Configuration(
            http1: .init(idleTimeout: idleTimeout, httpDecoderConfiguration: decoder))
        return Application(
            responder: routes,
            server: HTTPServerBuilder { responder in
                let upgrading = HTTP1WebSocketUpgradeChannel(responder: responder, configuration: channel) { head, connection, _ in
                    // A head asking for an upgrade is consumed here, never read past the guard.
                    try? connection.pipeline.syncOperations.handler(type: ConnectionGuard.self).requestArrived()
                    guard routes.acceptsLiveUpdates(head) else { return .dontUpgrade }
                    return .upgrade([:]) { inbound, outbound, _ in try await live.serve(inbound: inbound, outbound: outbound) }
                }
                return ClosedWhenHandled(base: upgrading, headTimeout: idleTimeout)
            },
            configuration: .init(address: .hostname(request.host, port: request.port), serverName: nil),
            onServerRunning: { channel in listening(channel.localAddress?.port) },
            logger: Logger(label: "cardrender-preview", factory: { _ in SwiftLogNoOpLogHandler() }))
    }

    static func describe(_ refresh: PreviewDeck.Refresh, milliseconds: Double) -> String {
        if let error = refresh.error { return "error: \(error)" }
        let rows = refresh.redrawnRows
        let what = rows.isEmpty ? "no card changed"
            : rows.count == 1 ? (rows[0] == 0 ? "redrew the back" : "redrew row \(rows[0])") : "redrew \(rows.count) cards"
        return what + String(format: " in %.0f ms", milliseconds)
    }

    /// `cannot listen on 127.0.0.1:8080: Address already in use`.
    static func listenError(_ error: any Error, _ request: PreviewRequest) -> String {
        let reason = (error as? IOError).map { Syscalls.message(for: $0.errnoCode) } ?? "\(error)"
        return "cannot listen on \(request.host):\(request.port): \(reason)"
    }
}

/// A connection's channel, guarded from the start (see `ConnectionGuard`) and closed once it
/// has been handled. hummingbird-websocket 2.8.1 sets its idle timeout only once a request's
/// head is read, and when the head is over the parser's limits it neither answers nor closes:
/// without the guard, a connection that sends nothing, or too much, would be held forever.
struct ClosedWhenHandled<Base: ServerChildChannel>: ServerChildChannel {
    let base: Base
    let headTimeout: TimeAmount

    func setup(channel: any Channel, logger: Logger) -> EventLoopFuture<Base.Value> {
        base.setup(channel: channel, logger: logger).flatMapThrowing { [headTimeout] value in
            try channel.pipeline.syncOperations.addHandler(ConnectionGuard(headTimeout: headTimeout))
            return value
        }
    }

    func handle(value: Base.Value, logger: Logger) async {
        await base.handle(value: value, logger: logger)
        try? await value.channel.close()
    }
}

/// Closes its connection when an error reaches it, or when no request has come through within
/// `headTimeout` of connecting (a head sent slowly, or none). Once one has, HTTP's own idle
/// timeout takes over, and a page's WebSocket stays open for as long as the page does.
final class ConnectionGuard: ChannelInboundHandler, RemovableChannelHandler {
    typealias InboundIn = NIOAny
    private let headTimeout: TimeAmount
    private var deadline: Scheduled<Void>?

    init(headTimeout: TimeAmount) {
        self.headTimeout = headTimeout
    }

    func handlerAdded(context: ChannelHandlerContext) {
        let channel = context.channel
        deadline = context.eventLoop.scheduleTask(in: headTimeout) { channel.close(promise: nil) }
    }

    func handlerRemoved(context: ChannelHandlerContext) {
        deadline?.cancel()
    }

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        requestArrived()
        context.fireChannelRead(data)
    }

    /// A whole request head has been read: the deadline no longer applies.
    func requestArrived() {
        deadline?.cancel()
        deadline = nil
    }

    func errorCaught(context: ChannelHandlerContext, error: any Error) {
        context.close(promise: nil)
    }
}
