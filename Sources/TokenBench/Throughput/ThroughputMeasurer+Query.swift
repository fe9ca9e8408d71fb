import Foundation

extension ThroughputMeasurer {
    /// Indexes the corpus once per tokenizer (untimed) in one database file, then times every
    /// fixture query against each index, runs interleaved across tokenizers.
    ///
    /// The index is a file, as apps ship it, read through SQLite's page cache and the OS's; all
    /// tokenizers' indexes live side by side so the runs can interleave without holding several
    /// indexes in memory.
    func measureQuery(_ corpus: StreamedCorpus) throws -> [ThroughputRow] {
        guard !options.queries.isEmpty else {
            throw TokenBenchError.invalidArgument(
                name: "queries", value: "", reason: "the query operation has no query to run")
        }
        let purpose = "building the query index"
        return try withScratchDatabase(named: "query", storage: .file, purpose: purpose) { schema in
            var statements: [RawStatement] = []
            for (index, tokenizer) in tokenizers.enumerated() {
                progress?("query: indexing with \(tokenizer.spec.name)")
                post(inputs[index], .indexing)
                let table = "corpus_\(index)"
                let purpose = "indexing the corpus with tokenizer '\(tokenizer.spec.description)'"
                try createCorpusTable(named: "\(schema).\(table)", tokenizer: tokenizer, purpose: purpose)
                _ = try timedTransaction(purpose: purpose) {
                    let insert = try RawStatement(
                        sql: "INSERT INTO \(schema).\(table)(body) VALUES (?)", purpose: purpose, in: connection)
                    try corpus.forEachBatch { _, batch in
                        post(inputs[index], .indexing)
                        try insertDocuments(of: batch, limit: nil, with: insert)
                    }
                    return 0
                }
                statements.append(
                    try RawStatement(
                        sql: "SELECT count(*) FROM \(schema).\(table) WHERE \(table) MATCH ?",
                        purpose: "querying the index of tokenizer '\(tokenizer.spec.description)'", in: connection))
            }

            // Warm-up, and the queries each tokenizer can run at all (one whose query text has
            // no token may be a syntax error to FTS5: it is left out for that tokenizer).
            var runnable: [[String]] = []
            for (statement, input) in zip(statements, inputs) {
                post(input, .querying)
                runnable.append(
                    options.queries.filter { query in
                        (try? statement.bindText(query)) != nil && (try? statement.run()) != nil
                    })
            }
            var latencies = Array(repeating: TimingStatistics(), count: tokenizers.count)
            for run in 0..<options.runs {
                progress?("query: run \(run + 1)/\(options.runs)")
                for index in Self.rotation(count: tokenizers.count, run: run) {
                    post(inputs[index], .querying)
                    let statement = statements[index]
                    for query in runnable[index] {
                        try statement.bindText(query)
                        let start = Stopwatch.now()
                        try statement.run()
                        latencies[index].record(nanoseconds: Stopwatch.now() - start)
                    }
                }
            }
            return tokenizers.enumerated().map { index, tokenizer in
                var row = row(
                    tokenizer: tokenizer, operation: .query, mode: .query, storage: .file, corpus: corpus, tokens: nil,
                    statistics: latencies[index])
                row.queries = runnable[index].count
                row.p50Microseconds = latencies[index].microseconds(atPercentile: 50)
                row.p90Microseconds = latencies[index].microseconds(atPercentile: 90)
                row.p99Microseconds = latencies[index].microseconds(atPercentile: 99)
                return row
            }
        }
    }
}
