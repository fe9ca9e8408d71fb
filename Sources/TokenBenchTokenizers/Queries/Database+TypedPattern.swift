import GRDB
import GRDBSQLite
import TokenBenchEngines

extension Database {
    /// The FTS5 pattern of `kind` for what a user typed, built with the table's own tokenizer:
    /// the text is cut into pieces at token boundaries, each quoted (`"don't"`, `"3.14"`), so
    /// that a piece's tokens are those the table's tokenizer gives the whole text there. With
    /// `unicode61`, `grey cat` gives `"grey" "cat"` for `.all`.
    ///
    /// GRDB's `FTS5Pattern(matchingAllTokensIn:)` splits the text with FTS5's `ascii` tokenizer
    /// whatever the table's is: with `icu` or `trigram`, its pattern for "don't" or "3.14" finds
    /// nothing. This pattern finds, with `.phrase`, what a quoted phrase of the whole text finds;
    /// `.all`, `.any` and `.prefixes` find at least that.
    ///
    /// - parameter text: What the user typed.
    /// - parameter kind: How the pieces are joined.
    /// - parameter tokenizer: The table's tokenizer, registered on this connection.
    /// - parameter locale: The locale the query is matched with (`fts5_locale()`), for a
    ///   `locale=1` table: the tokenizer runs through FTS5's v2 API with it (SQLite 3.47 and
    ///   later; earlier, an error says so).
    /// - returns: nil when the text has no token.
    /// - throws: A `DatabaseError` when the tokenizer is unknown or cannot be made, or fails on
    ///   the text.
    ///
    /// It writes nothing, so it runs in a read-only access (`DatabasePool.read`).
    public func makeFTS5Pattern(
        typed text: String, kind: TypedQueryKind, tokenizer: FTS5TokenizerDescriptor, locale: String? = nil
    ) throws -> FTS5Pattern? {
        do {
            guard
                let pattern = try TypedPatternBuilder.pattern(
                    of: Array(text.utf8), kind: kind, tokenizer: tokenizer.components, locale: locale,
                    on: EngineConnection(borrowing: self))
            else { return nil }
            return try FTS5Pattern(rawPattern: pattern)
        } catch let failure as SQLiteFailure {
            throw DatabaseError(resultCode: ResultCode(rawValue: failure.code), message: failure.message)
        }
    }
}

extension TypedPatternBuilder {
    /// The pattern of `kind` for `text`, built with an instance of the tokenizer `components`
    /// name (its name, then its arguments) made on `connection`: through FTS5's v2 API with
    /// `locale`, else through v1. What `Database.makeFTS5Pattern(typed:kind:tokenizer:locale:)`
    /// and the SQL function `tokenbench_pattern` both return. Throws SQLite's code and message
    /// when the tokenizer is unknown, cannot be made, or fails on the text.
    package static func pattern(
        of text: [UInt8], kind: TypedQueryKind, tokenizer components: [String], locale: String?,
        on connection: EngineConnection
    ) throws(SQLiteFailure) -> String? {
        let instance: any FTS5Tokenizer =
            if let locale {
                try EngineLocaleTokenizerInstance(components: components, locale: locale, in: connection)
            } else {
                try EngineTokenizerInstance(components: components, in: connection)
            }
        do {
            return try pattern(of: text, kind: kind, tokenize: { try instance.patternTokens(of: $0) })
        } catch let failure as SQLiteFailure {
            throw failure
        } catch {
            // patternTokens(of:) throws only SQLiteFailure.
            throw SQLiteFailure(code: SQLITE_ERROR, message: "\(error)")
        }
    }
}

extension FTS5Tokenizer {
    /// The query-mode tokens of `text` with their offsets, through the tokenizer's own
    /// xTokenize. Throws SQLite's code when it fails, or reports a token no bytes can be read
    /// from (a negative length, or a null pointer with a positive one).
    package func patternTokens(of text: [UInt8]) throws(SQLiteFailure) -> [TypedPatternBuilder.Token] {
        let collector = PatternTokenCollector(remainingTokenBytes: TokenByteBudget.bytes(forTextOf: text.count))
        // A scratch byte when empty: FTS5 never passes a null pointer.
        let bytes = text.isEmpty ? [0] : text
        // Ownership: `collector` outlives the synchronous xTokenize; the callback borrows it.
        let code = withExtendedLifetime(collector) {
            bytes.withUnsafeBufferPointer { buffer in
                buffer.withMemoryRebound(to: CChar.self) { chars in
                    tokenize(
                        context: Unmanaged.passUnretained(collector).toOpaque(), tokenization: .query,
                        pText: chars.baseAddress, nText: CInt(text.count), tokenCallback: PatternTokenCollector.callback
                    )
                }
            }
        }
        guard code == SQLITE_OK, !collector.isBroken else {
            throw SQLiteFailure(
                code: code == SQLITE_OK ? SQLITE_ERROR : code,
                message: collector.isBroken ? "the tokenizer reported a token that cannot be read" : "tokenizer error")
        }
        return collector.tokens
    }
}

/// What `patternTokens(of:)` collects from the callback, and what the call's tokens may still
/// take (`TokenByteBudget`), as the wrappers check their BASE: a token past it stops the call.
private final class PatternTokenCollector {
    var tokens: [TypedPatternBuilder.Token] = []
    var isBroken = false
    var remainingTokenBytes: Int

    init(remainingTokenBytes: Int) { self.remainingTokenBytes = remainingTokenBytes }

    static let callback: FTS5TokenCallback = { context, flags, pToken, nToken, iStart, iEnd in
        let collector = Unmanaged<PatternTokenCollector>.fromOpaque(context!).takeUnretainedValue()
        guard nToken >= 0, pToken != nil || nToken == 0, Int(nToken) <= collector.remainingTokenBytes else {
            collector.isBroken = true
            return SQLITE_ERROR
        }
        collector.remainingTokenBytes -= Int(nToken)
        collector.tokens.append(
            TypedPatternBuilder.Token(
                bytes: nToken == 0 ? [] : Array(UnsafeRawBufferPointer(start: pToken, count: Int(nToken))),
                start: Int(iStart), end: Int(iEnd), isColocated: flags & FTS5_TOKEN_COLOCATED != 0))
        return SQLITE_OK
    }
}
