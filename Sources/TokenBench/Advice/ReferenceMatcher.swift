import Foundation
import TokenBenchTokenizers

/// The reference semantics a candidate's result count is compared with, to find over-matches
/// ([Advice](Advice.md#a-query-log)): the text NFKC case-folded with its diacritics removed, cut
/// into words (UAX #29 words; in Chinese and Japanese each character), and a query matching a
/// document when each of its words begins some word of the document. A plain scan over an
/// index of the folded words, without FTS5.
struct ReferenceMatcher {
    /// The distinct folded words, sorted by their UTF-8 bytes, and the documents of each.
    private let words: [[UInt8]]
    private let postings: [[Int32]]
    private let splitter: CorpusWordSplitter

    init(documents: [QualityDocument], splitter: CorpusWordSplitter) {
        self.splitter = splitter
        var documentsByWord: [[UInt8]: [Int32]] = [:]
        for (index, document) in documents.enumerated() {
            let text =
                String(decoding: document.title, as: UTF8.self) + "\n" + String(decoding: document.text, as: UTF8.self)
            for word in Set(Self.words(of: text, splitter: splitter)) {
                documentsByWord[word, default: []].append(Int32(index))
            }
        }
        let sorted = documentsByWord.keys.sorted { $0.lexicographicallyPrecedes($1) }
        words = sorted
        postings = sorted.map { documentsByWord[$0]! }
    }

    /// `text` folded and cut as the reference reads it.
    static func words(of text: String, splitter: CorpusWordSplitter) -> [[UInt8]] {
        splitter.words(of: text).flatMap { word -> [[UInt8]] in
            let folded = fold(word.text)
            guard word.kind == .cjkRun else { return folded.isEmpty ? [] : [Array(folded.utf8)] }
            return folded.map { Array(String($0).utf8) }
        }
    }

    /// NFKC case fold, then the nonspacing marks removed after NFD, recomposed.
    static func fold(_ text: String) -> String {
        let folded = CorpusAnalysis.key(of: text)
        if folded.utf8.allSatisfy({ $0 < 0x80 }) { return folded }
        return TypingVariant.withoutDiacritics(folded)
    }

    /// How many documents the reference matches `query` in: each of its words begins a word of
    /// the document. A query without a word matches none.
    func count(of query: String) -> Int {
        let queryWords = Set(Self.words(of: query, splitter: splitter))
        guard !queryWords.isEmpty else { return 0 }
        var matching: Set<Int32>?
        for word in queryWords {
            var documents = Set<Int32>()
            // The first word not before `word`, then every word it begins.
            var low = 0
            var high = words.count
            while low < high {
                let middle = (low + high) / 2
                if words[middle].lexicographicallyPrecedes(word) { low = middle + 1 } else { high = middle }
            }
            var index = low
            while index < words.count, words[index].starts(with: word) {
                documents.formUnion(postings[index])
                index += 1
            }
            matching = matching.map { $0.intersection(documents) } ?? documents
            if matching!.isEmpty { return 0 }
        }
        return matching?.count ?? 0
    }

    /// Whether a result count is far above the reference's: more than twice it, plus ten.
    static func isOverMatch(results: Int, reference: Int) -> Bool {
        results > 2 * reference + 10
    }
}
