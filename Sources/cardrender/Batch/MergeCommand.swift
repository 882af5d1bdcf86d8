import ArgumentParser
import BatchRendering
import CardRenderSupport
import Foundation
import SharedCommands

/// `cardrender merge SHARD… --out DIR`: the `--out` folders of a sharded batch run assembled
/// into one, as an unsharded run would have written it.
struct MergeCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "merge",
        abstract: "Merge the --out folders of `batch --shard K/N` runs into one folder with one manifest and gallery.",
        discussion: """
        The result is byte for byte what an unsharded run of the spec writes. Every folder must hold \
        shards of the same spec, rendered by the same build; together they must hold every shard once, \
        and every file must have the SHA-256 its manifest records. All of this is checked, and --out \
        must be missing or empty, before anything is written. The merge is written into a hidden folder \
        beside --out and renamed into place at the end: a merge that fails or is interrupted leaves --out \
        as it was. An empty --out that cannot be replaced (a mount point, or a folder whose parent cannot \
        be written) is filled in place instead, manifest.json last.
        """
    )

    @Argument(help: ArgumentHelp("The --out folder of each shard run.", valueName: "shard-folder"),
              completion: .directory)
    var folders: [String] = []

    @Option(name: .long, help: "Folder to write the merged run into (missing or empty).", completion: .directory)
    var out: String

    @OptionGroup var parallel: ParallelOptions

    func validate() throws {
        guard !folders.isEmpty else { throw ValidationError("give the --out folder of every shard to merge") }
        try PathArgument.requireNonEmpty(out, "--out")
        for folder in folders { try PathArgument.requireNonEmpty(folder, "a shard folder") }
    }

    func run() throws {
        let sources = folders.map { URL(fileURLWithPath: $0, isDirectory: true) }
        let destination = URL(fileURLWithPath: out, isDirectory: true)
        let plan = try ShardMerge.plan(sources, into: destination, tool: "cardrender \(CardRender.version)",
                                       workers: parallel.count)
        let copied = try ShardMerge.write(plan, into: destination, workers: parallel.count)
        let summary = counted(plan.folders, "folder") + " merged: " + counted(plan.manifest.jobs.count, "job") + ", "
            + counted(copied, "file") + " into \(out)"
        FileHandle.standardError.write(Data((summary + "\n").utf8))
    }
}
