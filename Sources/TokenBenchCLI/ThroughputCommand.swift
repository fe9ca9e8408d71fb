import ArgumentParser
import Foundation
import TokenBench

struct ThroughputCommand: OwnTokenizerCommand {
    static let configuration = CommandConfiguration(
        commandName: "throughput",
        abstract: "Measure how fast tokenizers tokenize, index and answer queries, relative to a reference.",
        discussion: """
            Without --corpus, runs on the built-in multilingual corpus (about 8 MB, from a seeded \
            generator). The measurement runs in one worker per engine: a tokenizer that crashes or \
            hangs is left out, and the run starts again without it. Exit status: 0 success; 1 a \
            relative figure fell below --baseline by more than --threshold (listed on stderr), or \
            a tokenizer crashed or timed out; 2 bad usage or input; 3 SQLite failure.
            """)

    @OptionGroup var workbenchOptions: TokenizerAndEngineOptions<CatalogDefaults>

    @OptionGroup var isolationOptions: IsolationOptions

    @Option(help: "The tokenizer every relative figure is measured against; the C reference loop runs it too.")
    var reference: String = "unicode61"

    @Option(name: .customLong("mode"), help: "Tokenize in document or query mode; repeatable, default both.")
    var modes: [TokenizationMode] = []

    @Option(name: .customLong("operation"), help: "Measure tokenize, index or query; repeatable, default all three.")
    var operations: [ThroughputOperation] = []

    @Option(
        name: .customLong("storage"),
        help: "Build the index operation's table in memory or in a file; repeatable, default both.")
    var storages: [IndexStorage] = []

    @Option(
        name: .customLong("detail"),
        help: "FTS5's detail option of the index operation's table: full, column or none; repeatable, default full.")
    var details: [FTS5Detail] = []

    @Option(help: "Timed runs per measurement, after one warm-up.")
    var runs: Int = 5

    @Option(
        name: .customLong("corpus"),
        help: "A file with one document per line, or a directory with one document per file; repeatable.")
    var corpusPaths: [String] = []

    @Option(
        help:
            "Size of the built-in corpus in bytes (default 8M); K, M and G (powers of 1000; KiB, MiB, GiB: of 1024) may follow the number."
    )
    var size: String?

    @Option(
        name: .customLong("script"),
        help:
            "Generate a built-in corpus in one script (latin, cyrillic, greek, han, japanese, hangul, thai, arabic) or mixed (the default); repeatable, one corpus each."
    )
    var scripts: [CorpusScript] = []

    @Option(
        help:
            "Also measure tokenize with this many instances of each tokenizer on as many threads (aggregate MB/s and speed-up over one thread)."
    )
    var threads: Int = 1

    @Option(
        help:
            "Seed of the built-in corpus generator (default \(CorpusSource.defaultSeed)): the same seed gives the same corpus everywhere."
    )
    var seed: UInt64?

    @Option(
        name: .customLong("fixtures"),
        help:
            "A fixture file or directory whose queries the query operation runs; repeatable, default the embedded fixtures."
    )
    var fixturePaths: [String] = []

    @Flag(
        help:
            "The query operation also times its prefix queries on a tokendata=1 index, reading each match's tokens through xInstToken, without and with insttoken (SQLite 3.48 and later)."
    )
    var insttoken = false

    @Option(help: "A throughput CSV to compare relative figures with; exit 1 when one falls by more than --threshold.")
    var baseline: String?

    @Option(help: "The fall in a relative figure that --baseline reports, as a fraction (0.15 is 15%).")
    var threshold: Double = 0.15

    @OptionGroup var sharding: ShardOptions

    @OptionGroup var output: OutputOptions

    @Flag(help: "Print a status line on stderr while measuring even when stderr is not a terminal.")
    var progress = false

    func validate() throws {
        guard runs >= 1 else { throw ValidationError("--runs '\(runs)': at least one timed run is needed") }
        if let size, (Self.parseSize(size) ?? 0) <= 0 {
            throw ValidationError(
                "--size '\(size)': expected a positive number of bytes, optionally followed by K, M or G")
        }
        guard threshold > 0, threshold < 1 else {
            throw ValidationError("--threshold '\(threshold)': expected a fraction between 0 and 1, such as 0.15")
        }
        if let mode = modes.first(where: { $0 != .document && $0 != .query }) {
            throw ValidationError("--mode '\(mode.rawValue)': throughput is measured in document or query mode")
        }
        if !corpusPaths.isEmpty && (size != nil || seed != nil || !scripts.isEmpty) {
            throw ValidationError(
                "--size, --seed and --script shape the built-in corpus; they cannot be combined with --corpus")
        }
        guard threads >= 1, threads <= 256 else {
            throw ValidationError("--threads '\(threads)': expected a number of threads from 1 to 256")
        }
        if threads > 1 && !operations.isEmpty && !operations.contains(.tokenize) {
            throw ValidationError("--threads measures the tokenize operation; add --operation tokenize")
        }
        if insttoken && !operations.isEmpty && !operations.contains(.query) {
            throw ValidationError("--insttoken measures the query operation; add --operation query")
        }
    }

    /// "8M" → 8_000_000; a bare K, M, G in powers of 1000, as MB/s figures are (KiB, MiB, GiB
    /// say powers of 1024).
    static func parseSize(_ text: String) -> Int? {
        ByteSize.parse(text, letters: .decimal)
    }

    func run(registering own: OwnTokenizers) throws {
        let workbench = try workbenchOptions.makeWorkbench(registering: own, isolation: isolationOptions.isolation)
        let corpora =
            try corpusPaths.isEmpty
            ? (scripts.isEmpty ? [CorpusScript.mixed] : CorpusScript.allCases.filter(scripts.contains)).map { script in
                CorpusSource.generated(
                    seed: seed ?? CorpusSource.defaultSeed,
                    size: size.flatMap(Self.parseSize) ?? CorpusSource.defaultSize, script: script)
            }
            : corpusPaths.map(CorpusSource.at(path:))
        let fixtures = try fixturePaths.isEmpty ? FixtureSet.defaults() : FixtureSet.load(paths: fixturePaths)
        let baselineFigures = try baseline.map(ThroughputBaseline.load(path:))
        let status = StatusLine(enabled: progress || isatty(STDERR_FILENO) != 0)
        let referenceSpec = TokenizerArguments.spec(forArgument: reference)
        // Which engines run each tokenizer, decided once; one named here that no engine accepts
        // is an error, with the first engine's reason. One whose constructor crashes or hangs is
        // left out of the measurement by the worker's death, which is said.
        let plan = try workbenchOptions.plan(on: workbench)
        // The engines whose query operation adds the insttoken rows; the others still measure
        // the rest, and stderr says why they have none.
        let insttokenEngines =
            !insttoken
            ? []
            : try TokenizerArguments.pairs(
                workbenchOptions.engines.map { (referenceSpec, $0) }, having: .insttoken, named: "insttoken rows",
                option: "--insttoken", value: workbenchOptions.engines.map(\.name).joined(separator: ",")
            ).map(\.engine)
        let options = ThroughputOptions(
            tokenizers: plan.specs,
            reference: referenceSpec,
            modes: modes.isEmpty ? [.document, .query] : modes,
            operations: operations.isEmpty ? ThroughputOperation.requestable : operations,
            storages: storages.isEmpty ? IndexStorage.allCases : storages,
            details: details.isEmpty ? [.full] : details.uniquedInOrder(),
            runs: runs,
            corpora: corpora,
            queries: ThroughputOptions.queries(from: fixtures),
            threads: threads)
        let report = try workbench.throughput(
            options, plan: plan, engines: workbenchOptions.engines, insttokenEngines: insttokenEngines,
            shard: sharding.shard, progress: status.show)
        status.clear()
        let (rows, losses) = (report.rows, report.losses)
        printLosses(losses)
        try output.emit(output.format == .csv ? ThroughputRow.table(rows) : ThroughputRow.summaryTable(rows))

        guard let baselineFigures else {
            if !losses.isEmpty { throw ExitCode(1) }
            return
        }
        let regressions = try baselineFigures.regressions(in: rows, threshold: threshold)
        guard regressions.isEmpty else {
            for regression in regressions {
                printError("SLOWER \(regression)")
            }
            printError(
                "tokenbench: \(regressions.count) relative figures fell by more than \(Int(threshold * 100))% against \(baselineFigures.file)"
            )
            throw ExitCode(1)
        }
        if !losses.isEmpty { throw ExitCode(1) }
    }
}

/// Only the requestable operations parse: the C loops' rows come with tokenize.
extension ThroughputOperation: ExpressibleByArgument {
    public init?(argument: String) {
        guard let operation = Self(rawValue: argument), Self.requestable.contains(operation) else { return nil }
        self = operation
    }

    public static var allValueStrings: [String] { requestable.map(\.rawValue) }
}
extension CorpusScript: ExpressibleByArgument {}
extension IndexStorage: ExpressibleByArgument {}

/// A one-line status on stderr, rewritten in place; silent when disabled, so pipes and CI logs
/// get nothing.
struct StatusLine {
    let enabled: Bool

    func show(_ message: String) {
        guard enabled else { return }
        FileHandle.standardError.write(Data("\r\u{1B}[K\(message)".utf8))
    }

    func clear() {
        guard enabled else { return }
        FileHandle.standardError.write(Data("\r\u{1B}[K".utf8))
    }
}
