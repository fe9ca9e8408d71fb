import TokenBenchEngines

/// The result of `tokenbench check`: a golden matrix recomputed in this environment and
/// compared cell by cell.
package struct RegressionCheck: Sendable, ReportsRunLosses {
    /// A baseline tokenizer that an engine of this environment cannot run, and SQLite's reason.
    package struct SkippedTokenizer: Sendable, Equatable {
        package var name: String
        package var engine: String
        package var reason: String
    }

    /// The baseline (before) against this run (after).
    package var comparison: MatrixComparison
    package var skipped: [SkippedTokenizer]
    /// Fixture cases the baseline has no cell for: not computed, since nothing could be compared.
    package var casesNotInBaseline: [String]
    /// The workers that died while the matrix was computed again (a constructor that now
    /// crashes or hangs included): their cells are lost, so they show as changed.
    package var losses = RunLosses()

    package var passed: Bool { comparison.isIdentical }
}

extension Workbench {
    /// Recomputes `baseline`'s matrix here (its cases, tokenizers, engines, form pairs and query
    /// kinds, on `fixtures`) and compares it cell by cell. A baseline case gone from `fixtures`
    /// shows as removed cells; a fixture case the baseline lacks is listed, not computed.
    ///
    /// When `tokenizers` is empty, each baseline tokenizer is resolved as the catalog entry with
    /// that label, else as its name read as a spec (unlabelled specs are named by their text),
    /// and one that an engine rejects is skipped on that engine, with the reason. Otherwise only
    /// the tokenizers given are checked, and each must be accepted by one of the engines.
    /// `engines`, when given, limits the check to those of the baseline's engines.
    package func regressionCheck(
        baseline: MatrixBaseline, fixtures: FixtureSet, tokenizers explicit: [TokenizerSpec] = [],
        engines only: [SQLiteEngine] = []
    ) throws -> RegressionCheck {
        let engines = try SQLiteEngine.named(baseline.engines.isEmpty ? [SQLiteEngine.system.name] : baseline.engines)
            .filter { only.isEmpty || only.contains($0) }
        let baselinePairs = Set(baseline.records.map { Self.pairKey($0.coordinate.tokenizer, $0.coordinate.engine) })
        let candidates =
            explicit.isEmpty
            // A baseline names an unlabelled spec by its exact text (which may hold `=`): only a
            // catalog label stands for anything else.
            ? baseline.tokenizers.map { TokenizerCatalog.spec(labelled: $0) ?? TokenizerSpec(text: $0) }
            : explicit
        // A tokenizer whose constructor now crashes or hangs is run too: its cells are lost with
        // that reason, which the comparison shows as changed cells.
        let plan = try plan(
            candidates.map { spec in
                (spec, engines.filter { !explicit.isEmpty || baselinePairs.contains(Self.pairKey(spec.name, $0.name)) })
            }, rules: .init(requireSomeEngine: !explicit.isEmpty))
        let ran = Set(plan.pairs.map { Self.pairKey($0.spec.name, $0.engine.name) })
        let skipped = plan.skips.map {
            RegressionCheck.SkippedTokenizer(name: $0.spec.name, engine: $0.engine.name, reason: $0.reason)
        }
        var compared = baseline
        compared.records = baseline.records.filter {
            ran.contains(Self.pairKey($0.coordinate.tokenizer, $0.coordinate.engine))
        }
        let baselineCases = Set(baseline.records.map(\.coordinate.caseID))
        let cases = fixtures.cases.filter { baselineCases.contains($0.id) }
        let casesNotInBaseline = fixtures.cases.map(\.id).filter { !baselineCases.contains($0) }
        let current: MatrixBaseline
        var losses = RunLosses()
        if plan.pairs.isEmpty || cases.isEmpty {
            current = MatrixBaseline(source: "this run", records: [])
        } else {
            let formPairs = baseline.formPairs.isEmpty ? FormPair.defaults : baseline.formPairs
            let queryKinds = baseline.queryKinds.isEmpty ? QueryKind.defaults : baseline.queryKinds
            let recomputed = try matrix(
                cases: cases, plan: plan, engines: engines, formPairs: formPairs, queryKinds: queryKinds)
            current = MatrixBaseline(matrix: recomputed)
            losses = recomputed.losses
        }
        return RegressionCheck(
            comparison: MatrixComparison(before: compared, after: current), skipped: skipped,
            casesNotInBaseline: casesNotInBaseline, losses: losses)
    }

    private static func pairKey(_ tokenizer: String, _ engine: String) -> String { tokenizer + "\u{0}" + engine }
}
