import ArgumentParser
import Foundation
import TokenBench

struct MergeCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "merge",
        abstract: "Join the CSVs of a run spread over shards (--shard K/N) into the unsharded run's CSV.",
        discussion: """
            Give the shards' files in shard order (1/N first), all of one command: long matrix, \
            conformance, upgrade, quality (or its --per-query file) or throughput CSVs. The rows \
            are joined in that order (throughput's in the unsharded run's order), with the union \
            of the files' columns. Exit status: 0 when the files join; 2 when a file is not such a \
            CSV, the files are of two commands, or two files share a matrix cell, a conformance \
            tokenizer × engine or another command's tokenizer (both files are named).
            """)

    @Argument(help: "The shards' CSVs, in shard order.")
    var files: [String]

    @OptionGroup var output: OutputOptions

    func validate() throws {
        guard !files.isEmpty else { throw ValidationError("give the shards' CSV files, in shard order") }
    }

    func run() throws {
        let merged = try ShardMerge.merge(files: files)
        try output.emit(merged.table)
        printError(
            "tokenbench: merged \(merged.rows) \(merged.command == .matrix ? "cells" : "rows") of \(merged.command.rawValue) from \(files.count) files"
        )
    }
}
