import CICUShim
import GRDB

/// ICU word segmentation (UAX #29 with ICU's dictionaries for Chinese, Japanese, Thai…) over
/// UTF-8, reporting byte offsets into the text.
///
/// Layers: `tb_wordbreak_*` (C, in CICUShim: the iterator and a UText reused for every text)
/// → this class (owns the iterator, walks the words without a closure or an allocation per
/// call) → `IcuTokenizer`.
/// Not safe for concurrent use: one per tokenizer instance, as FTS5 uses an instance.
final class WordBreaker {
    // Ownership: created by tb_wordbreak_open, released exactly once in deinit.
    private let handle: OpaquePointer

    init(locale: String, tokenizer: String) throws {
        var error = [CChar](repeating: 0, count: 64)
        guard let handle = tb_wordbreak_open(locale, &error, CInt(error.count)) else {
            let name = String(decoding: error.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
            throw DatabaseError(message: "\(tokenizer): ICU cannot open a word-break iterator for locale '\(locale)': \(name)")
        }
        self.handle = handle
    }

    deinit {
        tb_wordbreak_close(handle)
    }

    /// Calls `body(start, end)` with the UTF-8 byte offsets of each word of the `length` bytes at
    /// `text`; a non-zero return stops the walk and is returned. Returns -1 when ICU fails.
    /// `body` is not escaping, so no context is allocated for it.
    @inline(__always)
    func walk(_ text: UnsafePointer<CChar>, length: CInt, _ body: (CInt, CInt) -> CInt) -> CInt {
        guard tb_wordbreak_set_text(handle, text, length) == 0 else { return -1 }
        // The iterator must not keep pointing into the caller's text after it returns.
        defer { tb_wordbreak_clear_text(handle) }
        var start: CInt = 0
        var end: CInt = 0
        while tb_wordbreak_next(handle, &start, &end) != 0 {
            let result = body(start, end)
            if result != 0 { return result }
        }
        return 0
    }
}

/// Full Unicode case folding through ICU, with a cache of the tokens seen.
final class CaseFolder {
    let isTurkic: Bool
    private let cache = ByteStringCache()

    init(turkic: Bool) {
        self.isTurkic = turkic
    }

    /// Calls `body` with the folded token, borrowed from the cache, or with nil on invalid UTF-8,
    /// so the caller can keep the bytes as they are.
    @inline(__always)
    func withFolded<R>(_ token: UnsafeBufferPointer<UInt8>, _ body: (UnsafeBufferPointer<UInt8>?) -> R) -> R {
        if let hit = cache.withValue(for: token, { $0.map(body) }) { return hit }
        let folded: [UInt8]? = token.withMemoryRebound(to: CChar.self) { input in
            withGrowingBuffer { output, capacity in
                tb_casefold_utf8(input.baseAddress, CInt(input.count), isTurkic ? 1 : 0, output, capacity)
            }
        }
        guard let folded else { return body(nil) }
        return folded.withUnsafeBufferPointer { cache.insert(token, $0, body) }
    }
}
