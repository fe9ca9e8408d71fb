import CBundledSQLite
import GRDB
import GRDBSQLite
import Testing

@testable import TokenBenchEngines

/// A tokenizer type the engine layer registers with FTS5 itself: through the v1 API on every
/// engine, and through v2 for a type that reads the locale, where the engine has v2 (SQLite
/// 3.47). FTS5 calls it from real tables, and the engine layer makes instances of it through the
/// engine's own xCreate and xTokenize.
struct TokenizerRegistrationTests {
    static let bundled = SQLiteEngine(name: "bundled", functions: tb_bundled_sqlite().pointee)

    /// Words split at ASCII spaces, lowercased with the argument `fold`; with a locale, each
    /// token is `LOCALE:word`, so a query finds only the rows of its own locale.
    final class SpacedWords: RegisteredTokenizerType, LocaleAwareTokenizer {
        static let name = "tb_spaced_words"
        let folds: Bool

        init(connection: EngineConnection, arguments: [String]) throws {
            folds = arguments == ["fold"]
        }

        func tokenize(
            context: UnsafeMutableRawPointer?, tokenization: FTS5Tokenization, pText: UnsafePointer<CChar>?,
            nText: CInt, tokenCallback: @escaping FTS5TokenCallback
        ) -> CInt {
            emit(pText, nText, prefix: [], context: context, tokenCallback)
        }

        func tokenize(
            context: UnsafeMutableRawPointer?, tokenization: FTS5Tokenization, pText: UnsafePointer<CChar>?,
            nText: CInt, locale: UnsafeBufferPointer<UInt8>, tokenCallback: @escaping FTS5TokenCallback
        ) -> CInt {
            emit(pText, nText, prefix: Array(locale) + [UInt8(ascii: ":")], context: context, tokenCallback)
        }

        private func emit(
            _ pText: UnsafePointer<CChar>?, _ nText: CInt, prefix: [UInt8], context: UnsafeMutableRawPointer?,
            _ tokenCallback: FTS5TokenCallback
        ) -> CInt {
            let text = Array(UnsafeRawBufferPointer(start: pText, count: Int(nText)))
            var start = 0
            while start < text.count {
                guard text[start] != 0x20 else {
                    start += 1
                    continue
                }
                let end = text[start...].firstIndex(of: 0x20) ?? text.count
                var token = prefix + text[start..<end].map { folds && (0x41...0x5A).contains($0) ? $0 | 0x20 : $0 }
                let code = token.withUnsafeMutableBytes { bytes in
                    tokenCallback(
                        context, 0, bytes.baseAddress!.assumingMemoryBound(to: CChar.self), CInt(bytes.count),
                        CInt(start), CInt(end))
                }
                guard code == SQLITE_OK else { return code }
                start = end
            }
            return SQLITE_OK
        }
    }

    /// One row per MATCH: the spec's arguments reach the type's initializer, and FTS5 finds rows
    /// by the tokens the type gives, on each engine.
    @Test(arguments: [SQLiteEngine.system, bundled])
    func aRegisteredTypeAnswersInARealTable(engine: SQLiteEngine) throws {
        let rows: [(spec: String, document: String, query: String, matches: Bool)] = [
            ("tb_spaced_words", "Hello  world", "world", true), // its own words, spaces collapsed
            ("tb_spaced_words", "Hello world", "hello", false), // no folding without the argument
            ("tb_spaced_words fold", "Hello world", "hello", true), // `fold` reached init(arguments:)
            ("tb_spaced_words", "hello-world", "hello", false), // only spaces split
        ]
        for row in rows {
            let connection = try EngineConnection(engine: engine)
            try TokenizerRegistration.register(SpacedWords.self, on: connection)
            let table = FTS5TableRecipe(
                schema: "temp", name: "t", tokenizer: try FTS5TableRecipe.Tokenizer(row.spec))
            try connection.execute(table.create)
            let insert = try connection.prepare(table.insert(withRowid: true))
            try insert.bind(1, at: 1)
            try insert.bind(row.document, at: 2)
            try insert.run()
            let probe = try connection.prepare(table.rowMatches())
            try probe.bind("\"\(row.query)\"", at: 1)
            try probe.bind(1, at: 2)
            #expect(try probe.rows() == [[row.matches ? "1" : "0"]], "\(row) on \(engine.name)")
        }
    }

    /// A type that reads the locale is registered through v2 where the engine has it, so each
    /// value's locale reaches it: in a `locale=1` table, a query finds only its own locale's
    /// row. An engine without v2 refuses an instance made with a locale, saying why.
    @Test func theLocaleReachesATypeThroughV2() throws {
        let connection = try EngineConnection(engine: Self.bundled)
        try TokenizerRegistration.register(SpacedWords.self, on: connection)
        let table = FTS5TableRecipe(
            schema: "temp", name: "t", tokenizer: try FTS5TableRecipe.Tokenizer(SpacedWords.name), locale: true)
        try connection.execute(table.create)
        let insert = try connection.prepare(table.insert(withRowid: true, withLocale: true))
        for (rowid, locale) in [(1, "tr"), (2, "en")] {
            try insert.bind(rowid, at: 1)
            try insert.bind("word", at: 2)
            try insert.bind(locale, at: 3)
            try insert.run()
        }
        let query = try connection.prepare(table.matchingRowids(withLocale: true))
        try query.bind("word", at: 1)
        try query.bind("tr", at: 2)
        #expect(try query.rows() == [["1"]])

        let old = try EngineConnection(engine: .system)
        try TokenizerRegistration.register(SpacedWords.self, on: old)
        #expect {
            try EngineLocaleTokenizerInstance(components: [SpacedWords.name], locale: "tr", in: old)
        } throws: { error in
            (error as? SQLiteFailure)?.message.hasPrefix("a locale needs SQLite 3.47 or later") == true
        }
    }

    /// An instance made through the engine's own xCreate gives, through its xTokenize, the
    /// type's tokens with their byte offsets into the exact input.
    @Test(arguments: [SQLiteEngine.system, bundled])
    func anInstanceFromTheEngineTokenizesAsTheTypeDoes(engine: SQLiteEngine) throws {
        let connection = try EngineConnection(engine: engine)
        try TokenizerRegistration.register(SpacedWords.self, on: connection)
        let instance = try EngineTokenizerInstance(components: [SpacedWords.name, "fold"], in: connection)
        var found: [(String, CInt, CInt)] = []
        let text = Array("Ab  é".utf8)
        let code = withUnsafeMutablePointer(to: &found) { found in
            text.withUnsafeBufferPointer { bytes in
                bytes.withMemoryRebound(to: CChar.self) { chars in
                    instance.tokenize(
                        context: found, tokenization: .document, pText: chars.baseAddress, nText: CInt(chars.count),
                        tokenCallback: { context, _, pToken, nToken, start, end in
                            let found = context.unsafelyUnwrapped.assumingMemoryBound(to: [(String, CInt, CInt)].self)
                            let bytes = UnsafeRawBufferPointer(start: pToken, count: Int(nToken))
                            found.pointee.append((String(decoding: bytes, as: UTF8.self), start, end))
                            return SQLITE_OK
                        })
                }
            }
        }
        #expect(code == SQLITE_OK)
        // "é" is two bytes: its token ends at byte 6, the input's end.
        #expect(found.map(\.0) == ["ab", "é"])
        #expect(found.map(\.1) == [0, 4])
        #expect(found.map(\.2) == [2, 6])
    }
}
