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
}
