import Foundation
import TokenBenchEngines

/// What `tokenbench check --quality BASELINE.csv` found: every row of a summary that
/// `tokenbench quality -o` wrote, run again with this build on the same collection, and its
/// nDCG@10 compared query by query with the baseline's.
package struct QualityRegressionCheck: Sendable, ReportsRunLosses {
    /// One baseline row and what it gives now.
    package struct Verdict: Sendable {
        package enum Outcome: String, Sendable {
            /// Every query scores what it scored.
            case same
            /// nDCG@10 rose, or did not move while some queries changed.
            case better
            /// nDCG@10 fell, but the randomization test cannot tell it from chance at `alpha`.
            case worse
            /// nDCG@10 fell and p < `alpha`: the check fails.
            case regression
            /// The row's engine cannot run its tokenizer here.
            case skipped
        }

        /// A query whose nDCG@10 fell, with the tokens the tokenizer gives it now.
        package struct LostQuery: Sendable {
            package var queryID: String
            package var before: Double
            package var now: Double
            package var tokens: String
            package var status: QueryOutcome.Status
        }

        package var before: QualityRow
        /// The row run again; nil when skipped.
        package var now: QualityRow?
        /// This build's per-query figures against the baseline's; nil when skipped.
        package var comparison: RandomizationTest?
        package var outcome: Outcome
        /// Why the row was skipped.
        package var skipReason: String
        package var lostQueries: [LostQuery]

        /// What stderr says of a regressed row: the row's figures, then each lost query with
        /// its figures, status and tokens now.
        package var readableLines: [String] {
            let figures = comparison.map {
                "p = \(String(format: "%.4g", $0.pValue)), \($0.losses) queries lost, \($0.wins) won"
            }
            var lines = [
                "tokenbench: \(before.key) regressed: nDCG@10 \(QualityRow.metric(before.metrics.nDCG10)) → "
                    + "\(now.map { QualityRow.metric($0.metrics.nDCG10) } ?? "none"), \(figures ?? "")"
            ]
            for lost in lostQueries {
                lines.append(
                    "  \(lost.queryID): \(QualityRow.figureText(lost.before)) → \(QualityRow.figureText(lost.now)) "
                        + "(\(lost.status.rawValue)), tokens now: \(lost.tokens.isEmpty ? "(none)" : lost.tokens)")
            }
            return lines
        }
    }

    package var verdicts: [Verdict]
    /// Workers that died while the rows ran again: their queries count as lost.
    package var losses = RunLosses()
    package var alpha: Double

    package var regressions: [Verdict] { verdicts.filter { $0.outcome == .regression } }
}

extension Workbench {
    /// Runs every row of the quality summary at `path` again, on the collection its
    /// `collection` column names, and compares each with its baseline figures: a row regresses
    /// when its nDCG@10 falls and the paired randomization test of its per-query figures against
    /// the baseline's gives p < `alpha`.
    ///
    /// Throws when the file does not say which collection it ran on, or when that collection's
    /// fingerprint changed since: a different collection is not a regression, and its figures
    /// cannot be paired.
    package func checkQuality(
        baseline path: String, alpha: Double = 0.05, parallelUnits: Int = 1, progress: ((String) -> Void)? = nil
    ) throws -> QualityRegressionCheck {
        func invalid(_ reason: String) -> TokenBenchError {
            .invalidArgument(name: "--quality", value: path, reason: reason)
        }
        guard alpha > 0, alpha < 1 else {
            throw TokenBenchError.invalidArgument(
                name: "--alpha", value: "\(alpha)", reason: "expected between 0 and 1")
        }
        let baseline = try QualityRow.rows(ofFile: path)
        guard !baseline.isEmpty else { throw invalid("the baseline holds no row") }
        var check = QualityRegressionCheck(verdicts: [], alpha: alpha)
        // One quality run per collection the baseline names, in the order of its rows.
        var collections: [String] = []
        for row in baseline where !collections.contains(row.collection) { collections.append(row.collection) }
        for json in collections {
            let rows = baseline.filter { $0.collection == json }
            guard let source = QualityCollection.Source(json: json) else {
                throw invalid(
                    "row \(rows[0].key) does not say which collection it ran on (an empty or unreadable collection column); write the baseline again with 'tokenbench quality -o'"
                )
            }
            let collection = try QualityCollection.load(source)
            for row in rows
            where row.collectionFingerprint != collection.fingerprint
                || row.perQueryNDCG10.count != collection.queries.count
            {
                throw invalid(
                    "the collection changed since the baseline was written (\(collection.name): fingerprint \(row.collectionFingerprint), now \(collection.fingerprint); \(row.perQueryNDCG10.count) judged queries then, \(collection.queries.count) now). That is not a regression: write the baseline again with 'tokenbench quality -o \(path)'"
                )
            }
            let engines = try SQLiteEngine.named(rows.map(\.engine))
            let specs = rows.map { TokenizerSpec(label: $0.tokenizer, text: $0.spec) }.uniqued(by: \.name)
            // A tokenizer no engine here can make (an extension not loaded, a library missing) is
            // skipped, as the matrix check skips it: the rest are still checked.
            let plan = try plan(specs, on: engines, rules: .init(requireSomeEngine: false))
            let runnable = plan.specs
            var report: QualityReport?
            if let first = runnable.first {
                let options = QualityOptions(
                    tokenizers: runnable, engines: engines, queryKinds: rows.map(\.queryKind).uniquedInOrder(),
                    details: rows.map(\.detail).uniquedInOrder(), baseline: first, parallelUnits: parallelUnits)
                report = try quality(collection, options: options, progress: progress)
            }
            if let report { check.losses.append(report.losses) }
            for row in rows {
                if let report, runnable.contains(where: { $0.name == row.tokenizer }) {
                    check.verdicts.append(Self.verdict(of: row, in: report, alpha: alpha))
                } else {
                    let reason =
                        plan.skips.first { $0.spec.name == row.tokenizer && $0.engine.name == row.engine }?.reason
                        ?? "no engine here can make it"
                    check.verdicts.append(
                        .init(
                            before: row, now: nil, comparison: nil, outcome: .skipped, skipReason: reason,
                            lostQueries: []))
                }
            }
        }
        return check
    }

    /// The verdict on one baseline row, from the report of its run again.
    private static func verdict(of before: QualityRow, in report: QualityReport, alpha: Double)
        -> QualityRegressionCheck.Verdict
    {
        let matches = { (row: QualityRow) in
            row.tokenizer == before.tokenizer && row.engine == before.engine && row.queryKind == before.queryKind
                && row.detail == before.detail
        }
        guard let now = report.rows.first(where: matches) else {
            let reason =
                report.skipped.first { $0.spec.name == before.tokenizer && $0.engine.name == before.engine }?.reason
                ?? report.skippedEngines.first { $0.engine.name == before.engine }?.reason ?? "not run"
            return .init(
                before: before, now: nil, comparison: nil, outcome: .skipped, skipReason: reason, lostQueries: [])
        }
        // The baseline holds six significant digits of each figure: this run's are read the same.
        let nowFigures = now.perQueryNDCG10.map { QualityRow.storedFigure($0) }
        let comparison = RandomizationTest(nowFigures, against: before.perQueryNDCG10)
        let outcomes = report.outcomes.filter {
            $0.tokenizer == now.tokenizer && $0.engine == now.engine && $0.queryKind == now.queryKind
                && $0.detail == now.detail
        }
        var lost: [QualityRegressionCheck.Verdict.LostQuery] = []
        for (index, outcome) in outcomes.enumerated() where nowFigures[index] < before.perQueryNDCG10[index] {
            lost.append(
                .init(
                    queryID: outcome.queryID, before: before.perQueryNDCG10[index], now: nowFigures[index],
                    tokens: outcome.tokens, status: outcome.status))
        }
        let nDCGNow = QualityRow.storedMetric(now.metrics.nDCG10)
        let outcome: QualityRegressionCheck.Verdict.Outcome =
            if comparison.wins == 0 && comparison.losses == 0 {
                .same
            } else if nDCGNow >= before.metrics.nDCG10 {
                .better
            } else if comparison.pValue < alpha {
                .regression
            } else {
                .worse
            }
        return .init(
            before: before, now: now, comparison: comparison, outcome: outcome, skipReason: "", lostQueries: lost)
    }
}

extension QualityRow {
    /// A per-query figure as the summary's `per_query_nDCG@10` column holds it.
    static func storedFigure(_ value: Double) -> Double { Double(figureText(value)) ?? value }
    /// A metric as the summary's metric columns hold it.
    static func storedMetric(_ value: Double) -> Double { Double(metric(value)) ?? value }
}

extension QualityRegressionCheck.Verdict: CSVRow {
    /// The columns `tokenbench check --quality` prints, one row per baseline row.
    package enum Column: String, CaseIterable, Sendable {
        case tokenizer, engine
        case queryKind = "query_kind"
        case detail
        case baselineNDCG10 = "baseline_nDCG@10"
        case nDCG10 = "nDCG@10"
        case pValue = "p_value"
        case wins, losses, ties, verdict
    }

    package func field(_ column: Column) -> String {
        switch column {
        case .tokenizer: before.tokenizer
        case .engine: before.engine
        case .queryKind: before.queryKind.rawValue
        case .detail: before.detail.rawValue
        case .baselineNDCG10: QualityRow.metric(before.metrics.nDCG10)
        case .nDCG10: now.map { QualityRow.metric($0.metrics.nDCG10) } ?? ""
        case .pValue: comparison.map { String(format: "%.4g", $0.pValue) } ?? ""
        case .wins: comparison.map { String($0.wins) } ?? ""
        case .losses: comparison.map { String($0.losses) } ?? ""
        case .ties: comparison.map { String($0.ties) } ?? ""
        case .verdict: outcome.rawValue
        }
    }
}
