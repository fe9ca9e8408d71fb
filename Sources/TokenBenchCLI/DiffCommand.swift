import ArgumentParser
import Foundation
import TokenBench

struct DiffCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "diff",
        abstract:
            "Compare two match-matrix CSVs (say, macOS's SQLite against Debian's) and print the changed cells as CSV.",
        discussion: """
            Both files are long matrix CSVs from 'tokenbench matrix'. A tokenizer found in one file \
            only is named on stderr and not compared.
            Exit status: 0 every compared cell agrees and neither file has one the other lacks (tokenizers in one file only are skipped); 1 some cell differs or is in one file only; 2 bad usage or input.
            """)

    @Argument(help: "The first matrix CSV (a).")
    var first: String

    @Argument(help: "The second matrix CSV (b).")
    var second: String

    @OptionGroup var output: OutputOptions

    func run() throws {
        let comparison = MatrixComparison(
            before: try MatrixBaseline.load(path: first), after: try MatrixBaseline.load(path: second))
        for name in comparison.tokenizersOnlyBefore {
            printError("tokenbench: tokenizer \(name) is only in \(first); not compared")
        }
        for name in comparison.tokenizersOnlyAfter {
            printError("tokenbench: tokenizer \(name) is only in \(second); not compared")
        }
        try output.emit(comparison.table())
        guard comparison.isIdentical else {
            printError(
                "tokenbench: \(comparison.changes.count) cells differ (\(comparison.comparedCellCount) compared)")
            throw ExitCode(1)
        }
    }
}
