import CSQLiteEngines
import Foundation
import GRDBSQLite

/// A SQLite library whose FTS5 runs the bench. Cells, rows and findings name the engine that
/// produced them, because FTS5's answers change with the SQLite version.
///
/// Two are built in: `system` and, in the bench, `bundled`. Any other libsqlite3 (an Android or SQLCipher
/// build, an older release) joins them with `load(path:)`.
public struct SQLiteEngine: Hashable, Sendable, CustomStringConvertible {
    /// The engine's name in rows and options: `system`, `bundled`, or the library's path.
    public let name: String
    /// The engine's C functions; shared, never written after the engine is made.
    private let library: Library

    /// The SQLite that GRDB links: the system's libsqlite3. The user's GRDB tokenizer types run
    /// here only.
    public static let system = SQLiteEngine(name: "system", library: Library(tb_system_sqlite().pointee))

    private init(name: String, library: Library) {
        self.name = name
        self.library = library
    }

    /// An engine driven through `functions` (the bench's bundled engine).
    package init(name: String, functions: tb_sqlite_functions) {
        self.init(name: name, library: Library(functions))
    }

    /// Loads the SQLite library file at `path` as an engine named `name`, by default the path.
    /// Its symbols are kept apart from every other SQLite in the process (RTLD_LOCAL). Throws
    /// the loader's reason.
    package static func loadLibrary(path: String, name: String? = nil) throws(SQLiteFailure) -> SQLiteEngine {
        var functions = tb_sqlite_functions()
        var error = [CChar](repeating: 0, count: 512)
        guard tb_load_sqlite(path, &functions, &error, CInt(error.count)) == 0 else {
            throw SQLiteFailure(code: SQLITE_ERROR, message: String(nulTerminated: error))
        }
        return SQLiteEngine(name: name ?? path, library: Library(functions))
    }

    /// The SQLite that loaded TokenBench as an extension, driven through the API routines table
    /// its entry point received; nil when the table lacks a function the engine layer calls.
    package static func host(routines: UnsafeRawPointer) -> SQLiteEngine? {
        var functions = tb_sqlite_functions()
        guard tb_functions_from_api_routines(routines, &functions) == 0 else { return nil }
        return SQLiteEngine(name: "host", library: Library(functions))
    }

    /// Whether this is the SQLite GRDB links, where GRDB tokenizer types live.
    package var isSystem: Bool { name == SQLiteEngine.system.name }

    public var description: String { name }

    /// The engine's C functions.
    package var functions: tb_sqlite_functions { library.functions }

    /// The library's own version string, such as "3.54.1".
    public var sqliteVersion: String {
        functions.libversion().map { String(cString: $0) } ?? ""
    }

    /// The options the library was compiled with, as `sqlite_compileoption_get` lists them.
    public var compileOptions: [String] {
        var options: [String] = []
        while let option = functions.compileoption_get(CInt(options.count)) {
            options.append(String(cString: option))
        }
        return options
    }

    public static func == (lhs: SQLiteEngine, rhs: SQLiteEngine) -> Bool { lhs.name == rhs.name }
    public func hash(into hasher: inout Hasher) { hasher.combine(name) }

    /// The xCreate and xTokenize of this library's own unicode61, as a fresh connection's FTS5
    /// finds them; nil when that connection cannot be opened or its `unicode61` is not FTS5's
    /// (whose user data is the fts5_api itself). A tokenizer made under the name `unicode61` on
    /// another connection is FTS5's own only when its methods are these: an extension may
    /// register a tokenizer of its own under that name, or unicode61's xTokenize behind an
    /// xCreate of its own.
    package var builtInUnicode61Methods: BuiltInTokenizerMethods? {
        library.builtInUnicode61Methods { () -> BuiltInTokenizerMethods? in
            guard let connection = try? EngineConnection(engine: self) else { return nil }
            let api = connection.fts5
            var userData: UnsafeMutableRawPointer?
            var methods = fts5_tokenizer()
            guard api.pointee.xFindTokenizer!(api, "unicode61", &userData, &methods) == SQLITE_OK,
                userData == UnsafeMutableRawPointer(api)
            else { return nil }
            return BuiltInTokenizerMethods(methods)
        }
    }

    /// What this engine's FTS5 offers beyond the v1 tokenizer API, probed once on a private
    /// connection; nil when no connection can be opened.
    package var fts5Features: FTS5Features? {
        library.features {
            (try? EngineConnection(engine: self)).map { FTS5Features(probing: $0) }
        }
    }

    /// The xCreate that FTS5 puts on the v2 face of a tokenizer registered through v1 (the same
    /// for every such tokenizer of this library), learnt once on a private connection; nil
    /// before fts5_api version 3.
    var fts5V2Shim: UInt? {
        library.shim { (try? EngineConnection(engine: self))?.v1ToV2Shim() }
    }

    /// The function table, in a class so that an engine is a cheap value, with what is learnt
    /// once per library.
    private final class Library: @unchecked Sendable {
        let functions: tb_sqlite_functions
        private let lock = NSLock()
        /// Each found once per library, under `lock`: nil until then.
        private var unicode61Methods: BuiltInTokenizerMethods??
        private var fts5Features: FTS5Features??
        private var v2Shim: UInt??

        init(_ functions: tb_sqlite_functions) { self.functions = functions }

        /// `slot`'s value, found by `find` the first time. `find` runs under the lock: it opens a
        /// connection, which never asks this library for anything else.
        private func once<T>(_ slot: ReferenceWritableKeyPath<Library, T??>, _ find: () -> T?) -> T? {
            lock.lock()
            defer { lock.unlock() }
            if let found = self[keyPath: slot] { return found }
            let found = find()
            self[keyPath: slot] = .some(found)
            return found
        }

        func builtInUnicode61Methods(find: () -> BuiltInTokenizerMethods?) -> BuiltInTokenizerMethods? {
            once(\.unicode61Methods, find)
        }
        func features(find: () -> FTS5Features?) -> FTS5Features? { once(\.fts5Features, find) }
        func shim(find: () -> UInt?) -> UInt? { once(\.v2Shim, find) }
    }
}

/// The addresses of a tokenizer's xCreate and xTokenize, to tell one tokenizer's methods from
/// another's.
package struct BuiltInTokenizerMethods: Equatable, Sendable {
    package var create: UInt
    package var tokenize: UInt

    package init?(_ methods: fts5_tokenizer) {
        guard let create = methods.xCreate, let tokenize = methods.xTokenize else { return nil }
        self.create = UInt(bitPattern: unsafeBitCast(create, to: UnsafeRawPointer.self))
        self.tokenize = UInt(bitPattern: unsafeBitCast(tokenize, to: UnsafeRawPointer.self))
    }
}
