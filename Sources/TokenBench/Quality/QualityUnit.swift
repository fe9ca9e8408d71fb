import Foundation
import TokenBenchEngines

/// A quality run of one tokenizer on one engine with one FTS5 detail: a real FTS5 table
/// `docs(id UNINDEXED, title, text)` of the collection in a new in-memory database, then every
/// judged query of every kind ranked by FTS5's bm25.
///
/// Inputs: `0..<documentCount` are the documents, inserted in one transaction; `documentCount`
/// is the index's `optimize` and measurement; after it, query `q` of kind `k` is input
/// `documentCount + 1 + k × queries.count + q`. A document that killed a worker is left out
/// when the index is built again; a unit that goes on after a query builds the index again
/// first (the same documents, the same rowids).
///
/// A collection with locales is indexed in a `locale=1` table: a document with a locale goes in
/// through `fts5_locale()` (title and text), a query with one is matched through it and traced
/// with it. `Workbench.quality` makes no such unit on an engine without locales.
struct QualityUnit: WorkerUnit {
    static let kind = "quality"
    static let schema = "tokenbench_quality"

    var judged: JudgedTokenizer
    var detail: FTS5Detail
    var queryKinds: [SearchQueryKind]
    var depth: Int
    var documents: QualityCollection.DocumentStore
    /// The locale of documents without one of their own, and whether any text has a locale.
    var defaultLocale: String?
    var usesLocales: Bool
    var documentCount: Int
    var queries: [QualityQuery]
    /// Each query's MATCH expression per kind whose builder does not use the index's tokenizer
    /// (GRDB's `FTS5Pattern`, which splits with FTS5's ascii tokenizer whatever the table's,
    /// and the search box's quoting): `[kind][query]`, empty for the typed kinds. Built once per
    /// run, not per unit: a GRDB builder call makes an in-memory database and an FTS5 table, and
    /// calling them in each of advise's 67 units was a third of its CPU.
    var builtExpressions: [[String?]]
    /// Whether the prefix kinds' queries are answered from a copy of the index with prefix
    /// indexes (`QualityOptions.prefixQueriesOnPrefixIndex`); one query in
    /// `timedQueryStride` still runs on the table itself, for the latencies.
    var prefixQueriesOnPrefixIndex = false

    /// What an input gives: the index's figures, or one query's answer.
    enum Output: Codable, Sendable {
        case index(IndexFigures)
        case query(QueryAnswer)
    }

    /// The index, once every document is in and it is optimized.
    struct IndexFigures: Codable, Sendable {
        /// Seconds to insert every document and optimize, in one transaction.
        var buildSeconds: Double
        /// dbstat's pages of the index and of the content; nil where the engine has no dbstat.
        var indexBytes: Int?
        var contentBytes: Int?
    }

    /// One query of one kind: what FTS5 did with it, and the documents it ranked, best first.
    struct QueryAnswer: Codable, Sendable {
        var status: QueryOutcome.Status
        var message: String
        var matchExpression: String
        /// The tokens of the query's strings in query mode, as `tokenbench tokens` shows them.
        var tokens: String
        var documentIDs: [String]
        /// bm25 negated, so that higher is better, as a run file has it.
        var scores: [Double]
        /// MATCH through the last row read; nil when no query ran.
        var nanoseconds: UInt64?
    }

    init(
        collection: QualityCollection, spec: TokenizerSpec, engine: SQLiteEngine, detail: FTS5Detail,
        options: QualityOptions, builtExpressions: [[String?]]
    ) {
        judged = JudgedTokenizer(spec: spec, engine: engine)
        self.detail = detail
        queryKinds = options.queryKinds
        depth = options.depth
        documents = collection.store
        defaultLocale = collection.defaultLocale
        usesLocales = collection.hasLocales
        documentCount = collection.documentCount
        queries = collection.queries
        self.builtExpressions = builtExpressions
        // A locale=1 table's copy would lose each document's locale.
        prefixQueriesOnPrefixIndex = options.prefixQueriesOnPrefixIndex && !collection.hasLocales
    }

    /// The prefix lengths of the copy that answers prefix queries: FTS5 uses a prefix index
    /// when a query's prefix has exactly one of these lengths in characters, and the short
    /// prefixes are the slow ones (a one-letter prefix merges the doclists of every term that
    /// starts with it).
    static let answeringPrefixLengths = [1, 2, 3]

    /// One query in this many of a prefix kind runs on the table itself, timed, when the others
    /// are answered from the copy.
    static let timedQueryStride = 10

    /// `builtExpressions` for `kinds`: what every unit of a run shares.
    static func builtExpressions(of queries: [QualityQuery], kinds: [SearchQueryKind]) -> [[String?]] {
        kinds.map { kind in kind.typedKind == nil ? queries.map { kind.matchExpression(for: $0.text) } : [] }
    }

    var inputCount: Int { documentCount + 1 + queryKinds.count * queries.count }

    /// The input of query `query` of the kind at `kindIndex`.
    func input(ofQuery query: Int, kind kindIndex: Int) -> Int {
        documentCount + 1 + kindIndex * queries.count + query
    }

    func label(ofInput index: Int) -> String {
        if index < documentCount { return "document \(index + 1) of \(documents.name)" }
        if index == documentCount { return "the index's optimize" }
        let query = (index - documentCount - 1) % queries.count
        let kind = queryKinds[(index - documentCount - 1) / queries.count]
        return "query \(queries[query].id) (\(kind.rawValue))"
    }

    func run(
        on workbench: Workbench, from start: Int, skipping: Set<Int>,
        progress: (Int, WorkerPhase) -> Void, output: (Int, Output) throws -> Void
    ) throws {
        try judged.withTokenizer(on: workbench, progress: progress) { tokenizer, connection in
            try connection.withScratchDatabase(
                schema: Self.schema, path: ":memory:", purpose: "opening a scratch database"
            ) {
                let table = try indexTable(tokenizedBy: tokenizer)
                let (figures, documentIDs, documentBytes) = try buildIndex(
                    table, skipping: skipping, tokenizer: tokenizer, connection: connection, progress: progress)
                if start <= documentCount, let figures { try output(documentCount, .index(figures)) }
                // The same rows and bm25 scores as the table's (FTS5's prefix indexes only make a
                // prefix query's doclists ready-merged), several times faster on short prefixes;
                // built after the figures, so that they are the table's alone.
                var answering = table
                if prefixQueriesOnPrefixIndex, detail == .full, queryKinds.contains(where: \.matchesPrefixes),
                    try !hasColocatedTokens(table, connection: connection)
                {
                    answering.name = table.name + "_prefixed"
                    answering.prefixLengths = Self.answeringPrefixLengths
                    try copy(
                        table, to: answering, documentBytes: documentBytes, connection: connection, progress: progress)
                }
                let prefixedRanking =
                    answering == table
                    ? nil
                    : try Self.prepare(
                        answering.bm25Ranking(), on: connection, purpose: "preparing the ranking query")
                // bm25 as rank computes it, in SQLite's order; the tie order is settled by the
                // bench on the few rows read. Not `ORDER BY rank`: SQLite 3.40.1 crashes (a NULL
                // strlen) reading rank in FTS5's sorted path when an OR holds a phrase without
                // tokens on a detail=column or none table. Not `ORDER BY rank, id DESC`: that
                // reads every match's id from the content table, which doubled the latency on
                // man pages.
                let ranking = try Self.prepare(
                    table.bm25Ranking(), on: connection, purpose: "preparing the ranking query")
                let localizedRanking =
                    usesLocales
                    ? try Self.prepare(
                        table.bm25Ranking(withLocale: true), on: connection, purpose: "preparing the ranking query")
                    : nil
                // The tokenizer of each query locale, made through the v2 API as FTS5 calls it.
                var localized: [String: TokenizerOnConnection] = [:]
                for (kindIndex, kind) in queryKinds.enumerated() {
                    for (queryIndex, query) in queries.enumerated() {
                        let input = input(ofQuery: queryIndex, kind: kindIndex)
                        guard input >= start, !skipping.contains(input) else { continue }
                        progress(input, .tokenizing)
                        var (statement, queryTokenizer) = (ranking, tokenizer)
                        var timed = true
                        if kind.matchesPrefixes, let prefixedRanking, queryIndex % Self.timedQueryStride != 0 {
                            statement = prefixedRanking
                            timed = false
                        }
                        if let locale = query.locale, let localizedRanking {
                            statement = localizedRanking
                            try statement.bind(locale, at: 2)
                            queryTokenizer =
                                try localized[locale]
                                ?? TokenizerOnConnection(
                                    spec: tokenizer.spec, components: tokenizer.components, locale: locale,
                                    in: connection)
                            localized[locale] = queryTokenizer
                        }
                        let answer = try rank(
                            query, kind: kind,
                            built: builtExpressions[kindIndex].isEmpty ? nil : builtExpressions[kindIndex][queryIndex],
                            with: statement, timed: timed, tokenizer: queryTokenizer, documentIDs: documentIDs,
                            querying: { progress(input, .querying) })
                        try output(input, .query(answer))
                    }
                }
            }
        }
    }

    /// Creates the table, inserts every document but those in `skipping` (rowid n for the n-th,
    /// so a left-out document leaves a gap) and optimizes, in one transaction; returns the
    /// figures and every document's id by rowid - 1. When the optimize killed a worker before,
    /// the index is committed without it and has no figures: the queries still run.
    private func buildIndex(
        _ table: FTS5TableRecipe, skipping: Set<Int>, tokenizer: TokenizerOnConnection, connection: EngineConnection,
        progress: (Int, WorkerPhase) -> Void
    ) throws -> (IndexFigures?, [String], documentBytes: [Int]) {
        let purpose = "indexing \(documents.name) with tokenizer '\(tokenizer.spec.description)' on \(judged.engine)"
        try Self.execute(table.create, on: connection, purpose: purpose)
        let insert = try Self.prepare(table.insert(withRowid: true), on: connection, purpose: purpose)
        let localizedInsert =
            usesLocales
            ? try Self.prepare(table.insert(withRowid: true, withLocale: true), on: connection, purpose: purpose) : nil
        var documentIDs: [String] = []
        documentIDs.reserveCapacity(documentCount)
        var documentBytes: [Int] = []
        documentBytes.reserveCapacity(documentCount)
        let start = Stopwatch.now()
        try Self.execute("BEGIN", on: connection, purpose: purpose)
        do {
            try documents.forEachDocument(defaultLocale: defaultLocale) { document, _ in
                documentIDs.append(document.id)
                let index = documentIDs.count - 1
                guard !skipping.contains(index) else { return documentBytes.append(0) }
                documentBytes.append(document.title.count + document.text.count)
                progress(index, .indexing)
                var statement = insert
                if let locale = document.locale, let localizedInsert {
                    statement = localizedInsert
                    try statement.bind(locale, at: 5)
                }
                try statement.bind(index + 1, at: 1)
                try statement.bind(document.id, at: 2)
                try statement.bind(bytes: document.title, at: 3)
                try statement.bind(bytes: document.text, at: 4)
                try statement.run()
            }
            guard !skipping.contains(documentCount) else {
                try connection.execute("COMMIT")
                return (nil, documentIDs, documentBytes)
            }
            progress(documentCount, .indexing)
            try connection.execute(table.command(.optimize))
            try connection.execute("COMMIT")
        } catch {
            try? connection.execute("ROLLBACK")
            if let error = error as? TokenBenchError { throw error }
            throw TokenBenchError.sqlite(context: purpose, message: TokenizerOnConnection.message(of: error))
        }
        let seconds = Double(Stopwatch.now() - start) / 1e9
        let sizes = try connection.fts5Size(schema: table.schema, table: table.name)
        return (
            IndexFigures(buildSeconds: seconds, indexBytes: sizes?.index, contentBytes: sizes?.content), documentIDs,
            documentBytes
        )
    }

    /// Copies the index's rows into `copy`, at most ten thousand rows or 2 MB of text at a time,
    /// each batch said on the progress board: the copy of a large trigram index takes longer than
    /// a worker's timeout, and one statement would look like a hang (ten thousand rows were not
    /// enough on 3,000 manual pages, 26 MB). Not optimized (one long statement again): the
    /// copy's segments change no answer.
    private func copy(
        _ table: FTS5TableRecipe, to copy: FTS5TableRecipe, documentBytes: [Int], connection: EngineConnection,
        progress: (Int, WorkerPhase) -> Void
    ) throws {
        let purpose = "copying the index with prefix indexes"
        try Self.execute(copy.create, on: connection, purpose: purpose)
        let columns = (["rowid"] + table.columns.map(\.name)).joined(separator: ", ")
        let batch = try Self.prepare(
            "INSERT INTO \(copy.qualifiedName)(\(columns)) SELECT \(columns) FROM \(table.qualifiedName) WHERE rowid BETWEEN ?1 AND ?2",
            on: connection, purpose: purpose)
        for rows in Self.copyBatches(documentBytes: documentBytes) {
            progress(documentCount, .indexing)
            do {
                try batch.bind(rows.lowerBound, at: 1)
                try batch.bind(rows.upperBound, at: 2)
                try batch.run()
            } catch {
                throw TokenBenchError.sqlite(context: purpose, message: error.message)
            }
        }
    }

    /// The copy's statements as rowid ranges (rowid = document index + 1), in order and covering
    /// every document: each ends after `maxRows` rows, or with the row whose text reaches
    /// `maxBytes`.
    static func copyBatches(
        documentBytes: [Int], maxRows: Int = copyBatch, maxBytes: Int = copyBatchBytes
    ) -> [ClosedRange<Int>] {
        var batches: [ClosedRange<Int>] = []
        var first = 1
        while first <= documentBytes.count {
            var last = first
            var bytes = documentBytes[first - 1]
            while last < documentBytes.count, last - first + 1 < maxRows, bytes < maxBytes {
                last += 1
                bytes += documentBytes[last - 1]
            }
            batches.append(first...last)
            first = last + 1
        }
        return batches
    }

    /// Rows per statement of the copy, at most.
    static let copyBatch = 10_000
    /// Bytes of text per statement of the copy: a statement ends with the row that reaches it.
    static let copyBatchBytes = 2 << 20

    /// Whether the index holds colocated tokens (synonyms at one position): it then has more
    /// token instances (`fts5vocab`) than positions (the totals of FTS5's averages record, which
    /// counts a colocated token's position once), and a prefix index does not answer as the
    /// table does: it counts each colocated token's prefix again at the same position (seen with
    /// `synonyms` and `german`: other scores, and other documents in the first hundred).
    private func hasColocatedTokens(_ table: FTS5TableRecipe, connection: EngineConnection) throws -> Bool {
        let purpose = "counting the index's tokens"
        // In temp: fts5vocab names another schema's table only from there.
        let vocabulary = "temp.\(table.name)_instances"
        try Self.execute(
            "CREATE VIRTUAL TABLE \(vocabulary) USING fts5vocab(\(table.schema), \(table.name), instance)",
            on: connection, purpose: purpose)
        defer { try? connection.execute("DROP TABLE IF EXISTS \(vocabulary)") }
        let instances = try Self.prepare("SELECT count(*) FROM \(vocabulary)", on: connection, purpose: purpose)
        guard try instances.step() else { return true }
        let instanceCount = instances.int64(at: 0)
        instances.reset()
        // The averages record (id 1): SQLite varints, the row count, then each column's tokens.
        let averages = try Self.prepare(
            "SELECT hex(block) FROM \(table.qualifiedName)_data WHERE id = 1", on: connection, purpose: purpose)
        guard try averages.step() else { return true }
        let hex = Array(averages.text(at: 0).utf8)
        averages.reset()
        var bytes: [UInt8] = []
        var index = 0
        while index + 1 < hex.count {
            guard let byte = UInt8(String(decoding: hex[index...index + 1], as: UTF8.self), radix: 16) else {
                return true
            }
            bytes.append(byte)
            index += 2
        }
        var values: [Int64] = []
        var position = 0
        while position < bytes.count {
            var value: UInt64 = 0
            var length = 0
            while position < bytes.count {
                let byte = bytes[position]
                position += 1
                length += 1
                if length == 9 {
                    value = value << 8 | UInt64(byte)
                    break
                }
                value = value << 7 | UInt64(byte & 0x7F)
                if byte & 0x80 == 0 { break }
            }
            values.append(Int64(bitPattern: value))
        }
        guard values.count >= 2 else { return true }
        return values.dropFirst().reduce(0, +) != instanceCount
    }

    /// The index: each document's id (stored, not searched), title and text.
    private func indexTable(tokenizedBy tokenizer: TokenizerOnConnection) throws(TokenBenchError) -> FTS5TableRecipe {
        FTS5TableRecipe(
            schema: Self.schema, name: "docs", columns: [.unindexed("id"), .indexed("title"), .indexed("text")],
            tokenizer: try tokenizer.spec.tokenizeOption(), detail: detail.recipeDetail, locale: usesLocales)
    }

    /// Runs one query of one kind, whose expression is `built` when its builder does not use
    /// the index's tokenizer; `querying` is called before FTS5 runs it. An answer that is not
    /// `timed` has no latency.
    private func rank(
        _ query: QualityQuery, kind: SearchQueryKind, built: String??, with statement: EngineStatement, timed: Bool,
        tokenizer: TokenizerOnConnection, documentIDs: [String], querying: () -> Void
    ) throws -> QueryAnswer {
        let expression =
            try kind.typedKind.map { try tokenizer.typedPattern(of: query.text, kind: $0) }
            ?? built ?? kind.matchExpression(for: query.text)
        let strings =
            kind.runsAsBuilt || kind == .phrase
            ? [query.text] : query.text.split(whereSeparator: \.isWhitespace).map(String.init)
        let tokens = try strings.map { try tokenizer.tokens(of: Array($0.utf8), mode: .query) }
        var answer = QueryAnswer(
            status: .ran, message: "", matchExpression: expression ?? "",
            tokens: tokens.map(\.joinedForDisplay).filter { !$0.isEmpty }.joined(separator: " "), documentIDs: [],
            scores: [], nanoseconds: nil)
        guard let expression, kind.runsAsBuilt || tokens.contains(where: { !$0.isEmpty }) else {
            answer.status = .noTokens
            return answer
        }
        querying()
        let start = Stopwatch.now()
        do {
            try statement.bind(expression, at: 1)
            var rows: [(id: String, rank: Double)] = []
            while try statement.step() {
                let rank = statement.double(at: 1)
                // Past the depth, only rows tied with the last one kept can still rank.
                if rows.count >= depth && rank != rows[depth - 1].rank { break }
                rows.append((documentIDs[Int(statement.int64(at: 0)) - 1], rank))
            }
            statement.reset()
            if timed { answer.nanoseconds = Stopwatch.now() - start }
            let ranked = Self.trecEvalOrder(rows).prefix(depth)
            answer.documentIDs = ranked.map(\.id)
            // Higher is better in a run file: bm25's rank is negated (and -0 written as 0).
            answer.scores = ranked.map { -$0.rank + 0 }
        } catch {
            statement.reset()
            answer.status = .rejected
            answer.message = error.message
        }
        return answer
    }

    /// bm25's rank ascending (the best first), then ties by document id descending, in byte
    /// order: the order trec_eval gives equal scores (strcmp on the document numbers).
    static func trecEvalOrder(_ rows: [(id: String, rank: Double)]) -> [(id: String, rank: Double)] {
        rows.sorted { first, second in
            first.rank != second.rank
                ? first.rank < second.rank : second.id.utf8.lexicographicallyPrecedes(first.id.utf8)
        }
    }

    private static func execute(_ sql: String, on connection: EngineConnection, purpose: String) throws {
        do { try connection.execute(sql) } catch {
            throw TokenBenchError.sqlite(context: purpose, message: error.message)
        }
    }

    private static func prepare(_ sql: String, on connection: EngineConnection, purpose: String) throws
        -> EngineStatement
    {
        do { return try connection.prepare(sql) } catch {
            throw TokenBenchError.sqlite(context: purpose, message: error.message)
        }
    }
}

extension QueryOutcome.Status: Codable {}
extension SearchQueryKind: Codable {}
extension FTS5Detail: Codable {}
