import GRDB

extension TokenizerSpec {
    /// The spec of a GRDB tokenizer descriptor, so that what an app passes to GRDB's
    /// `tokenizer = .unicode61(diacritics: .keep)` or `MyTokenizer.tokenizerDescriptor()` runs
    /// here unchanged. Each component is one FTS5 word: a bare word when it is letters, digits and
    /// `_` only (what FTS5's parser takes bare), else quoted with `'…'` as GRDB quotes it.
    public init(_ descriptor: FTS5TokenizerDescriptor, label: String? = nil) {
        let words = descriptor.components.map { component in
            let isBare =
                !component.isEmpty
                && component.unicodeScalars.allSatisfy { scalar in
                    !scalar.isASCII || scalar.properties.isAlphabetic || ("0"..."9").contains(scalar) || scalar == "_"
                }
            return isBare ? component : "'" + component.replacingOccurrences(of: "'", with: "''") + "'"
        }
        self.init(label: label, text: words.joined(separator: " "))
    }
}
