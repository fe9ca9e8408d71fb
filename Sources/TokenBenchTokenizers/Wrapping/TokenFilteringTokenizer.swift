import GRDB
import TokenBenchEngines

/// A tokenizer of your own that wraps another FTS5 tokenizer (its BASE) and rewrites BASE's
/// tokens as bytes: the protocol TokenBench's own wrappers (`synonyms`, `stopwords`, `german`…)
/// are built on, and as fast. A token reaches `filter` as a borrowed byte buffer and leaves
/// through `TokenEmitter`, with no Swift String per token: GRDB's `FTS5WrapperTokenizer` builds
/// two per token, which costs about four fifths of unicode61's speed.
///
/// Register the type on an app's connections with `Database.add(filteringTokenizer:)`, or in the
/// bench with `Workbench.Options(filteringTokenizers:)`, where it exists on every engine (the
/// bundled SQLite too). Either way it is known under `name`, with the spec `NAME [KEY VALUE]… [BASE…]`:
/// the options of `optionKeys` first, then BASE's own spec (`defaultBase` when the spec gives
/// none). TokenBench checks each of BASE's tokens before `filter` sees it: a negative length, a
/// null pointer with a positive one, or more bytes than the whole text could make fails the call
/// instead of crashing. A pointer to memory that cannot be read is trusted, as FTS5 trusts it;
/// `tokenbench`, which runs judged tokenizers in worker processes, reports the crash.
///
/// One instance serves one FTS5 table, one call at a time: state kept between tokens of an
/// input is safe, and `startInput` is where to reset it.
public protocol TokenFilteringTokenizer: AnyObject {
    /// The name FTS5 knows the tokenizer by. It may not be a name SQLite or TokenBench uses.
    static var name: String { get }
    /// The `KEY VALUE` options the spec may give before BASE (none by default).
    static var optionKeys: Set<String> { get }
    /// BASE's spec words when the spec names no BASE (`unicode61` by default).
    static var defaultBase: [String] { get }

    /// Makes an instance from the spec's options; `base` is the instance of BASE it wraps, for a
    /// constructor that runs word lists through it (its `tokenize(document:)`, say). Throwing
    /// refuses the spec: FTS5 reports a constructor error with your message.
    init(options: [String: String], base: any FTS5Tokenizer) throws

    /// Called before the first token of each input text.
    func startInput(tokenization: FTS5Tokenization)

    /// Called for each of BASE's tokens, in order: `token` is its bytes (valid for this call
    /// only), `flags`, `start` and `end` what BASE reported. Emit zero or more tokens through
    /// `emitter` and return the last emit's code (or SQLITE_OK, 0, when emitting nothing).
    func filter(
        _ token: UnsafeBufferPointer<UInt8>, flags: CInt, start: CInt, end: CInt, tokenization: FTS5Tokenization,
        emitter: inout TokenEmitter
    ) -> CInt
}

extension TokenFilteringTokenizer {
    public static var optionKeys: Set<String> { [] }
    public static var defaultBase: [String] { ["unicode61"] }
    public func startInput(tokenization: FTS5Tokenization) {}
}

/// The FTS5 tokenizer behind a user's `TokenFilteringTokenizer`: BASE made on the same engine,
/// its tokens checked and routed through the user's `filter` by the machinery the shipped
/// wrappers use. One adapter type for every user type, so one C trampoline; the user's `filter`
/// is one dynamically dispatched call per token.
final class TokenFilteringTokenizerAdapter: WrapperTokenizer {
    static let tokenTrampoline: FTS5TokenCallback = {
        WrappedTokenization.forward(TokenFilteringTokenizerAdapter.self, $0, $1, $2, $3, $4, $5)
    }

    let base: any FTS5Tokenizer
    let baseWordTable: Unmanaged<Unicode61WordTable>?
    private let user: any TokenFilteringTokenizer

    init(type: any TokenFilteringTokenizer.Type, connection: EngineConnection, arguments: [String]) throws {
        let parsed = try WrapperArguments(
            arguments, optionKeys: type.optionKeys, defaultBase: type.defaultBase, tokenizer: type.name)
        base = try parsed.makeBase(connection)
        baseWordTable = Unicode61WordTable.unmanaged(of: base)
        user = try type.init(options: parsed.options, base: base)
    }

    func startInput(tokenization: FTS5Tokenization) {
        user.startInput(tokenization: tokenization)
    }

    func filter(
        _ token: UnsafeBufferPointer<UInt8>, flags: CInt, start: CInt, end: CInt,
        tokenization: FTS5Tokenization, emit: inout TokenEmitter
    ) -> CInt {
        user.filter(token, flags: flags, start: start, end: end, tokenization: tokenization, emitter: &emit)
    }
}
