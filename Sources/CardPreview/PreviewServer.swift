import CardRenderSupport
import Foundation
internal import FlyingFox
internal import FlyingSocks
import Synchronization

/// Runs a preview: draws the cards, serves the page on `request.host`, redraws the cards whose
/// files change and tells the open pages. Bad input never stops it; the page shows the error
/// over the last good cards until the files are fixed.
public enum PreviewServer {
    /// How long open connections may take to finish when the server stops: none. The pages only
    /// read, and a stop signal must be answered within `Interruption.gracePeriod`.
    static let stopTimeout = 0.0
    /// How often the server looks whether it is asked to stop.
    static let stopCheck = Duration.milliseconds(50)
    /// The longest a request's answer may take.
    static let requestTimeout = 15.0

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
        let address: sockaddr_in
        do { address = try .inet(ip4: request.host, port: UInt16(request.port)) } catch {
            throw PreviewError("--host \(request.host) is not an address to listen on")
        }
        // On loopback no Host is accepted until the port is known.
        let hosts = AllowedHosts(request.host.hasPrefix("127.") ? [] : nil)
        let configuration = HTTPServer.Configuration(address: address, timeout: requestTimeout, logger: .disabled)
        let server = HTTPServer(config: configuration,
                                handler: PreviewRoutes(deck: deck, page: page, live: live, allowedHosts: hosts))
        let ended = Atomic<Bool>(false)
        let task = Task {
            defer { ended.store(true, ordering: .releasing) }
            try await server.run()
        }
        // Listening, or the reason it cannot (a port in use), whichever comes first.
        while await !server.isListening, !ended.load(ordering: .acquiring) {
            try? await Task.sleep(for: .milliseconds(5))
        }
        guard let port = await server.listeningPort else {
            task.cancel()
            if case .failure(let failure) = await task.result { throw PreviewError(listenError(failure, request)) }
            throw PreviewError("cannot listen on \(request.host):\(request.port)")
        }
        if hosts.names != nil { hosts.names = ["\(request.host):\(port)", "localhost:\(port)"] }
        announce("Previewing \(deck.snapshot.cards.count) cards at http://\(request.host):\(port)/ (Ctrl-C stops)")
        if let error = first.error { announce("error: \(error)") }
        while !shouldStop() && !task.isCancelled {
            try? await Task.sleep(for: stopCheck)
        }
        live.finish()
        await server.stop(timeout: stopTimeout)
        task.cancel()
        // Every connection's task ends before the deck they serve is let go.
        _ = await task.result
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
        let reason = switch error as? SocketError {
        case .failed(_, _, let message): message
        default: "\(error)"
        }
        return "cannot listen on \(request.host):\(request.port): \(reason)"
    }
}

extension HTTPServer {
    /// The port the server listens on (the free one taken for port 0).
    var listeningPort: Int? {
        guard case let .ip4(_, port) = listeningAddress else { return nil }
        return Int(port)
    }
}
