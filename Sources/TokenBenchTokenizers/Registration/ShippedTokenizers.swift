import GRDB
import TokenBenchEngines

/// The tokenizers TokenBench ships, as FTS5 registers them: the bench's engines, an app's GRDB
/// connections (`Database.addTokenBenchTokenizers()`) and the loadable extension all register
/// them through `register(on:keepingConnectionAlive:)`, so what the bench verified is what ships.
package enum ShippedTokenizers {
    /// The types behind the shipped tokenizers: the one list. Registration, the loadable
    /// extension and the bench's catalog (in this order, by each type's `catalogEntries`) all
    /// read it.
    // Computed on each use, a dozen metatypes: a stored list of them would be global state that
    // Swift cannot see is immutable (metatypes of a non-Sendable protocol are not Sendable).
    // The ones a library needs for are in the list only where its trait is on (Package.swift):
    // without them, the portable set that builds from Swift, Foundation, GRDB and SQLite alone.
    package static var types: [any ShippedTokenizer.Type] {
        var types: [any ShippedTokenizer.Type] = [
            SynonymsTokenizer.self, StopwordsTokenizer.self, LatinAsciiTokenizer.self, GermanTokenizer.self,
            NfkcTokenizer.self,
        ]
        #if TOKENBENCH_ICU
            types += [IcuTokenizer.self, TranslitTokenizer.self]
        #endif
        #if TOKENBENCH_MECAB
            types.append(JapaneseTokenizer.self)
        #endif
        types.append(CjkTokenizer.self)
        #if TOKENBENCH_SNOWBALL
            types.append(SnowballTokenizer.self)
        #endif
        return types
    }

    #if TOKENBENCH_SNOWBALL
        /// The languages of `snowball`'s default specs.
        package static var snowballLanguages: [String] { SnowballTokenizer.defaultLanguages }
    #endif

    /// The names FTS5 knows them by.
    package static var names: [String] { types.map { $0.name } }

    /// Registers every shipped tokenizer on `connection`. `keepingConnectionAlive`, for a
    /// connection someone else owns, lets the registered tokenizers keep the connection object
    /// alive until SQLite closes the connection.
    package static func register(on connection: EngineConnection, keepingConnectionAlive: Bool = false)
        throws(SQLiteFailure)
    {
        for type in types {
            try TokenizerRegistration.register(type, on: connection, keepingConnectionAlive: keepingConnectionAlive)
        }
    }

    /// Registers a user's `TokenFilteringTokenizer` type on `connection`, under its `name`.
    package static func register(
        _ type: any TokenFilteringTokenizer.Type, on connection: EngineConnection, keepingConnectionAlive: Bool = false
    ) throws(SQLiteFailure) {
        try TokenizerRegistration.register(
            name: type.name, on: connection, keepingConnectionAlive: keepingConnectionAlive
        ) { connection, arguments in
            try TokenFilteringTokenizerAdapter(type: type, connection: connection, arguments: arguments)
        }
    }
}
