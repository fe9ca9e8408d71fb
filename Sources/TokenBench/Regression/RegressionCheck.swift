/// The result of `tokenbench check`: a golden matrix recomputed in this environment and
/// compared cell by cell.
public struct RegressionCheck: Sendable {
    /// A baseline tokenizer this environment cannot run, and SQLite's reason.
    public struct SkippedTokenizer: Sendable, Equatable {
        public var name: String
        public var reason: String
    }

    /// The baseline (before) against this run (after).
    public var comparison: MatrixComparison
    public var skipped: [SkippedTokenizer]
    /// Fixture cases the baseline has no cell for: not computed, since nothing could be compared.
    public var casesNotInBaseline: [String]

    public var passed: Bool { comparison.isIdentical }
}

extension Workbench {
    /// Recomputes `baseline`'s matrix here (its cases, tokenizers, form pairs and query kinds, on
    /// `fixtures`) and compares it cell by cell. A baseline case gone from `fixtures` shows as
    /// removed cells; a fixture case the baseline lacks is listed, not computed.
    ///
    /// When `tokenizers` is empty, each baseline tokenizer is resolved as the catalog entry with
    /// that label, else as its name read as a spec (unlabelled specs are named by their text),
    /// and one this SQLite rejects is skipped, with the reason. Otherwise only the tokenizers
    /// given are checked, and each must be accepted.
    public func regressionCheck(
        baseline: MatrixBaseline, fixtures: FixtureSet, tokenizers explicit: [TokenizerSpec] = []
    ) throws -> RegressionCheck {
        var specs: [TokenizerSpec] = []
        var skipped: [RegressionCheck.SkippedTokenizer] = []
        if explicit.isEmpty {
            for name in baseline.tokenizers {
                let spec = TokenizerCatalog.all.first { $0.spec.label == name }?.spec ?? TokenizerSpec(text: name)
                if let reason = unsupportedReason(spec) {
                    skipped.append(.init(name: name, reason: reason))
                } else {
                    specs.append(spec)
                }
            }
        } else {
            for spec in explicit {
                try validate(spec)
                specs.append(spec)
            }
        }
        let compared = baseline.restricted(toTokenizers: Set(specs.map(\.name)))
        let baselineCases = Set(baseline.records.map(\.key.caseID))
        let cases = fixtures.cases.filter { baselineCases.contains($0.id) }
        let casesNotInBaseline = fixtures.cases.map(\.id).filter { !baselineCases.contains($0) }
        let current: MatrixBaseline
        if specs.isEmpty || cases.isEmpty {
            current = MatrixBaseline(source: "this run", records: [])
        } else {
            let formPairs = baseline.formPairs.isEmpty ? FormPair.defaults : baseline.formPairs
            let queryKinds = baseline.queryKinds.isEmpty ? QueryKind.allCases : baseline.queryKinds
            current = MatrixBaseline(matrix: try matrix(
                cases: cases, tokenizers: specs, formPairs: formPairs, queryKinds: queryKinds))
        }
        return RegressionCheck(
            comparison: MatrixComparison(before: compared, after: current), skipped: skipped, casesNotInBaseline: casesNotInBaseline)
    }
}
