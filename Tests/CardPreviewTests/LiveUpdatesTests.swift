@testable import CardPreview
import Foundation
import Testing

@Suite struct LiveUpdatesTests {
    @Test func everyOpenPageIsToldAndOneTooManyIsClosed() async throws {
        let live = LiveUpdates()
        var clients: [AsyncStream<Void>.Continuation] = []
        var streams: [AsyncStream<LiveMessage>] = []
        for _ in 0..<LiveUpdates.maxClients {
            let (incoming, continuation) = AsyncStream<Void>.makeStream()
            clients.append(continuation)
            streams.append(live.makeMessages(until: incoming))
        }
        #expect(live.count == LiveUpdates.maxClients)
        let (extra, extraClient) = AsyncStream<Void>.makeStream()
        var refused = live.makeMessages(until: extra).makeAsyncIterator()
        #expect(await refused.next() == .close(code: 1008, reason: "too many pages open"))
        #expect(await refused.next() == nil)
        extraClient.finish()
        live.announce(7)
        for stream in streams {
            var messages = stream.makeAsyncIterator()
            #expect(await messages.next() == .text("7"))
        }
        // A page that goes away leaves room for another.
        clients[0].finish()
        for _ in 0..<200 where live.count == LiveUpdates.maxClients { try await Task.sleep(for: .milliseconds(5)) }
        #expect(live.count == LiveUpdates.maxClients - 1)
        live.finish()
        // The pages close too, so nothing waits on them once the test is over.
        for client in clients { client.finish() }
        for _ in 0..<400 where live.count > 0 { try await Task.sleep(for: .milliseconds(5)) }
        #expect(live.count == 0)
    }
}
