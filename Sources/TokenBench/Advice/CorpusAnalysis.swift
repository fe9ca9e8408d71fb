import Foundation
import TokenBenchTokenizers

/// One pass over a corpus: what its profile shows, and what the known-item generator draws
/// from (how often each word occurs in the collection, which documents each typing class can
/// draw a word from, which documents duplicate another).
struct CorpusAnalysis {
    /// How many times each word occurs in the corpus, by its key (`key(of:)`); a CJK run counts
    /// its character bigrams.
    private(set) var collectionFrequency: [String: Int] = [:]
    private(set) var occurrences = 0
    /// Per document, in the corpus's order: the classes with a word to draw from in it (bit
    /// `TypingVariant.allCases.firstIndex`), and whether its text duplicates another document's.
    private(set) var classesByDocument: [UInt16] = []
    private(set) var isDuplicate: [Bool] = []
    /// Words drawn uniformly from the whole corpus (a reservoir sample): the collection model the
    /// noise terms come from.
    private(set) var sample: [CorpusWord] = []
    private(set) var profile: CorpusProfile
    /// The corpus's words by their first letters, for the `inflection` class.
    private(set) var inflections: InflectionIndex

    static let sampleSize = 20_000

    init(_ documents: [QualityDocument], splitter: CorpusWordSplitter, seed: UInt64) {
        var random = SplitMix64(seed: seed ^ 0x5EED_A11A)
        var profile = CorpusProfile()
        profile.documents = documents.count
        var textCounts: [UInt64: Int] = [:]
        var textHashes: [UInt64] = []
        var lengths: [Int] = []
        var seenWords = 0
        var classesOfWord: [String: UInt16] = [:]
        // The distinct spellings of UAX #29 words (not CJK runs or emoji): the inflection class's.
        var wordSpellings: [String] = []
        for document in documents {
            let title = String(decoding: document.title, as: UTF8.self)
            let text = String(decoding: document.text, as: UTF8.self)
            lengths.append(document.title.count + document.text.count)
            // Whether two documents are the same text to a reader: compared folded (NFKC, case).
            var hash = FNV1a64()
            for part in [title, text] {
                Array(Self.key(of: part).utf8).withUnsafeBufferPointer { hash.combine($0) }
                hash.combine(0)
            }
            textHashes.append(hash.value)
            textCounts[hash.value, default: 0] += 1
            if !(title.isEmpty && text.isEmpty), !Self.isNFC(title) || !Self.isNFC(text) {
                profile.documentsNotNFC += 1
            }
            var classes: UInt16 = 0
            for word in splitter.words(of: title) + splitter.words(of: text) {
                let weight = word.kind == .cjkRun ? max(1, word.text.count / 2) : 1
                profile.words += weight
                profile.count(word, weight: weight, splitter: splitter)
                // A word's classes, worked out once per distinct spelling: the shares count the
                // vocabulary, what users can search for, not how often each word recurs.
                if let known = classesOfWord[word.text] {
                    classes |= known
                } else {
                    var bits: UInt16 = 0
                    for (bit, variant) in TypingVariant.allCases.enumerated() where variant.applies(to: word) {
                        bits |= 1 << bit
                        profile.changedWords[variant, default: 0] += weight
                    }
                    classesOfWord[word.text] = bits
                    if word.kind == .word { wordSpellings.append(word.text) }
                    profile.distinctWords += weight
                    classes |= bits
                }
                for key in Self.keys(of: word) {
                    collectionFrequency[key, default: 0] += 1
                    occurrences += 1
                }
                seenWords += 1
                if sample.count < Self.sampleSize {
                    sample.append(word)
                } else {
                    let slot = random.below(seenWords)
                    if slot < Self.sampleSize { sample[slot] = word }
                }
            }
            classesByDocument.append(classes)
        }
        isDuplicate = textHashes.map { textCounts[$0, default: 0] > 1 }
        let index = InflectionIndex(spellings: wordSpellings)
        inflections = index
        // The inflection class's share: the distinct words with another form in the corpus.
        profile.changedWords[.inflection] = wordSpellings.filter { !index.forms(of: $0).isEmpty }.count
        profile.duplicateDocuments = isDuplicate.filter { $0 }.count
        lengths.sort()
        profile.lengthBytes = CorpusProfile.Lengths(
            minimum: lengths.first ?? 0, median: lengths.isEmpty ? 0 : lengths[lengths.count / 2],
            maximum: lengths.last ?? 0)
        self.profile = profile
    }

    /// What counts as the same word across documents: its NFKC case fold (ASCII lowered
    /// directly). The key counts words for the discriminative model only; queries are spans of
    /// the text.
    static func key(of text: String) -> String {
        if text.utf8.allSatisfy({ $0 < 0x80 }) { return text.lowercased() }
        guard let folded = ICUNormalization.nfkcCasefold.apply(Array(text.utf8)) else { return text }
        return String(decoding: folded, as: UTF8.self)
    }

    /// The keys a word counts under: the word's, or for a CJK run each bigram of its characters.
    static func keys(of word: CorpusWord) -> [String] {
        guard word.kind == .cjkRun else { return [key(of: word.text)] }
        let characters = Array(word.text)
        guard characters.count >= 2 else { return [key(of: word.text)] }
        return (0..<(characters.count - 1)).map { key(of: String(characters[$0...($0 + 1)])) }
    }

    private static func isNFC(_ text: String) -> Bool {
        let bytes = Array(text.utf8)
        if bytes.withUnsafeBufferPointer({ ICUNormalization.isNFC($0) }) { return true }
        return ICUNormalization.nfc.apply(bytes) == bytes
    }

    /// The share of the corpus's distinct words each typing class changes (or, for `cjk-2`,
    /// `cjk-unspaced` and `emoji`, that are of its kind); `as-written` is 1. Distinct words,
    /// because a user searches for a word, however often it recurs: ß is in under 1 % of a German
    /// text's words, and in more of its vocabulary.
    var variantShares: [TypingVariant: Double] {
        var shares: [TypingVariant: Double] = [.asWritten: 1]
        for variant in TypingVariant.allCases where variant != .asWritten {
            shares[variant] =
                profile.distinctWords == 0
                ? 0 : Double(profile.changedWords[variant, default: 0]) / Double(profile.distinctWords)
        }
        return shares
    }

    /// The share of the documents with a word each class changes (or of its kind).
    var documentShares: [TypingVariant: Double] {
        var shares: [TypingVariant: Double] = [:]
        for (bit, variant) in TypingVariant.allCases.enumerated() {
            let count = classesByDocument.filter { $0 & (1 << bit) != 0 }.count
            shares[variant] = classesByDocument.isEmpty ? 0 : Double(count) / Double(classesByDocument.count)
        }
        return shares
    }

    /// The classes used, each with its weight: `as-written`, and those changing at least 1 % of
    /// the distinct words or found in at least 1 % of the documents (ß is in few of a German
    /// text's words, and in most of its documents); their word shares normalised to sum to 1.
    var variantWeights: [(variant: TypingVariant, weight: Double)] {
        let shares = variantShares
        let documents = documentShares
        let used = TypingVariant.allCases.filter {
            $0 == .asWritten || shares[$0, default: 0] >= 0.01 || documents[$0, default: 0] >= 0.01
        }
        let total = used.map { shares[$0, default: 0] }.reduce(0, +)
        return used.map { ($0, shares[$0, default: 0] / total) }
    }

    /// Whether document `index` can be a known item of `variant`: it has a word of the class and
    /// duplicates no other document.
    func canBeKnownItem(_ index: Int, of variant: TypingVariant) -> Bool {
        guard !isDuplicate[index] else { return false }
        // Whether a document has a word with another form is known once a query is drawn.
        if variant == .inflection { return true }
        let bit = TypingVariant.allCases.firstIndex(of: variant)!
        return classesByDocument[index] & (1 << bit) != 0
    }
}
