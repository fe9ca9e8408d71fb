import Foundation
import TokenBenchEngines

/// `upgrade` of one tokenizer: the engines' tokens compared, then per direction an index file
/// built by one engine and opened by the other.
///
/// Inputs, with D documents: `0..<D` are the documents tokenized on both engines, `D` the
/// comparison's answer; then per direction `i`, from `base = D + 1 + i × (D + 2)`: the documents
/// inserted on `from` (`base..<base + D`), the queries on `from` (`base + D`), and the file
/// opened on `to` (`base + D + 1`: integrity-check, queries, rebuild). A document that killed a
/// worker is left out when the unit goes on; a direction that goes on before its queries on
/// `from` builds its file again from the start.
struct UpgradeUnit: WorkerUnit {
    static let kind = "upgrade"
    /// The schema name the index file is attached under, on the workbench's connection of an engine.
    static let schema = "tokenbench_upgrade"

    var label: String?
    var specText: String
    var documents: [UpgradeInputs.Document]
    var queries: [UpgradeInputs.Query]
    /// Each direction's engines, by name (a path for an engine loaded by path).
    var directions: [Direction]
    /// Where the index files go: `tokenbench-upgrade-ID-N.sqlite`, N the direction.
    var directory: String
    var fileID: String
    /// The table's options: a `locale=1` table whose rows and queries all have this locale,
    /// and a `tokendata=1` table (`UpgradeInputs`).
    var locale: String?
    var tokendata: Bool

    struct Direction: Codable, Sendable {
        var from: String
        var to: String
    }

    enum Output: Codable, Sendable {
        /// The first difference between the engines' tokens (nil: none).
        case difference(String?)
        /// The index on `from`: the queries' answers, or why it could not be built.
        case built(Built)
        /// The file on `to`.
        case opened(Opened)
    }

    enum Built: Codable, Sendable {
        case answered([QueryAnswer])
        /// SQLite 3.40.1 refuses some tokens outright ("database disk image is malformed" while
        /// inserting): then there is no index to carry over.
        case failed(String)
        /// `from` lacks what the table's options need ("locale needs SQLite 3.47 …"): no index,
        /// and no verdict on the tokenizer.
        case unsupported(String)
    }

    struct Opened: Codable, Sendable {
        /// FTS5's message when the integrity-check failed.
        var integrityError: String?
        var answers: [QueryAnswer]
        /// When the check failed: whether FTS5's `rebuild` made it pass again.
        var rebuildRepairs: Bool?
    }

    /// A query's rowids in order, or FTS5's error.
    enum QueryAnswer: Equatable, Codable, Sendable {
        case rows([Int64])
        case failed(String)
    }

    init(spec: TokenizerSpec, inputs: UpgradeInputs, directions: [UpgradeDirection], directory: String) {
        label = spec.label
        specText = spec.text
        documents = inputs.documents
        queries = inputs.queries
        self.directions = directions.map { Direction(from: $0.from.name, to: $0.to.name) }
        self.directory = directory
        fileID = UUID().uuidString
        locale = inputs.locale
        tokendata = inputs.tokendata
    }

    var spec: TokenizerSpec { TokenizerSpec(label: label, text: specText) }

    /// The index's table in the attached file, without its tokenizer: what opening the file
    /// needs, since FTS5 reads the rest from the file's schema.
    private var indexTable: FTS5TableRecipe {
        FTS5TableRecipe(schema: Self.schema, name: "docs", locale: locale != nil, tokendata: tokendata)
    }

    var comparisonInput: Int { documents.count }

    /// The inputs of direction `index`: its documents, its queries on `from`, its file on `to`.
    func inputs(ofDirection index: Int) -> Range<Int> {
        let base = documents.count + 1 + index * (documents.count + 2)
        return base..<(base + documents.count + 2)
    }

    func queriesInput(ofDirection index: Int) -> Int { inputs(ofDirection: index).upperBound - 2 }
    func openingInput(ofDirection index: Int) -> Int { inputs(ofDirection: index).upperBound - 1 }

    func path(ofDirection index: Int) -> String {
        URL(fileURLWithPath: directory).appendingPathComponent("tokenbench-upgrade-\(fileID)-\(index).sqlite").path
    }

    var inputCount: Int { documents.count + 1 + directions.count * (documents.count + 2) }

    func label(ofInput index: Int) -> String {
        if index < documents.count { return "\(documents[index].label) (comparing the engines' tokens)" }
        if index == comparisonInput { return "the engines' token comparison" }
        let direction = (index - documents.count - 1) / (documents.count + 2)
        let (from, to) = (directions[direction].from, directions[direction].to)
        let offset = index - inputs(ofDirection: direction).lowerBound
        if offset < documents.count { return "\(documents[offset].label) (indexing on \(from))" }
        return offset == documents.count ? "the queries on \(from)" : "the index file opened on \(to)"
    }

    func run(
        on workbench: Workbench, from start: Int, skipping: Set<Int>,
        progress: (Int, WorkerPhase) -> Void, output: (Int, Output) throws -> Void
    ) throws {
        let engines = try directions.map { try SQLiteEngine.named([$0.from, $0.to]) }
        if start <= comparisonInput, let first = engines.first {
            progress(-1, .creating)
            // A locale changes the tokens: they are compared under it, where both engines take
            // one, and not at all where one cannot.
            let comparable = locale == nil || first.allSatisfy { $0.fts5Features?.has(.locale) == true }
            let difference =
                comparable
                ? try workbench.firstTokenDifference(
                    of: spec, locale: locale, in: documents, between: first[0], and: first[1], skipping: skipping,
                    progress: { progress($0, .tokenizing) }) : nil
            try output(comparisonInput, .difference(difference))
        }
        for (index, pair) in engines.enumerated() where openingInput(ofDirection: index) >= start {
            let path = path(ofDirection: index)
            let base = inputs(ofDirection: index).lowerBound
            // A new build, unless the unit goes on at the file's opening (the build and its
            // queries done by a worker that died after them).
            if start <= queriesInput(ofDirection: index) {
                if let reason = UpgradeInputs.lacking(locale: locale, tokendata: tokendata, on: pair[0]) {
                    try output(queriesInput(ofDirection: index), .built(.unsupported(reason)))
                    continue
                }
                EngineConnection.removeDatabaseFiles(at: path)
                let built: Built? = try withIndexFile(at: path, engine: pair[0], on: workbench, purpose: "building") {
                    connection in
                    do {
                        try createIndex(in: connection, skipping: skipping, inputs: base) { progress($0, .indexing) }
                    } catch TokenBenchError.sqlite(_, let message) {
                        return Built.failed(message)
                    }
                    let input = queriesInput(ofDirection: index)
                    guard !skipping.contains(input) else { return nil }
                    progress(input, .querying)
                    return Built.answered(answers(to: queries, on: connection))
                }
                if let built { try output(queriesInput(ofDirection: index), .built(built)) }
                if case .failed = built { continue }
            }
            let input = openingInput(ofDirection: index)
            guard !skipping.contains(input) else { continue }
            let opened = try withIndexFile(at: path, engine: pair[1], on: workbench, purpose: "opening") { connection in
                progress(input, .integrityCheck)
                let integrityError = self.integrityError(on: connection)
                progress(input, .querying)
                let answers = self.answers(to: queries, on: connection)
                // What the documentation advises: FTS5's 'rebuild' tokenizes every stored row
                // again with this engine's tokenizer; then the check runs once more.
                var rebuildRepairs: Bool?
                if integrityError != nil {
                    progress(input, .indexing)
                    rebuildRepairs = (rebuildError(on: connection) ?? self.integrityError(on: connection)) == nil
                }
                return Opened(integrityError: integrityError, answers: answers, rebuildRepairs: rebuildRepairs)
            }
            try output(input, .opened(opened))
            EngineConnection.removeDatabaseFiles(at: path)
        }
    }

    /// Attaches the file at `path` to `engine`'s connection, runs `body`, and detaches it, which
    /// closes the file on that engine before another opens it; the file is kept.
    private func withIndexFile<T>(
        at path: String, engine: SQLiteEngine, on workbench: Workbench, purpose: String,
        _ body: (EngineConnection) throws -> T
    ) throws -> T {
        try workbench.withConnection(engine) { connection in
            try connection.withScratchDatabase(
                schema: Self.schema, path: path, purpose: "\(purpose) the index file \(path) on \(engine.name)",
                keepingFiles: true
            ) { try body(connection) }
        }
    }

    /// Creates the table and inserts every document, rowid n for the n-th, in one transaction;
    /// document n is input `inputs + n`, which `inserting` hears first. A document that killed a
    /// worker, on this input or when the engines' tokens were compared, is left out.
    private func createIndex(
        in connection: EngineConnection, skipping: Set<Int>, inputs base: Int, inserting: (Int) -> Void
    ) throws {
        let purpose = "indexing with tokenizer '\(spec.description)' on \(connection.engine.name)"
        do {
            var table = indexTable
            table.tokenizer = try spec.tokenizeOption()
            try connection.execute(table.create)
            let insert = try connection.prepare(table.insert(withRowid: true, withLocale: locale != nil))
            if let locale { try insert.bind(locale, at: 3) }
            try connection.execute("BEGIN")
            do {
                for (index, document) in documents.enumerated() {
                    guard !skipping.contains(index), !skipping.contains(base + index) else { continue }
                    inserting(base + index)
                    try insert.bind(index + 1, at: 1)
                    try insert.bind(bytes: document.bytes, at: 2)
                    try insert.run()
                }
                try connection.execute("COMMIT")
            } catch {
                try? connection.execute("ROLLBACK")
                throw error
            }
        } catch let error as TokenBenchError {
            throw error
        } catch {
            throw TokenBenchError.sqlite(context: purpose, message: TokenizerOnConnection.message(of: error))
        }
    }

    /// Each query's answer, in order. A statement that cannot even be prepared (3.40.1 opening a
    /// `locale=1` table: `unrecognized option: "locale"`) fails every query with its message.
    private func answers(to queries: [UpgradeInputs.Query], on connection: EngineConnection) -> [QueryAnswer] {
        let statement: EngineStatement
        do {
            statement = try connection.prepare(indexTable.matchingRowids(withLocale: locale != nil))
            if let locale { try statement.bind(locale, at: 2) }
        } catch {
            return queries.map { _ in .failed(TokenizerOnConnection.message(of: error)) }
        }
        return queries.map { query in
            do {
                try statement.bind(query.matchExpression, at: 1)
                var rows: [Int64] = []
                while try statement.step() { rows.append(statement.int64(at: 0)) }
                statement.reset()
                return .rows(rows)
            } catch {
                statement.reset()
                return .failed(TokenizerOnConnection.message(of: error))
            }
        }
    }

    /// FTS5's `rebuild` of the attached table: nil when it succeeds, else its message.
    private func rebuildError(on connection: EngineConnection) -> String? {
        do {
            try connection.execute(indexTable.command(.rebuild))
            return nil
        } catch {
            return "rebuild fails: \(error.message)"
        }
    }

    /// FTS5's `integrity-check` on the attached table: nil when it passes, else its message.
    private func integrityError(on connection: EngineConnection) -> String? {
        do {
            try connection.execute(indexTable.command(.integrityCheck))
            return nil
        } catch {
            return error.message
        }
    }
}
