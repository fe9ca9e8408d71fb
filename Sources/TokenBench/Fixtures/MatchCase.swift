import Foundation
import TokenBenchEngines

/// Where an expectation applies: every cell of a tokenizer, or only an engine, a form pair
/// and/or a query kind.
package struct ExpectationScope: Hashable, Sendable, CustomStringConvertible {
    package var formPair: FormPair?
    package var queryKind: QueryKind?
    /// An engine name (`system`, `bundled`): SQLite versions may answer differently.
    package var engine: String?

    package init(formPair: FormPair? = nil, queryKind: QueryKind? = nil, engine: String? = nil) {
        self.formPair = formPair
        self.queryKind = queryKind
        self.engine = engine
    }

    /// The scopes that apply to one cell, most specific first: any scope naming the engine
    /// before any that does not.
    static func candidates(formPair: FormPair, queryKind: QueryKind, engine: String) -> [ExpectationScope] {
        [engine, nil].flatMap { engine in
            [
                ExpectationScope(formPair: formPair, queryKind: queryKind, engine: engine),
                ExpectationScope(formPair: formPair, queryKind: nil, engine: engine),
                ExpectationScope(formPair: nil, queryKind: queryKind, engine: engine),
                ExpectationScope(formPair: nil, queryKind: nil, engine: engine),
            ]
        }
    }

    package var description: String {
        [engine, formPair?.description, queryKind?.rawValue].compactMap { $0 }.joined(separator: " ")
    }
}

/// Where a case was read from, for error messages and failure reports.
package struct SourceLocation: Hashable, Sendable, CustomStringConvertible {
    package var file: String
    package var line: Int

    package init(file: String, line: Int) {
        self.file = file
        self.line = line
    }

    package var description: String { "\(file):\(line)" }
}

/// One document/query pair: does the query find the document?
public struct MatchCase: Hashable, Sendable {
    public var id: String
    public var category: String
    public var document: String
    public var query: String
    public var note: String
    /// The locale FTS5 is given with the document (`fts5_locale()` into a `locale=1` table), or
    /// nil for none.
    public var documentLocale: String?
    /// The locale FTS5 is given with the query (`MATCH fts5_locale(…)`), or nil for none.
    public var queryLocale: String?
    /// Whether the case runs in a `tokendata=1` table (SQLite 3.45 and later), where a token
    /// `key\0data` matches on its key.
    public var tokendata: Bool
    /// Expectations per tokenizer label, per scope.
    package var expectations: [String: [ExpectationScope: MatchVerdict.Code]]
    /// Where the case was read from (`<memory>` for a case made in Swift).
    package var location: SourceLocation

    /// A case without expectations: its cells' outcome is `unchecked`.
    public init(
        id: String, category: String, document: String, query: String, note: String = "",
        documentLocale: String? = nil, queryLocale: String? = nil, tokendata: Bool = false
    ) {
        self.init(
            id: id, category: category, document: document, query: query, note: note,
            documentLocale: documentLocale, queryLocale: queryLocale, tokendata: tokendata, expectations: [:])
    }

    /// A case with its expectations by tokenizer label and scope, as the fixture parser reads them.
    package init(
        id: String, category: String, document: String, query: String, note: String = "",
        documentLocale: String? = nil, queryLocale: String? = nil, tokendata: Bool = false,
        expectations: [String: [ExpectationScope: MatchVerdict.Code]],
        location: SourceLocation = SourceLocation(file: "<memory>", line: 0)
    ) {
        self.id = id
        self.category = category
        self.document = document
        self.query = query
        self.note = note
        self.documentLocale = documentLocale
        self.queryLocale = queryLocale
        self.tokendata = tokendata
        self.expectations = expectations
        self.location = location
    }

    /// Whether the document or the query has a locale: such a case needs an engine with
    /// `locale=1` tables (SQLite 3.47 and later).
    package var hasLocale: Bool { documentLocale != nil || queryLocale != nil }

    /// The `locale` column of the matrix CSVs: empty without a locale, the locale when the
    /// document and the query share it, else `DOCUMENT/QUERY` (either side empty for none).
    package var localeColumn: String {
        guard hasLocale else { return "" }
        if documentLocale == queryLocale { return documentLocale ?? "" }
        return "\(documentLocale ?? "")/\(queryLocale ?? "")"
    }

    /// The most specific expectation recorded for `label` on one cell, if any.
    package func expectation(
        for label: String, formPair: FormPair, queryKind: QueryKind, engine: String = SQLiteEngine.system.name
    ) -> MatchVerdict.Code? {
        guard let scopes = expectations[label] else { return nil }
        for scope in ExpectationScope.candidates(formPair: formPair, queryKind: queryKind, engine: engine) {
            if let result = scopes[scope] { return result }
        }
        return nil
    }
}
