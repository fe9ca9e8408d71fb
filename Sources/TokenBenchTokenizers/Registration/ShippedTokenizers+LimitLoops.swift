// The bench reads these, and the bench builds with every trait.
#if TOKENBENCH_ICU && TOKENBENCH_MECAB && TOKENBENCH_SNOWBALL
    import TokenBenchEngines

    extension ShippedTokenizers {
        /// What the C limit loops of `tokenbench throughput` need to know about a spec, read the way
        /// the tokenizer's own constructor reads it, so that the loop runs what the tokenizer runs.
        package enum LimitLoopParameters {
            /// An `icu` spec: ICU's word break in `locale`, folding case the Turkic way or not.
            case icu(locale: String, turkicCaseFolding: Bool)
            /// An `nfkc` spec: the spec words of the tokenizer it wraps.
            case nfkc(base: [String])
            /// A `japanese` spec: MeCab on the dictionary in `dicdir` (nil: mecabrc's).
            case japanese(dicdir: String?)

            /// The parameters of the spec `words` (name first), nil for a tokenizer with no limit
            /// loop; throws the constructor's error for arguments it would refuse.
            package init?(words: [String]) throws {
                switch words.first {
                case IcuTokenizer.name:
                    let options = try IcuTokenizer.options(from: Array(words.dropFirst()))
                    // The loop breaks words and folds case only: with symbols or apostrophes, the
                    // tokenizer does more than it.
                    guard !options.symbols, !options.apostrophes else { return nil }
                    self = .icu(
                        locale: options.locale, turkicCaseFolding: IcuTokenizer.isTurkic(locale: options.locale))
                case NfkcTokenizer.name:
                    self = .nfkc(base: try NfkcTokenizer.wrapperArguments(Array(words.dropFirst())).base)
                case JapaneseTokenizer.name:
                    self = .japanese(dicdir: try JapaneseTokenizer.dicdir(from: Array(words.dropFirst())))
                default:
                    return nil
                }
            }
        }
    }
#endif
