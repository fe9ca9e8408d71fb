import ArgumentParser
import Foundation
import TokenBench

struct MergeCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "merge",
        abstract: "Join the long matrix CSVs of 'matrix --shard K/N' runs into the unsharded run's CSV.",
        discussion: """
            Give the shards' files in shard order (1/N first). The rows are written in that order, \
            with the union of the files' columns (a shard without a case with a locale has no \
            locale column). Exit status: 0 when the files join; 2 when a file is not a long matrix \
            CSV or two files share a cell (both are named).
            """)

    @Argument(help: "The shards' long matrix CSVs, in shard order.")
    var files: [String]

    @OptionGroup var output: OutputOptions

    func validate() throws {
        guard !files.isEmpty else { throw ValidationError("give the shards' CSV files, in shard order") }
    }

    func run() throws {
        let merged = try MatrixShards.merge(files: files)
        try output.emit(merged.table)
        printError("tokenbench: merged \(merged.cells) cells from \(files.count) files")
    }
}
