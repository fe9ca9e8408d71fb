#if TOKENBENCH_SNOWBALL
    import CStemmerShim
    import GRDB
    import TokenBenchEngines

    /// One Snowball stemming algorithm from libstemmer, with a cache of the words it has stemmed:
    /// words repeat, and a cache lookup costs less than running the algorithm.
    ///
    /// Layers: `tb_stemmer_*` (C, in CStemmerShim) → this class (owns the stemmer, throws on an
    /// unknown algorithm, caches) → `SnowballTokenizer`.
    package final class SnowballStemmer {
        // Ownership: created by tb_stemmer_open, released exactly once in deinit.
        private let handle: OpaquePointer
        /// Ownership: allocated and initialized in init, deinitialized and freed in deinit. The cache
        /// is reached through a pointer because the lookup runs on every token, and a `var` of a class
        /// would cost a dynamic exclusivity check per access.
        private let cache: UnsafeMutablePointer<Cache>
        private let cacheLimit = 100_000

        /// Stems back to back in one arena of raw memory, so that a lookup hands out a borrowed slice:
        /// an Array would be retained and released around every use, on every token.
        private struct Cache {
            let table = ByteKeyedTable<StemRange>()
            /// Ownership: allocated here, grown by `appendStem`, freed by `release`.
            var stems = UnsafeMutableBufferPointer<UInt8>.allocate(capacity: 4096)
            var stemCount = 0

            mutating func appendStem(_ bytes: UnsafeRawBufferPointer) -> StemRange {
                if stemCount + bytes.count > stems.count {
                    let larger = UnsafeMutableBufferPointer<UInt8>.allocate(
                        capacity: max(stems.count * 2, stemCount + bytes.count))
                    _ = larger.initialize(fromContentsOf: stems[..<stemCount])
                    stems.deallocate()
                    stems = larger
                }
                let start = stemCount
                for (offset, byte) in bytes.enumerated() { stems[start + offset] = byte }
                stemCount += bytes.count
                return StemRange(start: Int32(start), count: Int32(bytes.count))
            }

            func release() { stems.deallocate() }
        }

        /// Where a word's stem lies in the arena; `count` -1 when the word has none (invalid UTF-8).
        private struct StemRange {
            var start: Int32
            var count: Int32
        }

        /// The algorithms libstemmer offers, by their canonical names.
        package static var algorithms: [String] {
            (0..<tb_stemmer_algorithm_count()).compactMap { tb_stemmer_algorithm_name($0).map { String(cString: $0) } }
        }

        init(algorithm: String, tokenizer: String) throws {
            guard let handle = tb_stemmer_open(algorithm) else {
                throw DatabaseError(
                    message:
                        "\(tokenizer): unknown language '\(algorithm)' (languages: \(Self.algorithms.joined(separator: ", ")))"
                )
            }
            self.handle = handle
            cache = .allocate(capacity: 1)
            cache.initialize(to: Cache())
        }

        deinit {
            tb_stemmer_close(handle)
            cache.pointee.release()
            cache.deinitialize(count: 1)
            cache.deallocate()
        }

        /// Calls `body` with the stem of `word`, composed to NFC first so that an NFD spelling stems
        /// like the NFC one; with nil when the word is not valid UTF-8 or libstemmer fails. The
        /// stem is borrowed for the duration of `body`.
        func withStem<R>(of word: UnsafeBufferPointer<UInt8>, _ body: (UnsafeBufferPointer<UInt8>?) -> R) -> R {
            // A word no stemmer can change that is NFC already is its own stem: Chinese clauses, one
            // unicode61 token each, never repeat, and stemming and caching each of them cost more
            // than unicode61's own work.
            if tb_stemmer_has_no_stemmable_letter(
                UnsafeRawPointer(word.baseAddress)?.assumingMemoryBound(to: CChar.self), CInt(word.count)) != 0,
                ICUNormalization.isNFC(word)
            {
                return body(word)
            }
            return withCachedStem(of: word, body)
        }

        /// `withStem` without the checks it begins with: the stem from the cache, or stemmed and
        /// cached. For a word of ASCII bytes, which has a letter a stemmer may change and is NFC
        /// already, the checks can be skipped.
        @inline(__always)
        func withCachedStem<R>(of word: UnsafeBufferPointer<UInt8>, _ body: (UnsafeBufferPointer<UInt8>?) -> R) -> R {
            let range = cache.pointee.table.value(for: word) ?? stemUncached(word)
            guard range.count >= 0 else { return body(nil) }
            return body(
                UnsafeBufferPointer(start: cache.pointee.stems.baseAddress! + Int(range.start), count: Int(range.count))
            )
        }

        private func stemUncached(_ word: UnsafeBufferPointer<UInt8>) -> StemRange {
            if cache.pointee.table.count >= cacheLimit {
                cache.pointee.table.removeAll()
                cache.pointee.stemCount = 0
            }
            var range = StemRange(start: 0, count: -1)
            // NFC first, unless the word is NFC already by a bit test per code point.
            if let composed = word.isASCII || ICUNormalization.isNFC(word)
                ? Array(word) : ICUNormalization.nfc.apply(word)
            {
                var stem: UnsafePointer<CChar>?
                let length = composed.withUnsafeBufferPointer { composed in
                    composed.withMemoryRebound(to: CChar.self) {
                        tb_stemmer_stem(handle, $0.baseAddress, CInt($0.count), &stem)
                    }
                }
                if length >= 0, let stem {
                    range = cache.pointee.appendStem(UnsafeRawBufferPointer(start: stem, count: Int(length)))
                }
            }
            cache.pointee.table.insert(Array(word), range)
            return range
        }
    }
#endif
