/// Generates the built-in multilingual corpus: deterministic for a seed, on every platform (only
/// integer arithmetic on a SplitMix64 stream), one document at a time so that any size streams.
///
/// Documents are written in one language each (10% carry a sentence from another), with the
/// gotchas a real multilingual collection has, at these rates per word slot:
/// - the words' own characters (ß, ı/İ, œ, stacked Vietnamese marks, Greek tonos, kana…);
/// - NFD instead of NFC: 3% of the words whose forms differ (text pasted from macOS file names);
/// - a ﬁ/ﬂ ligature: 5% of the words containing "fi" or "fl" (text extracted from PDFs);
/// - ALL CAPS: 1%; a capital at each sentence start;
/// - a number: 3% (in Chinese and Japanese, 40% of them in fullwidth digits); a superscript
///   unit (m², km³): 0.3%;
/// - an emoji, some of them ZWJ sequences or with a skin-tone modifier: 0.2%;
/// - a soft hyphen inside a word of 10 bytes or more: 2% of such words;
/// - a no-break space instead of a space: 1% (and before French ? ! : ;).
///
/// A single-script corpus (`script` other than `mixed`) draws from that script's languages only,
/// each weighted as in the mixed corpus or 1 when it has no weight there; the mixed corpus draws
/// from every language with a weight, so adding a language of weight 0 leaves it byte for byte
/// the same.
struct CorpusGenerator {
    private var random: SplitMix64
    /// The languages this corpus draws from, with their weights.
    private let languages: [CorpusWordLists.Language]
    private let totalWeight: Int

    init(seed: UInt64, script: CorpusScript = .mixed, lists: CorpusWordLists = .embedded) {
        random = SplitMix64(seed: seed)
        if script == .mixed {
            languages = lists.languages.filter { $0.weight > 0 }
        } else {
            languages = lists.languages.filter { $0.script == script }.map { language in
                var language = language
                language.weight = max(language.weight, 1)
                return language
            }
        }
        precondition(!languages.isEmpty, "the embedded word lists have no language of script \(script.rawValue)")
        totalWeight = languages.reduce(0) { $0 + $1.weight }
    }

    private static let noBreakSpace: [UInt8] = [0xC2, 0xA0]
    private static let softHyphen: [UInt8] = [0xC2, 0xAD]
    private static let commaSpace: [UInt8] = Array(", ".utf8)
    private static let ideographicFullStop: [UInt8] = Array("。".utf8)
    private static let ideographicComma: [UInt8] = Array("、".utf8)
    private static let superscriptUnits: [[UInt8]] = ["m²", "km²", "m³", "cm³", "x²"].map { Array($0.utf8) }
    private static let emoji: [[UInt8]] = [
        "👍", "👍🏽", "❤️", "😀", "👩‍💻", "👨‍👩‍👧", "🏳️‍🌈", "🇫🇷", "☕",
    ].map { Array($0.utf8) }
    private static let ligatures: [UInt8: [UInt8]] = [
        UInt8(ascii: "i"): Array("ﬁ".utf8), UInt8(ascii: "l"): Array("ﬂ".utf8),
    ]

    /// Appends one document (without a line break) to `batch`.
    mutating func appendDocument(to batch: inout CorpusBatch) {
        let language = pickLanguage()
        // Mostly short documents (1–8 sentences), one in ten long (10–40).
        let sentenceCount = random.below(10) == 0 ? 10 + random.below(31) : 1 + random.below(8)
        for sentence in 0..<sentenceCount {
            let sentenceLanguage = random.below(100) < 10 && sentence > 0 ? pickLanguage() : language
            // Thai, though written without spaces between words, puts one between sentences.
            if sentence > 0
                && (!languages[sentenceLanguage].joinsWithoutSpaces || languages[sentenceLanguage].script == .thai)
            {
                batch.appendToDocument(UInt8(ascii: " "))
            }
            appendSentence(language: sentenceLanguage, to: &batch)
        }
        batch.endDocument()
    }

    private mutating func pickLanguage() -> Int {
        var roll = random.below(totalWeight)
        for (index, language) in languages.enumerated() {
            if roll < language.weight { return index }
            roll -= language.weight
        }
        return languages.count - 1
    }

    private mutating func appendSentence(language index: Int, to batch: inout CorpusBatch) {
        let language = languages[index]
        let isFrench = language.code == "fr"
        let wordCount = 4 + random.below(15)
        for position in 0..<wordCount {
            if position > 0 {
                if language.joinsWithoutSpaces {
                    // Thai marks a pause with a space; Chinese and Japanese with an ideographic comma.
                    if random.below(100) < 6 {
                        batch.appendToDocument(language.script == .thai ? [UInt8(ascii: " ")] : Self.ideographicComma)
                    }
                } else if random.below(100) < 8 {
                    batch.appendToDocument(Self.commaSpace)
                } else {
                    appendSpace(noBreak: random.below(100) < 1, to: &batch)
                }
            }
            appendWordSlot(language: language, sentenceStart: position == 0, to: &batch)
        }
        if language.joinsWithoutSpaces {
            // Thai ends a sentence with no mark at all.
            if language.script != .thai { batch.appendToDocument(Self.ideographicFullStop) }
            return
        }
        let end = random.below(100)
        if end < 5 || (isFrench && end < 8) {
            if isFrench { batch.appendToDocument(Self.noBreakSpace) }
            batch.appendToDocument(UInt8(ascii: end < 3 ? "?" : (end < 5 ? "!" : ";")))
        } else {
            batch.appendToDocument(UInt8(ascii: "."))
        }
    }

    private mutating func appendSpace(noBreak: Bool, to batch: inout CorpusBatch) {
        if noBreak { batch.appendToDocument(Self.noBreakSpace) } else { batch.appendToDocument(UInt8(ascii: " ")) }
    }

    private mutating func appendWordSlot(
        language: CorpusWordLists.Language, sentenceStart: Bool, to batch: inout CorpusBatch
    ) {
        let roll = random.below(1000)
        if roll < 30 {
            let isCJK = language.script == .han || language.script == .japanese
            appendNumber(fullwidth: isCJK && random.below(10) < 4, to: &batch)
            return
        }
        if roll < 33 {
            batch.appendToDocument(Self.superscriptUnits[random.below(Self.superscriptUnits.count)])
            return
        }
        if roll < 35 {
            batch.appendToDocument(Self.emoji[random.below(Self.emoji.count)])
            return
        }
        // Zipf-like: the product of two uniform draws favours the start of the list.
        let count = language.words.count
        let word = language.words[(random.below(count) * random.below(count)) / count]
        if let nfd = word.nfd, random.below(100) < 3 {
            batch.appendToDocument(nfd)
        } else if random.below(100) < 1 {
            batch.appendToDocument(word.uppercased)
        } else if let site = word.ligatureSite, random.below(100) < 5 {
            batch.appendToDocument(word.nfc[..<site])
            batch.appendToDocument(Self.ligatures[word.nfc[site + 1]] ?? [])
            batch.appendToDocument(word.nfc[(site + 2)...])
        } else if word.nfc.count >= 10, random.below(100) < 2, let cut = asciiLetterBoundary(in: word.nfc) {
            batch.appendToDocument(word.nfc[..<cut])
            batch.appendToDocument(Self.softHyphen)
            batch.appendToDocument(word.nfc[cut...])
        } else if sentenceStart && !language.joinsWithoutSpaces {
            batch.appendToDocument(word.capitalized)
        } else {
            batch.appendToDocument(word.nfc)
        }
    }

    /// A position near the middle of `word` between two ASCII letters, where a soft hyphen can go.
    private func asciiLetterBoundary(in word: [UInt8]) -> Int? {
        let middle = word.count / 2
        for cut in middle..<word.count where cut > 0 {
            if word[cut - 1] < 0x80 && word[cut] < 0x80 { return cut }
        }
        return nil
    }

    private mutating func appendNumber(fullwidth: Bool, to batch: inout CorpusBatch) {
        let number = random.below(2030)
        for digit in String(number).utf8 {
            if fullwidth {
                // U+FF10 FULLWIDTH DIGIT ZERO onwards: EF BC 90 + digit.
                batch.appendToDocument([0xEF, 0xBC, 0x90 + (digit - UInt8(ascii: "0"))])
            } else {
                batch.appendToDocument(digit)
            }
        }
    }
}
