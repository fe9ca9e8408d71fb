import Foundation
import TokenBenchTokenizers

/// How a user types a word they remember from a document: the classes of `tokenbench advise`'s
/// known-item queries ([Advice](Advice.md#how-users-type)). Each changes a word the way a search
/// box sees it changed; a class is used on a corpus where at least 1 % of its words change
/// under it.
public enum TypingVariant: String, CaseIterable, Sendable, Codable {
    /// The words as the document writes them.
    case asWritten = "as-written"
    /// Lower case (Swift's full Unicode lowercasing).
    case lower
    /// Without diacritics, in Latin, Greek and Cyrillic words: nonspacing marks removed after NFD.
    case noDiacritics = "no-diacritics"
    /// Letters a keyboard lacks, spelled in ASCII: ß → ss, æ → ae, œ → oe, ø → o, ł → l, þ → th…
    case sharpS = "sharp-s"
    /// The other normalization form: an NFC word typed in NFD, anything else typed in NFC.
    case nfcNFD = "nfc-nfd"
    /// Compatibility characters typed plainly (NFKC): ﬁ → fi, fullwidth ＡＢＣ → ABC.
    case compat
    /// The last word cut, as a search-as-you-type box sends it: its first half (at least two
    /// characters) of a word of four or more.
    case typeAhead = "type-ahead"
    /// Chinese and Japanese text typed as two-character words.
    case cjk2 = "cjk-2"
    /// Chinese and Japanese terms typed one after another without a space, as those languages
    /// are written: two pieces or more of the document's runs make one unspaced phrase, which
    /// the document need not hold as such.
    case cjkUnspaced = "cjk-unspaced"
    /// A query holding an emoji of the document.
    case emoji
    /// Apostrophes as the other keyboard types them: ' for ’ ‘ ʼ, and ’ (iOS's smart punctuation)
    /// for '.
    case punctuation
    /// Another form of a word, as the corpus writes it elsewhere: Datei for Dateien, runs for run
    /// (the same letters but for the last three at most, and four at least). Which forms exist
    /// depends on the corpus: `KnownItemGenerator` draws them from `InflectionIndex`.
    case inflection

    /// The ASCII spellings of `sharp-s`.
    static let asciiSpellings: [Character: String] = [
        "ß": "ss", "ẞ": "SS", "æ": "ae", "Æ": "AE", "œ": "oe", "Œ": "OE", "ø": "o", "Ø": "O", "ł": "l", "Ł": "L",
        "đ": "d", "Đ": "D", "ð": "d", "Ð": "D", "þ": "th", "Þ": "Th", "ı": "i",
    ]

    /// `text` without its diacritics: NFD, the nonspacing marks removed, NFC again. The
    /// reference of over-matches folds the same way (`ReferenceMatcher`).
    static func withoutDiacritics(_ text: String) -> String {
        let decomposed = NormalizationForm.nfd.apply(to: text)
        var scalars = String.UnicodeScalarView()
        scalars.append(
            contentsOf: decomposed.unicodeScalars.filter { $0.properties.generalCategory != .nonspacingMark })
        return NormalizationForm.nfc.apply(to: String(scalars))
    }

    /// The scripts whose words users type without their diacritics.
    static let diacriticScripts: Set<String> = ["Latin", "Greek", "Cyrillic"]

    /// `word` as this class types it, or nil where the class leaves it as written. `cjk-2`,
    /// `cjk-unspaced` and `emoji` change how terms are drawn or joined, not a word: nil for them.
    func typed(_ word: CorpusWord) -> String? {
        let text = word.text
        let typed: String
        switch self {
        case .asWritten, .cjk2, .cjkUnspaced, .emoji, .inflection: return nil
        case .lower:
            guard word.kind == .word else { return nil }
            typed = text.lowercased()
        case .noDiacritics:
            guard word.kind == .word, Self.diacriticScripts.contains(word.script) else { return nil }
            typed = Self.withoutDiacritics(text)
        case .sharpS:
            guard word.kind == .word else { return nil }
            typed = text.map { Self.asciiSpellings[$0] ?? String($0) }.joined()
        case .nfcNFD:
            guard word.kind != .emoji else { return nil }
            let nfc = NormalizationForm.nfc.apply(to: text)
            typed = nfc.utf8.elementsEqual(text.utf8) ? NormalizationForm.nfd.apply(to: text) : nfc
        case .compat:
            typed = NormalizationForm.nfkc.apply(to: NormalizationForm.nfc.apply(to: text))
            // NFC alone is nfc-nfd's: compat is what NFKC changes beyond it.
            guard !typed.utf8.elementsEqual(NormalizationForm.nfc.apply(to: text).utf8) else { return nil }
            return typed
        case .typeAhead:
            guard word.kind == .word, text.count >= 4 else { return nil }
            typed = String(text.prefix(max(2, (text.count + 1) / 2)))
        case .punctuation:
            guard word.kind == .word else { return nil }
            typed = String(
                text.map { character -> Character in
                    switch character {
                    case "'": "\u{2019}"
                    case "\u{2019}", "\u{2018}", "\u{02BC}": "'"
                    default: character
                    }
                })
        }
        // Compared as bytes: String equality is canonical equivalence.
        return typed.utf8.elementsEqual(text.utf8) ? nil : typed
    }

    /// Whether the class applies to `word`: it changes it, or for `cjk-2`, `cjk-unspaced` and
    /// `emoji` the word is of their kind (a CJK run of two characters or more, an emoji). Never
    /// for `inflection`, which needs the corpus's other words (`InflectionIndex`).
    func applies(to word: CorpusWord) -> Bool {
        // Most words of most corpora are ASCII: only three classes can change them.
        if word.kind == .word, word.text.utf8.allSatisfy({ $0 < 0x80 }) {
            switch self {
            case .asWritten: return true
            case .lower: return word.text.utf8.contains { $0 >= UInt8(ascii: "A") && $0 <= UInt8(ascii: "Z") }
            case .typeAhead: return word.text.utf8.count >= 4
            case .punctuation: return word.text.utf8.contains(UInt8(ascii: "'"))
            default: return false
            }
        }
        switch self {
        case .asWritten: return true
        case .cjk2, .cjkUnspaced: return word.kind == .cjkRun && word.text.count >= 2
        case .emoji: return word.kind == .emoji
        default: return typed(word) != nil
        }
    }
}
