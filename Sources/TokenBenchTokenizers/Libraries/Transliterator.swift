#if TOKENBENCH_ICU
    import CICUShim
    import GRDB
    import TokenBenchEngines

    /// An ICU transliterator with a cache of the tokens it has seen: transliterating costs
    /// microseconds per call, and words repeat.
    ///
    /// Layers: `tb_translit_*` (C, in CICUShim) → this class (owns the handle, throws on failure,
    /// grows buffers) → the tokenizers, which only ask for a token's transliteration.
    final class Transliterator {
        // Ownership: created by tb_translit_open, released exactly once in deinit.
        private let handle: OpaquePointer
        private let cache: ByteStringCache
        private let lowercaser = ASCIILowercaser()
        init(id: String, tokenizer: String, cacheLimit: Int = 100_000) throws {
            var error = [CChar](repeating: 0, count: 64)
            guard let handle = tb_translit_open(id, &error, CInt(error.count)) else {
                let name = String(nulTerminated: error)
                throw DatabaseError(message: "\(tokenizer): ICU cannot open transform '\(id)': \(name)")
            }
            self.handle = handle
            cache = ByteStringCache(limit: cacheLimit)
        }

        deinit { tb_translit_close(handle) }

        /// The transliteration of `token`, from the cache when it was seen before; nil when ICU fails
        /// (invalid UTF-8, say), so the caller can keep the token as it is.
        func transliterate(_ token: UnsafeBufferPointer<UInt8>) -> [UInt8]? {
            withTransliteration(of: token) { $0.map(Array.init) }
        }

        /// Calls `body` with the transliteration of `token`, borrowed from the cache, or with nil
        /// when ICU fails: the path of every token, without an array retained per token.
        @inline(__always)
        func withTransliteration<R>(of token: UnsafeBufferPointer<UInt8>, _ body: (UnsafeBufferPointer<UInt8>?) -> R)
            -> R
        {
            if let hit = cache.withValue(for: token, { $0.map(body) }) { return hit }
            guard let result = transliterateUncached(token) else { return body(nil) }
            return result.withUnsafeBufferPointer { cache.insert(token, $0, body) }
        }

        private func transliterateUncached(_ token: UnsafeBufferPointer<UInt8>) -> [UInt8]? {
            token.withMemoryRebound(to: CChar.self) { input in
                withGrowingBuffer { output, capacity in
                    tb_translit_utf8(handle, input.baseAddress, CInt(input.count), output, capacity)
                }
            }
        }
    }

    extension Transliterator {
        /// Emits `token` transliterated. The shipped transform (`translit`) ends in ASCII and
        /// `Lower`, and maps ASCII to itself, so an ASCII token only needs lower-casing: it skips ICU. A token ICU
        /// cannot transliterate (or turns into nothing) is emitted as it is.
        func emitTransliterated(
            _ token: UnsafeBufferPointer<UInt8>, flags: CInt, start: CInt, end: CInt,
            emit: inout TokenEmitter
        ) -> CInt {
            if let lowered = lowercaser.lowerCased(token) {
                return emit.emit(lowered, flags: flags, start: start, end: end)
            }
            return withTransliteration(of: token) { result in
                guard let result, !result.isEmpty else { return emit.emit(token, flags: flags, start: start, end: end) }
                return emit.emit(result, flags: flags, start: start, end: end)
            }
        }
    }
#endif
