import CICUShim
import Foundation
import TokenBenchTokenizers

/// One word of a document as a reader could type it: a span of the document's own text, never
/// a tokenizer's token, so that no candidate shapes the queries it is measured with.
struct CorpusWord: Sendable, Equatable {
    enum Kind: Sendable, Equatable {
        /// A UAX #29 word (ICU's word break, root locale) outside Chinese and Japanese.
        case word
        /// A run of Han, Hiragana or Katakana characters: terms are drawn from it at random
        /// offsets, so that no segmenter (ICU's or MeCab's) decides them.
        case cjkRun
        /// An emoji, which UAX #29 gives no word status.
        case emoji
    }

    var text: String
    var kind: Kind
    /// The script of its first letter as ICU names it ("Latin", "Han"); "Common" when it has none.
    var script: String
}

/// Splits texts into `CorpusWord`s, and names scripts. Not safe for concurrent use: one per
/// thread, as its ICU iterator is.
final class CorpusWordSplitter {
    private let breaker: WordBreaker
    private var scripts: [UInt32: String] = [:]

    /// The scripts whose runs are drawn from by characters, not by words.
    static let cjkScripts: Set<String> = ["Han", "Hiragana", "Katakana"]

    init() throws {
        breaker = try WordBreaker(locale: "", tokenizer: "tokenbench advise", symbols: true)
    }

    /// The script of `scalar`, by ICU (`uscript_getScript`), cached per code point.
    func script(of scalar: Unicode.Scalar) -> String {
        if scalar.isASCII {
            return scalar.properties.isAlphabetic ? "Latin" : "Common"
        }
        if let known = scripts[scalar.value] { return known }
        var buffer = [CChar](repeating: 0, count: 64)
        let length = tb_script_name(Int32(bitPattern: scalar.value), &buffer, CInt(buffer.count))
        let name =
            length > 0
            ? String(decoding: buffer.prefix(Int(length)).map { UInt8(bitPattern: $0) }, as: UTF8.self) : "Unknown"
        scripts[scalar.value] = name
        return name
    }

    /// The script of the first letter of `text`, or "Common".
    func script(ofFirstLetterIn text: Substring) -> String {
        for scalar in text.unicodeScalars where scalar.properties.isAlphabetic {
            let name = script(of: scalar)
            if name != "Common" && name != "Inherited" { return name }
        }
        return "Common"
    }

    /// The words of `text`, in order. Adjacent CJK segments are one run; a symbol that is not an
    /// emoji is no word.
    func words(of text: String) -> [CorpusWord] {
        var words: [CorpusWord] = []
        let bytes = Array(text.utf8)
        guard !bytes.isEmpty else { return words }
        var run: (start: Int, end: Int, script: String)?
        func flushRun() {
            if let open = run {
                words.append(
                    CorpusWord(
                        text: String(decoding: bytes[open.start..<open.end], as: UTF8.self), kind: .cjkRun,
                        script: open.script))
                run = nil
            }
        }
        bytes.withUnsafeBufferPointer { buffer in
            buffer.withMemoryRebound(to: CChar.self) { characters in
                _ = breaker.walk(characters.baseAddress!, length: CInt(characters.count)) { start, end, isSymbol in
                    let span = String(decoding: buffer[Int(start)..<Int(end)], as: UTF8.self)
                    if isSymbol {
                        guard Self.isEmoji(span) else { return 0 }
                        flushRun()
                        words.append(CorpusWord(text: span, kind: .emoji, script: "Common"))
                        return 0
                    }
                    let script = script(ofFirstLetterIn: span[...])
                    if Self.cjkScripts.contains(script) {
                        if let open = run, open.end == Int(start) {
                            run = (open.start, Int(end), open.script)
                        } else {
                            flushRun()
                            run = (Int(start), Int(end), script)
                        }
                        return 0
                    }
                    flushRun()
                    words.append(CorpusWord(text: span, kind: .word, script: script))
                    return 0
                }
            }
        }
        flushRun()
        return words
    }

    /// Whether a symbol segment is an emoji: its first code point is presented as one, or asks to
    /// be (U+FE0F), or is a keycap or a regional indicator.
    static func isEmoji(_ text: String) -> Bool {
        guard let first = text.unicodeScalars.first else { return false }
        let properties = first.properties
        return properties.isEmojiPresentation
            || (properties.isEmoji && text.unicodeScalars.contains { $0.value == 0xFE0F || $0.value == 0x20E3 })
            || (0x1F1E6...0x1F1FF).contains(first.value)
    }
}
