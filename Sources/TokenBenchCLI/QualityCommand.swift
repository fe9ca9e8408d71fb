import ArgumentParser
import Foundation
import TokenBench

struct QualityCommand: OwnTokenizerCommand {
    static let configuration = CommandConfiguration(
        commandName: "quality",
        abstract: "Rank a collection's queries with each tokenizer (FTS5's bm25) and score the rankings.",
        discussion: """
            Reads a BEIR folder (--beir), plain files (--documents, --queries, --qrels), or with \
            neither the embedded fixtures as a known-item collection. Prints nDCG@10, RR@10, R@10, \
            R@100 and P@1 per tokenizer, engine, query kind and detail, with a randomization test \
            against --baseline, the index's bytes and build time. Each tokenizer × engine × detail \
            runs in a worker: a crash or hang costs the document or query it was on (left out of \
            the index, or scored 0 as lost), and the row's error column says so. Exit status: 0 \
            success; 1 a tokenizer crashed or timed out (stderr names the input); 2 bad usage or \
            input; 3 SQLite failure.
            """)

    @OptionGroup var workbenchOptions: TokenizerAndEngineOptions<CatalogDefaults>

    @OptionGroup var isolationOptions: IsolationOptions

    @Option(help: "A BEIR dataset folder: corpus.jsonl, queries.jsonl and qrels/SPLIT.tsv.")
    var beir: String?

    @Option(help: "The qrels split of --beir (qrels/SPLIT.tsv).")
    var split: String = "test"

    @Option(help: "Documents: JSON Lines (_id, title, text) or TSV (id<TAB>text).")
    var documents: String?

    @Option(help: "Queries: JSON Lines (_id, text) or TSV (id<TAB>text).")
    var queries: String?

    @Option(help: "Relevance judgments: TREC qrels (qid 0 docid rel) or BEIR's TSV (query-id corpus-id score).")
    var qrels: String?

    @Option(
        name: .customLong("fixtures"),
        help: "Fixture files or folders read as a known-item collection instead of the embedded ones; repeatable.")
    var fixturePaths: [String] = []

    @Option(
        name: .customLong("query-kind"),
        help: ArgumentHelp(
            "How the words of a query combine: any (OR), all (AND) or phrase; repeatable, default any.",
            discussion:
                "Or the query an app builds from the text: grdb-any, grdb-all, grdb-prefixes, grdb-phrase, grdb-prefix-phrase (GRDB's FTS5Pattern builders) or typed-any, typed-all, typed-prefixes, typed-phrase (the builder that knows the index's tokenizer; Documentation/Queries.md)."
        ))
    var queryKinds: [SearchQueryKind] = []

    @Option(
        name: .customLong("query-syntax"),
        help: "search-box: quote each word and combine them by --query-kind; fts5: pass the text to MATCH unchanged.")
    var querySyntax: QuerySyntax = .searchBox

    @Option(name: .customLong("detail"), help: "FTS5's detail option: full, column or none; repeatable, default full.")
    var details: [FTS5Detail] = []

    @Option(help: "The tokenizer every other row is compared with, on the same engine, query kind and detail.")
    var baseline: String = "unicode61"

    @Option(help: "Sign permutations of the randomization test (all of them when there are fewer).")
    var permutations: Int = RandomizationTest.defaultPermutations

    @Option(help: "Seed of the randomization test's permutations.")
    var seed: UInt64 = RandomizationTest.defaultSeed

    @Option(
        name: .customLong("per-query"),
        help: "Write every query's figures, rank of the first relevant document and tokens to this CSV file.")
    var perQuery: String?

    @Option(name: .customLong("run-dir"), help: "Write one TREC run file per row into this folder.")
    var runDirectory: String?

    @Option(
        help: ArgumentHelp(
            "The locale of every document and query without a 'locale' of its own in the JSON Lines.",
            discussion:
                "The index is then a locale=1 table, filled and queried through fts5_locale() (SQLite 3.47 and later; other engines are skipped)."
        ))
    var locale: String?

    @OptionGroup var sharding: ShardOptions

    @OptionGroup var output: OutputOptions

    @Flag(help: "Print a line on stderr per tokenizer and engine even when stderr is not a terminal.")
    var progress = false

    enum QuerySyntax: String, CaseIterable, ExpressibleByArgument {
        case searchBox = "search-box"
        case fts5
    }

    func validate() throws {
        let plain = [documents, queries, qrels]
        if beir != nil && (plain.contains { $0 != nil } || !fixturePaths.isEmpty) {
            throw ValidationError(
                "--beir reads its own files: it cannot be combined with --documents, --queries, --qrels or --fixtures")
        }
        if plain.contains(where: { $0 != nil }) {
            guard !plain.contains(where: { $0 == nil }) else {
                throw ValidationError("--documents, --queries and --qrels go together: give all three")
            }
            guard fixturePaths.isEmpty else {
                throw ValidationError("--fixtures is a collection of its own: it cannot be combined with --documents")
            }
        }
        if querySyntax == .fts5 && !queryKinds.isEmpty {
            throw ValidationError("--query-kind combines quoted words; with --query-syntax fts5 the text is the query")
        }
        guard permutations >= 1 else {
            throw ValidationError("--permutations '\(permutations)': expected at least 1")
        }
        if let locale, locale.isEmpty || locale.contains("\0") {
            throw ValidationError("--locale '\(locale)': give a locale such as tr or de_CH, without NUL")
        }
    }

    func run(registering own: OwnTokenizers) throws {
        let source: QualityCollection.Source
        if let beir {
            source = .beir(directory: beir, split: split)
        } else if let documents, let queries, let qrels {
            source = .files(documents: documents, queries: queries, judgments: qrels)
        } else if !fixturePaths.isEmpty {
            source = .fixtures(paths: fixturePaths)
        } else {
            source = .embeddedFixtures
        }
        let collection = try QualityCollection.load(source, locale: locale)
        let workbench = try workbenchOptions.makeWorkbench(registering: own, isolation: isolationOptions.isolation)
        var options = QualityOptions(
            tokenizers: try workbenchOptions.tokenizers(on: workbench), engines: workbenchOptions.engines,
            queryKinds: querySyntax == .fts5 ? [.fts5] : (queryKinds.isEmpty ? [.any] : queryKinds.uniquedInOrder()),
            details: details.isEmpty ? [.full] : details.uniquedInOrder(),
            baseline: TokenizerArguments.spec(forArgument: baseline), permutations: permutations, seed: seed,
            runDirectory: runDirectory, parallelUnits: isolationOptions.jobs ?? 1)
        options.shard = sharding.shard
        let showProgress = progress || isatty(STDERR_FILENO) != 0
        let report = try workbench.quality(collection, options: options) { line in
            if showProgress { printError("tokenbench: \(line)") }
        }
        for skipped in report.skipped { workbenchOptions.noteSkipped(skipped) }
        for sentence in report.engineSkips { printError("tokenbench: \(sentence)") }
        noteCollectionCounts(report)
        if let perQuery { try OutputDestination.write(QueryOutcome.table(report.outcomes).csv(), to: perQuery) }
        try output.emit(output.format == .csv ? report.table : QualityRow.summaryTable(report.rows))
        printLosses(report.losses)
        if !report.losses.isEmpty { throw ExitCode(1) }
    }

    /// What trec_eval would count silently, said on stderr: queries and judgments left out.
    private func noteCollectionCounts(_ report: QualityReport) {
        var notes: [String] = []
        if report.unjudgedQueries > 0 { notes.append("\(report.unjudgedQueries) queries without judgments skipped") }
        if report.judgmentsOfUnknownQueries > 0 {
            notes.append("\(report.judgmentsOfUnknownQueries) judgments name an unknown query (left out)")
        }
        if report.judgmentsOfUnknownDocuments > 0 {
            notes.append(
                "\(report.judgmentsOfUnknownDocuments) judgments name an unknown document (counted as relevant, never retrieved)"
            )
        }
        guard !notes.isEmpty else { return }
        printError("tokenbench: quality: \(report.judgedQueries) judged queries; " + notes.joined(separator: "; "))
    }
}

extension SearchQueryKind: ExpressibleByArgument {
    /// fts5 is chosen with --query-syntax, not as a kind; the app's builders are kinds.
    public static var allValueStrings: [String] { searchBox.map(\.rawValue) }

    public init?(argument: String) {
        guard let kind = Self(rawValue: argument), Self.searchBox.contains(kind) else { return nil }
        self = kind
    }
}
extension FTS5Detail: ExpressibleByArgument {}
