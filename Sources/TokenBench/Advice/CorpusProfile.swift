import Foundation

/// What in a corpus decides between tokenizers, counted: shown before the advice because it
/// explains it.
public struct CorpusProfile: Sendable, Equatable {
    package internal(set) var documents = 0
    /// Words as `tokenbench advise` draws them (UAX #29 words, emoji, and a CJK run as one word
    /// per two characters).
    package internal(set) var words = 0
    /// The distinct spellings among them (a CJK run of n characters counts n / 2).
    package internal(set) var distinctWords = 0
    /// Letters by script (ICU's script property; letters of the Common and Inherited scripts are
    /// not counted).
    package internal(set) var lettersByScript: [String: Int] = [:]
    /// Documents whose title or text is not NFC (decomposed accents, as macOS file names and
    /// some web forms write them).
    package internal(set) var documentsNotNFC = 0
    /// Words holding a ligature, a fullwidth form or another compatibility character (NFKC
    /// changes them).
    package internal(set) var compatibilityWords = 0
    package internal(set) var emoji = 0
    /// Words with an apostrophe, a dot or a comma inside (don't, U.S.A, 3.14), and words mixing
    /// digits and letters (1st, B2B).
    package internal(set) var wordsWithInnerPunctuation = 0
    package internal(set) var wordsMixingDigitsAndLetters = 0
    /// Characters whose case folding trips tokenizers up, by character: ß ẞ ı İ ς.
    package internal(set) var caseFoldingTraps: [String: Int] = [:]
    /// Document lengths in bytes (title and text).
    package internal(set) var lengthBytes = Lengths()

    /// The shortest, median and longest of the documents' lengths.
    package struct Lengths: Sendable, Equatable {
        package var minimum = 0
        package var median = 0
        package var maximum = 0
    }

    /// Documents whose text (folded) is another's too: never a known item.
    package internal(set) var duplicateDocuments = 0
    /// Distinct words each typing class changes (or that are of its kind, for cjk-2, cjk-unspaced
    /// and emoji).
    package internal(set) var changedWords: [TypingVariant: Int] = [:]

    static let trapCharacters: Set<Character> = ["ß", "ẞ", "ı", "İ", "ς"]
    private static let innerPunctuation: Set<Character> = ["'", "\u{2019}", "\u{2018}", "\u{02BC}", ".", ","]

    mutating func count(_ word: CorpusWord, weight: Int, splitter: CorpusWordSplitter) {
        if word.kind == .emoji {
            emoji += 1
            return
        }
        let isASCII = word.text.utf8.allSatisfy { $0 < 0x80 }
        for scalar in word.text.unicodeScalars where scalar.properties.isAlphabetic {
            let script = splitter.script(of: scalar)
            if script != "Common" && script != "Inherited" { lettersByScript[script, default: 0] += 1 }
        }
        guard word.kind == .word else {
            if !isASCII, TypingVariant.compat.typed(word) != nil { compatibilityWords += weight }
            return
        }
        if word.text.dropFirst().dropLast().contains(where: { Self.innerPunctuation.contains($0) }) {
            wordsWithInnerPunctuation += 1
        }
        if word.text.contains(where: \.isNumber) && word.text.contains(where: \.isLetter) {
            wordsMixingDigitsAndLetters += 1
        }
        guard !isASCII else { return }
        if TypingVariant.compat.typed(word) != nil { compatibilityWords += 1 }
        for character in word.text where Self.trapCharacters.contains(character) {
            caseFoldingTraps[String(character), default: 0] += 1
        }
    }

    /// The scripts by share of letters, largest first; those under 0.5 % are left out.
    package var scriptShares: [(script: String, share: Double)] {
        let total = lettersByScript.values.reduce(0, +)
        guard total > 0 else { return [] }
        return lettersByScript.map { ($0.key, Double($0.value) / Double(total)) }.filter { $0.1 >= 0.005 }
            .sorted { $0.1 != $1.1 ? $0.1 > $1.1 : $0.0 < $1.0 }
    }

    /// The profile as lines for a person: the first is the size, then one fact a line.
    package var lines: [String] {
        func percent(_ part: Int, of whole: Int) -> String {
            whole == 0 ? "0 %" : String(format: "%.1f %%", 100 * Double(part) / Double(whole))
        }
        let scripts = scriptShares.map { "\($0.script) \(String(format: "%.1f %%", 100 * $0.share))" }
        var lines = [
            "\(documents) documents, \(words) words (\(distinctWords) distinct); lengths \(lengthBytes.minimum)–\(lengthBytes.maximum) bytes (median \(lengthBytes.median))",
            "scripts by letters: " + (scripts.isEmpty ? "no letters" : scripts.joined(separator: ", ")),
            "not NFC (decomposed): \(documentsNotNFC) documents (\(percent(documentsNotNFC, of: documents)))",
            "ligatures, fullwidth and other compatibility characters: \(compatibilityWords) words (\(percent(compatibilityWords, of: words)))",
            "emoji: \(emoji)",
            "apostrophes, dots or commas inside words: \(wordsWithInnerPunctuation) words (\(percent(wordsWithInnerPunctuation, of: words))); digits and letters mixed: \(wordsMixingDigitsAndLetters)",
        ]
        let traps = caseFoldingTraps.sorted { $0.key < $1.key }.map { "\($0.key) \($0.value)" }
        lines.append("case-folding traps (ß ẞ ı İ ς): " + (traps.isEmpty ? "none" : traps.joined(separator: ", ")))
        if duplicateDocuments > 0 {
            lines.append("documents duplicating another (never a known item): \(duplicateDocuments)")
        }
        return lines
    }
}
