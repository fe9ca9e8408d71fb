import Foundation
import TokenBenchEngines

/// One direction of an upgrade check: the engine that builds an index file, and the one that
/// opens it afterwards.
public struct UpgradeDirection: Hashable, Sendable, CustomStringConvertible {
    public var from: SQLiteEngine
    public var to: SQLiteEngine

    public init(from: SQLiteEngine, to: SQLiteEngine) {
        self.from = from
        self.to = to
    }

    /// The direction and its reverse: an upgrade and the downgrade back.
    public static func bothWays(_ from: SQLiteEngine, _ to: SQLiteEngine) -> [UpgradeDirection] {
        [UpgradeDirection(from: from, to: to), UpgradeDirection(from: to, to: from)]
    }

    public var description: String { "\(from.name) → \(to.name)" }
}

extension Workbench {
    /// Whether an FTS5 index made with `spec` survives a change of SQLite, in each direction:
    /// the `from` engine builds an index of `inputs` in a database file and answers every query,
    /// then closes the file; the `to` engine opens the same file, runs FTS5's `integrity-check`
    /// (which tokenizes the stored text again and compares it with the index) and answers the
    /// same queries. The first document whose tokens differ between the engines is found once,
    /// and is the same in both directions.
    ///
    /// The files go in `directory` and are deleted afterwards.
    public func upgrade(
        of spec: TokenizerSpec, inputs: UpgradeInputs, directions: [UpgradeDirection],
        directory: URL = FileManager.default.temporaryDirectory, progress: ((String) -> Void)? = nil
    ) throws -> [UpgradeRow] {
        guard let first = directions.first else { return [] }
        progress?(
            "upgrade: \(spec.name): tokenizing \(inputs.documents.count) documents on \(first.from) and \(first.to)")
        let difference = try firstTokenDifference(of: spec, in: inputs.documents, between: first.from, and: first.to)
        return try directions.map { direction in
            let path = directory.appendingPathComponent("tokenbench-upgrade-\(UUID().uuidString).sqlite").path
            defer { EngineConnection.removeDatabaseFiles(at: path) }
            var row = UpgradeRow(
                tokenizer: spec.name, from: direction.from.name, to: direction.to.name,
                fromVersion: direction.from.sqliteVersion, toVersion: direction.to.sqliteVersion,
                wasBuilt: false, isIntact: false, integrityError: "", rebuildRepairs: nil, queriesDiffering: [],
                firstDifference: difference ?? "", documents: inputs.documents.count, queries: inputs.queries.count)
            progress?("upgrade: \(spec.name): indexing on \(direction.from), opening on \(direction.to)")
            // SQLite 3.40.1 refuses some tokens outright ("database disk image is malformed"
            // while inserting): then there is no index to carry over, and the row says so.
            let built = try withIndexFile(at: path, engine: direction.from, purpose: "building") { connection in
                do {
                    try Self.createIndex(of: inputs, spec: spec, in: connection)
                } catch TokenBenchError.sqlite(_, let message) {
                    return Result<[QueryAnswer], IndexingFailure>.failure(IndexingFailure(message: message))
                }
                return .success(try Self.answers(to: inputs.queries, in: connection))
            }
            let before: [QueryAnswer]
            switch built {
            case .success(let answers):
                before = answers
            case .failure(let failure):
                row.integrityError = "indexing on \(direction.from.name) fails: \(failure.message)"
                return row
            }
            try withIndexFile(at: path, engine: direction.to, purpose: "opening") { connection in
                let integrityError = Self.integrityError(in: connection)
                let after = try Self.answers(to: inputs.queries, in: connection)
                row.wasBuilt = true
                row.isIntact = integrityError == nil
                row.integrityError = integrityError ?? ""
                row.queriesDiffering = zip(inputs.queries, zip(before, after)).filter { $1.0 != $1.1 }.map(\.0.label)
                // What the documentation advises: FTS5's 'rebuild' tokenizes every stored row
                // again with this engine's tokenizer; then the check runs once more.
                if integrityError != nil {
                    row.rebuildRepairs =
                        (Self.rebuildError(in: connection) ?? Self.integrityError(in: connection)) == nil
                }
            }
            return row
        }
    }

    /// The schema name the index file is attached under, on the workbench's connection of an engine.
    private static let upgradeSchema = "tokenbench_upgrade"

    /// Attaches the file at `path` to `engine`'s connection, runs `body`, and detaches it, which
    /// closes the file on that engine before another opens it; the file is kept.
    private func withIndexFile<T>(
        at path: String, engine: SQLiteEngine, purpose: String, _ body: (EngineConnection) throws -> T
    ) throws -> T {
        try withConnection(engine) { connection in
            try connection.withScratchDatabase(
                schema: Self.upgradeSchema, path: path, purpose: "\(purpose) the index file \(path) on \(engine.name)",
                keepingFiles: true
            ) { try body(connection) }
        }
    }

    /// Creates the table and inserts every document, rowid n for the n-th, in one transaction.
    private static func createIndex(of inputs: UpgradeInputs, spec: TokenizerSpec, in connection: EngineConnection)
        throws
    {
        let purpose = "indexing with tokenizer '\(spec.description)' on \(connection.engine.name)"
        do {
            try connection.execute(
                "CREATE VIRTUAL TABLE \(upgradeSchema).docs USING fts5(body, tokenize = \(try spec.sqlLiteral()))")
            let insert = try connection.prepare("INSERT INTO \(upgradeSchema).docs(rowid, body) VALUES (?1, ?2)")
            try connection.execute("BEGIN")
            do {
                for (index, document) in inputs.documents.enumerated() {
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
            throw TokenBenchError.sqlite(context: purpose, message: ResolvedTokenizer.message(of: error))
        }
    }

    /// Why the first engine could not build the index.
    private struct IndexingFailure: Error {
        var message: String
    }

    /// A query's rowids in order, or FTS5's error.
    enum QueryAnswer: Equatable {
        case rows([Int64])
        case failed(String)
    }

    private static func answers(to queries: [UpgradeInputs.Query], in connection: EngineConnection) throws
        -> [QueryAnswer]
    {
        let statement = try connection.prepare(
            "SELECT rowid FROM \(upgradeSchema).docs WHERE docs MATCH ?1 ORDER BY rowid")
        return queries.map { query in
            do {
                try statement.bind(query.matchExpression, at: 1)
                var rows: [Int64] = []
                while try statement.step() { rows.append(statement.int64(at: 0)) }
                statement.reset()
                return .rows(rows)
            } catch {
                statement.reset()
                return .failed(ResolvedTokenizer.message(of: error))
            }
        }
    }

    /// FTS5's `rebuild` of the attached table: nil when it succeeds, else its message.
    private static func rebuildError(in connection: EngineConnection) -> String? {
        do {
            try connection.execute("INSERT INTO \(upgradeSchema).docs(docs) VALUES ('rebuild')")
            return nil
        } catch {
            return "rebuild fails: \(error.message)"
        }
    }

    /// FTS5's `integrity-check` on the attached table: nil when it passes, else its message.
    private static func integrityError(in connection: EngineConnection) -> String? {
        do {
            try connection.execute("INSERT INTO \(upgradeSchema).docs(docs) VALUES ('integrity-check')")
            return nil
        } catch {
            return error.message
        }
    }

    /// The first document whose document-mode tokens differ between `a` and `b` in what the
    /// index stores (bytes, positions, colocation), described with the bytes around the first
    /// differing token; when there is none, the first whose offsets alone differ (they change
    /// highlight() and snippet(), not the index), marked `offsets only`; nil when the engines
    /// tokenize every document alike. A call that fails on one engine only differs too.
    func firstTokenDifference(
        of spec: TokenizerSpec, in documents: [UpgradeInputs.Document], between a: SQLiteEngine,
        and b: SQLiteEngine
    ) throws -> String? {
        try withConnection(a) { connectionA in
            let tokenizerA = try ResolvedTokenizer(spec: spec, in: connectionA)
            return try withConnection(b) { connectionB in
                let tokenizerB = try ResolvedTokenizer(spec: spec, in: connectionB)
                var offsetsOnly: String?
                for document in documents {
                    let tokensA = Result { try tokenizerA.tokens(of: document.bytes, mode: .document) }
                    let tokensB = Result { try tokenizerB.tokens(of: document.bytes, mode: .document) }
                    if let difference = Self.describeDifference(
                        in: document, a: (a, tokensA), b: (b, tokensB), comparing: Self.indexedContent)
                    {
                        return difference
                    }
                    if offsetsOnly == nil {
                        offsetsOnly = Self.describeDifference(
                            in: document, a: (a, tokensA), b: (b, tokensB), comparing: { $0 }
                        ).map { "offsets only: " + $0 }
                    }
                }
                return offsetsOnly
            }
        }
    }

    /// What an FTS5 index keeps of a token: its bytes, position and colocation, not its offsets.
    private static func indexedContent(_ token: Token) -> Token {
        Token(position: token.position, bytes: token.bytes, start: 0, end: 0, isColocated: token.isColocated)
    }

    private static func describeDifference(
        in document: UpgradeInputs.Document, a: (SQLiteEngine, Result<[Token], any Error>),
        b: (SQLiteEngine, Result<[Token], any Error>), comparing key: (Token) -> Token
    ) -> String? {
        func side(_ engine: SQLiteEngine, _ result: Result<[Token], any Error>, from index: Int) -> String {
            let name = "\(engine.name) (\(engine.sqliteVersion))"
            switch result {
            case .failure(let error): return "\(name) fails: \(ResolvedTokenizer.message(of: error))"
            case .success(let tokens):
                let shown = tokens.dropFirst(index).prefix(4).map {
                    "\(ByteEscaping.display($0.bytes, escaping: [0x20]))@\($0.start)-\($0.end)"
                }
                let more = tokens.count > index + 4 ? " …" : ""
                return
                    "\(name) \(tokens.count) tokens, from token \(index + 1) [\(shown.joined(separator: " "))\(more)]"
            }
        }
        switch (a.1, b.1) {
        case (.success(let tokensA), .success(let tokensB)):
            guard tokensA.map(key) != tokensB.map(key) else { return nil }
            let shared = min(tokensA.count, tokensB.count)
            let index = (0..<shared).first { key(tokensA[$0]) != key(tokensB[$0]) } ?? shared
            let offset =
                (index < tokensA.count ? tokensA[index].start : nil)
                ?? (index < tokensB.count ? tokensB[index].start : 0)
            let clamped = min(max(0, offset), document.bytes.count)
            let window = document.bytes[max(0, clamped - 8)..<min(document.bytes.count, clamped + 16)]
            return "\(document.label), byte \(clamped) '\(ByteEscaping.display(window))': "
                + "\(side(a.0, a.1, from: index)); \(side(b.0, b.1, from: index))"
        case (.failure, .failure):
            return nil
        default:
            let window = document.bytes.prefix(24)
            return
                "\(document.label) '\(ByteEscaping.display(window))': \(side(a.0, a.1, from: 0)); \(side(b.0, b.1, from: 0))"
        }
    }
}
