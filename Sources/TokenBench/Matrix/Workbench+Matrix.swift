import Foundation
import GRDB
import TokenBenchEngines

extension Workbench {
    /// Runs every case against a real FTS5 table per tokenizer, engine and form pair.
    ///
    /// A tokenizer that one engine lacks (trigram's remove_diacritics before SQLite 3.45, an
    /// extension's tokenizer on the bundled engine) has no cells there; one that no engine
    /// accepts throws that engine's reason. One whose constructor crashes or hangs (in a worker,
    /// when the workbench isolates) has its cells lost with that reason.
    ///
    /// Each table holds all the documents (rowid = case number); each case's query runs as a
    /// MATCH restricted to its own document's rowid, so a cell says whether FTS5 finds exactly
    /// that document.
    public func matrix(
        cases: [MatchCase],
        tokenizers: [TokenizerSpec],
        engines: [SQLiteEngine] = [.system],
        formPairs: [FormPair] = FormPair.defaults,
        queryKinds: [QueryKind] = QueryKind.defaults
    ) throws -> MatchMatrix {
        // Checked here by name: the plan's checks see pairs, and a plan keeps one spec per name.
        try MatchMatrix.checkUnique(tokenizers.map(\.name), axis: "tokenizer")
        return try matrix(
            cases: cases, plan: .everyPair(of: tokenizers, on: engines), engines: engines, formPairs: formPairs,
            queryKinds: queryKinds)
    }

    /// The matrix of `plan`'s pairs, on at most `maximumWorkers` threads: 1 runs it on this
    /// workbench alone, as a server that already runs one request per workbench does. `engines`
    /// are the matrix's engine axis (the plan's engines, in the order asked).
    package func matrix(
        cases: [MatchCase], plan: TokenizerPlan, engines: [SQLiteEngine], formPairs: [FormPair] = FormPair.defaults,
        queryKinds: [QueryKind] = QueryKind.defaults,
        maximumWorkers: Int = ProcessInfo.processInfo.activeProcessorCount
    ) throws -> MatchMatrix {
        let tokenizers = plan.specs
        // The matrix checks its axes too; checking here first fails before any table is built.
        try MatchMatrix.checkUnique(cases.map(\.id), axis: "case id")
        try MatchMatrix.checkUnique(plan.pairs.map { "\($0.spec.name) on \($0.engine.name)" }, axis: "tokenizer")
        try MatchMatrix.checkUnique(engines.map(\.name), axis: "engine")
        if let stray = plan.pairs.first(where: { !engines.contains($0.engine) }) {
            throw TokenBenchError.invalidArgument(
                name: "engines", value: engines.map(\.name).joined(separator: ","),
                reason: "the plan runs \(stray.spec.name) on \(stray.engine.name), which is not among them")
        }
        try ExpectationLabels.check(cases, catalog: catalog, runTokenizers: tokenizers)
        // One job per tokenizer and engine (or, with fewer of those than cores, per form pair
        // too), run on all cores: each worker has its own workbench (its own connections, with
        // the same tokenizers registered), and the cells are put back in job order, so the
        // matrix is the same whatever the number of workers. A job of several form pairs traces
        // each distinct text once for all of them.
        let pairsPerJob =
            plan.pairs.count < min(maximumWorkers, ProcessInfo.processInfo.activeProcessorCount)
            ? 1 : max(formPairs.count, 1)
        let pairGroups = stride(from: 0, to: formPairs.count, by: pairsPerJob).map {
            Array(formPairs[$0..<min($0 + pairsPerJob, formPairs.count)])
        }
        // A table per `casesPerTable` cases at most: FTS5 walks a query term's whole doclist even
        // for a MATCH restricted to one rowid, so one table of 100,000 documents made each query
        // cost the whole table (a C loop: 38 s in one table, 3.1 s in tables of 1,000, the same
        // hits). A chunk is also a unit of its own, so one tokenizer's matrix uses every core.
        // tokendata cases need a table of their own (`tokendata=1`): they are chunked apart.
        let caseChunks = [cases.filter { !$0.tokendata }, cases.filter(\.tokendata)].flatMap { group in
            stride(from: 0, to: group.count, by: Self.casesPerTable).map {
                Array(group[$0..<min($0 + Self.casesPerTable, group.count)])
            }
        }
        let grdbPatterns = Self.grdbPatterns(of: cases, formPairs: formPairs, queryKinds: queryKinds)
        let units = plan.pairs.flatMap { spec, engine in
            pairGroups.flatMap { pairs in
                caseChunks.map { chunk in
                    MatrixUnit(
                        cases: chunk, spec: spec, engine: engine, formPairs: pairs, queryKinds: queryKinds,
                        grdbPatterns: grdbPatterns.isEmpty
                            ? []
                            : pairs.flatMap { pair in
                                chunk.map { grdbPatterns[Array(pair.query.apply(to: $0.query).utf8)]! }
                            })
                }
            }
        }
        let results = try run(units, maximumWorkers: maximumWorkers)
        var cells: [MatrixCell] = []
        var losses = RunLosses()
        for spec in tokenizers {
            var firstRefusal: (any Error)?
            var ranSomewhere = false
            for unitIndex in units.indices where units[unitIndex].judged.spec.name == spec.name {
                let (unit, result) = (units[unitIndex], results[unitIndex])
                // An engine the plan kept whose worker refused the spec anyway has no cells; any
                // other failure ends the run.
                if let failure = result.failure {
                    guard case TokenBenchError.invalidTokenizerSpec = failure else { throw failure }
                    firstRefusal = firstRefusal ?? failure
                    continue
                }
                ranSomewhere = true
                Self.appendCells(of: unit, result: result, cases: caseChunks[unitIndex % caseChunks.count], to: &cells)
                losses.record(result, tokenizer: unit.judged.spec.name, engine: unit.judged.engine)
            }
            if !ranSomewhere, let firstRefusal { throw firstRefusal }
        }
        var matrix = try MatchMatrix(
            caseIDs: cases.map(\.id), tokenizers: tokenizers.map(\.name), engines: engines.map(\.name),
            queryKinds: queryKinds, formPairs: formPairs, cells: cells)
        matrix.losses = losses
        return matrix
    }

    /// Each distinct query text's patterns in each query kind that GRDB builds (nil in the other
    /// kinds, and where GRDB builds none), keyed by the text's bytes (NFC and NFD are distinct
    /// keys): GRDB's builders tokenize on GRDB's own SQLite whatever the table's tokenizer and
    /// engine, so each text's patterns are built once for every unit. Empty when no GRDB kind
    /// runs.
    private static func grdbPatterns(
        of cases: [MatchCase], formPairs: [FormPair], queryKinds: [QueryKind]
    ) -> [[UInt8]: [String?]] {
        guard queryKinds.contains(where: \.isGRDBBuilder) else { return [:] }
        var patterns: [[UInt8]: [String?]] = [:]
        for pair in formPairs {
            for matchCase in cases {
                let query = pair.query.apply(to: matchCase.query)
                let key = Array(query.utf8)
                guard patterns[key] == nil else { continue }
                patterns[key] = queryKinds.map { $0.isGRDBBuilder ? $0.matchExpression(for: query) : nil }
            }
        }
        return patterns
    }

    /// The most cases one FTS5 table of the matrix holds.
    static let casesPerTable = 1000

    /// Appends a unit's cells to `cells`: each input's answers, or, for an input that killed a
    /// worker or was not run, its cells lost with the reason.
    private static func appendCells(
        of unit: MatrixUnit, result: UnitResult<MatrixUnit.Output>, cases: [MatchCase], to cells: inout [MatrixCell]
    ) {
        for input in 0..<unit.inputCount {
            let matchCase = cases[input % cases.count]
            let formPair = unit.formPairs[input / cases.count]
            guard let outcome = result.outcome(of: input) else { continue }
            let output = outcome.output
            let verdicts =
                output?.results ?? Array(repeating: MatchVerdict.lost(outcome.loss!), count: unit.queryKinds.count)
            for (kindIndex, queryKind) in unit.queryKinds.enumerated() {
                cells.append(
                    MatrixCell(
                        matchCase: matchCase, tokenizer: unit.judged.spec.name, engine: unit.judged.engine,
                        queryKind: queryKind, formPair: formPair,
                        document: formPair.document.apply(to: matchCase.document),
                        query: formPair.query.apply(to: matchCase.query),
                        pattern: output?.patterns[kindIndex], result: verdicts[kindIndex],
                        expected: matchCase.expectation(
                            for: unit.judged.spec.name, formPair: formPair, queryKind: queryKind,
                            engine: unit.judged.engine),
                        documentTokens: output?.documentTokens ?? [],
                        queryTokens: output?.queryTokens[kindIndex] ?? []))
            }
        }
    }
}
