import Foundation
import GRDB
import Testing
import TokenBench

/// The shipped tokenizers registered in an app's own GRDB database, as a user's package would:
/// `Database.addTokenBenchTokenizers()` in `prepareDatabase`, so that every connection of a
/// `DatabasePool` (the writer and each reader) has them. GRDB reports "no such tokenizer" on a
/// connection where a tokenizer was not registered.
struct ShippedTokenizersOnGRDBTests {
    @Test func everyConnectionOfAPoolFindsGrossmann() throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent(UUID().uuidString)
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        var configuration = Configuration()
        configuration.prepareDatabase { db in try db.addTokenBenchTokenizers() }
        configuration.maximumReaderCount = 4
        let pool = try DatabasePool(
            path: directory.appendingPathComponent("app.sqlite").path, configuration: configuration)
        try pool.write { db in
            try db.execute(sql: "CREATE VIRTUAL TABLE people USING fts5(name, tokenize = 'latinascii')")
            try db.execute(sql: "CREATE VIRTUAL TABLE streets USING fts5(name, tokenize = 'german')")
            try db.execute(sql: "INSERT INTO people(name) VALUES ('Herr Großmann')")
            try db.execute(sql: "INSERT INTO streets(name) VALUES ('Müllerstraße')")
        }
        let query = """
            SELECT (SELECT count(*) FROM people WHERE people MATCH 'grossmann')
                 + (SELECT count(*) FROM streets WHERE streets MATCH 'muellerstrasse')
            """
        // The writer, then readers at once, so that the pool opens several reader connections.
        #expect(try pool.write { db in try Int.fetchOne(db, sql: query) } == 2)
        let found = Counts()
        DispatchQueue.concurrentPerform(iterations: 8) { _ in
            let count = try? pool.read { db -> Int? in
                Thread.sleep(forTimeInterval: 0.01)
                return try Int.fetchOne(db, sql: query)
            }
            found.append(count)
        }
        #expect(found.values == Array(repeating: 2, count: 8))
    }
}

/// Results appended from several threads, behind a lock.
private final class Counts: @unchecked Sendable {
    private let lock = NSLock()
    private var stored: [Int?] = []
    func append(_ value: Int?) { lock.withLock { stored.append(value) } }
    var values: [Int?] { lock.withLock { stored } }
}
