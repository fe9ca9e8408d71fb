import ArgumentParser
import Foundation
import TokenBench

struct AdviseCommand: OwnTokenizerCommand {
    static let configuration = CommandConfiguration(
        commandName: "advise",
        abstract: "Which tokenizer and query for your documents, on the SQLite you ship, without relevance judgments.",
        discussion: """
            Profiles the documents, generates known-item queries from them (terms of a document, \
            typed as users type: lower case, without diacritics, cut while typing…), ranks them \
            with every candidate on every engine and query kind in real FTS5 tables, and \
            recommends one tokenizer with one query kind, and a runner-up (Documentation/Advice.md). \
            The CSV goes to stdout, a row per candidate × engine × query kind × class; the \
            profile and the advice go to stderr, or to stdout with --format markdown. Exit \
            status: 0 success; 1 a tokenizer crashed or timed out (it is excluded, stderr names \
            the input); 2 bad usage or input (fewer than two documents, an unknown target); 3 \
            SQLite failure.
            """)

    @OptionGroup var workbenchOptions: TokenizerAndEngineOptions<CatalogDefaults>

    @OptionGroup var isolationOptions: IsolationOptions

    @Option(
        help:
            "The documents: JSON Lines (_id, title, text) or TSV (id<TAB>text), or one a line (--documents-format lines)."
    )
    var documents: String

    @Option(
        name: .customLong("documents-format"),
        help: "records (JSON Lines or TSV, as quality reads them) or lines (one document a line, ids L<line>).")
    var documentsFormat: AdviceCorpus.Format = .records

    @Option(
        name: .customLong("query-log"),
        help:
            "What users searched: one QUERY or QUERY<TAB>COUNT a line; for over-matches and the agreement between candidates."
    )
    var queryLog: String?

    @Option(
        help:
            "With --query-log and --run-dir: write the agreement of each pair of candidates' top tens to this CSV file."
    )
    var agreement: String?

    @Option(
        name: .customLong("target"),
        help: ArgumentHelp(
            "A platform the app ships on; repeatable: \(PlatformTarget.all.map(\.name).joined(separator: " ")).",
            discussion:
                "A candidate needing a newer SQLite than the oldest target's, or outside the portable set on an Apple target, is excluded."
        ))
    var targets: [String] = []

    @Option(
        name: .customLong("min-sqlite"),
        help: "Instead of --target: the oldest SQLite the app runs on (such as 3.43.2).")
    var minimumSQLite: String?

    @Option(
        name: .customLong("query-kind"),
        help:
            "How the app builds its query from what users type; repeatable, default typed-all typed-prefixes grdb-all (Documentation/Queries.md)."
    )
    var queryKinds: [SearchQueryKind] = []

    @Option(name: .customLong("known-items"), help: "How many known-item queries to generate.")
    var knownItems: Int = 1000

    @Option(help: "Seed of the queries' generation and of the randomization tests.")
    var seed: UInt64 = RandomizationTest.defaultSeed

    @Option(help: "Sign permutations of the randomization tests.")
    var permutations: Int = RandomizationTest.defaultPermutations

    @Option(
        name: .customLong("run-dir"),
        help: "Write one TREC run file per candidate × engine × query kind into this folder.")
    var runDirectory: String?

    @Option(
        name: .customLong("write-collection"),
        help:
            "Write the generated collection into this folder as BEIR (corpus, queries with their class, qrels), for quality --beir."
    )
    var collectionDirectory: String?

    @OptionGroup var output: OutputOptions

    @Flag(help: "Print a line on stderr per tokenizer and engine even when stderr is not a terminal.")
    var progress = false

    func validate() throws {
        for target in targets where (try? PlatformTarget.named(target)) == nil {
            throw ValidationError(
                "--target '\(target)': unknown target; the targets are \(PlatformTarget.all.map(\.name).joined(separator: ", "))"
            )
        }
        if minimumSQLite != nil && !targets.isEmpty {
            throw ValidationError("--min-sqlite and --target both say which SQLite the app runs on: give one")
        }
        if let minimumSQLite, !AdviceOptions.isSQLiteVersion(minimumSQLite) {
            throw ValidationError("--min-sqlite '\(minimumSQLite)': expected a SQLite version such as 3.43.2")
        }
        if agreement != nil && (queryLog == nil || runDirectory == nil) {
            throw ValidationError(
                "--agreement compares the run files of a query log: give --query-log and --run-dir too")
        }
        guard knownItems >= 1 else { throw ValidationError("--known-items '\(knownItems)': expected at least 1") }
        guard permutations >= 1 else { throw ValidationError("--permutations '\(permutations)': expected at least 1") }
    }

    func run(registering own: OwnTokenizers) throws {
        let corpus = try AdviceCorpus.read(path: documents, format: documentsFormat)
        let log = try queryLog.map { try QueryLog.read(path: $0) }
        for location in corpus.linesNotUTF8 + (log?.linesNotUTF8 ?? []) {
            printError("tokenbench: \(location): skipped: the line is not UTF-8")
        }
        let workbench = try workbenchOptions.makeWorkbench(registering: own, isolation: isolationOptions.isolation)
        let options = AdviceOptions(
            tokenizers: try workbenchOptions.tokenizers(on: workbench), engines: workbenchOptions.engines,
            queryKinds: queryKinds.isEmpty ? AdviceOptions.defaultQueryKinds : queryKinds.uniquedInOrder(),
            targets: try targets.map(PlatformTarget.named), minimumSQLite: minimumSQLite, knownItems: knownItems,
            seed: seed, permutations: permutations, runDirectory: runDirectory,
            collectionDirectory: collectionDirectory,
            parallelUnits: isolationOptions.jobs ?? ProcessInfo.processInfo.activeProcessorCount, queryLog: log)
        let showProgress = progress || isatty(STDERR_FILENO) != 0
        let report = try workbench.advise(corpus, options: options) { line in
            if showProgress { printError("tokenbench: \(line)") }
        }
        for skipped in report.skipped { workbenchOptions.noteSkipped(skipped) }
        if output.format == .markdown {
            try OutputDestination.write(
                report.summary + "\n## Figures\n\n" + report.table.markdown(), to: output.output)
        } else {
            FileHandle.standardError.write(Data(report.summary.utf8))
            try output.emit(report.table)
        }
        if let agreement { try OutputDestination.write(report.agreementTable.csv(), to: agreement) }
        if report.logMatchedNothing {
            printError("tokenbench: warning: no candidate returns anything for any query of \(queryLog ?? "the log")")
        }
        if report.nothingMatched {
            printError("tokenbench: warning: no candidate found any known item in its first ten results")
        }
        printLosses(report.losses)
        if !report.losses.isEmpty { throw ExitCode(1) }
    }
}

extension AdviceCorpus.Format: ExpressibleByArgument {}
