import GRDB

extension Workbench {
    /// Runs every case against a real FTS5 table per tokenizer and form pair.
    ///
    /// Each table holds all the documents (rowid = case number); each case's query runs as a
    /// MATCH restricted to its own document's rowid, so a cell says whether FTS5 finds exactly
    /// that document.
    public func matrix(
        cases: [MatchCase],
        tokenizers: [TokenizerSpec],
        formPairs: [FormPair] = FormPair.defaults,
        queryKinds: [QueryKind] = QueryKind.allCases
    ) throws -> MatchMatrix {
        // The matrix checks its axes too; checking here first fails before any table is built.
        for (axis, values) in [("case id", cases.map(\.id)), ("tokenizer", tokenizers.map(\.name))] {
            var seen: Set<String> = []
            for value in values where !seen.insert(value).inserted {
                throw TokenBenchError.invalidArgument(name: axis, value: value, reason: "is listed twice; each \(axis) names one row or column of the matrix")
            }
        }
        var cells: [MatrixCell] = []
        try withDatabase { db in
            for spec in tokenizers {
                let tokenizer = try ResolvedTokenizer(spec: spec, in: db)
                for formPair in formPairs {
                    cells += try runTable(cases: cases, tokenizer: tokenizer, formPair: formPair, queryKinds: queryKinds, db: db)
                }
            }
        }
        return try MatchMatrix(
            caseIDs: cases.map(\.id), tokenizers: tokenizers.map(\.name), engines: [SQLiteEngine.system.rawValue],
            queryKinds: queryKinds, formPairs: formPairs, cells: cells)
    }

    private func runTable(
        cases: [MatchCase], tokenizer: ResolvedTokenizer, formPair: FormPair, queryKinds: [QueryKind], db: Database
    ) throws -> [MatrixCell] {
        let literal = try tokenizer.spec.sqlLiteral()
        let table = "temp.tokenbench_matrix"
        do {
            try db.execute(sql: "DROP TABLE IF EXISTS \(table)")
            try db.execute(sql: "CREATE VIRTUAL TABLE \(table) USING fts5(body, tokenize = \(literal))")
        } catch {
            throw TokenBenchError.invalidTokenizerSpec(spec: tokenizer.spec.description, reason: ResolvedTokenizer.message(of: error))
        }
        defer { try? db.execute(sql: "DROP TABLE IF EXISTS \(table)") }

        let documents = cases.map { formPair.document.apply(to: $0.document) }
        do {
            let insert = try db.makeStatement(sql: "INSERT INTO \(table)(rowid, body) VALUES (?, ?)")
            for (index, document) in documents.enumerated() {
                try insert.execute(arguments: [index + 1, document])
            }
        } catch {
            throw TokenBenchError.sqlite(
                context: "indexing the documents with '\(tokenizer.spec.description)'", message: ResolvedTokenizer.message(of: error))
        }

        let probe: Statement
        do {
            probe = try db.makeStatement(sql: "SELECT EXISTS (SELECT 1 FROM \(table) WHERE tokenbench_matrix MATCH ? AND rowid = ?)")
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
                        let found = try Bool.fetchOne(probe, arguments: [queryKind.matchExpression(for: query), index + 1]) ?? false
                        result = found ? .matched : .notMatched
                    } catch {
                        result = .error(ResolvedTokenizer.message(of: error))
                    }
                }
                cells.append(MatrixCell(
                    matchCase: matchCase, tokenizer: tokenizer.spec.name, queryKind: queryKind, formPair: formPair,
                    document: document, query: query, result: result,
                    expected: matchCase.expectation(for: tokenizer.spec.name, formPair: formPair, queryKind: queryKind),
                    documentTokens: documentTokens, queryTokens: queryTokens))
            }
        }
        return cells
    }
}
