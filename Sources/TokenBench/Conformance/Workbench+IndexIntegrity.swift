import TokenBenchEngines

extension Workbench {
    /// The `index-integrity` check: indexes every input in a real FTS5 table of the tokenizer and
    /// runs FTS5's `integrity-check`, which tokenizes the stored text again and compares the
    /// tokens with the index. When the whole index fails, each input is indexed alone to name the
    /// ones that fail. Skipped when an earlier check found tokens FTS5 cannot read safely (a NULL
    /// or unreadable pointer, a negative length or one over the call's budget: FTS5 would crash
    /// on them, where the checker only reads what it can) or an error code (the insert would
    /// just fail).
    /// `tokenizer` is the run's own instance, which names a NUL-bearing token of a failing input.
    static func checkIndexIntegrity(
        of tokenizer: ResolvedTokenizer, inputs: [ConformanceInput], in connection: EngineConnection,
        findings: inout ConformanceFindingList
    ) throws -> IndexIntegrityOutcome {
        let unsafe: Set<ConformanceCheck> = [.emptyToken, .unreadableToken, .tokenLength, .errorCode, .constructor]
        guard !findings.hasFinding(of: unsafe) else { return .skipped }
        let schema = "tokenbench_integrity"
        let literal = try tokenizer.spec.sqlLiteral()
        return try connection.withScratchDatabase(
            schema: schema, path: ":memory:", purpose: "the index-integrity check"
        ) {
            /// Indexes `documents` in a new table and runs the check: nil when it passes. The
            /// tokenizer returned no error code in the other checks, so an insert that fails is
            /// FTS5's own failure (3.40.1 reports some tokens as a malformed index already there).
            func failure(indexing documents: [ConformanceInput]) -> String? {
                do {
                    try connection.execute("DROP TABLE IF EXISTS \(schema).docs")
                    try connection.execute(
                        "CREATE VIRTUAL TABLE \(schema).docs USING fts5(body, tokenize = \(literal))")
                    let insert = try connection.prepare("INSERT INTO \(schema).docs(body) VALUES (?1)")
                    try connection.execute("BEGIN")
                    defer { try? connection.execute("COMMIT") }
                    for document in documents {
                        try insert.bind(bytes: document.bytes, at: 1)
                        try insert.run()
                    }
                } catch {
                    return "FTS5 fails to index it: \(error.message)"
                }
                do {
                    try connection.execute("INSERT INTO \(schema).docs(docs) VALUES ('integrity-check')")
                    return nil
                } catch {
                    return "FTS5's integrity-check fails on its index: \(error.message)"
                }
            }
            guard let whole = failure(indexing: inputs) else { return .passed }
            var named = 0
            for input in inputs {
                guard let message = failure(indexing: [input]) else { continue }
                named += 1
                // SQLite 3.40.1's check fails on every index holding a token with a NUL byte
                // (the sqlite3 shell agrees; 3.54.1's does not), so such a token is named.
                let nulToken = (try? tokenizer.tokens(of: input.bytes, mode: .document))?.first { $0.bytes.contains(0) }
                findings.add(
                    .indexIntegrity, mode: "document", input: input,
                    "\(message) (this input alone)"
                        + (nulToken.map { "; its token '\(ByteEscaping.display($0.bytes))' holds a NUL byte" } ?? ""))
            }
            if named == 0 {
                findings.add(
                    .indexIntegrity, mode: "document", inputLabel: "all inputs",
                    "\(whole) (all \(inputs.count) inputs together, though no input alone)"
                )
            }
            return .failed
        }
    }
}
