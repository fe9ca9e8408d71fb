import CUnicode61Words
import GRDB
import GRDBSQLite
import TokenBenchEngines

/// What a shipped wrapper tokenizer does with each token of the tokenizer it wraps: emit zero,
/// one or several tokens, working on the token's bytes (no Swift String per token).
protocol TokenFilter: AnyObject {
    /// What the wrapped tokenizer does with each code point, when it is FTS5's own unicode61
    /// (`Unicode61WordTable.unmanaged(of: base)`, which lives as long as the process); nil
    /// otherwise.
    var baseWordTable: Unmanaged<Unicode61WordTable>? { get }
    func filter(
        _ token: UnsafeBufferPointer<UInt8>, flags: CInt, start: CInt, end: CInt,
        tokenization: FTS5Tokenization, emit: inout TokenEmitter
    ) -> CInt
    /// What the filter does with a token known to be lower-case ASCII (every byte below 0x80,
    /// none in A–Z), which the replay of unicode61 (`Unicode61WordTable`) knows from its table:
    /// a fast path, as a flag. `.likeAnyToken` by default.
    static var lowercaseASCII: LowercaseASCIIPath { get }
    /// `filter` for a token known to be lower-case ASCII, called when `lowercaseASCII` is
    /// `.ownFilter`: a wrapper that would check the token byte by byte can skip the check.
    func filter(
        lowercaseASCII token: UnsafeBufferPointer<UInt8>, flags: CInt, start: CInt, end: CInt,
        tokenization: FTS5Tokenization, emit: inout TokenEmitter
    ) -> CInt
    /// Filters the tokens of one `tb_u61_scan`, in order, their folded bytes in `folded` (which
    /// has `WrappedTokenization.foldedPadding` bytes to read past the last token): by default,
    /// for each, what `lowercaseASCII` says for a lower-case ASCII token (emitted as it is, or
    /// `filter(lowercaseASCII:)`), else `filter`. A filter whose decision per token is
    /// cheap but not predictable (a stop word or not) can decide for the whole batch first and
    /// emit after, without a branch per token that the processor guesses wrong.
    func filter(
        replayed words: UnsafeBufferPointer<tb_u61_word>, folded: UnsafePointer<UInt8>,
        tokenization: FTS5Tokenization, emit: inout TokenEmitter
    ) -> CInt
}

/// A filter's fast path for a token known to be lower-case ASCII.
enum LowercaseASCIIPath {
    /// `filter`, as any token: the replay does not test each token's flag (a branch per token).
    case likeAnyToken
    /// Emitted as it is (`german`, `latinascii`, `translit`, `cjk`): the token goes straight to
    /// FTS5.
    case keptAsIs
    /// `filter(lowercaseASCII:…)`, the filter's own (`snowball`).
    case ownFilter
}

extension TokenFilter {
    static var lowercaseASCII: LowercaseASCIIPath { .likeAnyToken }

    @inline(__always)
    func filter(
        lowercaseASCII token: UnsafeBufferPointer<UInt8>, flags: CInt, start: CInt, end: CInt,
        tokenization: FTS5Tokenization, emit: inout TokenEmitter
    ) -> CInt {
        filter(token, flags: flags, start: start, end: end, tokenization: tokenization, emit: &emit)
    }

    @inline(__always)
    func filter(
        replayed words: UnsafeBufferPointer<tb_u61_word>, folded: UnsafePointer<UInt8>,
        tokenization: FTS5Tokenization, emit: inout TokenEmitter
    ) -> CInt {
        filterOneByOne(replayed: words, folded: folded, tokenization: tokenization, emit: &emit)
    }

    /// What `filter(replayed:…)` does by default, for a filter of its own to fall back on.
    @inline(__always)
    func filterOneByOne(
        replayed words: UnsafeBufferPointer<tb_u61_word>, folded: UnsafePointer<UInt8>,
        tokenization: FTS5Tokenization, emit: inout TokenEmitter
    ) -> CInt {
        for word in words {
            let token = word.foldedBytes(in: folded)
            // `lowercaseASCII` is a constant of the filter's type: each specialisation keeps one
            // of these branches.
            let code: CInt
            switch Self.lowercaseASCII {
            case .keptAsIs where word.is_lowercase_ascii != 0:
                code = emit.emit(token, flags: 0, start: word.start, end: word.end)
            case .ownFilter where word.is_lowercase_ascii != 0:
                code = filter(
                    lowercaseASCII: token, flags: 0, start: word.start, end: word.end, tokenization: tokenization,
                    emit: &emit)
            default:
                code = filter(
                    token, flags: 0, start: word.start, end: word.end, tokenization: tokenization, emit: &emit)
            }
            guard code == SQLITE_OK else { return code }
        }
        return SQLITE_OK
    }
}

extension tb_u61_word {
    /// The token's folded bytes, in the `folded` buffer of the scan that found it.
    @inline(__always)
    func foldedBytes(in folded: UnsafePointer<UInt8>) -> UnsafeBufferPointer<UInt8> {
        UnsafeBufferPointer(start: folded + Int(folded_start), count: Int(folded_length))
    }
}

/// The tokenizer protocol of the wrappers: a tokenizer that wraps `base` and filters its tokens.
/// Its xTokenize is the base's, routed through `filter`. The shipped wrappers (`ShippedWrapper`)
/// and the adapter of users' `TokenFilteringTokenizer` types share this xTokenize.
protocol WrapperTokenizer: FTS5Tokenizer, TokenFilter {
    var base: any FTS5Tokenizer { get }
    /// The xToken callback that forwards the base's tokens to this type's `filter`. Each type
    /// spells it `{ WrappedTokenization.forward(Type.self, $0, $1, $2, $3, $4, $5) }`: a C
    /// function pointer cannot be generic, and one per type makes `filter` a direct call.
    static var tokenTrampoline: FTS5TokenCallback { get }
    /// Called before each input is tokenized, to reset per-input state (none by default).
    func startInput(tokenization: FTS5Tokenization)
}

/// A shipped tokenizer that wraps `base` and filters its tokens, registered by name. It passes
/// each value's locale on to `base`.
typealias ShippedWrapper = RegisteredTokenizerType & WrapperTokenizer & LocalePassingWrapper

extension WrapperTokenizer {
    func startInput(tokenization: FTS5Tokenization) {}

    func tokenize(
        context: UnsafeMutableRawPointer?, tokenization: FTS5Tokenization, pText: UnsafePointer<CChar>?, nText: CInt,
        tokenCallback: @escaping FTS5TokenCallback
    ) -> CInt {
        startInput(tokenization: tokenization)
        return WrappedTokenization.run(
            filter: self, base: base, context: context, tokenization: tokenization,
            pText: pText, nText: nText, tokenCallback: tokenCallback, trampoline: Self.tokenTrampoline)
    }
}
