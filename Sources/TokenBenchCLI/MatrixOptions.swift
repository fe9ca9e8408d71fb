import ArgumentParser
import TokenBench

/// How each case runs in a match matrix: the form pairs and query kinds (`matrix`, `report`).
struct MatrixOptions: ParsableArguments {
    @Option(help: "Comma-separated DOCUMENT:QUERY normalization form pairs (asis, nfc, nfd, nfkc, nfkd).")
    var forms: String = FormPair.defaults.map(\.description).joined(separator: ",")

    @Option(
        name: .customLong("query-kind"),
        help: ArgumentHelp(
            "How each query runs; repeatable, default phrase and prefix.",
            discussion:
                "phrase and prefix: the bench's quoted phrase. The query an app builds from typed text: raw (the text as it is), grdb-any, grdb-all, grdb-prefixes, grdb-phrase, grdb-prefix-phrase (GRDB's FTS5Pattern builders), typed-any, typed-all, typed-prefixes, typed-phrase (TokenBenchTokenizers' builder, with the table's tokenizer). A run of any of these adds the pattern and verdict columns to the long CSV."
        ))
    var queryKinds: [QueryKind] = []

    var formPairs: [FormPair] {
        forms.split(separator: ",").compactMap { FormPair(parsing: $0.trimmingCharacters(in: .whitespaces)) }
    }

    /// The query kinds asked for, in their canonical order.
    var kinds: [QueryKind] {
        queryKinds.isEmpty ? QueryKind.defaults : QueryKind.allCases.filter(queryKinds.contains)
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
