import ArgumentParser
import TokenBench

/// How each case runs in a match matrix: the form pairs and query kinds (`matrix`, `report`).
struct MatrixOptions: ParsableArguments {
    @Option(help: "Comma-separated DOCUMENT:QUERY normalization form pairs (asis, nfc, nfd, nfkc, nfkd).")
    var forms: String = FormPair.defaults.map(\.description).joined(separator: ",")

    @Option(name: .customLong("query-kind"), help: "Run queries as phrase or prefix queries; repeatable, default both.")
    var queryKinds: [QueryKind] = []

    var formPairs: [FormPair] {
        forms.split(separator: ",").compactMap { FormPair(parsing: $0.trimmingCharacters(in: .whitespaces)) }
    }

    /// The query kinds asked for, in their canonical order.
    var kinds: [QueryKind] {
        queryKinds.isEmpty ? QueryKind.allCases : QueryKind.allCases.filter(queryKinds.contains)
    }

    func validate() throws {
        let words = forms.split(separator: ",", omittingEmptySubsequences: false)
        for word in words where FormPair(parsing: word.trimmingCharacters(in: .whitespaces)) == nil {
            throw ValidationError(
                "--forms '\(forms)': '\(word)' is not DOCUMENT:QUERY with forms asis, nfc, nfd, nfkc or nfkd")
        }
        guard Set(formPairs).count == formPairs.count else {
            throw ValidationError("--forms '\(forms)': a form pair is listed twice")
        }
    }

    /// Runs the selected fixture cases × the tokenizers on `workbench`.
    func computeMatrix(on workbench: Workbench, workbenchOptions: WorkbenchOptions, selection: FixtureOptions) throws
        -> MatchMatrix
    {
        let fixtures = try selection.load()
        let matrix = try workbench.matrix(
            cases: fixtures.cases, tokenizers: workbenchOptions.tokenizers(on: workbench),
            engines: workbenchOptions.engines, formPairs: formPairs, queryKinds: kinds)
        for spec in workbenchOptions.tokenizerSpecs {
            for engine in workbenchOptions.engines
            where !matrix.columns.contains(where: { $0.tokenizer == spec.name && $0.engine == engine.name }) {
                workbenchOptions.noteSkipped(
                    spec, on: engine, reason: workbench.unsupportedReason(spec, engine: engine) ?? "no cells")
            }
        }
        return matrix
    }
}
