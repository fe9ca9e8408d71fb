import CICUShim
import GRDB
import TokenBenchTokenizers

/// The versions of the C libraries behind the shipped tokenizers (ICU, MeCab and its dictionary,
/// libstemmer, and the ICU the portable folds' tables come from), as `key`/`value` pairs for the
/// environment a run records.
enum LibraryFacts {
    static var pairs: [(key: String, value: String)] {
        [
            ("icu_version", icuString(tb_icu_version)),
            ("icu_unicode_version", icuString(tb_icu_unicode_version)),
            // What `latinascii` and `nfkc` follow: tables generated from this ICU, not the system's.
            ("folding_tables", "ICU \(FoldingTables.icuVersion) (Unicode \(FoldingTables.unicodeVersion))"),
            ("mecab_version", MorphologicalAnalyzer.version),
            ("mecab_dictionary", mecabDictionary()),
            ("snowball_algorithms", SnowballStemmer.algorithms.joined(separator: " ")),
        ]
    }

    /// mecabrc's dictionary, which `japanese` uses by default, or why MeCab cannot load it.
    private static func mecabDictionary() -> String {
        do {
            return try MorphologicalAnalyzer(dicdir: nil, tokenizer: "japanese").dictionaryDescription
        } catch {
            return "none: \((error as? DatabaseError)?.message ?? "\(error)")"
        }
    }

    private static func icuString(_ function: (UnsafeMutablePointer<CChar>?, CInt) -> Void) -> String {
        var buffer = [CChar](repeating: 0, count: 64)
        function(&buffer, CInt(buffer.count))
        return String(nulTerminated: buffer)
    }
}
