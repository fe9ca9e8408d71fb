import Foundation
import GRDB

extension ThroughputMeasurer {
    /// How many documents of the first batch each tokenizer indexes, untimed, before the timed runs.
    static let warmUpDocuments = 1_000

    /// Times inserting the corpus into a fresh FTS5 table, per storage, detail, tokenizer and run;
    /// after the last run, each index is optimized and measured (untimed).
    func measureIndex(_ corpus: StreamedCorpus, documentTokens: [String: Int]) throws -> [ThroughputRow] {
        var rows: [ThroughputRow] = []
        for storage in options.storages {
            for detail in options.details {
                var nanoseconds = Array(repeating: [UInt64](), count: tokenizers.count)
                var indexBytes = Array(repeating: Int?.none, count: tokenizers.count)
                for index in tokenizers.indices {
                    _ = try indexOnce(
                        corpus, tokenizer: tokenizers[index], input: inputs[index], storage: storage, detail: detail,
                        documentLimit: Self.warmUpDocuments)
                }
                for run in 0..<options.runs {
                    for index in Self.rotation(count: tokenizers.count, run: run) {
                        progress?(
                            "index (\(storage.rawValue), detail=\(detail.rawValue)): run \(run + 1)/\(options.runs), \(tokenizers[index].spec.name)"
                        )
                        let measured = try indexOnce(
                            corpus, tokenizer: tokenizers[index], input: inputs[index], storage: storage,
                            detail: detail, measuringSize: run == options.runs - 1)
                        nanoseconds[index].append(measured.nanoseconds)
                        if let bytes = measured.indexBytes { indexBytes[index] = bytes }
                    }
                }
                for (index, tokenizer) in tokenizers.enumerated() {
                    var row = row(
                        tokenizer: tokenizer, operation: .index, mode: .document, storage: storage, corpus: corpus,
                        tokens: documentTokens[tokenizer.spec.name],
                        statistics: TimingStatistics(nanoseconds: nanoseconds[index]))
                    row.detail = detail
                    row.indexBytes = indexBytes[index]
                    rows.append(row)
                }
            }
        }
        return rows
    }

    /// Indexes the corpus (or the first `documentLimit` documents of its first batch) into a new
    /// table in a new database, in one transaction, and returns the nanoseconds spent inserting
    /// and committing. Creating the table and streaming the corpus are not timed; nor is the
    /// `optimize` and dbstat measurement that `measuringSize` adds after the commit. The
    /// tokenizer's `input` is posted before each batch, untimed.
    private func indexOnce(
        _ corpus: StreamedCorpus, tokenizer: TokenizerOnConnection, input: Int, storage: IndexStorage,
        detail: FTS5Detail, documentLimit: Int? = nil, measuringSize: Bool = false
    ) throws -> (nanoseconds: UInt64, indexBytes: Int?) {
        post(input, .indexing)
        let purpose = "indexing the corpus with tokenizer '\(tokenizer.spec.description)'"
        return try withScratchDatabase(named: "index", storage: storage, purpose: purpose) { schema in
            let table = try createCorpusTable(
                schema: schema, name: "corpus", tokenizer: tokenizer, detail: detail, purpose: purpose)
            let nanoseconds = try timedTransaction(purpose: purpose) {
                let insert = try RawStatement(sql: table.insert(withRowid: false), purpose: purpose, in: connection)
                if let documentLimit {
                    try insertDocuments(of: corpus.firstBatch, limit: documentLimit, with: insert)
                    return 0
                }
                var elapsed: UInt64 = 0
                try corpus.forEachBatch { _, batch in
                    post(input, .indexing)
                    let start = Stopwatch.now()
                    try insertDocuments(of: batch, limit: nil, with: insert)
                    elapsed += Stopwatch.now() - start
                }
                return elapsed
            }
            guard measuringSize else { return (nanoseconds, nil) }
            do { try connection.execute(table.command(.optimize)) } catch {
                throw TokenBenchError.sqlite(context: purpose, message: TokenizerOnConnection.message(of: error))
            }
            return (nanoseconds, try connection.fts5Size(schema: table.schema, table: table.name)?.index)
        }
    }

    /// Inserts the batch's documents (or its first `limit`), each bound in place.
    func insertDocuments(of batch: CorpusBatch, limit: Int?, with insert: RawStatement) throws {
        try batch.withText { text in
            for index in 0..<min(batch.documentCount, limit ?? .max) {
                let range = batch.range(ofDocument: index)
                try insert.bindStaticText(text + range.lowerBound, count: range.count)
                try insert.run()
            }
        }
    }

    /// Creates an FTS5 table tokenized by `tokenizer` with one column, `body`, and returns it.
    func createCorpusTable(
        schema: String, name: String, tokenizer: TokenizerOnConnection, detail: FTS5Detail = .full,
        tokendata: Bool = false, purpose: String
    ) throws -> FTS5TableRecipe {
        do {
            let table = FTS5TableRecipe(
                schema: schema, name: name, tokenizer: try tokenizer.spec.tokenizeOption(),
                detail: detail.recipeDetail, tokendata: tokendata)
            try connection.execute(table.create)
            return table
        } catch {
            throw TokenBenchError.sqlite(context: purpose, message: TokenizerOnConnection.message(of: error))
        }
    }

    /// Runs `body` in a transaction, then commits; returns the nanoseconds `body` reports plus
    /// those of the commit (which, for a file, writes the index to disk). Rolls back on error.
    func timedTransaction(purpose: String, _ body: () throws -> UInt64) throws -> UInt64 {
        do { try connection.execute("BEGIN") } catch {
            throw TokenBenchError.sqlite(context: purpose, message: TokenizerOnConnection.message(of: error))
        }
        do {
            let elapsed = try body()
            let start = Stopwatch.now()
            try connection.execute("COMMIT")
            return elapsed + (Stopwatch.now() - start)
        } catch {
            try? connection.execute("ROLLBACK")
            if error is TokenBenchError { throw error }
            throw TokenBenchError.sqlite(context: purpose, message: TokenizerOnConnection.message(of: error))
        }
    }

    /// Attaches a new database (in memory, or a new file in the scratch directory) under the
    /// schema name `tokenbench_NAME`, runs `body` with that name, then detaches the database and
    /// deletes its files, whatever happens.
    func withScratchDatabase<T>(
        named name: String, storage: IndexStorage, purpose: String, _ body: (String) throws -> T
    ) throws -> T {
        let schema = "tokenbench_\(name)"
        let path = storage == .memory ? ":memory:" : scratchDirectory.appendingPathComponent("\(name).sqlite").path
        return try connection.withScratchDatabase(schema: schema, path: path, purpose: purpose) { try body(schema) }
    }
}
