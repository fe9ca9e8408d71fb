#if TOKENBENCH_ICU
    import CICUShim
    import GRDB
    import TokenBenchEngines

    /// ICU word segmentation (UAX #29 with ICU's dictionaries for Chinese, Japanese, Thai…) over
    /// UTF-8, reporting byte offsets into the text.
    ///
    /// Layers: `tb_wordbreak_*` (C, in CICUShim: the iterator and a UText reused for every text)
    /// → this class (owns the iterator, walks the words without a closure or an allocation per
    /// call) → `IcuTokenizer`.
    /// Not safe for concurrent use: one per tokenizer instance, as FTS5 uses an instance.
    package final class WordBreaker {
        // Ownership: created by tb_wordbreak_open, released exactly once in deinit.
        private let handle: OpaquePointer

        /// With `asciiWords` false, ICU breaks all of the text, even the runs of ASCII letters and
        /// digits that the root locale takes without it (`tb_wordbreak_next`): the tests' oracle.
        /// With `symbols`, the walk also reports the segments ICU gives no word status that are an
        /// emoji sequence or a symbol (`tb_wordbreak_set_symbols`).
        package init(locale: String, tokenizer: String, asciiWords: Bool = true, symbols: Bool = false) throws {
            var error = [CChar](repeating: 0, count: 64)
            guard let handle = tb_wordbreak_open(locale, &error, CInt(error.count)) else {
                let name = String(nulTerminated: error)
                throw DatabaseError(
                    message: "\(tokenizer): ICU cannot open a word-break iterator for locale '\(locale)': \(name)")
            }
            self.handle = handle
            if !asciiWords { tb_wordbreak_set_ascii_words(handle, 0) }
            if symbols { tb_wordbreak_set_symbols(handle, 1) }
        }

        deinit {
            tb_wordbreak_close(handle)
        }

        /// Calls `body(start, end, isSymbol)` with the UTF-8 byte offsets of each word of the
        /// `length` bytes at `text` (and, with `symbols`, of each emoji or symbol, `isSymbol` true); a
        /// non-zero return stops the walk and is returned. Returns -1 when ICU fails. `body` is not
        /// escaping, so no context is allocated for it.
        @inline(__always)
        package func walk(_ text: UnsafePointer<CChar>, length: CInt, _ body: (CInt, CInt, Bool) -> CInt) -> CInt {
            guard tb_wordbreak_set_text(handle, text, length) == 0 else { return -1 }
            // The iterator must not keep pointing into the caller's text after it returns.
            defer { tb_wordbreak_clear_text(handle) }
            var start: CInt = 0
            var end: CInt = 0
            while true {
                let found = tb_wordbreak_next(handle, &start, &end)
                guard found > 0 else { return found < 0 ? -1 : 0 }
                let result = body(start, end, found == 2)
                if result != 0 { return result }
            }
        }

        /// Whether the `bytes` are exactly one word: the first word ICU finds spans all of them.
        func isOneWord(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
            guard let base = bytes.baseAddress, !bytes.isEmpty else { return false }
            var span: (CInt, CInt)?
            let result = base.withMemoryRebound(to: CChar.self, capacity: bytes.count) { text in
                walk(text, length: CInt(bytes.count)) { start, end, _ in
                    span = (start, end)
                    return 1 // the first word is enough
                }
            }
            return result >= 0 && span.map { $0.0 == 0 && Int($0.1) == bytes.count } ?? false
        }
    }
#endif
