import CICUShim
import GRDB

/// ICU word segmentation (UAX #29 with ICU's dictionaries for Chinese, Japanese, Thai…) over
/// UTF-8, reporting byte offsets into the text.
///
/// Layers: `tb_wordbreak_*` (C, in CICUShim) → this class (owns the iterator, bridges the C
/// callback to a Swift closure) → `IcuTokenizer`.
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

    /// Per-walk state reached from the C callback.
    private final class Walk {
        let body: (Int, Int) -> CInt
        init(body: @escaping (Int, Int) -> CInt) { self.body = body }
    }

    /// Calls `body(start, end)` for each word; a non-zero return stops the walk and is returned.
    /// Returns -1 when ICU fails.
    func walk(_ text: UnsafePointer<CChar>, length: CInt, _ body: @escaping (Int, Int) -> CInt) -> CInt {
        let walk = Walk(body: body)
        // Ownership: `walk` lives until tb_wordbreak_walk returns; the callback borrows it.
        return withExtendedLifetime(walk) {
            tb_wordbreak_walk(handle, text, length, { context, start, end in
                Unmanaged<Walk>.fromOpaque(context!).takeUnretainedValue().body(Int(start), Int(end))
            }, Unmanaged.passUnretained(walk).toOpaque())
        }
    }
}

/// Full Unicode case folding through ICU, with a cache of the tokens seen.
final class CaseFolder {
    let isTurkic: Bool
    private var cache = ByteKeyedTable<[UInt8]>()

    init(turkic: Bool) {
        self.isTurkic = turkic
    }

    /// The folded token; nil on invalid UTF-8, so the caller can keep the bytes as they are.
    func fold(_ token: UnsafeBufferPointer<UInt8>) -> [UInt8]? {
        if let cached = cache.value(for: token) { return cached }
        let folded: [UInt8]? = token.withMemoryRebound(to: CChar.self) { input in
            withGrowingBuffer { output, capacity in
                tb_casefold_utf8(input.baseAddress, CInt(input.count), isTurkic ? 1 : 0, output, capacity)
            }
        }
        guard let folded else { return nil }
        if cache.count >= 100_000 { cache.removeAll() }
        cache.insert(Array(token), folded)
        return folded
    }
}
