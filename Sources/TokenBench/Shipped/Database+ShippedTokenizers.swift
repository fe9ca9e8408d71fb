import GRDB

extension Database {
    /// Registers TokenBench's shipped tokenizers (`synonyms`, `stopwords`, `latinascii`, `german`,
    /// `nfkc`, `icu`, `translit`, `japanese`, `snowball`) on this connection, so that its FTS5
    /// tables can name them in `tokenize=`. Call it in `Configuration.prepareDatabase`, so that
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
    public func addTokenBenchTokenizers() throws {
        // Ownership: the registered tokenizers keep the connection object alive until SQLite
        // closes the connection and destroys them.
        let connection: EngineConnection
        do {
            connection = try EngineConnection(borrowing: self)
        } catch {
            throw TokenBenchError.sqlite(context: "registering the shipped tokenizers", message: error.message)
        }
        try TokenizerCatalog.registerShippedTokenizers(on: connection, keepingConnectionAlive: true)
    }
}
