#if TOKENBENCH_ICU
    import GRDB
    import GRDBSQLite
    import TokenBenchEngines

    /// `latinascii [BASE...]`: every token folded to lower-case ASCII as ICU's "Latin-ASCII; Lower"
    /// does (Großmann → grossmann, Encyclopædia → encyclopaedia, ﬁdélité → fidelite, Diyarbakır →
    /// diyarbakir, Łódź → lodz, Þór → thor), in NFC and NFD alike: the transform first decomposes
    /// and drops nonspacing marks, then recomposes.
    ///
    /// BASE defaults to `unicode61 remove_diacritics 0`: folding is this tokenizer's own job. ASCII
    /// tokens skip ICU entirely; other tokens are transliterated once and cached.
    final class LatinAsciiTokenizer: TransliteratingWrapper {
        static let tokenTrampoline: FTS5TokenCallback = {
            WrappedTokenization.forward(LatinAsciiTokenizer.self, $0, $1, $2, $3, $4, $5)
        }
        static let name = "latinascii"
        static let transformID = "NFD; [:Nonspacing Mark:] Remove; NFC; Latin-ASCII; Lower"
        /// Normalization, mark removal, Latin-ASCII and Lower read no neighbour outside Latin script.
        static let transformsPerCodePoint = true

        static let defaultBase = ["unicode61", "remove_diacritics", "0"]

        let base: any FTS5Tokenizer
        let baseTokenPages = ReadablePages()
        let baseWordTable: Unmanaged<Unicode61WordTable>?
        let transliterator: Transliterator

        init(connection: EngineConnection, arguments: [String]) throws {
            (base, transliterator) = try Self.parts(connection: connection, arguments: arguments)
            baseWordTable = Unicode61WordTable.unmanaged(of: base)
        }
    }
#endif
