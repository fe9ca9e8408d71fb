import Foundation
import TokenBenchEngines

/// The matrix of one tokenizer on one engine over some form pairs: for each pair, a real FTS5
/// table of every case's document, and each case's queries run as a MATCH restricted to its own
/// document's rowid, so a cell says whether FTS5 finds exactly that document.
///
/// Input `i` is case `i % documents.count` in form pair `i / documents.count`: its document
/// while the table is filled, its tokens and queries after. An input that killed a worker is
/// left out of the table when the unit goes on.
///
/// When a case has a locale, the table is a `locale=1` table: each document goes in through
/// `fts5_locale()` with its own locale (or none), each query is matched through
/// `fts5_locale()`, and tokens are traced through the v2 API with the same locale. On an engine
/// without locales such a case's cells are `unsupported`, and the other cases run as usual.
/// A unit's cases are all `tokendata` cases or none: its table is a `tokendata=1` table then,
/// and on an engine without those every cell is `unsupported`.
struct MatrixUnit: WorkerUnit {
    static let kind = "matrix"

    var judged: JudgedTokenizer
    var formPairs: [FormPair]
    var queryKinds: [QueryKind]
    var caseIDs: [String]
    /// Each case's document and query as the fixture wrote them.
    var documents: [String]
    var queries: [String]
    /// Each case's locales (nil for none).
    var documentLocales: [String?]
    var queryLocales: [String?]
    /// Whether the table is a `tokendata=1` table (`MatchCase.tokendata` of every case).
    var tokendata: Bool
    /// For each input, each query kind's pattern where GRDB's builder made it (nil for no
    /// query, and for the other kinds), built once per distinct text for the whole matrix:
    /// empty when no `grdb-*` kind runs.
    var grdbPatterns: [[String?]] = []

    /// One case in one form pair: its tokens, and each query kind's result. It crosses the pipe
    /// as one byte string (`ByteWriter`): JSON of its parts was a quarter of a matrix run.
    struct Output: BytePacked, Sendable {
        var documentTokens: [Token]
        var queryTokens: [[Token]]
        var results: [MatchVerdict]
        /// Each query kind's pattern as the worker ran it; nil for no query, and for `phrase`
        /// and `prefix`, whose pattern the bench writes from the query alone.
        var patterns: [String?]

        init(documentTokens: [Token], queryTokens: [[Token]], results: [MatchVerdict], patterns: [String?]) {
            self.documentTokens = documentTokens
            self.queryTokens = queryTokens
            self.results = results
            self.patterns = patterns
        }

        func pack(into writer: inout ByteWriter) {
            writer.appendCounted(documentTokens)
            for ((result, tokens), pattern) in zip(zip(results, queryTokens), patterns) {
                switch result {
                case .matched: writer.append(0 as UInt8)
                case .notMatched: writer.append(1 as UInt8)
                case .noQuery: writer.append(5 as UInt8)
                case .error(let message):
                    writer.append(2 as UInt8)
                    writer.append(message)
                case .lost(let loss):
                    writer.append(3 as UInt8)
                    writer.append(loss.code.rawValue)
                    writer.append(loss.wording)
                case .unsupported(let message):
                    writer.append(4 as UInt8)
                    writer.append(message)
                }
                writer.appendCounted(tokens)
                if let pattern {
                    writer.append(1 as UInt8)
                    writer.append(pattern)
                } else {
                    writer.append(0 as UInt8)
                }
            }
        }

        init(unpacking reader: inout ByteReader) throws {
            documentTokens = try reader.countedTokens()
            (queryTokens, results, patterns) = ([], [], [])
            while !reader.isAtEnd {
                switch try reader.byte() {
                case 0: results.append(.matched)
                case 1: results.append(.notMatched)
                case 2: results.append(.error(try reader.string()))
                case 3:
                    let code = try reader.string()
                    guard let lossCode = Loss.Code(rawValue: code) else { throw reader.unknownTag(3) }
                    results.append(.lost(Loss(code: lossCode, wording: try reader.string())))
                case 4: results.append(.unsupported(try reader.string()))
                case 5: results.append(.noQuery)
                case let tag: throw reader.unknownTag(tag)
                }
                queryTokens.append(try reader.countedTokens())
                switch try reader.byte() {
                case 0: patterns.append(nil)
                case 1: patterns.append(try reader.string())
                case let tag: throw reader.unknownTag(tag)
                }
            }
        }
    }

    init(
        cases: [MatchCase], spec: TokenizerSpec, engine: SQLiteEngine, formPairs: [FormPair], queryKinds: [QueryKind],
        grdbPatterns: [[String?]] = []
    ) {
        self.grdbPatterns = grdbPatterns
        judged = JudgedTokenizer(spec: spec, engine: engine)
        self.formPairs = formPairs
        self.queryKinds = queryKinds
        caseIDs = cases.map(\.id)
        documents = cases.map(\.document)
        queries = cases.map(\.query)
        documentLocales = cases.map(\.documentLocale)
        queryLocales = cases.map(\.queryLocale)
        tokendata = cases.first?.tokendata ?? false
    }

    /// Whether case `index` has a locale.
    private func hasLocale(_ index: Int) -> Bool { documentLocales[index] != nil || queryLocales[index] != nil }

    var inputCount: Int { formPairs.count * documents.count }

    func label(ofInput index: Int) -> String {
        "case \(caseIDs[index % documents.count]) (\(formPairs[index / documents.count]))"
    }

    func reproduction(ofInput index: Int) -> CrashReproduction? {
        let (caseIndex, formPair) = (index % documents.count, formPairs[index / documents.count])
        return CrashReproduction(
            fileExtension: "csv",
            contents: JudgedTokenizer.fixture(
                id: caseIDs[caseIndex], document: documents[caseIndex], query: queries[caseIndex],
                documentLocale: documentLocales[caseIndex], queryLocale: queryLocales[caseIndex], tokendata: tokendata),
            arguments: ["matrix"] + judged.arguments + ["--forms", "\(formPair)"]
                + (queryKinds == QueryKind.defaults ? [] : queryKinds.flatMap { ["--query-kind", $0.rawValue] })
                + ["--fixtures", "FILE"])
    }

    func run(
        on workbench: Workbench, from start: Int, skipping: Set<Int>,
        progress: (Int, WorkerPhase) -> Void, output: (Int, Output) throws -> Void
    ) throws {
        try judged.withTokenizer(on: workbench, progress: progress) { tokenizer, connection in
            // One trace per distinct text and mode across the form pairs: NFC and NFD of ASCII
            // text are the same bytes, and most queries repeat in every pair.
            let traces = TraceCache(tokenizer: tokenizer, connection: connection)
            for (pairIndex, formPair) in formPairs.enumerated() {
                let first = pairIndex * documents.count
                guard first + documents.count > start else { continue }
                try runTable(
                    formPair: formPair, inputs: first..<(first + documents.count), from: start, skipping: skipping,
                    tokenizer: tokenizer, traces: traces, connection: connection, progress: progress, output: output)
            }
        }
    }

    private func runTable(
        formPair: FormPair, inputs: Range<Int>, from start: Int, skipping: Set<Int>, tokenizer: TokenizerOnConnection,
        traces: TraceCache, connection: EngineConnection, progress: (Int, WorkerPhase) -> Void,
        output: (Int, Output) throws -> Void
    ) throws {
        let anyLocale = documents.indices.contains(where: hasLocale)
        let takesLocales = connection.engine.fts5Features?.has(.locale) == true
        // The cells of a case with a locale on an engine without them: not run, and why; all
        // cells of a tokendata unit on an engine without tokendata tables.
        let engine = connection.engine
        let lacksTokendata = tokendata && engine.fts5Features?.has(.tokendata) != true
        let unsupported: MatchVerdict? =
            lacksTokendata
            ? .lacking(.tokendata, on: engine) : anyLocale && !takesLocales ? .lacking(.locale, on: engine) : nil
        let isUnsupported = { (index: Int) in lacksTokendata || (unsupported != nil && self.hasLocale(index)) }
        let table = FTS5TableRecipe(
            schema: "temp", name: "tokenbench_matrix", tokenizer: try tokenizer.spec.tokenizeOption(),
            locale: anyLocale && takesLocales, tokendata: tokendata && !lacksTokendata)
        do {
            try connection.execute(table.dropIfExists)
            try connection.execute(table.create)
        } catch {
            throw TokenBenchError.invalidTokenizerSpec(
                spec: tokenizer.spec.description, reason: TokenizerOnConnection.message(of: error))
        }
        defer { try? connection.execute(table.dropIfExists) }

        let documents = self.documents.map { formPair.document.apply(to: $0) }
        do {
            // One transaction for all the rows: a commit per row costs more than the row.
            try connection.execute("SAVEPOINT tokenbench_matrix_insert")
            do {
                let insert = try connection.prepare(table.insert(withRowid: true))
                let insertWithLocale =
                    table.locale ? try connection.prepare(table.insert(withRowid: true, withLocale: true)) : nil
                for (index, document) in documents.enumerated() where !skipping.contains(inputs.lowerBound + index) {
                    if isUnsupported(index) { continue }
                    progress(inputs.lowerBound + index, .indexing)
                    if let locale = documentLocales[index], let insertWithLocale {
                        try insertWithLocale.bind(index + 1, at: 1)
                        try insertWithLocale.bind(document, at: 2)
                        try insertWithLocale.bind(locale, at: 3)
                        try insertWithLocale.run()
                    } else {
                        try insert.bind(index + 1, at: 1)
                        try insert.bind(document, at: 2)
                        try insert.run()
                    }
                }
                try connection.execute("RELEASE tokenbench_matrix_insert")
            } catch {
                try? connection.execute("ROLLBACK TO tokenbench_matrix_insert")
                try? connection.execute("RELEASE tokenbench_matrix_insert")
                throw error
            }
        } catch {
            throw TokenBenchError.sqlite(
                context: "indexing the documents with '\(tokenizer.spec.description)'",
                message: TokenizerOnConnection.message(of: error))
        }

        let probe: EngineStatement
        let probeWithLocale: EngineStatement?
        do {
            probe = try connection.prepare(table.rowMatches())
            probeWithLocale = table.locale ? try connection.prepare(table.rowMatches(withLocale: true)) : nil
        } catch {
            throw TokenBenchError.sqlite(
                context: "preparing the match query", message: TokenizerOnConnection.message(of: error))
        }
        for (index, document) in documents.enumerated() {
            let input = inputs.lowerBound + index
            guard input >= start, !skipping.contains(input) else { continue }
            if let unsupported, isUnsupported(index) {
                try output(
                    input,
                    Output(
                        documentTokens: [], queryTokens: queryKinds.map { _ in [] },
                        results: queryKinds.map { _ in unsupported }, patterns: queryKinds.map { _ in nil }))
                continue
            }
            progress(input, .tokenizing)
            let query = formPair.query.apply(to: queries[index])
            let (documentLocale, queryLocale) = (documentLocales[index], queryLocales[index])
            // A token the bench cannot read safely, or an error code, is this case's answer: the
            // tokenizer lied on this input, which costs the input, not the run.
            let documentTokens: [Token]
            do {
                documentTokens = try traces.tokens(of: document, mode: .document, locale: documentLocale)
            } catch {
                try output(
                    input,
                    Output(
                        documentTokens: [], queryTokens: queryKinds.map { _ in [] },
                        results: queryKinds.map { _ in .error("\(error)") }, patterns: queryKinds.map { _ in nil }))
                continue
            }
            var caseOutput = Output(documentTokens: documentTokens, queryTokens: [], results: [], patterns: [])
            // Runs `pattern` as this case's MATCH: its verdict, or FTS5's message.
            func match(_ pattern: String) -> MatchVerdict {
                progress(input, .querying)
                do {
                    let found: Bool
                    if let queryLocale, let probeWithLocale {
                        try probeWithLocale.bind(pattern, at: 1)
                        try probeWithLocale.bind(index + 1, at: 2)
                        try probeWithLocale.bind(queryLocale, at: 3)
                        found = try probeWithLocale.rows().first?.first == "1"
                    } else {
                        try probe.bind(pattern, at: 1)
                        try probe.bind(index + 1, at: 2)
                        found = try probe.rows().first?.first == "1"
                    }
                    return found ? .matched : .notMatched
                } catch {
                    return .error(TokenizerOnConnection.message(of: error))
                }
            }
            for (kindIndex, queryKind) in queryKinds.enumerated() {
                progress(input, .tokenizing)
                let queryTokens: [Token]
                do {
                    queryTokens = try traces.tokens(of: query, mode: queryKind.tokenizationMode, locale: queryLocale)
                } catch {
                    caseOutput.queryTokens.append([])
                    caseOutput.results.append(.error("\(error)"))
                    caseOutput.patterns.append(nil)
                    continue
                }
                let result: MatchVerdict
                var pattern: String?
                if queryKind.isBenchQuery {
                    // The bench's own phrase: a text without tokens is an error, as it always was.
                    result =
                        queryTokens.isEmpty
                        ? .error("the query has no tokens") : match(queryKind.matchExpression(for: query)!)
                } else {
                    // The app's query: whatever its builder makes of the text runs, as in the app.
                    do {
                        if let typedKind = queryKind.typedKind {
                            progress(input, .buildingPattern)
                            pattern = try traces.typedPattern(of: query, kind: typedKind, locale: queryLocale)
                        } else if queryKind.isGRDBBuilder {
                            pattern = grdbPatterns[input][kindIndex]
                        } else {
                            pattern = queryKind.matchExpression(for: query)
                        }
                        result = pattern.map(match) ?? .noQuery
                    } catch {
                        result = .error("\(error)")
                    }
                }
                caseOutput.queryTokens.append(queryTokens)
                caseOutput.results.append(result)
                caseOutput.patterns.append(pattern)
            }
            try output(input, caseOutput)
        }
    }
}

/// The tokens of each distinct text in each mode and locale, traced once per tokenizer
/// instance.
///
/// Keyed by the text's bytes, not by the String: Swift compares Strings by canonical
/// equivalence, so NFC "é" and NFD "é" would share one entry, and the NFD document would be
/// shown with the NFC document's tokens.
private final class TraceCache {
    private struct Key: Hashable {
        var mode: TokenizationMode
        var locale: String?
    }

    private let tokenizer: TokenizerOnConnection
    private let connection: EngineConnection
    /// An instance per locale, made through the v2 API as a `locale=1` table calls it.
    private var localized: [String: TokenizerOnConnection] = [:]
    private var tokens: [Key: [[UInt8]: [Token]]] = [:]
    /// The typed builder's pieces of each distinct query text, per locale: the same for each of
    /// its kinds.
    private var pieces: [String?: [[UInt8]: [Range<Int>]]] = [:]

    init(tokenizer: TokenizerOnConnection, connection: EngineConnection) {
        self.tokenizer = tokenizer
        self.connection = connection
    }

    func tokens(of text: String, mode: TokenizationMode, locale: String? = nil) throws -> [Token] {
        let bytes = Array(text.utf8)
        let key = Key(mode: mode, locale: locale)
        if let cached = tokens[key]?[bytes] { return cached }
        let traced = try instance(for: locale).tokens(of: bytes, mode: mode)
        tokens[key, default: [:]][bytes] = traced
        return traced
    }

    /// The typed builder's pattern of `text` (`Database.makeFTS5Pattern(typed:…)`), built with
    /// this tokenizer in query mode, with `locale` as a `locale=1` table's query has it.
    func typedPattern(of text: String, kind: TypedQueryKind, locale: String?) throws -> String? {
        let bytes = Array(text.utf8)
        let ranges: [Range<Int>]
        if let cached = pieces[locale]?[bytes] {
            ranges = cached
        } else {
            ranges = try instance(for: locale).typedPatternPieces(of: bytes)
            pieces[locale, default: [:]][bytes] = ranges
        }
        return TypedPatternBuilder.pattern(of: bytes, pieces: ranges, kind: kind)
    }

    private func instance(for locale: String?) throws -> TokenizerOnConnection {
        guard let locale else { return tokenizer }
        if let made = localized[locale] { return made }
        let made = try TokenizerOnConnection(
            spec: tokenizer.spec, components: tokenizer.components, locale: locale, in: connection)
        localized[locale] = made
        return made
    }
}
