import Foundation
import TokenBenchEngines

extension Workbench {
    /// Ranks a collection's judged queries with every tokenizer on every engine, per query kind
    /// and FTS5 detail, and scores the rankings against the relevance judgments.
    ///
    /// Per tokenizer, engine and detail (a `QualityUnit`, in a worker when the workbench
    /// isolates), a real FTS5 table `docs(id UNINDEXED, title, text)` is built in a new
    /// in-memory database, its index optimized and measured with dbstat; then each query is
    /// ranked by FTS5's bm25 (what `rank` is by default), best first, ties going to the greater
    /// document id as trec_eval orders them, to `depth` documents. A query FTS5 rejects, or whose
    /// text gives no token, retrieves nothing and scores 0; so does one a worker died on
    /// (`lost`), and so does every query of a tokenizer whose constructor crashed or hung: the
    /// row's `error` says why; the run goes on. Runs `parallelUnits` tables at a time (1
    /// by default, so that query latencies are not disturbed by other work of the bench). A
    /// collection with locales runs only on engines that have them (SQLite 3.47 and later); the
    /// others are in `notRun`, and with none left this throws.
    public func quality(
        _ collection: QualityCollection, options: QualityOptions, progress: ((String) -> Void)? = nil
    ) throws -> QualityReport {
        try options.validate()
        if let directory = options.runDirectory {
            do { try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true) } catch {
                throw TokenBenchError.fileAccess(
                    path: directory, reason: "cannot create: \(FileAccess.reason(of: error))")
            }
        }
        var report = QualityReport(
            rows: [], outcomes: [], skipped: [], judgedQueries: collection.queries.count,
            unjudgedQueries: collection.unjudgedQueries,
            judgmentsOfUnknownQueries: collection.judgmentsOfUnknownQueries,
            judgmentsOfUnknownDocuments: collection.judgmentsOfUnknownDocuments)
        var units: [QualityUnit] = []
        var engines: [SQLiteEngine] = []
        var runnable = options.engines
        if collection.hasLocales {
            runnable = options.engines.filter { $0.fts5Features?.has(.locale) == true }
            report.skippedEngines = options.engines.filter { !runnable.contains($0) }.map {
                ($0, "the collection has locales: \(FTS5Feature.locale.lacking(on: $0))")
            }
            guard !runnable.isEmpty else {
                throw TokenBenchError.invalidArgument(
                    name: "collection", value: collection.name,
                    reason:
                        "has locales, which need SQLite \(FTS5Feature.locale.since) or later, and no engine of this run (\(options.engines.map(\.name).joined(separator: ", "))) has them"
                )
            }
        }
        let plan = try plan(options.rankedTokenizers, on: runnable)
        let builtExpressions = QualityUnit.builtExpressions(of: collection.queries, kinds: options.queryKinds)
        for (spec, engine) in plan.pairs {
            for detail in options.details {
                units.append(
                    QualityUnit(
                        collection: collection, spec: spec, engine: engine, detail: detail, options: options,
                        builtExpressions: builtExpressions))
                engines.append(engine)
            }
        }
        report.skipped = plan.skips
        progress?("quality: \(units.count) indexes of \(collection.documentCount) documents to build and query")
        var nDCGs: [[Double]] = []
        var rankings: [RowOutcomes] = []
        let results = try run(
            units, maximumWorkers: options.parallelUnits,
            finished: Self.counting(units.count, progress))
        for ((unit, engine), result) in zip(zip(units, engines), results) {
            let outputs = try result.get()
            let spec = unit.judged.spec
            report.losses.record(result, tokenizer: spec.name, engine: unit.judged.engine)
            for kindIndex in unit.queryKinds.indices {
                let (row, outcomes) = Self.qualityRow(
                    of: unit, on: engine, kind: kindIndex, result: result, outputs: outputs, collection: collection)
                progress?(
                    "quality: \(spec.name)@\(unit.judged.engine) detail=\(unit.detail.rawValue) \(row.queryKind.rawValue): nDCG@10 \(QualityRow.metric(row.metrics.nDCG10)), \(row.zeroResults) of \(row.queries) queries without results"
                )
                report.rows.append(row)
                rankings.append(outcomes)
                nDCGs.append(outcomes.outcomes.map(\.metrics.nDCG10))
            }
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
        // A shard without the baseline ranked it for the comparisons only: its rows are its
        // own shard's.
        let written = Set(options.writtenTokenizers.map(\.name))
        let kept = report.rows.indices.filter { written.contains(report.rows[$0].tokenizer) }
        report.rows = kept.map { report.rows[$0] }
        rankings = kept.map { rankings[$0] }
        report.outcomes = rankings.flatMap(\.outcomes)
        if let directory = options.runDirectory {
            var runFileNames: Set<String> = []
            for index in report.rows.indices {
                report.rows[index].runFile = QualityRunFile.uniqueName(for: report.rows[index], among: &runFileNames)
                try QualityRunFile.write(
                    rankings[index].ranked, tag: String(report.rows[index].runFile.dropLast(4)),
                    to: URL(fileURLWithPath: directory).appendingPathComponent(report.rows[index].runFile).path)
            }
        }
        return report
    }

    /// What tells `progress` of each unit that ends, "quality: 3 of 67 indexes built and
    /// queried", from the threads that run them, one call at a time.
    private static func counting(_ total: Int, _ progress: ((String) -> Void)?) -> (@Sendable (Int) -> Void)? {
        guard let progress else { return nil }
        // Ownership: the box holds the caller's closure for the run; the lock makes its calls
        // one at a time, so a closure that is not thread-safe is called safely.
        final class Box: @unchecked Sendable {
            let lock = NSLock()
            var done = 0
            let progress: (String) -> Void
            init(_ progress: @escaping (String) -> Void) { self.progress = progress }
        }
        let box = Box(progress)
        return { _ in
            box.lock.withLock {
                box.done += 1
                box.progress("quality: \(box.done) of \(total) indexes built and queried")
            }
        }
    }

    /// A row's outcomes, and the ranked documents of each query for its run file.
    private struct RowOutcomes {
        var outcomes: [QueryOutcome] = []
        var ranked: [(queryID: String, documents: [(id: String, score: Double)])] = []
    }

    /// The row of one query kind of a unit, scored here from the documents the unit ranked. A
    /// query without an answer is lost: the death on it, or on the index, says why.
    private static func qualityRow(
        of unit: QualityUnit, on engine: SQLiteEngine, kind kindIndex: Int, result: UnitResult<QualityUnit.Output>,
        outputs: [Int: QualityUnit.Output], collection: QualityCollection
    ) -> (QualityRow, RowOutcomes) {
        let spec = unit.judged.spec
        let kind = unit.queryKinds[kindIndex]
        var index: QualityUnit.IndexFigures?
        if case .index(let figures) = outputs[unit.documentCount] { index = figures }
        // Why a query has no answer when its own input did not kill a worker: the index was never
        // built (the unit used up its deaths on documents), or the unit stopped before the query.
        // After a death on the optimize, the queries run on the index without it.
        let indexLoss =
            index == nil && result.death(on: unit.documentCount) == nil ? result.deaths.last?.death : nil
        var outcomes = RowOutcomes()
        var latencies = TimingStatistics()
        var retrieved = 0
        for (queryIndex, query) in collection.queries.enumerated() {
            let input = unit.input(ofQuery: queryIndex, kind: kindIndex)
            var outcome = QueryOutcome(
                queryID: query.id, tokenizer: spec.name, engine: engine.name, queryKind: kind,
                detail: unit.detail, status: .lost, message: "", results: 0, metrics: .zero, matchExpression: "",
                tokens: "")
            var documents: [(id: String, score: Double)] = []
            switch result.outcome(of: input) {
            case .answered(.query(let answer)):
                outcome.status = answer.status
                outcome.message = answer.message
                outcome.matchExpression = answer.matchExpression
                outcome.tokens = answer.tokens
                documents = Array(zip(answer.documentIDs, answer.scores))
                if let nanoseconds = answer.nanoseconds { latencies.record(nanoseconds: nanoseconds) }
            case .lost(let loss):
                outcome.message = result.death(on: input)?.description ?? loss.wording
                outcome.loss = loss.code
            default:
                // Not run: after the unit's deaths, or on an index never built.
                let loss = result.outcome(of: input)?.loss ?? result.stopLoss
                outcome.message = indexLoss.map { "the index was not built: \($0)" } ?? loss.wording
                outcome.loss = loss.code
            }
            outcome.results = documents.count
            outcome.topDocumentIDs = documents.prefix(10).map(\.id)
            outcome.metrics = RankingMetrics(
                ranking: documents.map(\.id), relevance: collection.judgments[query.id] ?? [:])
            retrieved += documents.count
            outcomes.outcomes.append(outcome)
            outcomes.ranked.append((query.id, documents))
        }
        let count = collection.queries.count
        let row = QualityRow(
            tokenizer: spec.name, spec: spec.text, engine: engine.name,
            sqliteVersion: engine.sqliteVersion,
            queryKind: kind, detail: unit.detail, documents: collection.documentCount, queries: count,
            zeroResults: outcomes.outcomes.filter { $0.results == 0 }.count,
            noTokens: outcomes.outcomes.filter { $0.status == .noTokens }.count,
            rejected: outcomes.outcomes.filter { $0.status == .rejected }.count,
            lost: outcomes.outcomes.filter { $0.status == .lost }.count,
            meanResults: count == 0 ? 0 : Double(retrieved) / Double(count),
            metrics: RankingMetrics.mean(of: outcomes.outcomes.map(\.metrics)), baseline: "", comparison: nil,
            p50Microseconds: latencies.count == 0 ? 0 : latencies.microseconds(atPercentile: 50),
            p99Microseconds: latencies.count == 0 ? 0 : latencies.microseconds(atPercentile: 99),
            indexBytes: index?.indexBytes, contentBytes: index?.contentBytes, buildSeconds: index?.buildSeconds ?? 0,
            runFile: "", collection: collection.source?.json ?? "", collectionFingerprint: collection.fingerprint,
            perQueryNDCG10: outcomes.outcomes.map(\.metrics.nDCG10),
            error: result.deaths.map(\.death.description).joined(separator: "; "))
        return (row, outcomes)
    }
}
