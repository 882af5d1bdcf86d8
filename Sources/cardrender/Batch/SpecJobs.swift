import BatchRendering
import BundledFonts
import Foundation
import RenderPipeline

/// The batch planner of this build of the program.
enum SpecJobs {
    /// What, besides a job's own values, decides its bytes: the tool build and the fonts.
    static let environmentKey: String = {
        var parts = ["cardrender \(CardRender.version)"]
        let executable = URL(fileURLWithPath: CommandLine.arguments.first ?? "").resolvingSymlinksInPath()
        if let attributes = try? FileManager.default.attributesOfItem(atPath: executable.path) {
            parts.append("\(attributes[.size] ?? 0) \((attributes[.modificationDate] as? Date)?.timeIntervalSince1970 ?? 0)")
        }
        if let sums = try? BundledFonts.checksums() { parts.append(sums) }
        return BatchJob.key(parts)
    }()

    static let planner = BatchPlanner(build: environmentKey)
}
