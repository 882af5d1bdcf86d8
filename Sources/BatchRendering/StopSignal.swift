import Foundation
import Synchronization

/// SIGINT/SIGTERM during a batch run: stop taking new jobs, let the ones in flight finish
/// their atomic writes, save the manifest, then exit. No file is left half-written.
final class StopSignal: @unchecked Sendable {
    // `sources` is set once before any worker starts and read once after they all finish.
    private let flag = Atomic<Bool>(false)
    private nonisolated(unsafe) var sources: [DispatchSourceSignal] = []

    var requested: Bool { flag.load(ordering: .relaxed) }

    static func install() -> StopSignal {
        let stop = StopSignal()
        var made: [DispatchSourceSignal] = []
        for number in [SIGINT, SIGTERM] {
            signal(number, SIG_IGN)
            let source = DispatchSource.makeSignalSource(signal: number, queue: .global())
            source.setEventHandler { [stop] in
                if stop.flag.exchange(true, ordering: .relaxed) {
                    // A second signal: give up at once (temporary files are swept next run).
                    exit(130)
                }
            }
            source.resume()
            made.append(source)
        }
        stop.sources = made
        return stop
    }

    func uninstall() {
        for source in sources { source.cancel() }
        signal(SIGINT, SIG_DFL)
        signal(SIGTERM, SIG_DFL)
    }
}
