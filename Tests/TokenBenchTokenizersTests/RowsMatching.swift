import GRDB
import TokenBenchTokenizers

/// What a real FTS5 table finds in an app's own GRDB database: the rowids (1 for the first
/// document) that `query` matches in a table created with `tokenize = 'spec'`, with TokenBench's
/// tokenizers added, in rowid order.
func rowsMatching(_ query: String, in documents: [String], tokenize spec: String) throws -> [Int] {
    let queue = try DatabaseQueue()
    try queue.write { db in
        try db.addTokenBenchTokenizers()
        try db.execute(sql: "CREATE VIRTUAL TABLE notes USING fts5(body, tokenize = '\(spec)')")
        for document in documents {
            try db.execute(sql: "INSERT INTO notes(body) VALUES (?)", arguments: [document])
        }
    }
    return try queue.read { db in
        try Int.fetchAll(db, sql: "SELECT rowid FROM notes WHERE notes MATCH ? ORDER BY rowid", arguments: [query])
    }
}
