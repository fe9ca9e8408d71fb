import Foundation
import GRDB
import Testing
import TokenBenchTokenizers

// The GRDB snippets of Documentation/Shipping.md, word for word, each inside a test that runs it
// (GuideSnippetTests checks that every snippet of the guide is here). This target depends on the
// `TokenBenchTokenizers` library alone, as an app's package would: none of the bench comes with it.

// guide: types
/// A wrapper of your own: "st" becomes "street" in documents and queries (spec: `streets [BASE…]`).
final class StreetAbbreviations: TokenFilteringTokenizer {
    static let name = "streets"
    init(options: [String: String], base: any FTS5Tokenizer) throws {}
    func filter(
        _ token: UnsafeBufferPointer<UInt8>, flags: CInt, start: CInt, end: CInt,
        tokenization: FTS5Tokenization, emitter: inout TokenEmitter
    ) -> CInt {
        let word = token.elementsEqual("st".utf8) ? Array("street".utf8) : Array(token)
        return emitter.emit(word, flags: flags, start: start, end: end)
    }
}
// end

/// The shipped tokenizers registered in an app's own GRDB database: `addTokenBenchTokenizers()`
/// in `prepareDatabase`, so that every connection of a `DatabasePool` (the writer and each
/// reader) has them. GRDB reports "no such tokenizer" on a connection where a tokenizer was not
/// registered.
struct ShippedTokenizersOnGRDBTests {
    @Test func everyConnectionOfAPoolFindsGrossmann() throws {
        let directory = try TemporaryDirectory()
        let path = directory.url.appendingPathComponent("app.sqlite").path
        // guide: pool
        var configuration = Configuration()
        configuration.prepareDatabase { db in try db.addTokenBenchTokenizers() }
        let pool = try DatabasePool(path: path, configuration: configuration)
        try pool.write { db in
            try db.execute(sql: "CREATE VIRTUAL TABLE people USING fts5(name, tokenize = 'latinascii')")
        }
        // end
        try pool.write { db in
            try db.execute(sql: "CREATE VIRTUAL TABLE streets USING fts5(name, tokenize = 'german')")
            try db.execute(sql: "INSERT INTO people(name) VALUES ('Herr Großmann')")
            try db.execute(sql: "INSERT INTO streets(name) VALUES ('Müllerstraße')")
        }
        let query = """
            SELECT (SELECT count(*) FROM people WHERE people MATCH 'grossmann')
                 + (SELECT count(*) FROM streets WHERE streets MATCH 'muellerstrasse')
            """
        #expect(try pool.everyConnectionCounts(query) == Array(repeating: 2, count: 9))
    }

    /// Shipping.md's iOS snippet: a tokenizer of the portable set, on a `DatabaseQueue`, finds
    /// "Müllerstraße" from "muellerstrasse".
    @Test func thePortableSetsSnippetFindsMuellerstrasse() throws {
        let directory = try TemporaryDirectory()
        let path = directory.url.appendingPathComponent("app.sqlite").path
        // guide: portable
        var configuration = Configuration()
        configuration.prepareDatabase { db in try db.addTokenBenchTokenizers() }
        let dbQueue = try DatabaseQueue(path: path, configuration: configuration)
        try dbQueue.write { db in
            try db.execute(sql: "CREATE VIRTUAL TABLE streets USING fts5(name, tokenize = 'german')")
        }
        // end
        let count = try dbQueue.write { db in
            try db.execute(sql: "INSERT INTO streets(name) VALUES ('Müllerstraße')")
            return try Int.fetchOne(db, sql: "SELECT count(*) FROM streets WHERE streets MATCH 'muellerstrasse'")
        }
        #expect(count == 1)
    }

    /// A `TokenFilteringTokenizer` of the app's own, registered like the shipped ones, runs on
    /// every connection; without it, FTS5 does not know the name.
    @Test func aFilteringTokenizerOfYourOwnOnEveryConnection() throws {
        let directory = try TemporaryDirectory()
        let path = directory.url.appendingPathComponent("app.sqlite").path
        // guide: own
        var configuration = Configuration()
        configuration.prepareDatabase { db in
            try db.addTokenBenchTokenizers()
            try db.add(filteringTokenizer: StreetAbbreviations.self)
        }
        let pool = try DatabasePool(path: path, configuration: configuration)
        try pool.write { db in
            try db.execute(sql: "CREATE VIRTUAL TABLE places USING fts5(name, tokenize = 'streets latinascii')")
            try db.execute(sql: "INSERT INTO places(name) VALUES ('Große St')")
        }
        // end
        let query = "SELECT count(*) FROM places WHERE places MATCH 'grosse street'"
        #expect(try pool.everyConnectionCounts(query) == Array(repeating: 1, count: 9))
        // A connection without the registration: FTS5 refuses the table's tokenizer.
        let plain = try DatabaseQueue(path: path)
        #expect(throws: DatabaseError.self) { try plain.read { db in try Int.fetchOne(db, sql: query) } }
    }
}

extension DatabasePool {
    /// `query`'s count on the writer, then on eight readers at once, so that the pool opens
    /// several reader connections.
    fileprivate func everyConnectionCounts(_ query: String) throws -> [Int?] {
        let found = Counts()
        found.append(try write { db in try Int.fetchOne(db, sql: query) })
        DispatchQueue.concurrentPerform(iterations: 8) { _ in
            let count = try? read { db -> Int? in
                Thread.sleep(forTimeInterval: 0.01)
                return try Int.fetchOne(db, sql: query)
            }
            found.append(count)
        }
        return found.values
    }
}

/// Results appended from several threads, behind a lock.
private final class Counts: @unchecked Sendable {
    private let lock = NSLock()
    private var stored: [Int?] = []
    func append(_ value: Int?) { lock.withLock { stored.append(value) } }
    var values: [Int?] { lock.withLock { stored } }
}

/// A fresh directory, removed when the value goes away.
private final class TemporaryDirectory {
    let url = FileManager.default.temporaryDirectory.appendingPathComponent(UUID().uuidString)
    init() throws { try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true) }
    deinit { try? FileManager.default.removeItem(at: url) }
}
