import CardRenderSupport
import Foundation
import Images
import Synchronization

extension OutputUnit {
    /// Renders `units` on `workers` threads. A file or a document is one task; each frame of a
    /// sequence is a task of its own, and the thread that finishes a sequence's last frame
    /// assembles it. Tasks start the costliest first (the last to finish are the cheap ones).
    /// `finished` takes each file once its bytes exist, on the thread that made them, and what
    /// it returns comes back in unit order whatever the timing (return the facts alone, and no
    /// file's bytes outlive their write). The first error, in task order, is thrown once every
    /// task has run.
    public static func render<Value: Sendable>(
        _ units: [OutputUnit], workers: Int,
        finished: @escaping @Sendable (_ index: Int, RenderedFile) throws -> Value
    ) throws -> [Value] {
        for unit in units {
            if case .frames(let frames) = unit.content, frames.frames.isEmpty { throw BatchError("\(unit.path) has no frames") }
        }
        let tasks = units.indices.flatMap { unit in
            switch units[unit].content {
            case .file, .document: [Task(unit: unit, frame: nil, cost: units[unit].estimatedCost)]
            case .frames(let frames):
                frames.frames.indices.map { Task(unit: unit, frame: $0, cost: frames.costPerFrame) }
            }
        }
        let sequences = units.map { unit -> FramesInFlight? in
            guard case .frames(let frames) = unit.content else { return nil }
            return FramesInFlight(count: frames.frames.count)
        }
        let order = tasks.indices.sorted { tasks[$0].cost != tasks[$1].cost ? tasks[$0].cost > tasks[$1].cost : $0 < $1 }
        let results = try WorkerPool.map(tasks.count, workers: workers, order: order) { index -> Value? in
            let task = tasks[index], unit = units[task.unit]
            let data: Data, pixels: (width: Int, height: Int)?
            switch unit.content {
            case .file(_, let render), .document(_, let render):
                (data, pixels) = (try render(), unit.pixelSize)
            case .frames(let frames):
                guard let frame = task.frame, let inFlight = sequences[task.unit] else { return nil }
                guard let all = try inFlight.finish(frame, with: Result { try frames.frames[frame]() }) else {
                    return nil
                }
                data = try frames.assemble(all)
                // The file's own size (a strip of frames is wider than one), from its header.
                pixels = unit.format?.pixelSize(of: data)
            }
            let file = RenderedFile(path: unit.path, data: data, pixelWidth: pixels?.width, pixelHeight: pixels?.height)
            return try finished(task.unit, file)
        }
        var byUnit: [Value?] = Array(repeating: nil, count: units.count)
        for (task, result) in zip(tasks, results) where result != nil { byUnit[task.unit] = result }
        return try byUnit.enumerated().map { index, result in
            guard let result else { throw BatchError("\(units[index].path) was not rendered") }
            return result
        }
    }

    /// Renders `units` in memory; see `render(_:workers:finished:)`.
    public static func render(_ units: [OutputUnit], workers: Int) throws -> [RenderedFile] {
        try render(units, workers: workers) { _, file in file }
    }

    private struct Task {
        var unit: Int
        /// Nil for a file or a document, which renders whole.
        var frame: Int?
        var cost: Double
    }
}

/// The frames of one sequence rendered so far.
private final class FramesInFlight: Sendable {
    private let state: Mutex<(frames: [RGBAImage?], remaining: Int, failed: Bool)>

    init(count: Int) { state = Mutex((Array(repeating: nil, count: count), count, false)) }

    /// Keeps frame `index`; returns every frame, in order, to the caller that brings the last
    /// one. A frame that failed throws its error here, and no one assembles the sequence.
    func finish(_ index: Int, with result: Result<RGBAImage, Error>) throws -> [RGBAImage]? {
        let image = try? result.get()
        let complete: [RGBAImage]? = state.withLock { s in
            s.frames[index] = image
            s.failed = s.failed || image == nil
            s.remaining -= 1
            guard s.remaining == 0 else { return nil }
            defer { s.frames = [] }
            return s.failed ? nil : s.frames.compactMap { $0 }
        }
        _ = try result.get()
        return complete
    }
}
