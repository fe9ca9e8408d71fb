import Foundation
import GRDB
import GRDBSQLite

/// An instance of a tokenizer registered with an engine's FTS5, made through that engine's
/// `xFindTokenizer` and `xCreate`, and run through its own `xTokenize`.
package final class EngineTokenizerInstance: FTS5Tokenizer {
    /// Ownership: the methods and user data belong to FTS5 and live as long as the connection,
    /// which outlives every instance (instances are made and dropped inside one access).
    private let methods: fts5_tokenizer
    /// Ownership: made by xCreate here, deleted exactly once by xDelete in deinit.
    private let instance: OpaquePointer

    /// Finds `components[0]` in `connection`'s FTS5 and creates it with the other components as
    /// arguments. Throws SQLite's code when the name is unknown or xCreate fails.
    package init(components: [String], in connection: EngineConnection) throws(SQLiteFailure) {
        guard let name = components.first else { throw SQLiteFailure(code: SQLITE_ERROR, message: "no tokenizer name") }
        Self.recordCreation(components, on: connection)
        let api = connection.fts5
        var userData: UnsafeMutableRawPointer?
        var methods = fts5_tokenizer()
        let found = api.pointee.xFindTokenizer!(api, name, &userData, &methods)
        guard found == SQLITE_OK else {
            throw SQLiteFailure(code: found, message: "no such tokenizer: \(name)")
        }
        // The C strings live until xCreate returns; tokenizers copy what they keep. xCreate
        // takes `const char **` but writes nothing through it.
        var instance: OpaquePointer?
        let created = CStrings.with(Array(components.dropFirst())) { arguments in
            methods.xCreate!(
                userData, UnsafeMutablePointer(mutating: arguments.baseAddress), CInt(arguments.count), &instance)
        }
        guard created == SQLITE_OK, let instance else {
            throw SQLiteFailure(
                code: created == SQLITE_OK ? SQLITE_ERROR : created, message: "error in tokenizer constructor")
        }
        self.methods = methods
        self.instance = instance
        arguments = Array(components.dropFirst())
        engine = connection.engine
    }

    /// The arguments xCreate was given (the spec's words after the name).
    package let arguments: [String]
    private let engine: SQLiteEngine

    /// Whether this is FTS5's own unicode61 (its xCreate and xTokenize are those a fresh
    /// connection of the engine finds), whatever name found it: every one of its options acts on
    /// single code points, so what it does with each can be learnt from it (`Unicode61WordTable`).
    /// Computed when asked, so that making any other tokenizer opens no connection to find it.
    package var isFTS5Unicode61: Bool {
        BuiltInTokenizerMethods(methods).map { $0 == engine.builtInUnicode61Methods } ?? false
    }

    deinit { methods.xDelete!(instance) }

    package func tokenize(
        context: UnsafeMutableRawPointer?, tokenization: FTS5Tokenization, pText: UnsafePointer<CChar>?, nText: CInt,
        tokenCallback: @escaping FTS5TokenCallback
    ) -> CInt {
        methods.xTokenize!(instance, context, tokenization.rawValue, pText, nText, tokenCallback)
    }

    /// The raw methods and instance, for the C reference loop of `tokenbench throughput`.
    package var rawMethods: fts5_tokenizer { methods }
    package var rawInstance: OpaquePointer { instance }
}

// MARK: - Which tokenizers a constructor creates

/// The components of every tokenizer created through `EngineTokenizerInstance` or
/// `EngineLocaleTokenizerInstance` on the connection while it is recorded; nil when it is not.
private enum TokenizerCreationsNote: ConnectionNoteKey {
    static let defaultValue: [[String]]? = nil
}

extension EngineTokenizerInstance {
    /// Runs `body` and returns, with its result, the components of every tokenizer created on
    /// `connection` meanwhile, in creation order: a wrapper's spec, then the spec of the base its
    /// constructor made, and so on down the chain. A wrapper's constructor makes its base on the
    /// connection it was registered on, so the connection's note sees exactly this chain.
    package static func recordingCreations<T>(on connection: EngineConnection, _ body: () throws -> T) rethrows -> (
        result: T, created: [[String]]
    ) {
        let outer = connection[note: TokenizerCreationsNote.self]
        connection[note: TokenizerCreationsNote.self] = []
        defer { connection[note: TokenizerCreationsNote.self] = outer }
        let result = try body()
        return (result, connection[note: TokenizerCreationsNote.self] ?? [])
    }

    static func recordCreation(_ components: [String], on connection: EngineConnection) {
        connection.updateNote(TokenizerCreationsNote.self) { $0?.append(components) }
    }
}
