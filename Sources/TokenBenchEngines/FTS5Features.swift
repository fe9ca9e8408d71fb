import CSQLiteEngines
import GRDBSQLite

/// What an engine's FTS5 offers beyond the v1 tokenizer API, found by running it: each
/// feature is tried on a private in-memory table, never read off a version number, so that a
/// SQLite built without one (or a fork that backported it) answers for itself.
package enum FTS5Feature: String, CaseIterable, Sendable {
    /// `fts5_api` version 3 (SQLite 3.47): tokenizers registered and found as `fts5_tokenizer_v2`,
    /// whose xTokenize is given each value's locale.
    case tokenizerV2 = "tokenizer_v2"
    /// `locale=1` tables, `fts5_locale(LOCALE, TEXT)` on insert and in MATCH (SQLite 3.47).
    case locale
    /// `tokendata=1` tables: a token `key\0data` matches on its key (SQLite 3.45).
    case tokendata
    /// The `insttoken` configuration option, with which a query collects what `xInstToken`
    /// needs for prefix tokens as it runs.
    case insttoken

    /// The first SQLite version that has the feature, found by running the same probe in APSW's
    /// wheels of 13 SQLite versions (Engines.md): what messages say an engine lacks.
    package var since: String {
        switch self {
        case .tokenizerV2, .locale: return "3.47"
        case .tokendata: return "3.45"
        case .insttoken: return "3.48"
        }
    }

    /// Why `engine` cannot run what needs the feature, in one clause: "locale needs SQLite 3.47
    /// (this engine is SQLite 3.40.1)".
    package func lacking(on engine: SQLiteEngine) -> String {
        "\(rawValue) needs SQLite \(since) (this engine is SQLite \(engine.sqliteVersion))"
    }

    /// What the probe tries, for the reason when it fails.
    fileprivate var trial: String {
        switch self {
        case .tokenizerV2: return "fts5_api version 3"
        case .locale: return "a locale=1 table with fts5_locale()"
        case .tokendata: return "a tokendata=1 table"
        case .insttoken: return "the insttoken option"
        }
    }

    /// The table every probe makes, and drops afterwards.
    fileprivate static let probeTable = FTS5TableRecipe(schema: "temp", name: "tokenbench_feature")

    /// The statements that succeed only where the feature exists, each with the texts it binds.
    fileprivate var probe: [(sql: String, arguments: [String])] {
        var table = Self.probeTable
        switch self {
        case .tokenizerV2: return []
        case .locale:
            table.locale = true
            // A text and its locale, bound as the recipe numbers them: the value, then the locale.
            let localized = ["ığdır", "tr"]
            return [
                (table.create, []), (table.insert(withRowid: false, withLocale: true), localized),
                (table.matchingRowids(withLocale: true), localized),
            ]
        case .tokendata:
            table.tokendata = true
            return [(table.create, [])]
        case .insttoken: return [(table.create, []), (table.command(.insttoken), [])]
        }
    }
}

/// Which of `FTS5Feature` one engine has, with the reason of each it lacks.
package struct FTS5Features: Sendable, Equatable {
    /// `fts5_api.iVersion`: 2 before SQLite 3.47, 3 from it.
    package var apiVersion: Int
    /// The features the engine lacks, each with SQLite's message (or why it was not tried).
    package var missing: [FTS5Feature: String]

    package func has(_ feature: FTS5Feature) -> Bool { missing[feature] == nil }

    /// Tries every feature on `connection`, a private connection: the probes create and drop
    /// a table in its temp schema.
    init(probing connection: EngineConnection) {
        apiVersion = Int(connection.fts5.pointee.iVersion)
        missing = [:]
        for feature in FTS5Feature.allCases {
            if feature == .tokenizerV2 {
                if apiVersion < 3 { missing[feature] = "fts5_api version \(apiVersion); v2 tokenizers need version 3" }
                continue
            }
            defer { try? connection.execute(FTS5Feature.probeTable.dropIfExists) }
            do {
                for (sql, arguments) in feature.probe {
                    let prepared = try connection.prepare(sql)
                    for (offset, argument) in arguments.enumerated() { try prepared.bind(argument, at: offset + 1) }
                    while try prepared.step() {}
                }
            } catch {
                missing[feature] = "\(feature.trial) failed: \(error.message)"
            }
        }
    }
}

extension EngineConnection {
    /// The connection's fts5_api as version 3 lays it out, or nil before version 3, whose
    /// struct ends before the v2 members. Owned by SQLite for the connection's lifetime.
    package var fts5V3: UnsafeMutablePointer<tb_fts5_api_v3>? {
        fts5.pointee.iVersion >= 3 ? UnsafeMutableRawPointer(fts5).assumingMemoryBound(to: tb_fts5_api_v3.self) : nil
    }

    /// The tokenizer API the tokenizer named `name` was registered through on this connection
    /// (1 or 2), or nil when FTS5 knows no such name. Before fts5_api version 3 every
    /// tokenizer is v1.
    ///
    /// From version 3, FTS5 offers each tokenizer through both APIs and wraps the one it was
    /// not registered through in a shim of its own, the same xCreate for every tokenizer. The
    /// shim is learnt once per library from a tokenizer registered through v1 on a private
    /// connection (`v1ToV2Shim()`): a tokenizer whose v1 face has that xCreate was registered
    /// through v2.
    package func nativeTokenizerAPI(of name: String) -> Int? {
        var userData: UnsafeMutableRawPointer?
        var methods = fts5_tokenizer()
        guard fts5.pointee.xFindTokenizer!(fts5, name, &userData, &methods) == SQLITE_OK else { return nil }
        guard fts5V3 != nil, let shim = engine.fts5V2Shim, let create = methods.xCreate else { return 1 }
        return UInt(bitPattern: unsafeBitCast(create, to: UnsafeRawPointer.self)) == shim ? 2 : 1
    }

    /// The address of FTS5's xCreate shim: the v2 face's xCreate of a tokenizer registered
    /// here through v1 for the purpose. Nil before fts5_api version 3.
    func v1ToV2Shim() -> UInt? {
        guard let api = fts5V3, let find = api.pointee.xFindTokenizer_v2 else { return nil }
        var methods = fts5_tokenizer(
            xCreate: { _, _, _, _ in SQLITE_ERROR }, xDelete: { _ in }, xTokenize: { _, _, _, _, _, _ in SQLITE_ERROR }
        )
        let name = "tokenbench_v1_probe"
        guard fts5.pointee.xCreateTokenizer!(fts5, name, nil, &methods, nil) == SQLITE_OK else { return nil }
        var userData: UnsafeMutableRawPointer?
        var found: UnsafeMutablePointer<tb_fts5_tokenizer_v2>?
        guard find(api, name, &userData, &found) == SQLITE_OK, let create = found?.pointee.xCreate else { return nil }
        return UInt(bitPattern: unsafeBitCast(create, to: UnsafeRawPointer.self))
    }
}
