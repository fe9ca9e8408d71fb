import Foundation
import GRDB
import TokenBenchEngines

extension Workbench {
    /// Runs every case against a real FTS5 table per tokenizer, engine and form pair.
    ///
    /// A tokenizer that one engine lacks (trigram's remove_diacritics before SQLite 3.45, an
    /// extension's tokenizer on the bundled engine) has no cells there; one that no engine
    /// accepts throws that engine's reason.
    ///
    /// Each table holds all the documents (rowid = case number); each case's query runs as a
    /// MATCH restricted to its own document's rowid, so a cell says whether FTS5 finds exactly
    /// that document.
    public func matrix(
        cases: [MatchCase],
        tokenizers: [TokenizerSpec],
        engines: [SQLiteEngine] = [.system],
        formPairs: [FormPair] = FormPair.defaults,
        queryKinds: [QueryKind] = QueryKind.allCases
    ) throws -> MatchMatrix {
        try matrix(
            cases: cases, tokenizers: tokenizers, engines: engines, formPairs: formPairs, queryKinds: queryKinds,
            maximumWorkers: ProcessInfo.processInfo.activeProcessorCount)
    }

    /// The matrix on at most `maximumWorkers` threads: 1 runs it on this workbench alone, as a
    /// server that already runs one request per workbench does.
    func matrix(
        cases: [MatchCase], tokenizers: [TokenizerSpec], engines: [SQLiteEngine], formPairs: [FormPair],
        queryKinds: [QueryKind], maximumWorkers: Int
    ) throws -> MatchMatrix {
        // The matrix checks its axes too; checking here first fails before any table is built.
        try MatchMatrix.checkUnique(cases.map(\.id), axis: "case id")
        try MatchMatrix.checkUnique(tokenizers.map(\.name), axis: "tokenizer")
        try MatchMatrix.checkUnique(engines.map(\.name), axis: "engine")
        // One job per tokenizer and engine (or, with fewer of those than cores, per form pair
        // too), run on all cores: each worker has its own workbench (its own connections, with
        // the same tokenizers registered), and the cells are put back in job order, so the
        // matrix is the same whatever the number of workers. A job of several form pairs traces
        // each distinct text once for all of them.
        let pairsPerJob =
            tokenizers.count * engines.count < min(maximumWorkers, ProcessInfo.processInfo.activeProcessorCount)
            ? 1 : max(formPairs.count, 1)
        let pairGroups = stride(from: 0, to: formPairs.count, by: pairsPerJob).map {
            Array(formPairs[$0..<min($0 + pairsPerJob, formPairs.count)])
        }
        let jobs = tokenizers.flatMap { spec in
            engines.flatMap { engine in pairGroups.map { (spec: spec, engine: engine, formPairs: $0) } }
        }
        let outcomes = try runInParallel(jobs.count, maximumWorkers: maximumWorkers) { worker, index in
            try worker.tableCells(
                cases: cases, spec: jobs[index].spec, engine: jobs[index].engine, formPairs: jobs[index].formPairs,
                queryKinds: queryKinds)
        }
        var cells: [MatrixCell] = []
        let jobsPerSpec = engines.count * pairGroups.count
        for specIndex in tokenizers.indices {
            var firstRefusal: (any Error)?
            var ranSomewhere = false
            for outcome in outcomes[(specIndex * jobsPerSpec)..<((specIndex + 1) * jobsPerSpec)] {
                switch outcome {
                case .success(let jobCells):
                    ranSomewhere = true
                    cells += jobCells
                case .failure(let refusal):
                    firstRefusal = firstRefusal ?? refusal
                }
            }
            if !ranSomewhere, let firstRefusal { throw firstRefusal }
        }
        return try MatchMatrix(
            caseIDs: cases.map(\.id), tokenizers: tokenizers.map(\.name), engines: engines.map(\.name),
            queryKinds: queryKinds, formPairs: formPairs, cells: cells)
    }

    /// The cells of one tokenizer on one engine, every form pair; `.failure` when the engine
    /// refuses the spec (another engine may accept it). Errors while running throw.
    private func tableCells(
        cases: [MatchCase], spec: TokenizerSpec, engine: SQLiteEngine, formPairs: [FormPair], queryKinds: [QueryKind]
    ) throws -> Result<[MatrixCell], any Error> {
        try withConnection(engine) { connection in
            let tokenizer: ResolvedTokenizer
            do {
                tokenizer = try ResolvedTokenizer(spec: spec, in: connection)
            } catch {
                return .failure(error)
            }
            // One trace per distinct text and mode across the form pairs: NFC and NFD of ASCII
            // text are the same bytes, and most queries repeat in every pair.
            let traces = TraceCache(tokenizer: tokenizer)
            var cells: [MatrixCell] = []
            for formPair in formPairs {
                cells += try runTable(
                    cases: cases, tokenizer: tokenizer, traces: traces, formPair: formPair, queryKinds: queryKinds,
                    connection: connection)
            }
            return .success(cells)
        }
    }

    /// Runs `job(workbench, i)` for i in 0..<count on up to one thread per core, each thread
    /// with its own workbench (this one on the first), and returns the results in index order.
    /// The first error thrown, in index order, is rethrown once every thread is done.
    package func runInParallel<T>(
        _ count: Int, maximumWorkers: Int = .max, _ job: @escaping (Workbench, Int) throws -> T
    ) throws -> [T] {
        let workers = min(count, ProcessInfo.processInfo.activeProcessorCount, maximumWorkers)
        guard workers > 1 else { return try (0..<count).map { try job(self, $0) } }
        // Ownership: each workbench is used by its own thread only, until all have finished.
        nonisolated(unsafe) let benches = [self] + (try (1..<workers).map { _ in try Workbench(options: options) })
        nonisolated(unsafe) let job = job
        let results = ParallelResults<T>(count: count)
        WorkerThreads(count: workers).run { worker in
            while let index = results.claim() {
                results.store(index, Result { try job(benches[worker], index) })
            }
        }
        return try results.values()
    }

    private func runTable(
        cases: [MatchCase], tokenizer: ResolvedTokenizer, traces: TraceCache, formPair: FormPair,
        queryKinds: [QueryKind],
        connection: EngineConnection
    ) throws -> [MatrixCell] {
        let literal = try tokenizer.spec.sqlLiteral()
        let table = "temp.tokenbench_matrix"
        do {
            try connection.execute("DROP TABLE IF EXISTS \(table)")
            try connection.execute("CREATE VIRTUAL TABLE \(table) USING fts5(body, tokenize = \(literal))")
        } catch {
            throw TokenBenchError.invalidTokenizerSpec(
                spec: tokenizer.spec.description, reason: ResolvedTokenizer.message(of: error))
        }
        defer { try? connection.execute("DROP TABLE IF EXISTS \(table)") }

        let documents = cases.map { formPair.document.apply(to: $0.document) }
        do {
            // One transaction for all the rows: a commit per row costs more than the row.
            try connection.execute("SAVEPOINT tokenbench_matrix_insert")
            do {
                let insert = try connection.prepare("INSERT INTO \(table)(rowid, body) VALUES (?, ?)")
                for (index, document) in documents.enumerated() {
                    try insert.bind(index + 1, at: 1)
                    try insert.bind(document, at: 2)
                    try insert.run()
                }
                try connection.execute("RELEASE tokenbench_matrix_insert")
            } catch {
                try? connection.execute("ROLLBACK TO tokenbench_matrix_insert")
                try? connection.execute("RELEASE tokenbench_matrix_insert")
                throw error
            }
        } catch {
            throw TokenBenchError.sqlite(
                context: "indexing the documents with '\(tokenizer.spec.description)'",
                message: ResolvedTokenizer.message(of: error))
        }

        let probe: EngineStatement
        do {
            probe = try connection.prepare(
                "SELECT EXISTS (SELECT 1 FROM \(table) WHERE tokenbench_matrix MATCH ? AND rowid = ?)")
        } catch {
            throw TokenBenchError.sqlite(
                context: "preparing the match query", message: ResolvedTokenizer.message(of: error))
        }
        var cells: [MatrixCell] = []
        for (index, matchCase) in cases.enumerated() {
            let document = documents[index]
            let query = formPair.query.apply(to: matchCase.query)
            let documentTokens = try traces.tokens(of: document, mode: .document)
            for queryKind in queryKinds {
                let queryTokens = try traces.tokens(of: query, mode: queryKind.tokenizationMode)
                let result: CellResult
                if queryTokens.isEmpty {
                    result = .error("the query has no tokens")
                } else {
                    do {
                        try probe.bind(queryKind.matchExpression(for: query), at: 1)
                        try probe.bind(index + 1, at: 2)
                        let found = try probe.rows().first?.first == "1"
                        result = found ? .matched : .notMatched
                    } catch {
                        result = .error(ResolvedTokenizer.message(of: error))
                    }
                }
                cells.append(
                    MatrixCell(
                        matchCase: matchCase, tokenizer: tokenizer.spec.name, engine: connection.engine.name,
                        queryKind: queryKind, formPair: formPair,
                        document: document, query: query, result: result,
                        expected: matchCase.expectation(
                            for: tokenizer.spec.name, formPair: formPair, queryKind: queryKind,
                            engine: connection.engine.name),
                        documentTokens: documentTokens, queryTokens: queryTokens))
            }
        }
        return cells
    }
}

/// The tokens of each distinct text in each mode, traced once per tokenizer instance.
///
/// Keyed by the text's bytes, not by the String: Swift compares Strings by canonical
/// equivalence, so NFC "é" and NFD "é" would share one entry, and the NFD document would be
/// shown with the NFC document's tokens.
private final class TraceCache {
    private let tokenizer: ResolvedTokenizer
    private var tokens: [TokenizationMode: [[UInt8]: [Token]]] = [:]

    init(tokenizer: ResolvedTokenizer) { self.tokenizer = tokenizer }

    func tokens(of text: String, mode: TokenizationMode) throws -> [Token] {
        let bytes = Array(text.utf8)
        if let cached = tokens[mode]?[bytes] { return cached }
        let traced = try tokenizer.tokens(of: bytes, mode: mode)
        tokens[mode, default: [:]][bytes] = traced
        return traced
    }
}
