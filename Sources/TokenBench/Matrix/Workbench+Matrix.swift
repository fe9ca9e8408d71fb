import GRDB

extension Workbench {
    /// Runs every case against a real FTS5 table per tokenizer, engine and form pair.
    ///
    /// A tokenizer that one engine lacks (trigram's remove_diacritics before SQLite 3.45, an
    /// extension's tokenizer on the bundled engine) has no cells there; one that no engine
    /// accepts throws that engine's reason.
    ///
    /// Each table holds all the documents (rowid = case number); each case's query runs as a
    /// MATCH restricted to its own document's rowid, so a cell says whether FTS5 finds exactly
    /// that document.
    public func matrix(
        cases: [MatchCase],
        tokenizers: [TokenizerSpec],
        engines: [SQLiteEngine] = [.system],
        formPairs: [FormPair] = FormPair.defaults,
        queryKinds: [QueryKind] = QueryKind.allCases
    ) throws -> MatchMatrix {
        // The matrix checks its axes too; checking here first fails before any table is built.
        try MatchMatrix.checkUnique(cases.map(\.id), axis: "case id")
        try MatchMatrix.checkUnique(tokenizers.map(\.name), axis: "tokenizer")
        try MatchMatrix.checkUnique(engines.map(\.name), axis: "engine")
        var cells: [MatrixCell] = []
        for spec in tokenizers {
            var firstRefusal: (any Error)?
            var ranSomewhere = false
            for engine in engines {
                try withConnection(engine) { connection in
                    let tokenizer: ResolvedTokenizer
                    do {
                        tokenizer = try ResolvedTokenizer(spec: spec, in: connection)
                    } catch {
                        firstRefusal = firstRefusal ?? error
                        return
                    }
                    ranSomewhere = true
                    for formPair in formPairs {
                        cells += try runTable(cases: cases, tokenizer: tokenizer, formPair: formPair, queryKinds: queryKinds, connection: connection)
                    }
                }
            }
            if !ranSomewhere, let firstRefusal { throw firstRefusal }
        }
        return try MatchMatrix(
            caseIDs: cases.map(\.id), tokenizers: tokenizers.map(\.name), engines: engines.map(\.name),
            queryKinds: queryKinds, formPairs: formPairs, cells: cells)
    }

    private func runTable(
        cases: [MatchCase], tokenizer: ResolvedTokenizer, formPair: FormPair, queryKinds: [QueryKind], connection: EngineConnection
    ) throws -> [MatrixCell] {
        let literal = try tokenizer.spec.sqlLiteral()
        let table = "temp.tokenbench_matrix"
        do {
            try connection.execute("DROP TABLE IF EXISTS \(table)")
            try connection.execute("CREATE VIRTUAL TABLE \(table) USING fts5(body, tokenize = \(literal))")
        } catch {
            throw TokenBenchError.invalidTokenizerSpec(spec: tokenizer.spec.description, reason: ResolvedTokenizer.message(of: error))
        }
        defer { try? connection.execute("DROP TABLE IF EXISTS \(table)") }

        let documents = cases.map { formPair.document.apply(to: $0.document) }
        do {
            let insert = try connection.prepare("INSERT INTO \(table)(rowid, body) VALUES (?, ?)")
            for (index, document) in documents.enumerated() {
                try insert.bind(index + 1, at: 1)
                try insert.bind(document, at: 2)
                try insert.run()
            }
        } catch {
            throw TokenBenchError.sqlite(
                context: "indexing the documents with '\(tokenizer.spec.description)'", message: ResolvedTokenizer.message(of: error))
        }

        let probe: EngineStatement
        do {
            probe = try connection.prepare("SELECT EXISTS (SELECT 1 FROM \(table) WHERE tokenbench_matrix MATCH ? AND rowid = ?)")
        } catch {
            throw TokenBenchError.sqlite(context: "preparing the match query", message: ResolvedTokenizer.message(of: error))
        }
        var cells: [MatrixCell] = []
        for (index, matchCase) in cases.enumerated() {
            let document = documents[index]
            let query = formPair.query.apply(to: matchCase.query)
            let documentTokens = try tokenizer.tokens(of: Array(document.utf8), mode: .document)
            for queryKind in queryKinds {
                let queryTokens = try tokenizer.tokens(of: Array(query.utf8), mode: queryKind.tokenizationMode)
                let result: CellResult
                if queryTokens.isEmpty {
                    result = .error("the query has no tokens")
                } else {
                    do {
                        try probe.bind(queryKind.matchExpression(for: query), at: 1)
                        try probe.bind(index + 1, at: 2)
                        let found = try probe.rows().first?.first == "1"
                        result = found ? .matched : .notMatched
                    } catch {
                        result = .error(ResolvedTokenizer.message(of: error))
                    }
                }
                cells.append(MatrixCell(
                    matchCase: matchCase, tokenizer: tokenizer.spec.name, engine: connection.engine.name, queryKind: queryKind, formPair: formPair,
                    document: document, query: query, result: result,
                    expected: matchCase.expectation(
                        for: tokenizer.spec.name, formPair: formPair, queryKind: queryKind, engine: connection.engine.name),
                    documentTokens: documentTokens, queryTokens: queryTokens))
            }
        }
        return cells
    }
}
