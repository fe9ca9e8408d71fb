import GRDB
import GRDBSQLite
import TokenBenchEngines

/// What a shipped wrapper tokenizer does with each token of the tokenizer it wraps: emit zero,
/// one or several tokens, working on the token's bytes (no Swift String per token).
protocol TokenFilter: AnyObject {
    /// The pages of the wrapped tokenizer's token memory found readable so far, kept across
    /// calls because a tokenizer's token buffer usually stays where it is.
    var baseTokenPages: ReadablePages { get }
    /// What the wrapped tokenizer does with each code point, when it is FTS5's own unicode61
    /// (`Unicode61WordTable.of(base)`); nil otherwise.
    var baseWordTable: Unicode61WordTable? { get }
    func filter(
        _ token: UnsafeBufferPointer<UInt8>, flags: CInt, start: CInt, end: CInt,
        tokenization: FTS5Tokenization, emit: inout TokenEmitter
    ) -> CInt
}

/// A tokenizer that wraps `base` and filters its tokens: its xTokenize is the base's, routed
/// through `filter`. The shipped wrappers (`FilteringWrapper`) and the adapter of users'
/// `TokenFilteringTokenizer` types share this xTokenize.
protocol BaseTokenFilter: FTS5Tokenizer, TokenFilter {
    var base: any FTS5Tokenizer { get }
    /// The xToken callback that forwards the base's tokens to this type's `filter`. Each type
    /// spells it `{ WrappedTokenization.forward(Type.self, $0, $1, $2, $3, $4, $5) }`: a C
    /// function pointer cannot be generic, and one per type makes `filter` a direct call.
    static var tokenTrampoline: FTS5TokenCallback { get }
    /// Called before each input is tokenized, to reset per-input state (none by default).
    func startInput(tokenization: FTS5Tokenization)
}

/// A shipped tokenizer that wraps `base` and filters its tokens, registered by name.
protocol FilteringWrapper: RegisteredTokenizerType, BaseTokenFilter {}

extension BaseTokenFilter {
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
