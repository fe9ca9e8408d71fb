import Foundation
import GRDB
import Testing

@testable import TokenBench
@testable import TokenBenchEngines
@testable import TokenBenchTokenizers

/// What the bench makes of the shipped tokenizers: the reason a spec is refused, in the bench's
/// words, the catalog read from the shipped types. Their tokens are tested without the bench, in
/// TokenBenchTokenizersInternalTests.
struct ShippedTokenizerTests {
    @Test(arguments: [
        (
            "synonyms file '/nonexistent/words.txt'",
            "error in tokenizer constructor (synonyms: cannot read file '/nonexistent/words.txt')"
        ),
        ("synonyms file /nonexistent/words.txt", "parse error in tokenize directive"), // a path must be quoted
        ("synonyms file", "error in tokenizer constructor (synonyms: option 'file' needs a value)"),
        (
            "synonyms file '/dev/null' 'new york'",
            "error in tokenizer constructor (synonyms: cannot create the wrapped tokenizer 'new york')"
        ),
        (
            "latinascii nosuchbase",
            "error in tokenizer constructor (latinascii: cannot create the wrapped tokenizer 'nosuchbase')"
        ),
        (
            "snowball klingon",
            "error in tokenizer constructor (snowball: unknown language 'klingon' (languages: \(SnowballStemmer.algorithms.joined(separator: ", "))))"
        ),
        (
            "snowball german nosuchbase",
            "error in tokenizer constructor (snowball: cannot create the wrapped tokenizer 'nosuchbase')"
        ),
        (
            "japanese dicdir '/nonexistent'",
            "error in tokenizer constructor (japanese: MeCab cannot load dictionary '/nonexistent': param.cpp(69) [ifs] no such file or directory: /nonexistent/dicrc)"
        ),
        (
            "icu symbols yes",
            "error in tokenizer constructor (icu: symbols must be 0 or 1, not 'yes')"
        ),
        (
            "icu apostrophes 2",
            "error in tokenizer constructor (icu: apostrophes must be 0 or 1, not '2')"
        ),
        (
            "icu apostrophes",
            "error in tokenizer constructor (icu: option 'apostrophes' needs a value)"
        ),
        (
            "icu apostrophes 1 unicode61",
            "error in tokenizer constructor (icu: unexpected argument 'unicode61' (only 'locale LOCALE', 'symbols 0|1' and 'apostrophes 0|1'))"
        ),
        (
            "cjk unigrams 2",
            "error in tokenizer constructor (cjk: unigrams must be 0 or 1, not '2')"
        ),
        (
            "snowball dutch prefix_as_typed 2",
            "error in tokenizer constructor (snowball: prefix_as_typed must be 0 or 1, not '2')"
        ),
        (
            "japanese unicode61",
            "error in tokenizer constructor (japanese: unexpected argument 'unicode61' (only 'dicdir PATH'))"
        ),
    ])
    func badArgumentsAreRejected(text: String, reason: String) throws {
        #expect(throws: TokenBenchError.invalidTokenizerSpec(spec: text, reason: reason)) {
            try Workbench().validate(TokenizerSpec(text: text))
        }
    }

    @Test func theDefaultStemmersAreLibstemmerAlgorithms() {
        // A catalog language that libstemmer lacks would make its default tokenizer unsupported.
        #expect(Set(TokenizerCatalog.snowballLanguages).isSubset(of: SnowballStemmer.algorithms))
        #expect(SnowballStemmer.algorithms.count >= 12)
    }

    /// One list: the catalog's shipped entries are the shipped types' own, in the order of
    /// `ShippedTokenizers.types` (which sets the order of `list`, the matrix and the report), each
    /// spec naming its own type; the server's path check reads the types' declarations
    /// (synonyms' and stopwords' `file`, japanese's `dicdir`).
    @Test func theCatalogAndThePathOptionsComeFromTheShippedTypes() {
        #expect(
            TokenizerCatalog.shipped.map(\.spec.label) == [
                "synonyms", "stopwords", "latinascii", "german", "nfkc", "icu", "icu-symbols", "icu-apostrophes",
                "translit", "japanese",
                "cjk", "cjk-icu", "snowball-english", "snowball-german", "snowball-french", "snowball-spanish",
                "snowball-italian",
                "snowball-portuguese", "snowball-dutch", "snowball-swedish", "snowball-russian", "snowball-turkish",
                "snowball-finnish", "snowball-greek", "snowball-french-rd2", "snowball-italian-rd2",
                "snowball-portuguese-rd2", "snowball-locale",
            ])
        for type in ShippedTokenizers.types {
            for entry in type.catalogEntries {
                #expect(entry.spec.split(separator: " ").first.map(String.init) == type.name, "\(entry.label)")
            }
        }
        #expect(TokenizerCatalog.pathOptions == ["file", "dicdir"])
    }

    @Test func aConstructorReasonIsNeverBlamedOnALaterSpec() throws {
        let workbench = try Workbench()
        // A shipped constructor fails outside any probe and leaves its reason behind…
        try workbench.withConnection { connection in
            _ = try? EngineTokenizerInstance(
                components: ["synonyms", "file", "/nonexistent/words.txt"], in: connection)
        }
        // …then a built-in fails with no reason of its own: the old reason must not be appended.
        #expect(
            throws: TokenBenchError.invalidTokenizerSpec(
                spec: "unicode61 remove_diacritics 9", reason: "error in tokenizer constructor")
        ) {
            try workbench.validate(TokenizerSpec(text: "unicode61 remove_diacritics 9"))
        }
    }

}
