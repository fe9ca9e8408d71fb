import ArgumentParser
import Foundation
import TokenBench

struct MatrixCommand: OwnTokenizerCommand {
    static let configuration = CommandConfiguration(
        commandName: "matrix",
        abstract: "Run every fixture case on a real FTS5 table per tokenizer and print the match matrix.",
        discussion: """
            Exit status: 0 when every fixture expectation holds, 1 when one fails (the failing \
            cells are listed on stderr) or a tokenizer crashed or timed out on a case (its cells say \
            so, and stderr names the case), 2 on bad usage or input.
            """)

    enum Layout: String, CaseIterable, ExpressibleByArgument {
        case long
        case wide
        case versions
    }

    @OptionGroup var workbenchOptions: TokenizerAndEngineOptions<CatalogDefaults>

    @OptionGroup var selection: FixtureOptions

    @OptionGroup var matrixOptions: MatrixOptions

    @OptionGroup var isolationOptions: IsolationOptions

    @Option(
        help:
            "long: one row per cell; wide: one column per tokenizer (per tokenizer@engine with several engines); versions: one row per case × tokenizer, one column per engine in SQLite version order, and the first version whose verdict changes."
    )
    var layout: Layout = .long

    @OptionGroup var sharding: ShardOptions

    @Flag(
        name: .customLong("only-disagreements"),
        help: "Print only the cells whose verdict differs between engines (needs two engines).")
    var onlyDisagreements = false

    func validate() throws {
        if layout == .versions && workbenchOptions.engines.count < 2 {
            throw ValidationError(
                "--layout versions compares engines: give two --engine values or more, or none for both")
        }
        if onlyDisagreements && workbenchOptions.engines.count < 2 {
            throw ValidationError("--only-disagreements compares engines: give two --engine values, or none for both")
        }
        if let shard = sharding.text, layout != .long || onlyDisagreements {
            throw ValidationError("--shard '\(shard)': shards are merged from the long layout of every cell")
        }
    }

    @OptionGroup var output: OutputOptions

    func run(registering own: OwnTokenizers) throws {
        let workbench = try workbenchOptions.makeWorkbench(registering: own, isolation: isolationOptions.isolation)
        let matrix = try computeMatrix(
            on: workbench, workbenchOptions: workbenchOptions, selection: selection, matrixOptions: matrixOptions,
            shard: sharding.shard)
        let shown = onlyDisagreements ? matrix.engineDisagreements() : matrix
        switch layout {
        case .long: try output.emit(shown.longTable())
        case .wide: try output.emit(shown.wideTable())
        case .versions:
            let versions = Dictionary(
                workbenchOptions.engines.map { ($0.name, $0.sqliteVersion) }, uniquingKeysWith: { first, _ in first })
            try output.emit(shown.versionsTable(versions: versions))
        }
        if onlyDisagreements {
            let coordinates = Set(shown.cells.map(\.coordinate.ignoringEngine)).count
            printError(
                "tokenbench: engines \(matrix.engines.joined(separator: " and ")) disagree on \(coordinates) of the \(matrix.sharedCoordinateCount) cells they both ran"
            )
        }

        printLosses(matrix.losses)
        try exitOnViolations(of: matrix)
        if !matrix.losses.isEmpty { throw ExitCode(1) }
    }
}

/// Lists the cells that contradict the fixtures on stderr and exits 1, if there are any
/// (`matrix`, `report`).
func exitOnViolations(of matrix: MatchMatrix) throws {
    if let report = matrix.violationReport {
        printError(report)
        throw ExitCode(1)
    }
}

/// Runs the selected fixture cases × the tokenizers on `workbench` (`matrix`, `report`). The
/// engines that cannot run a tokenizer the user named are listed on stderr; one that no engine
/// runs is an error.
func computeMatrix(
    on workbench: Workbench, workbenchOptions: TokenizerAndEngineOptions<CatalogDefaults>, selection: FixtureOptions,
    matrixOptions: MatrixOptions, shard: Shard? = nil
) throws -> MatchMatrix {
    var fixtures = try selection.load()
    if let shard { fixtures = try FixtureSet(cases: shard.slice(fixtures.cases)) }
    // A tokenizer whose constructor crashes or hangs is run too: its cells say so (lost, not a
    // verdict), and the other tokenizers' cells are those of a run without it.
    let plan = try workbenchOptions.plan(on: workbench)
    let matrix = try workbench.matrix(
        cases: fixtures.cases, plan: plan, engines: workbenchOptions.engines, formPairs: matrixOptions.formPairs,
        queryKinds: matrixOptions.kinds)
    // A pair the plan kept but that has no cells (a worker's own workbench refused it) is said
    // too, rather than its column going missing quietly.
    for (spec, engine) in plan.pairs
    where !matrix.columns.contains(where: { $0.tokenizer == spec.name && $0.engine == engine.name }) {
        workbenchOptions.noteSkipped(
            TokenizerPlan.Skip(
                spec: spec, engine: engine, reason: workbench.unsupportedReason(spec, engine: engine) ?? "no cells"))
    }
    // A shard may hold only cases its engines cannot run: the merged run is what is judged.
    try noteUnsupportedCells(of: matrix, failingWhenNoneRan: shard == nil)
    return matrix
}

/// Says on stderr, once per engine and reason, how many cells it could not run (a case with a
/// locale before SQLite 3.47, a tokendata case before 3.45): those cells are not a verdict, so
/// they must not pass unnoticed. When no cell at all could run, that is the run's error (exit 2).
private func noteUnsupportedCells(of matrix: MatchMatrix, failingWhenNoneRan: Bool) throws {
    // A closure, not a key path: the key path copied every cell it tested (perf).
    let unsupported = matrix.cells.filter { $0.isUnsupported }
    guard !unsupported.isEmpty else { return }
    for engine in matrix.engines {
        let cells = unsupported.filter { $0.engine == engine }
        for reason in cells.map(\.result.errorColumn).uniquedInOrder() {
            let alike = cells.filter { $0.result.errorColumn == reason }
            let cases = Set(alike.map(\.matchCase.id)).count
            printError(
                "tokenbench: \(alike.count) cell\(alike.count == 1 ? "" : "s") of \(cases) case\(cases == 1 ? "" : "s") \(alike.count == 1 ? "was" : "were") not run on \(engine): \(reason)"
            )
        }
    }
    if failingWhenNoneRan, unsupported.count == matrix.cells.count {
        throw TokenBenchError.invalidArgument(
            name: "--engine", value: matrix.engines.joined(separator: ","),
            reason:
                "no cell could run: every case of this run needs what no engine of it has (a locale needs SQLite 3.47 or later, tokendata 3.45)"
        )
    }
}
