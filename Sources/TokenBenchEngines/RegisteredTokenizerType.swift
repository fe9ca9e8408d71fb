import GRDB

/// A tokenizer TokenBench registers with an engine's FTS5 itself (the shipped ones and the spec
/// capture), so that it runs on every engine; GRDB's `add(tokenizer:)` reaches the system's
/// SQLite only.
package protocol RegisteredTokenizerType: FTS5Tokenizer {
    /// The name FTS5 knows it by.
    static var name: String { get }
    /// Makes an instance from the words FTS5 split its `tokenize=` arguments into. `connection`
    /// is the engine connection that creates it: a wrapper makes its BASE there.
    init(connection: EngineConnection, arguments: [String]) throws
}
