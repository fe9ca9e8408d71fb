import TokenBenchEngines

/// One line of what a case expects: a verdict for some tokenizers, on every cell of theirs or
/// only on an engine, a form pair and/or a query kind. Written in Swift the way a fixture file
/// writes `match:`, `nomatch:` and `match[bundled nfc:nfd prefix]:`:
///
///     let matchCase = try MatchCase(id: "aime", category: "nfd", document: "aim\u{E9}", query: "aime") {
///         Expectation.match(["unicode61", "nfkc"])
///         Expectation.nomatch(["ascii"])
///         Expectation.nomatch(["unicode61-rd0"], formPair: FormPair(document: .nfc, query: .nfd))
///     }
public struct Expectation: Hashable, Sendable {
    package let result: MatchVerdict.Code
    /// Tokenizer labels (or spec texts, for unlabelled specs), as the matrix names them.
    package let tokenizers: [String]
    package let scope: ExpectationScope

    package init(_ result: MatchVerdict.Code, _ tokenizers: [String], scope: ExpectationScope = ExpectationScope()) {
        self.result = result
        self.tokenizers = tokenizers
        self.scope = scope
    }

    /// The query finds the document, for these tokenizers (in this scope).
    public static func match(
        _ tokenizers: [String], formPair: FormPair? = nil, queryKind: QueryKind? = nil, engine: SQLiteEngine? = nil
    ) -> Expectation {
        Expectation(
            .match, tokenizers, scope: ExpectationScope(formPair: formPair, queryKind: queryKind, engine: engine?.name))
    }

    /// The query does not find the document.
    public static func nomatch(
        _ tokenizers: [String], formPair: FormPair? = nil, queryKind: QueryKind? = nil, engine: SQLiteEngine? = nil
    ) -> Expectation {
        Expectation(
            .noMatch, tokenizers,
            scope: ExpectationScope(formPair: formPair, queryKind: queryKind, engine: engine?.name))
    }

    /// The app's query builder makes no query of the text (`MatchVerdict.noQuery`): a verdict of
    /// the `raw`, `grdb-*` and `typed-*` query kinds only, so give it one of them.
    public static func noquery(
        _ tokenizers: [String], formPair: FormPair? = nil, queryKind: QueryKind? = nil, engine: SQLiteEngine? = nil
    ) -> Expectation {
        Expectation(
            .noQuery, tokenizers,
            scope: ExpectationScope(formPair: formPair, queryKind: queryKind, engine: engine?.name))
    }

    /// FTS5 refuses the query, or it has no tokens.
    public static func error(
        _ tokenizers: [String], formPair: FormPair? = nil, queryKind: QueryKind? = nil, engine: SQLiteEngine? = nil
    ) -> Expectation {
        Expectation(
            .error, tokenizers, scope: ExpectationScope(formPair: formPair, queryKind: queryKind, engine: engine?.name))
    }
}

/// Collects a case's `Expectation`s, one per line, with `if` and `for` allowed.
@resultBuilder
public enum ExpectationBuilder {
    public static func buildExpression(_ expectation: Expectation) -> [Expectation] { [expectation] }
    public static func buildBlock(_ parts: [Expectation]...) -> [Expectation] { parts.flatMap { $0 } }
    public static func buildOptional(_ part: [Expectation]?) -> [Expectation] { part ?? [] }
    public static func buildEither(first part: [Expectation]) -> [Expectation] { part }
    public static func buildEither(second part: [Expectation]) -> [Expectation] { part }
    public static func buildArray(_ parts: [[Expectation]]) -> [Expectation] { parts.flatMap { $0 } }
}

extension MatchCase {
    /// A case with its expectations written as `Expectation`s. Throws when two of them give one
    /// tokenizer two verdicts in the same scope, naming the case and the tokenizer, as the
    /// fixture parser does for a file.
    ///
    /// A case with a locale or `tokendata` takes them as the case without expectations does.
    public init(
        id: String, category: String, document: String, query: String, note: String = "",
        documentLocale: String? = nil, queryLocale: String? = nil, tokendata: Bool = false,
        @ExpectationBuilder expecting: () -> [Expectation]
    ) throws {
        var expectations: [String: [ExpectationScope: MatchVerdict.Code]] = [:]
        for expectation in expecting() {
            for tokenizer in expectation.tokenizers {
                if let earlier = expectations[tokenizer]?[expectation.scope], earlier != expectation.result {
                    let scope = expectation.scope.description.isEmpty ? "" : " in scope [\(expectation.scope)]"
                    throw TokenBenchError.invalidArgument(
                        name: "case \(id)", value: tokenizer,
                        reason: "expected both \(earlier.fixtureKey) and \(expectation.result.fixtureKey)\(scope)")
                }
                expectations[tokenizer, default: [:]][expectation.scope] = expectation.result
            }
        }
        self.init(
            id: id, category: category, document: document, query: query, note: note,
            documentLocale: documentLocale, queryLocale: queryLocale, tokendata: tokendata,
            expectations: expectations)
    }
}
