import GRDB
import TokenBenchEngines

extension Database {
    /// Registers every tokenizer TokenBench ships on this connection, so that its FTS5 tables can
    /// name them in `tokenize=` (`tokenbench list` lists them; Tokenizers.md describes each). Call it in `Configuration.prepareDatabase`, so that
    /// every connection of a `DatabasePool` has them:
    ///
    /// ```swift
    /// var configuration = Configuration()
    /// configuration.prepareDatabase { db in try db.addTokenBenchTokenizers() }
    /// let pool = try DatabasePool(path: path, configuration: configuration)
    /// ```
    ///
    /// The registration is the one the bench uses on its own engines: what `tokenbench` verified
    /// is what the app runs.
    ///
    /// It also registers the SQL function `tokenbench_pattern(TOKENIZE, TEXT, KIND [, LOCALE])`,
    /// which returns `makeFTS5Pattern(typed:kind:tokenizer:locale:)`'s pattern for SQL callers.
    ///
    /// - throws: GRDB's `DatabaseError` when the connection has no FTS5 or SQLite refuses a
    ///   registration.
    public func addTokenBenchTokenizers() throws {
        // Ownership: the registered tokenizers and tokenbench_pattern keep the connection object
        // alive until SQLite closes the connection and destroys them.
        do {
            let connection = try EngineConnection(borrowing: self)
            try ShippedTokenizers.register(on: connection, keepingConnectionAlive: true)
            try PatternFunction.register(on: connection)
        } catch {
            throw DatabaseError(resultCode: ResultCode(rawValue: error.code), message: error.message)
        }
    }

    /// Registers a tokenizer type of your own built on `TokenFilteringTokenizer` on this
    /// connection, under its `name`, like the shipped ones: call it in `prepareDatabase` too.
    ///
    /// - throws: GRDB's `DatabaseError` when the connection has no FTS5 or SQLite refuses the
    ///   registration.
    public func add(filteringTokenizer type: any TokenFilteringTokenizer.Type) throws {
        do {
            try ShippedTokenizers.register(type, on: EngineConnection(borrowing: self), keepingConnectionAlive: true)
        } catch {
            throw DatabaseError(resultCode: ResultCode(rawValue: error.code), message: error.message)
        }
    }
}
