import CSQLiteEngines
import GRDB
import GRDBSQLite

/// An instance of a tokenizer made through an engine's v2 tokenizer API (`xFindTokenizer_v2`,
/// then the v2 `xCreate`), whose xTokenize is given a locale, as FTS5 gives it the locale of each
/// value of a `locale=1` table: the one it was made with on every call, or one per call
/// (`tokenize(…locale:…)`, how a wrapper passes its value's locale on to its BASE). A tokenizer
/// registered through v1 is reached through FTS5's own shim, which drops the locale, as it does
/// in a table.
package final class EngineLocaleTokenizerInstance: LocaleAwareTokenizer {
    /// Ownership: the methods belong to FTS5 and live as long as the connection, which outlives
    /// every instance (instances are made and dropped inside one access).
    private let methods: tb_fts5_tokenizer_v2
    /// Ownership: made by the v2 xCreate here, deleted exactly once by its xDelete in deinit.
    private let instance: UnsafeMutableRawPointer
    /// The locale of every call without one of its own, as FTS5 passes it (not NUL-terminated;
    /// copied once, here); empty for none.
    private let locale: [UInt8]

    /// Finds `components[0]` through `connection`'s v2 API and creates it with the other
    /// components as arguments. Throws when the engine has no v2 API (before SQLite 3.47), when
    /// the name is unknown, or when xCreate fails.
    package init(components: [String], locale: String = "", in connection: EngineConnection) throws(SQLiteFailure) {
        guard let name = components.first else { throw SQLiteFailure(code: SQLITE_ERROR, message: "no tokenizer name") }
        EngineTokenizerInstance.recordCreation(components, on: connection)
        guard let api = connection.fts5V3, let find = api.pointee.xFindTokenizer_v2 else {
            throw SQLiteFailure(
                code: SQLITE_ERROR,
                message:
                    "a locale needs SQLite 3.47 or later (the v2 tokenizer API); this engine is SQLite \(connection.engine.sqliteVersion)"
            )
        }
        var userData: UnsafeMutableRawPointer?
        var found: UnsafeMutablePointer<tb_fts5_tokenizer_v2>?
        let code = find(api, name, &userData, &found)
        guard code == SQLITE_OK, let methods = found?.pointee, let create = methods.xCreate else {
            throw SQLiteFailure(code: code == SQLITE_OK ? SQLITE_ERROR : code, message: "no such tokenizer: \(name)")
        }
        // The C strings live until xCreate returns; tokenizers copy what they keep.
        var instance: UnsafeMutableRawPointer?
        let created = CStrings.with(Array(components.dropFirst())) { arguments in
            create(userData, UnsafeMutablePointer(mutating: arguments.baseAddress), CInt(arguments.count), &instance)
        }
        guard created == SQLITE_OK, let instance else {
            throw SQLiteFailure(
                code: created == SQLITE_OK ? SQLITE_ERROR : created, message: "error in tokenizer constructor")
        }
        self.methods = methods
        self.instance = instance
        self.locale = Array(locale.utf8)
    }

    deinit { methods.xDelete?(instance) }

    package func tokenize(
        context: UnsafeMutableRawPointer?, tokenization: FTS5Tokenization, pText: UnsafePointer<CChar>?, nText: CInt,
        tokenCallback: @escaping FTS5TokenCallback
    ) -> CInt {
        locale.withUnsafeBufferPointer { locale in
            tokenize(
                context: context, tokenization: tokenization, pText: pText, nText: nText, locale: locale,
                tokenCallback: tokenCallback)
        }
    }

    package func tokenize(
        context: UnsafeMutableRawPointer?, tokenization: FTS5Tokenization, pText: UnsafePointer<CChar>?, nText: CInt,
        locale: UnsafeBufferPointer<UInt8>, tokenCallback: @escaping FTS5TokenCallback
    ) -> CInt {
        guard let tokenize = methods.xTokenize else { return SQLITE_ERROR }
        // FTS5 passes a NULL locale, never an empty buffer, for a value without one.
        return tokenize(
            instance, context, tokenization.rawValue, pText, nText,
            locale.isEmpty ? nil : UnsafeRawPointer(locale.baseAddress!).assumingMemoryBound(to: CChar.self),
            CInt(locale.count), tokenCallback)
    }
}
