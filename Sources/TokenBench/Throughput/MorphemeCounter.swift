import CMeCabShim
import TokenBenchTokenizers

/// MeCab's own work on a text and nothing else: it parses the text in the pieces `japanese`
/// parses and counts the morphemes, without folding the text or making a token. The limit loop of
/// `japanese` in `tokenbench throughput` (its `c-limit` row): how fast the tokenizer could be if
/// everything but MeCab cost nothing. The bench's alone: it is not in what an app ships.
package final class MorphemeCounter {
    private let analyzer: MorphologicalAnalyzer

    /// A tagger on the dictionary in `dicdir`, or on mecabrc's when `dicdir` is nil.
    package init(dicdir: String?) throws {
        analyzer = try MorphologicalAnalyzer(dicdir: dicdir, tokenizer: "japanese")
    }

    /// The morphemes in `length` bytes at `text`, nil when MeCab fails.
    package func countMorphemes(_ text: UnsafePointer<CChar>, length: Int) -> Int? {
        var count: Int64 = 0
        guard tb_mecab_count_morphemes(analyzer.handle, text, CInt(length), &count) == 0 else { return nil }
        return Int(count)
    }
}
