import TokenBenchEngines

extension Workbench {
    /// Runs `document` and `query` through `spec` on `engine` in every query kind and form
    /// pair: the matrix's own code decides the verdicts (one case, on this workbench alone), then
    /// a second table of the same spec gives highlight() and snippet() of each match. The app's
    /// query kinds in `appQueryKinds` (`raw`, `grdb-*`, `typed-*`) run in the first form pair
    /// only: they show what an app's query of the typed text finds, and its pattern.
    ///
    /// With a `locale`, both texts have it, as a fixture's `locale` gives them: the tables are
    /// `locale=1` tables, and on an engine without locales every cell is `unsupported`; with
    /// `tokendata`, they are `tokendata=1` tables (SQLite 3.45 and later) likewise. Each match
    /// also gives the document's tokens at each phrase instance, through `xInstToken`.
    package func matchAnalysis(
        document: String, query: String, spec: TokenizerSpec, engine: SQLiteEngine = .system,
        formPairs: [FormPair] = FormPair.defaults, queryKinds: [QueryKind] = QueryKind.defaults,
        appQueryKinds: [QueryKind] = [], locale: String? = nil, tokendata: Bool = false
    ) throws -> MatchAnalysis {
        let typed = MatchCase(
            id: "typed", category: "typed", document: document, query: query, documentLocale: locale,
            queryLocale: locale, tokendata: tokendata)
        // One table for every kind; the app's kinds are kept in the first form pair alone.
        let matrix = try matrix(
            cases: [typed], plan: .everyPair(of: [spec], on: [engine]), engines: [engine], formPairs: formPairs,
            queryKinds: queryKinds + appQueryKinds.filter { !queryKinds.contains($0) }, maximumWorkers: 1)
        let kept = matrix.cells.filter { queryKinds.contains($0.queryKind) || $0.formPair == formPairs.first }
        let marked = try highlights(of: kept, spec: spec, locale: locale, tokendata: tokendata, engine: engine)
        let cells = zip(kept, marked).map { cell, marked in
            MatchAnalysis.Cell(
                queryKind: cell.queryKind, formPair: cell.formPair, document: cell.document, query: cell.query,
                matchExpression: cell.pattern ?? "", result: cell.result,
                documentTokens: cell.documentTokens, queryTokens: cell.queryTokens,
                highlight: marked.highlight, snippet: marked.snippet, matchedTokens: marked.tokens)
        }
        return MatchAnalysis(tokenizer: spec.name, engine: engine.name, cells: cells)
    }

    /// Marks that highlight() and snippet() put around each phrase match: two private-use code points,
    /// which no typed text should hold; a document that does gets no highlight.
    private static let openMark = "\u{E000}"
    private static let closeMark = "\u{E001}"

    /// What a matched cell's document shows: highlight(), snippet() and the tokens at each
    /// phrase instance; all nil for a cell that did not match.
    private typealias Marked = (
        highlight: [MatchAnalysis.MarkedRun]?, snippet: [MatchAnalysis.MarkedRun]?,
        tokens: [MatchAnalysis.MatchedInstance]?
    )

    /// highlight(), snippet() and the instance tokens of each matched cell's document, in cell
    /// order.
    private func highlights(
        of cells: [MatrixCell], spec: TokenizerSpec, locale: String?, tokendata: Bool, engine: SQLiteEngine
    ) throws -> [Marked] {
        // No match, nothing to show: and no table, which an engine without the locale or
        // tokendata the cells asked for could not even create (its cells are `unsupported`).
        guard cells.contains(where: { $0.result == .matched }) else { return cells.map { _ in (nil, nil, nil) } }
        do {
            return try withConnection(engine) { connection in
                try connection.withInstanceTokens { takeCalls in
                    try highlights(
                        of: cells, spec: spec, locale: locale, tokendata: tokendata, on: connection,
                        takeCalls: takeCalls)
                }
            }
        } catch let error as TokenBenchError {
            throw error
        } catch {
            throw TokenBenchError.sqlite(
                context: "highlighting the document with '\(spec.description)'",
                message: TokenizerOnConnection.message(of: error))
        }
    }

    private func highlights(
        of cells: [MatrixCell], spec: TokenizerSpec, locale: String?, tokendata: Bool, on connection: EngineConnection,
        takeCalls: () -> [[InstanceTokens]?]
    ) throws -> [Marked] {
        // Some cell matched: with a locale or tokendata, the engine has them.
        let table = FTS5TableRecipe(
            schema: "temp", name: "tokenbench_analysis", tokenizer: try spec.tokenizeOption(), locale: locale != nil,
            tokendata: tokendata)
        try connection.execute(table.dropIfExists)
        try connection.execute(table.create)
        defer { try? connection.execute(table.dropIfExists) }
        // With a locale, both texts go through fts5_locale(), the locale bound last in each.
        let insert = try connection.prepare(table.insert(withRowid: true, withLocale: locale != nil))
        let select = try connection.prepare(
            table.highlights(snippetTokens: MatchAnalysis.snippetTokens, withLocale: locale != nil))
        try insert.bind(1, at: 1)
        if let locale {
            try insert.bind(locale, at: 3)
            try select.bind(locale, at: 4)
        }
        var indexed: String?
        return try cells.map { cell in
            guard cell.result == .matched,
                !cell.document.contains(Self.openMark), !cell.document.contains(Self.closeMark)
            else { return (nil, nil, nil) }
            if indexed != cell.document {
                try connection.execute(table.deleteAllRows)
                try insert.bind(cell.document, at: 2)
                try insert.run()
                indexed = cell.document
            }
            try select.bind(cell.pattern ?? "", at: 1)
            try select.bind(Self.openMark, at: 2)
            try select.bind(Self.closeMark, at: 3)
            defer { select.reset() }
            _ = takeCalls()
            guard let row = try select.rows().first, row.count == 3 else { return (nil, nil, nil) }
            // One call of the function per row read: the first row's.
            let instances = takeCalls().first.flatMap { call in
                call?.map { MatchAnalysis.MatchedInstance(phrase: $0.phrase, offset: $0.offset, tokens: $0.tokens) }
            }
            return (row[0].map(Self.markedRuns), row[1].map(Self.markedRuns), instances)
        }
    }

    /// Splits highlight() output at the marks into runs, marked or not.
    private static func markedRuns(_ text: String) -> [MatchAnalysis.MarkedRun] {
        let (openMark, closeMark) = (Self.openMark.unicodeScalars.first, Self.closeMark.unicodeScalars.first)
        var runs: [MatchAnalysis.MarkedRun] = []
        var isMarked = false
        var current = ""
        for character in text.unicodeScalars {
            let toggles = isMarked ? character == closeMark : character == openMark
            guard toggles else {
                current.unicodeScalars.append(character)
                continue
            }
            if !current.isEmpty { runs.append(MatchAnalysis.MarkedRun(text: current, isMarked: isMarked)) }
            current = ""
            isMarked.toggle()
        }
        if !current.isEmpty { runs.append(MatchAnalysis.MarkedRun(text: current, isMarked: isMarked)) }
        return runs
    }
}
