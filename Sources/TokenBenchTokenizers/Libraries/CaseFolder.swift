#if TOKENBENCH_ICU
    import CICUShim
    import TokenBenchEngines

    /// Full Unicode case folding through ICU, with a cache of the tokens seen.
    ///
    /// Layers: `tb_casefold_utf8` (C, in CICUShim) → this class (caches, grows buffers) →
    /// `IcuTokenizer`.
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
#endif
