import Foundation

/// One document of a quality collection: an id and two FTS5 columns, title and text, as bytes
/// (a TSV line's bytes are indexed as written), and the locale both go in with, if any.
public struct QualityDocument: Sendable, Equatable, Codable {
    package var id: String
    package var title: [UInt8]
    package var text: [UInt8]
    /// The locale of the title and text (`fts5_locale()` into a `locale=1` table), or nil.
    package var locale: String?

    public init(id: String, title: String = "", text: String, locale: String? = nil) {
        self.init(id: id, title: Array(title.utf8), text: Array(text.utf8), locale: locale)
    }

    package init(id: String, title: [UInt8], text: [UInt8], locale: String? = nil) {
        self.id = id
        self.title = title
        self.text = text
        self.locale = locale
    }
}

/// One query of a quality collection: what a user typed in a search box, in the locale it was
/// typed in, if any.
public struct QualityQuery: Sendable, Equatable, Codable {
    package var id: String
    package var text: String
    /// The locale the query is matched with (`MATCH fts5_locale(…)`), or nil.
    package var locale: String?

    public init(id: String, text: String, locale: String? = nil) {
        self.id = id
        self.text = text
        self.locale = locale
    }
}

/// One relevance judgment: how relevant a document is to a query (graded, 0 or less is not
/// relevant), as TREC qrels and BEIR give it.
public struct QualityJudgment: Sendable, Equatable {
    package var queryID: String
    package var documentID: String
    package var relevance: Int

    public init(queryID: String, documentID: String, relevance: Int) {
        self.queryID = queryID
        self.documentID = documentID
        self.relevance = relevance
    }
}

/// Documents, queries and relevance judgments: what `Workbench.quality` ranks and scores.
///
/// The documents are streamed from their file each time an index is built, so memory holds
/// their ids, not their text. Only judged queries are kept: a query without a judgment is
/// skipped and counted, and judgments that name an id the collection lacks are counted. A
/// judgment naming an unknown document stays a relevant document that no ranking can find,
/// as trec_eval counts it; one naming an unknown query is left out.
public struct QualityCollection: Sendable {
    /// Where the documents are read from each time an index is built: the same in a worker.
    enum DocumentStore: Sendable, Codable {
        case file(path: String)
        case memory([QualityDocument])

        /// The documents file, or `documents` for documents held in memory.
        var name: String {
            switch self {
            case .file(let path): path
            case .memory: "documents"
            }
        }

        /// Calls `body` with every document, in order, and where it was read; a document without
        /// a locale of its own gets `defaultLocale`.
        func forEachDocument(
            defaultLocale: String? = nil, _ body: (QualityDocument, SourceLocation) throws -> Void
        ) throws {
            switch self {
            case .memory(let documents):
                for (index, var document) in documents.enumerated() {
                    document.locale = document.locale ?? defaultLocale
                    try body(document, SourceLocation(file: "documents", line: index + 1))
                }
            case .file(let path):
                try QualityFileFormat.forEachRecord(ofFile: path, kind: .document) { record, location in
                    try body(
                        QualityDocument(
                            id: record.id, title: record.title, text: record.text,
                            locale: record.locale ?? defaultLocale),
                        location)
                }
            }
        }
    }

    /// A name for the collection in messages: its folder or documents file, or `fixtures`.
    public let name: String
    let store: DocumentStore
    /// The locale of every document and query without one of their own (`quality --locale`).
    package let defaultLocale: String?
    /// Whether any document or query has a locale: the collection then needs `locale=1` tables
    /// (SQLite 3.47 and later).
    package let hasLocales: Bool
    public let documentCount: Int
    /// The judged queries, in the order of their file.
    package let queries: [QualityQuery]
    /// Relevance by query id, then by document id.
    package let judgments: [String: [String: Int]]
    /// Queries with no judgment at all: skipped.
    package let unjudgedQueries: Int
    /// Judgment lines whose query id is not in the queries: left out.
    package let judgmentsOfUnknownQueries: Int
    /// Judgment lines whose document id is not in the documents: kept, never retrievable.
    package let judgmentsOfUnknownDocuments: Int
    /// Where the collection was read from, when it was read from somewhere it can be read again
    /// (nil for a collection built in memory).
    package internal(set) var source: Source?
    /// A hash of what is ranked and scored: every document (id, title, text, and its locale when
    /// it has one), every judged query (id, text, and its locale) and every judgment, in 16
    /// hexadecimal digits. A baseline of
    /// `tokenbench quality` records it, so that `check --quality` can tell a changed collection
    /// from a changed tokenizer.
    package let fingerprint: String

    /// A collection held in memory.
    public init(
        documents: [QualityDocument], queries: [QualityQuery], judgments: [QualityJudgment],
        defaultLocale: String? = nil
    ) throws {
        let located = judgments.enumerated().map { index, judgment in
            (judgment, SourceLocation(file: "judgments", line: index + 1))
        }
        try self.init(
            name: "memory", store: .memory(documents),
            queries: queries.enumerated().map { ($1, SourceLocation(file: "queries", line: $0 + 1)) },
            judgments: located, defaultLocale: defaultLocale)
    }

    /// With `keepingUnjudgedQueries`, a query without a judgment is ranked too (it scores 0): what
    /// `advise` ranks a query log with, for its result lists.
    init(
        name: String, store: DocumentStore, queries: [(QualityQuery, SourceLocation)],
        judgments: [(QualityJudgment, SourceLocation)], defaultLocale: String? = nil,
        keepingUnjudgedQueries: Bool = false
    ) throws {
        self.name = name
        self.store = store
        self.defaultLocale = defaultLocale
        // Document id → the line it was read from: the only per-document memory the collection keeps.
        var documentLines: [String: Int] = [:]
        var hash = FNV1a64()
        var hasLocales = false
        try store.forEachDocument(defaultLocale: defaultLocale) { document, location in
            // A locale is hashed only where there is one: a collection without locales keeps
            // the fingerprint it had before locales existed.
            hash.combine(
                fields: [Array(document.id.utf8), document.title, document.text]
                    + (document.locale.map { [Array($0.utf8)] } ?? []))
            hasLocales = hasLocales || document.locale != nil
            try Self.checkIdentifier(document.id, of: "document", at: location)
            if let first = documentLines.updateValue(location.line, forKey: document.id) {
                throw TokenBenchError.invalidFixture(
                    file: location.file, line: location.line,
                    reason: "duplicate document id '\(document.id)' (first at line \(first))")
            }
        }
        guard !documentLines.isEmpty else {
            throw TokenBenchError.invalidFixture(file: store.name, line: 0, reason: "the collection has no document")
        }
        documentCount = documentLines.count

        let queries = queries.map { query, location in
            var query = query
            query.locale = query.locale ?? defaultLocale
            return (query, location)
        }
        var queryLines: [String: SourceLocation] = [:]
        for (query, location) in queries {
            try Self.checkIdentifier(query.id, of: "query", at: location)
            if let first = queryLines[query.id] {
                throw TokenBenchError.invalidFixture(
                    file: location.file, line: location.line,
                    reason: "duplicate query id '\(query.id)' (first at line \(first.line))")
            }
            queryLines[query.id] = location
        }
        var relevance: [String: [String: Int]] = [:]
        var judgmentLines: [String: SourceLocation] = [:]
        var unknownQueries = 0
        var unknownDocuments = 0
        for (judgment, location) in judgments {
            let key = judgment.queryID + "\u{0}" + judgment.documentID
            if let first = judgmentLines[key] {
                throw TokenBenchError.invalidFixture(
                    file: location.file, line: location.line,
                    reason:
                        "query '\(judgment.queryID)' judges document '\(judgment.documentID)' twice (first at line \(first.line))"
                )
            }
            judgmentLines[key] = location
            guard queryLines[judgment.queryID] != nil else {
                unknownQueries += 1
                continue
            }
            if documentLines[judgment.documentID] == nil { unknownDocuments += 1 }
            relevance[judgment.queryID, default: [:]][judgment.documentID] = judgment.relevance
        }
        self.queries = queries.map(\.0).filter { keepingUnjudgedQueries || relevance[$0.id] != nil }
        self.judgments = relevance
        for query in self.queries {
            hash.combine(
                fields: [Array(query.id.utf8), Array(query.text.utf8)] + (query.locale.map { [Array($0.utf8)] } ?? []))
            hasLocales = hasLocales || query.locale != nil
            for (document, grade) in relevance[query.id, default: [:]].sorted(by: { $0.key < $1.key }) {
                hash.combine(fields: [Array(document.utf8), Array(String(grade).utf8)])
            }
        }
        fingerprint = String(format: "%016llx", hash.value)
        self.hasLocales = hasLocales
        unjudgedQueries = queries.filter { relevance[$0.0.id] == nil }.count
        judgmentsOfUnknownQueries = unknownQueries
        judgmentsOfUnknownDocuments = unknownDocuments
    }

    /// A TREC run file separates its fields by white space: an id must hold none.
    static func checkIdentifier(_ id: String, of kind: String, at location: SourceLocation) throws {
        guard !id.isEmpty, !id.contains(where: \.isWhitespace) else {
            throw TokenBenchError.invalidFixture(
                file: location.file, line: location.line,
                reason: "the \(kind) id '\(id)' is empty or holds white space, which a TREC run file cannot")
        }
    }
}

extension FNV1a64 {
    /// Feeds each field after its length, so that no two lists of fields hash the same bytes.
    fileprivate mutating func combine(fields: [[UInt8]]) {
        for field in fields {
            withUnsafeBytes(of: UInt64(field.count).littleEndian) { combine($0.bindMemory(to: UInt8.self)) }
            field.withUnsafeBufferPointer { combine($0) }
        }
    }
}
