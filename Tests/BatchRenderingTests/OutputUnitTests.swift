import BatchRendering
import CardRenderSupport
import Foundation
import Images
import Synchronization
import Testing

/// Output units on the worker pool: files, documents and frame sequences in one schedule, each
/// frame its own task, and bytes that never depend on the number of workers.
@Suite struct OutputUnitTests {
    /// A 4×4 frame in a colour of its own.
    static func frame(_ index: Int) -> RGBAImage {
        RGBAImage(width: 4, height: 4, fill: (UInt8(index * 30), UInt8(255 - index * 30), 128, 255))
    }

    /// Frames side by side, in the order given, as one PNG: a sprite strip.
    static func strip(_ frames: [RGBAImage]) throws -> Data {
        var strip = RGBAImage(width: 4 * frames.count, height: 4)
        for (index, frame) in frames.enumerated() {
            for y in 0..<4 { for x in 0..<4 { strip[4 * index + x, y] = frame[x, y] } }
        }
        return try PNG.encode(strip)
    }

    static func stripUnit(_ path: String, frames count: Int,
                          render: @escaping @Sendable (Int) throws -> RGBAImage = { frame($0) }) -> OutputUnit {
        OutputUnit(path: path, format: .png, pixelSize: (width: 4, height: 4), content: .frames(OutputUnit.Frames(
            (0..<count).map { index in { try render(index) } }, costPerFrame: 16, assemble: strip)))
    }

    @Test func framesAreAssembledInOrderWhateverTheWorkerCount() throws {
        let units = [
            Self.stripUnit("walk.png", frames: 7),
            OutputUnit(path: "note.txt", format: nil, content: .file(cost: 1) { Data("note".utf8) }),
            Self.stripUnit("run.png", frames: 3),
        ]
        let once = try OutputUnit.render(units, workers: 1)
        #expect(once.map(\.path) == ["walk.png", "note.txt", "run.png"])
        let walk = try PNG.decode(once[0].data)
        #expect(walk.width == 28 && walk.height == 4)
        for index in 0..<7 { #expect(walk[4 * index + 1, 2] == Self.frame(index)[1, 2]) }
        // The facts are the assembled file's: the strip's size, from its header.
        #expect(once[0].pixelWidth == 28 && once[0].pixelHeight == 4 && once[1].data == Data("note".utf8))
        #expect(throws: BatchError("none.png has no frames")) { try OutputUnit.render([Self.stripUnit("none.png", frames: 0)], workers: 2) }
        for workers in [2, 3, 8] {
            let again = try OutputUnit.render(units, workers: workers)
            #expect(again.map(\.data) == once.map(\.data), "\(workers) workers")
            #expect(again.map(\.sha256) == once.map(\.sha256))
        }
    }

    /// Frame 0 waits for frame 1 to start: on one worker it would wait in vain, so both frames of
    /// one unit were in flight at once, on two workers.
    @Test func framesOfOneUnitRenderInParallel() throws {
        let seen = Seen()
        let unit = Self.stripUnit("pair.png", frames: 2) { index in
            seen.started.withLock { _ = $0.insert(index) }
            seen.threads.withLock { _ = $0.insert("\(pthread_self())") }
            if index == 0 {
                let deadline = Date().addingTimeInterval(10)
                while Date() < deadline, !seen.started.withLock({ $0.contains(1) }) { usleep(1000) }
                let overlapped = seen.started.withLock { $0.contains(1) }
                seen.overlapped.withLock { $0 = overlapped }
            }
            return Self.frame(index)
        }
        let rendered = try OutputUnit.render([unit], workers: 2)
        #expect(seen.overlapped.withLock { $0 }, "frame 1 started while frame 0 was rendering")
        #expect(seen.threads.withLock { $0.count } == 2)
        #expect(rendered[0].data == (try Self.strip([Self.frame(0), Self.frame(1)])))
    }

    /// A frame that fails fails its unit, which is not assembled; the other units still render
    /// and `finished` hears only of them.
    @Test func aFailingFrameFailsItsUnitOnly() throws {
        let seen = Seen()
        var failing = Self.stripUnit("broken.png", frames: 4) { index in
            if index == 2 { throw MessageError("frame 3 has no ink") }
            return Self.frame(index)
        }
        guard case .frames(var frames) = failing.content else { return }
        let assemble = frames.assemble
        frames.assemble = { frames in seen.assembled.withLock { $0 += 1 }; return try assemble(frames) }
        failing.content = .frames(frames)
        #expect(throws: MessageError("frame 3 has no ink")) {
            try OutputUnit.render([failing, Self.stripUnit("fine.png", frames: 2)], workers: 3) { _, file in
                seen.finished.withLock { $0.append(file.path) }
            }
        }
        #expect(seen.assembled.withLock { $0 } == 0)
        #expect(seen.finished.withLock { $0 } == ["fine.png"])
    }

    /// Costs: a file its own, a document its pages', frames each frame's; the budget applies to
    /// the pixel size (each frame's, for frames) and the format's largest side.
    @Test func costsAndBudget() throws {
        let document = OutputUnit(path: "a.pdf", format: .pdf, content: .document(pageCosts: [10, 20, 30]) { Data() })
        #expect(document.estimatedCost == 60)
        #expect(Self.stripUnit("s.png", frames: 5).estimatedCost == 80)
        try Self.stripUnit("s.png", frames: 5).checkBudget(maxPixels: 16)
        #expect(throws: ImageError.overBudget("s.png is 4×4 px (16 px), over the limit of 15 px per picture; "
                                              + "raise it with --max-pixels N")) {
            try Self.stripUnit("s.png", frames: 5).checkBudget(maxPixels: 15)
        }
        let wide = OutputUnit(path: "w.webp", format: .webp, pixelSize: (width: 20_000, height: 1),
                              content: .file(cost: 20_000) { Data() })
        #expect(throws: ImageError.invalidSize("w.webp would be 20000×1 px; WebP holds at most 16383 px a side")) {
            try wide.checkBudget(maxPixels: 40_000_000)
        }
    }
}

/// What the frames of a test saw, shared by the worker threads.
private final class Seen: Sendable {
    let started = Mutex<Set<Int>>([])
    let threads = Mutex<Set<String>>([])
    let overlapped = Mutex(false)
    let assembled = Mutex(0)
    let finished = Mutex<[String]>([])
}
