import Foundation
import TokenBenchEngines

extension ThroughputMeasurer {
    /// One timed statement of the query operation: a tokenizer's index, and how it is asked.
    private struct QueryTarget {
        var tokenizer: Int
        /// Nil: `count(*)` over the plain index. Otherwise the prefix queries on the tokendata
        /// index, each match's tokens read through `xInstToken`, without (false) or with (true)
        /// `fts5_insttoken()`.
        var insttoken: Bool?
        var statement: RawStatement
        /// The queries it runs: those that FTS5 accepts for this tokenizer.
        var queries: [String] = []
        var latencies = TimingStatistics()
        /// Tokens `xInstToken` gave over one pass of `queries`, counted in the warm-up.
        var tokensRead: Int?
    }

    /// Indexes the corpus once per tokenizer (untimed) in one database file, then times every
    /// fixture query against each index, runs interleaved across tokenizers. With
    /// `measuresInsttoken`, each tokenizer also indexes the corpus in a `tokendata=1` table,
    /// whose prefix queries are timed reading every match's tokens through `xInstToken`, without
    /// and with `insttoken`, interleaved with the rest.
    ///
    /// The index is a file, as apps ship it, read through SQLite's page cache and the OS's; all
    /// tokenizers' indexes live side by side so the runs can interleave without holding several
    /// indexes in memory.
    func measureQuery(_ corpus: StreamedCorpus) throws -> [ThroughputRow] {
        guard !options.queries.isEmpty else {
            throw TokenBenchError.invalidArgument(
                name: "queries", value: "", reason: "the query operation has no query to run")
        }
        if options.measuresInsttoken, options.prefixQueries.isEmpty {
            throw TokenBenchError.invalidArgument(
                name: "insttoken", value: "", reason: "the queries hold no prefix query (one ending in '*')")
        }
        let purpose = "building the query index"
        return try withScratchDatabase(named: "query", storage: .file, purpose: purpose) { schema in
            try withInstanceTokenCountIfMeasured { takeTokensRead in
                var targets: [QueryTarget] = []
                for (index, tokenizer) in tokenizers.enumerated() {
                    let table = try buildQueryIndex(
                        corpus, schema: schema, tokenizer: index, tokendata: false)
                    let asking = "querying the index of tokenizer '\(tokenizer.spec.description)'"
                    targets.append(
                        QueryTarget(
                            tokenizer: index, insttoken: nil,
                            statement: try RawStatement(sql: table.matchCount, purpose: asking, in: connection)))
                    guard options.measuresInsttoken else { continue }
                    let tokendataTable = try buildQueryIndex(corpus, schema: schema, tokenizer: index, tokendata: true)
                    for insttoken in [false, true] {
                        targets.append(
                            QueryTarget(
                                tokenizer: index, insttoken: insttoken,
                                statement: try RawStatement(
                                    sql: tokendataTable.instanceTokens(insttoken: insttoken),
                                    purpose: "\(asking) (tokendata=1, insttoken \(insttoken ? "on" : "off"))",
                                    in: connection)))
                    }
                }

                // Warm-up, and the queries each target can run at all (one whose query text has
                // no token may be a syntax error to FTS5: it is left out for that target).
                for index in targets.indices {
                    post(inputs[targets[index].tokenizer], .querying)
                    let statement = targets[index].statement
                    let candidates = targets[index].insttoken == nil ? options.queries : options.prefixQueries
                    var tokensRead = 0
                    targets[index].queries = candidates.filter { query in
                        _ = takeTokensRead()
                        let runs = (try? statement.bindText(query)) != nil && (try? statement.run()) != nil
                        // A query FTS5 refused midway is left out, and so are the tokens it read.
                        if runs { tokensRead += takeTokensRead() }
                        return runs
                    }
                    if targets[index].insttoken != nil { targets[index].tokensRead = tokensRead }
                }
                for run in 0..<options.runs {
                    progress?("query: run \(run + 1)/\(options.runs)")
                    for index in Self.rotation(count: targets.count, run: run) {
                        post(inputs[targets[index].tokenizer], .querying)
                        let statement = targets[index].statement
                        for query in targets[index].queries {
                            try statement.bindText(query)
                            let start = Stopwatch.now()
                            try statement.run()
                            targets[index].latencies.record(nanoseconds: Stopwatch.now() - start)
                        }
                        _ = takeTokensRead()
                    }
                }
                return targets.map { target in
                    var row = row(
                        tokenizer: tokenizers[target.tokenizer], operation: .query, mode: .query, storage: .file,
                        corpus: corpus, tokens: target.tokensRead, statistics: target.latencies)
                    row.insttoken = target.insttoken
                    row.queries = target.queries.count
                    row.p50Microseconds = target.latencies.microseconds(atPercentile: 50)
                    row.p90Microseconds = target.latencies.microseconds(atPercentile: 90)
                    row.p99Microseconds = target.latencies.microseconds(atPercentile: 99)
                    return row
                }
            }
        }
    }

    /// Creates tokenizer `index`'s table (`tokendata=1` when asked) in `schema` and inserts the
    /// corpus, untimed; returns the table.
    private func buildQueryIndex(_ corpus: StreamedCorpus, schema: String, tokenizer index: Int, tokendata: Bool)
        throws -> FTS5TableRecipe
    {
        let tokenizer = tokenizers[index]
        progress?("query: indexing with \(tokenizer.spec.name)\(tokendata ? " (tokendata=1)" : "")")
        post(inputs[index], .indexing)
        let purpose = "indexing the corpus with tokenizer '\(tokenizer.spec.description)'"
        let table = try createCorpusTable(
            schema: schema, name: "\(tokendata ? "tokendata" : "corpus")_\(index)", tokenizer: tokenizer,
            tokendata: tokendata, purpose: purpose)
        _ = try timedTransaction(purpose: purpose) {
            let insert = try RawStatement(sql: table.insert(withRowid: false), purpose: purpose, in: connection)
            try corpus.forEachBatch { _, batch in
                post(inputs[index], .indexing)
                try insertDocuments(of: batch, limit: nil, with: insert)
            }
            return 0
        }
        return table
    }

    /// Runs `body` with the counting auxiliary function registered when the run measures
    /// insttoken (before any statement names it), and with a count that stays 0 otherwise.
    private func withInstanceTokenCountIfMeasured<T>(_ body: (_ takeTokensRead: () -> Int) throws -> T) throws -> T {
        guard options.measuresInsttoken else { return try body { 0 } }
        return try connection.withInstanceTokenCount(body)
    }
}
