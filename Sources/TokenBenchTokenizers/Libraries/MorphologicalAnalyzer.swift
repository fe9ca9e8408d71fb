#if TOKENBENCH_MECAB
    import CMeCabShim
    import GRDB
    import TokenBenchEngines

    /// MeCab's morphological analysis of Japanese text, reporting each morpheme's surface as UTF-8
    /// byte offsets into the text, with its dictionary features.
    ///
    /// Layers: `tb_mecab_*` (C, in CMeCabShim) → this class (owns the tagger, throws MeCab's reason
    /// on failure) → `JapaneseTokenizer`, which walks the morphemes with a C callback of its own.
    package final class MorphologicalAnalyzer {
        // Ownership: created by tb_mecab_open, released exactly once in deinit. The dictionary model
        // behind it is shared by the process and never released.
        package let handle: OpaquePointer

        /// A tagger on the dictionary in `dicdir`, or on mecabrc's when `dicdir` is nil.
        package init(dicdir: String?, tokenizer: String) throws {
            var error = [CChar](repeating: 0, count: 512)
            guard let handle = tb_mecab_open(dicdir, &error, CInt(error.count)) else {
                let reason = String(nulTerminated: error)
                let dictionary = dicdir.map { "dictionary '\($0)'" } ?? "the dictionary named by mecabrc"
                throw DatabaseError(message: "\(tokenizer): MeCab cannot load \(dictionary): \(reason)")
            }
            self.handle = handle
        }

        deinit {
            tb_mecab_close(handle)
        }

        /// MeCab's library version.
        package static var version: String { String(cString: tb_mecab_version()) }

        /// The system dictionary: its file, version and character set.
        package var dictionaryDescription: String {
            var buffer = [CChar](repeating: 0, count: 1024)
            tb_mecab_describe_dictionary(handle, &buffer, CInt(buffer.count))
            return String(nulTerminated: buffer)
        }

        /// Walks the morphemes of `length` bytes at `text`: `callback` gets `context` with each one.
        /// Returns 0, the callback's non-zero value, or -1 when MeCab fails.
        func walk(
            _ text: UnsafePointer<CChar>, length: CInt, context: UnsafeMutableRawPointer,
            callback: tb_morpheme_callback
        ) -> CInt {
            tb_mecab_walk(handle, text, length, callback, context)
        }
    }
#endif
