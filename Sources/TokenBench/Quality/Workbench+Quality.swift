import Foundation
import TokenBenchEngines

extension Workbench {
    /// Ranks a collection's judged queries with every tokenizer on every engine, per query kind
    /// and FTS5 detail, and scores the rankings against the relevance judgments.
    ///
    /// Per tokenizer, engine and detail, a real FTS5 table `docs(id UNINDEXED, title, text)` is
    /// built in a new in-memory database, its index optimized and measured with dbstat; then
    /// each query is ranked by FTS5's bm25 (what `rank` is by default), best first, ties going to
    /// the greater document id as trec_eval orders them, to `depth` documents. A query FTS5
    /// rejects, or whose text gives no token, retrieves nothing and scores 0; the run goes on.
    /// Runs one table at a time, so query latencies are not disturbed by other work of the bench.
    public func quality(
        _ collection: QualityCollection, options: QualityOptions, progress: ((String) -> Void)? = nil
    ) throws -> QualityReport {
        try options.validate()
        if let directory = options.runDirectory {
            do { try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true) } catch {
                throw TokenBenchError.fileAccess(
                    path: directory, reason: "cannot create: \(error.localizedDescription)")
            }
        }
        var report = QualityReport(
            rows: [], outcomes: [], skipped: [], judgedQueries: collection.queries.count,
            unjudgedQueries: collection.unjudgedQueries,
            judgmentsOfUnknownQueries: collection.judgmentsOfUnknownQueries,
            judgmentsOfUnknownDocuments: collection.judgmentsOfUnknownDocuments)
        var runFileNames: Set<String> = []
        var nDCGs: [[Double]] = []
        for spec in options.tokenizersWithBaseline {
            var refusals: [(engine: SQLiteEngine, error: any Error)] = []
            for engine in options.engines {
                do { try validate(spec, engine: engine) } catch {
                    refusals.append((engine, error))
                    continue
                }
                for detail in options.details {
                    let rows = try withConnection(engine) { connection in
                        try QualityRun(
                            collection: collection, spec: spec, engine: engine, detail: detail, options: options,
                            connection: connection, progress: progress
                        ).run()
                    }
                    for (row, outcomes) in rows {
                        var row = row
                        if let directory = options.runDirectory {
                            row.runFile = QualityRunFile.uniqueName(for: row, among: &runFileNames)
                            try QualityRunFile.write(
                                outcomes.ranked, tag: String(row.runFile.dropLast(4)),
                                to: URL(fileURLWithPath: directory).appendingPathComponent(row.runFile).path)
                        }
                        report.rows.append(row)
                        report.outcomes += outcomes.outcomes
                        nDCGs.append(outcomes.outcomes.map(\.metrics.nDCG10))
                    }
                }
            }
            if refusals.count == options.engines.count, let first = refusals.first { throw first.error }
            report.skipped += refusals.map { (spec, $0.engine, "\($0.error)") }
        }
        // Each row against the baseline's row of the same engine, query kind and detail.
        // The baseline's own rows name it too, without a comparison.
        for index in report.rows.indices {
            let row = report.rows[index]
            guard
                let baseline = report.rows.firstIndex(where: {
                    $0.tokenizer == options.baseline.name && $0.engine == row.engine && $0.queryKind == row.queryKind
                        && $0.detail == row.detail
                })
            else { continue }
            report.rows[index].baseline = options.baseline.name
            guard baseline != index else { continue }
            report.rows[index].comparison = RandomizationTest(
                nDCGs[index], against: nDCGs[baseline], permutations: options.permutations, seed: options.seed)
        }
        return report
    }
}

/// One tokenizer, engine and detail of a quality run: the index, then every query kind's row.
private struct QualityRun {
    let collection: QualityCollection
    let spec: TokenizerSpec
    let engine: SQLiteEngine
    let detail: FTS5Detail
    let options: QualityOptions
    let connection: EngineConnection
    let progress: ((String) -> Void)?

    static let schema = "tokenbench_quality"

    /// A row's outcomes, and the ranked documents of each query for its run file.
    struct RowOutcomes {
        var outcomes: [QueryOutcome]
        var ranked: [(queryID: String, documents: [(id: String, score: Double)])]
    }

    func run() throws -> [(QualityRow, RowOutcomes)] {
        let label = "\(spec.name)@\(engine.name) detail=\(detail.rawValue)"
        progress?("quality: \(label): indexing \(collection.documentCount) documents")
        return try connection.withScratchDatabase(
            schema: Self.schema, path: ":memory:", purpose: "opening a scratch database"
        ) {
            try rankEveryKind(label: label)
        }
    }

    /// Builds the index in the scratch database, then ranks and scores each query kind.
    private func rankEveryKind(label: String) throws -> [(QualityRow, RowOutcomes)] {
        let (build, documentIDs) = try buildIndex()
        let sizes = try connection.fts5Size(schema: Self.schema, table: "docs")
        let tokenizer = try ResolvedTokenizer(spec: spec, in: connection)
        // bm25 as rank computes it, in SQLite's order; the tie order is settled below on the few
        // rows read, by document id, which rowid - 1 indexes. Not `ORDER BY rank`: SQLite 3.40.1
        // crashes (a NULL strlen) reading rank in FTS5's sorted path when an OR holds a phrase
        // without tokens on a detail=column or none table. Not `ORDER BY rank, id DESC`: that
        // reads every match's id from the content table, which doubled the latency on man pages.
        let ranking = try prepare(
            "SELECT rowid, bm25(docs) FROM \(Self.schema).docs WHERE docs MATCH ?1 ORDER BY 2",
            purpose: "preparing the ranking query")
        return try options.queryKinds.map { kind in
            let (row, outcomes) = try rank(
                kind: kind, with: ranking, tokenizer: tokenizer, documentIDs: documentIDs)
            var completed = row
            completed.buildSeconds = build
            completed.indexBytes = sizes?.index
            completed.contentBytes = sizes?.content
            progress?(
                "quality: \(label) \(kind.rawValue): nDCG@10 \(QualityRow.metric(row.metrics.nDCG10)), \(row.zeroResults) of \(row.queries) queries without results"
            )
            return (completed, outcomes)
        }
    }

    /// Creates the table, inserts every document and optimizes, in one transaction; returns the
    /// seconds that took (not the table's creation), and the document ids by rowid - 1.
    private func buildIndex() throws -> (seconds: Double, documentIDs: [String]) {
        let purpose = "indexing \(collection.name) with tokenizer '\(spec.description)' on \(engine.name)"
        try execute(
            "CREATE VIRTUAL TABLE \(Self.schema).docs USING fts5(id UNINDEXED, title, text, tokenize = \(try spec.sqlLiteral()), detail = \(detail.rawValue))",
            purpose: purpose)
        let insert = try prepare(
            "INSERT INTO \(Self.schema).docs(rowid, id, title, text) VALUES (?1, ?2, ?3, ?4)", purpose: purpose)
        var documentIDs: [String] = []
        documentIDs.reserveCapacity(collection.documentCount)
        let start = Stopwatch.now()
        try execute("BEGIN", purpose: purpose)
        do {
            try collection.forEachDocument { document in
                documentIDs.append(document.id)
                try insert.bind(documentIDs.count, at: 1)
                try insert.bind(document.id, at: 2)
                try insert.bind(bytes: document.title, at: 3)
                try insert.bind(bytes: document.text, at: 4)
                try insert.run()
            }
            try connection.execute("INSERT INTO \(Self.schema).docs(docs) VALUES ('optimize')")
            try connection.execute("COMMIT")
        } catch {
            try? connection.execute("ROLLBACK")
            if let error = error as? TokenBenchError { throw error }
            throw TokenBenchError.sqlite(context: purpose, message: ResolvedTokenizer.message(of: error))
        }
        return (Double(Stopwatch.now() - start) / 1e9, documentIDs)
    }

    /// Runs every judged query of `kind` and scores it.
    private func rank(
        kind: SearchQueryKind, with statement: EngineStatement, tokenizer: ResolvedTokenizer, documentIDs: [String]
    ) throws -> (QualityRow, RowOutcomes) {
        var outcomes = RowOutcomes(outcomes: [], ranked: [])
        var latencies = TimingStatistics()
        var retrieved = 0
        for query in collection.queries {
            let expression = kind.matchExpression(for: query.text)
            let strings =
                kind == .fts5 || kind == .phrase
                ? [query.text] : query.text.split(whereSeparator: \.isWhitespace).map(String.init)
            let tokens = try strings.map { try tokenizer.tokens(of: Array($0.utf8), mode: .query) }
            var outcome = QueryOutcome(
                queryID: query.id, tokenizer: spec.name, engine: engine.name, queryKind: kind, detail: detail,
                status: .ran, message: "", results: 0, metrics: .zero, matchExpression: expression ?? "",
                tokens: tokens.map(\.joinedForDisplay).filter { !$0.isEmpty }.joined(separator: " "))
            var documents: [(id: String, score: Double)] = []
            if let expression, kind == .fts5 || tokens.contains(where: { !$0.isEmpty }) {
                let start = Stopwatch.now()
                do {
                    try statement.bind(expression, at: 1)
                    var rows: [(id: String, rank: Double)] = []
                    while try statement.step() {
                        let rank = statement.double(at: 1)
                        // Past the depth, only rows tied with the last one kept can still rank.
                        if rows.count >= options.depth && rank != rows[options.depth - 1].rank { break }
                        rows.append((documentIDs[Int(statement.int64(at: 0)) - 1], rank))
                    }
                    statement.reset()
                    latencies.record(nanoseconds: Stopwatch.now() - start)
                    documents = Self.trecEvalOrder(rows).prefix(options.depth).map {
                        // Higher is better in a run file: bm25's rank is negated (and -0 written as 0).
                        ($0.id, -$0.rank + 0)
                    }
                } catch {
                    documents = []
                    outcome.status = .rejected
                    outcome.message = error.message
                }
            } else {
                outcome.status = .noTokens
            }
            outcome.results = documents.count
            outcome.metrics = RankingMetrics(
                ranking: documents.map(\.id), relevance: collection.judgments[query.id] ?? [:])
            retrieved += documents.count
            outcomes.outcomes.append(outcome)
            outcomes.ranked.append((query.id, documents))
        }
        let count = collection.queries.count
        let row = QualityRow(
            tokenizer: spec.name, spec: spec.text, engine: engine.name, sqliteVersion: engine.sqliteVersion,
            queryKind: kind, detail: detail, documents: collection.documentCount, queries: count,
            zeroResults: outcomes.outcomes.filter { $0.results == 0 }.count,
            noTokens: outcomes.outcomes.filter { $0.status == .noTokens }.count,
            rejected: outcomes.outcomes.filter { $0.status == .rejected }.count,
            meanResults: count == 0 ? 0 : Double(retrieved) / Double(count),
            metrics: RankingMetrics.mean(of: outcomes.outcomes.map(\.metrics)), baseline: "", comparison: nil,
            p50Microseconds: latencies.count == 0 ? 0 : latencies.microseconds(atPercentile: 50),
            p99Microseconds: latencies.count == 0 ? 0 : latencies.microseconds(atPercentile: 99),
            indexBytes: nil, contentBytes: nil, buildSeconds: 0, runFile: "")
        return (row, outcomes)
    }

    /// bm25's rank ascending (the best first), then ties by document id descending, in byte
    /// order: the order trec_eval gives equal scores (strcmp on the document numbers).
    static func trecEvalOrder(_ rows: [(id: String, rank: Double)]) -> [(id: String, rank: Double)] {
        rows.sorted { first, second in
            first.rank != second.rank
                ? first.rank < second.rank : second.id.utf8.lexicographicallyPrecedes(first.id.utf8)
        }
    }

    private func execute(_ sql: String, purpose: String) throws {
        do { try connection.execute(sql) } catch {
            throw TokenBenchError.sqlite(context: purpose, message: error.message)
        }
    }

    private func prepare(_ sql: String, purpose: String) throws -> EngineStatement {
        do { return try connection.prepare(sql) } catch {
            throw TokenBenchError.sqlite(context: purpose, message: error.message)
        }
    }
}
