import ArgumentParser
import Foundation
import TokenBench

struct MatrixCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "matrix",
        abstract: "Run every fixture case on a real FTS5 table per tokenizer and print the match matrix.",
        discussion: """
            Exit status: 0 when every fixture expectation holds, 1 when one fails (the failing \
            cells are listed on stderr), 2 on bad usage or input.
            """)

    enum Layout: String, CaseIterable, ExpressibleByArgument {
        case long
        case wide
    }

    @OptionGroup var workbench: WorkbenchOptions

    @OptionGroup var selection: FixtureOptions

    @Option(help: "Comma-separated DOCUMENT:QUERY normalization form pairs (asis, nfc, nfd, nfkc, nfkd).")
    var forms: String = FormPair.defaults.map(\.description).joined(separator: ",")

    @Option(name: .customLong("query-kind"), help: "Run queries as phrase or prefix queries; repeatable, default both.")
    var queryKinds: [QueryKind] = []

    @Option(help: "long: one row per cell; wide: one column per tokenizer.")
    var layout: Layout = .long

    @OptionGroup var output: OutputOptions

    var formPairs: [FormPair] {
        forms.split(separator: ",").compactMap { FormPair(parsing: $0.trimmingCharacters(in: .whitespaces)) }
    }

    func validate() throws {
        let words = forms.split(separator: ",", omittingEmptySubsequences: false)
        for word in words where FormPair(parsing: word.trimmingCharacters(in: .whitespaces)) == nil {
            throw ValidationError("--forms '\(forms)': '\(word)' is not DOCUMENT:QUERY with forms asis, nfc, nfd, nfkc or nfkd")
        }
        guard Set(formPairs).count == formPairs.count else {
            throw ValidationError("--forms '\(forms)': a form pair is listed twice")
        }
    }

    func run() throws {
        let bench = try workbench.makeWorkbench()
        let fixtures = try selection.load()
        let tokenizers = workbench.tokenizers(on: bench)
        let kinds = queryKinds.isEmpty ? QueryKind.allCases : QueryKind.allCases.filter(queryKinds.contains)
        let matrix = try bench.matrix(cases: fixtures.cases, tokenizers: tokenizers, formPairs: formPairs, queryKinds: kinds)
        try output.emit(layout == .long ? matrix.longTable() : matrix.wideTable())

        let violations = matrix.violations
        guard violations.isEmpty else {
            for cell in violations {
                FileHandle.standardError.write(Data((cell.failureDescription + "\n").utf8))
            }
            FileHandle.standardError.write(Data("tokenbench: \(violations.count) of \(matrix.cells.count) cells contradict the fixtures\n".utf8))
            throw ExitCode(1)
        }
    }
}
