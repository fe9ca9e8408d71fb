import GRDBSQLite
import TokenBenchEngines

/// The SQL function `tokenbench_pattern(TOKENIZE, TEXT, KIND [, LOCALE])`: the typed-query
/// pattern `Database.makeFTS5Pattern(typed:kind:tokenizer:locale:)` builds, for SQL clients
/// (the loadable extension in the sqlite3 shell or Python, or a GRDB connection after
/// `addTokenBenchTokenizers()`).
///
/// - TOKENIZE: a `tokenize=` option's text (`'porter unicode61'`), split into words as FTS5
///   splits one (`TokenizeOptionWords`); the tokenizer it names is the calling connection's,
///   made through FTS5's API: no table is made, nothing is written.
/// - TEXT: what the user typed; NULL gives NULL.
/// - KIND: `any`, `all`, `prefixes` or `phrase` (`TypedQueryKind`).
/// - LOCALE: when given (not NULL), the tokenizer runs through FTS5's v2 API with it (SQLite
///   3.47 and later), as `makeFTS5Pattern`'s `locale` does.
///
/// A text with no token gives NULL. Each failure is an SQL error whose message starts
/// `tokenbench_pattern:` and names the argument at fault.
package enum PatternFunction {
    package static let name = "tokenbench_pattern"

    /// Registers the function for three and four arguments on `connection`, which it keeps
    /// alive until SQLite destroys the registrations (when the connection closes).
    package static func register(on connection: EngineConnection) throws(SQLiteFailure) {
        for argumentCount in [3, 4] {
            try connection.createScalarFunction(name, argumentCount: argumentCount) { arguments in
                result(of: arguments, on: connection)
            }
        }
    }

    /// One call's result: `arguments` are TOKENIZE, TEXT, KIND and maybe LOCALE, as SQLite's
    /// text bytes (nil for NULL).
    static func result(of arguments: [[UInt8]?], on connection: EngineConnection) -> ScalarFunctionResult {
        let kinds = TypedQueryKind.allCases.map(\.rawValue).joined(separator: ", ")
        guard let kindBytes = arguments[2] else { return .error("\(name): KIND is NULL; it is one of \(kinds)") }
        let kindText = String(decoding: kindBytes, as: UTF8.self)
        guard let kind = TypedQueryKind(rawValue: kindText) else {
            return .error("\(name): unknown KIND '\(kindText)'; it is one of \(kinds)")
        }
        guard let tokenize = arguments[0] else { return .error("\(name): TOKENIZE is NULL") }
        if let offset = UTF8Scalar.firstIllFormedOffset(in: tokenize) {
            return .error("\(name): TOKENIZE is not UTF-8 at byte \(offset)")
        }
        let spec = String(decoding: tokenize, as: UTF8.self)
        guard let words = TokenizeOptionWords.split(tokenize) else {
            return .error(
                "\(name): parse error in TOKENIZE '\(spec)' (FTS5's tokenize= syntax: words of letters, digits and _, or quoted with '…')"
            )
        }
        guard !words.isEmpty else { return .error("\(name): TOKENIZE '\(spec)' names no tokenizer") }
        var locale: String?
        if arguments.count > 3, let bytes = arguments[3] {
            if let offset = UTF8Scalar.firstIllFormedOffset(in: bytes) {
                return .error("\(name): LOCALE is not UTF-8 at byte \(offset)")
            }
            locale = String(decoding: bytes, as: UTF8.self)
        }
        guard let text = arguments[1] else { return .null }
        if let offset = UTF8Scalar.firstIllFormedOffset(in: text) {
            return .error("\(name): TEXT is not UTF-8 at byte \(offset)")
        }
        do {
            // Words of UTF-8 text cut at ASCII bytes: each is UTF-8 too.
            let pattern = try TypedPatternBuilder.pattern(
                of: text, kind: kind, tokenizer: words.map { String(decoding: $0, as: UTF8.self) }, locale: locale,
                on: connection)
            return pattern.map { .text($0) } ?? .null
        } catch {
            return .error("\(name): \(error.message) (TOKENIZE '\(spec)')")
        }
    }
}
