/// How many token bytes one xTokenize call may report in all, for a text of a given length.
///
/// A tokenizer that lies about nToken (1 GiB for a five-byte word) would otherwise have every
/// consumer that checks or copies its tokens walk gigabytes per token. No honest tokenizer comes
/// near this bound: trigram reports each character in three tokens, NFKC expands a character at
/// most 18-fold, and a colocated reading or two adds a few times the text; 64 times the text,
/// plus 64 KiB for short texts, leaves room for all of them together.
///
/// The shipped wrappers fail the call when their base goes over it, and
/// `tokenbench conformance` reports such a call as `token-length` without reading past it.
package enum TokenByteBudget {
    /// The most token bytes one call on `textCount` bytes of text may report.
    package static func bytes(forTextOf textCount: Int) -> Int {
        64 &* max(textCount, 0) &+ 65536
    }
}
