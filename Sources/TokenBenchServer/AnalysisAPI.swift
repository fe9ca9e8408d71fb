import Foundation
import TokenBench

/// The API behind the page: turns a request's parameters into a unit of the run layer that
/// answers it (in a worker, or on connections of its own), and the results into JSON.
///
/// A request chooses tokenizer specs (any spec string, or a catalog label) and, among the engines
/// the command line gave, the ones to run; it can never name a library path or an extension.
struct AnalysisAPI: Sendable {
    let engines: [SQLiteEngine]
    let defaultTokenizers: [TokenizerSpec]
    let limits: ServerLimits
    /// Where each request's unit runs: in a worker process when the server isolates the judged
    /// code (a tokenizer that crashes or hangs then costs its request a 500, not the server its
    /// life), else here.
    let runner: UnitRunner
    /// The default fixtures' cases, which the page offers as examples.
    let cases: [MatchCase]

    static let tokensParameters = ["text", "tokenizer", "engine", "mode", "locale"]
    static let matchParameters = ["document", "query", "tokenizer", "engine", "locale", "tokendata"]

    /// The `tokendata` parameter of `/api/match`: `1` for `tokendata=1` tables.
    private static func tokendata(_ parameters: QueryParameters) throws(APIError) -> Bool {
        switch try parameters.single("tokendata") ?? "0" {
        case "0": return false
        case "1": return true
        case let other: throw .badRequest("parameter 'tokendata': '\(other)' is not 0 or 1")
        }
    }

    /// The `locale` parameter: nil when absent or empty; a NUL is refused, as `tokens --locale`
    /// refuses it.
    private static func locale(_ parameters: QueryParameters) throws(APIError) -> String? {
        guard let locale = try parameters.single("locale"), !locale.isEmpty else { return nil }
        guard !locale.contains("\0") else {
            throw .badRequest("parameter 'locale': give a locale such as tr or de_CH, without NUL")
        }
        return locale
    }

    /// Why `engine` cannot give a value a locale, or nil when it can (SQLite 3.47 and later);
    /// with `tokendata`, why it has no tokendata=1 tables (before 3.45).
    private static func refusal(locale: String?, tokendata: Bool = false, on engine: SQLiteEngine) -> String? {
        if tokendata, engine.fts5Features?.has(.tokendata) != true { return FTS5Feature.tokendata.lacking(on: engine) }
        guard locale != nil, engine.fts5Features?.has(.locale) != true else { return nil }
        return FTS5Feature.locale.lacking(on: engine)
    }

    /// `GET /api/tokens`: the tokens of `text` in `mode` for every tokenizer × engine, with each
    /// wrapper chain's stages, the bytes no token covers, and code point names.
    func tokens(_ parameters: QueryParameters) async throws(APIError) -> Data {
        try parameters.requireOnly(Self.tokensParameters)
        let text = try parameters.required("text")
        let modeName = try parameters.single("mode") ?? TokenizationMode.document.rawValue
        guard let mode = TokenizationMode(rawValue: modeName) else {
            throw .badRequest(
                "parameter 'mode': '\(modeName)' is not one of "
                    + TokenizationMode.allCases.map(\.rawValue).joined(separator: ", "))
        }
        let locale = try Self.locale(parameters)
        let (specs, engines) = try pairs(parameters)
        try checkWork(textBytes: text.utf8.count, pairs: specs.count * engines.count)
        return try await answer(
            AnalysisUnit(.tokens(text: text, mode: mode, locale: locale), specs: specs, engines: engines))
    }

    /// The JSON answer of `tokens`, computed on `workbench`; `progress` hears of each pair first.
    static func tokensAnswer(
        text: String, mode: TokenizationMode, locale: String? = nil, specs: [TokenizerSpec], engines: [SQLiteEngine],
        on workbench: Workbench, progress: (Int, WorkerPhase) -> Void = { _, _ in }
    ) throws -> Data {
        let bytes = Array(text.utf8)
        let announce: (Int) -> Void = { progress($0, .tokenizing) }
        let results = try Self.eachPair(specs, engines, on: workbench, announcing: announce) { spec, engine in
            var result = AnalysisJSON.TokensResult(tokenizer: spec.name, spec: spec.text, engine: engine.name)
            if let refusal = Self.refusal(locale: locale, on: engine) {
                result.unsupported = refusal
                return result
            }
            let stages = try workbench.tokenStages(of: bytes, spec: spec, mode: mode, locale: locale, engine: engine)
            let tokens = stages.last?.tokens ?? []
            result.tokens = tokens.map { AnalysisJSON.TokenObject($0) }
            result.stages = stages.map {
                AnalysisJSON.StageObject(spec: $0.spec.text, tokens: $0.tokens.map { AnalysisJSON.TokenObject($0) })
            }
            result.skipped = SkippedBytes.runs(in: bytes, outside: tokens).map(AnalysisJSON.SkippedObject.init)
            return result
        } refused: { spec, engine, reason in
            var result = AnalysisJSON.TokensResult(tokenizer: spec.name, spec: spec.text, engine: engine.name)
            result.unsupported = reason
            return result
        }
        // Encoded on the workbench's queue (or in the worker) too: a large answer must not
        // hold Swift's cooperative threads.
        return try Self.encode(
            AnalysisJSON.TokensResponse(
                mode: mode.rawValue, locale: locale, text: AnalysisJSON.TextObject(text), results: results))
    }

    /// `GET /api/match`: the verdicts of `query` against `document` in every query kind and form
    /// pair, for every tokenizer × engine, with the tokens, highlight() and snippet().
    func match(_ parameters: QueryParameters) async throws(APIError) -> Data {
        try parameters.requireOnly(Self.matchParameters)
        let document = try parameters.required("document")
        let query = try parameters.required("query")
        let locale = try Self.locale(parameters)
        let tokendata = try Self.tokendata(parameters)
        let (specs, engines) = try pairs(parameters)
        try checkWork(textBytes: document.utf8.count + query.utf8.count, pairs: specs.count * engines.count)
        return try await answer(
            AnalysisUnit(
                .match(document: document, query: query, locale: locale, tokendata: tokendata), specs: specs,
                engines: engines))
    }

    /// The JSON answer of `match`, computed on `workbench`; `progress` hears of each pair first.
    static func matchAnswer(
        document: String, query: String, locale: String? = nil, tokendata: Bool = false, specs: [TokenizerSpec],
        engines: [SQLiteEngine],
        on workbench: Workbench, progress: (Int, WorkerPhase) -> Void = { _, _ in }
    ) throws -> Data {
        // The match analysis indexes the document first, then queries it, then highlights.
        let announce: (Int) -> Void = { progress($0, .indexing) }
        let results = try Self.eachPair(specs, engines, on: workbench, announcing: announce) { spec, engine in
            var result = AnalysisJSON.MatchResult(tokenizer: spec.name, spec: spec.text, engine: engine.name)
            if let refusal = Self.refusal(locale: locale, tokendata: tokendata, on: engine) {
                result.unsupported = refusal
                return result
            }
            let analysis = try workbench.matchAnalysis(
                document: document, query: query, spec: spec, engine: engine,
                appQueryKinds: QueryKind.allCases.filter { !$0.isBenchQuery }, locale: locale, tokendata: tokendata)
            result.cells = analysis.cells.map(AnalysisJSON.MatchCell.init)
            return result
        } refused: { spec, engine, reason in
            var result = AnalysisJSON.MatchResult(tokenizer: spec.name, spec: spec.text, engine: engine.name)
            result.unsupported = reason
            return result
        }
        return try Self.encode(
            AnalysisJSON.MatchResponse(
                document: AnalysisJSON.TextObject(document), query: AnalysisJSON.TextObject(query), locale: locale,
                results: results))
    }

    /// `GET /api/setup`.
    func setup() throws(APIError) -> Data {
        try Self.encode(
            AnalysisJSON.SetupResponse(
                engines: engines.map { AnalysisJSON.EngineObject(name: $0.name, version: $0.sqliteVersion) },
                catalog: TokenizerCatalog.all.map {
                    AnalysisJSON.TokenizerObject(label: $0.spec.name, spec: $0.spec.text, summary: $0.summary)
                },
                defaultTokenizers: defaultTokenizers.map(\.description),
                modes: TokenizationMode.allCases.map(\.rawValue), limits: limits))
    }

    /// `GET /api/cases`.
    func fixtureCases() throws(APIError) -> Data {
        try Self.encode(
            cases.map {
                AnalysisJSON.CaseObject(
                    id: $0.id, category: $0.category, document: $0.document, query: $0.query, note: $0.note,
                    locale: $0.documentLocale == $0.queryLocale ? $0.documentLocale : nil)
            })
    }

    // MARK: - Parameters

    /// The request's tokenizers and engines, checked against the bounds: each `tokenizer` is a
    /// catalog label, LABEL=SPEC or a spec, as on the command line; each `engine` names one of
    /// the server's engines.
    private func pairs(_ parameters: QueryParameters) throws(APIError) -> ([TokenizerSpec], [SQLiteEngine]) {
        let arguments = parameters.all("tokenizer")
        let specs =
            arguments.isEmpty
            ? defaultTokenizers : arguments.map { TokenizerCatalog.spec(labelled: $0) ?? TokenizerSpec(parsing: $0) }
        var names: Set<String> = []
        for spec in specs {
            guard !spec.text.trimmingCharacters(in: .whitespaces).isEmpty else {
                throw .badRequest("parameter 'tokenizer': the spec is empty")
            }
            if let option = Self.pathOption(in: spec) {
                throw .badRequest(
                    "parameter 'tokenizer' '\(spec.text)': option '\(option)' names a file or directory, which only the command line may do"
                )
            }
            guard names.insert(spec.name).inserted else {
                throw .badRequest(
                    "parameter 'tokenizer': the name '\(spec.name)' is given twice; label one (LABEL=SPEC)")
            }
        }
        var chosen: [SQLiteEngine] = []
        for name in parameters.all("engine") {
            guard let engine = engines.first(where: { $0.name == name }) else {
                throw .badRequest(
                    "parameter 'engine': '\(name)' is not an engine of this server ("
                        + engines.map(\.name).joined(separator: ", ")
                        + "); only the command line's --engine adds engines")
            }
            if !chosen.contains(where: { $0.name == name }) { chosen.append(engine) }
        }
        if chosen.isEmpty { chosen = engines }
        guard specs.count * chosen.count <= limits.pairs else {
            throw .tooLarge(
                "\(specs.count) tokenizers × \(chosen.count) engines is \(specs.count * chosen.count) pairs; at most \(limits.pairs) per request"
            )
        }
        return (specs, chosen)
    }

    /// The options of shipped tokenizers whose value is a path (`synonyms file F`, `stopwords
    /// file F`, `japanese dicdir D`), as each declares them: a request must not make the server
    /// read a file.
    static let pathOptions = TokenizerCatalog.pathOptions

    /// The first word of `spec` that is a path option, with FTS5's quotes taken away: checked
    /// on the text, before any constructor runs, since a constructor reads its file at once.
    static func pathOption(in spec: TokenizerSpec) -> String? {
        let quotes = CharacterSet(charactersIn: "'\"`[]")
        let words = spec.text.lowercased().components(separatedBy: quotes.union(.whitespacesAndNewlines))
        return words.first { pathOptions.contains($0) }
    }

    /// Refuses a request whose texts, times its pairs, exceed the work bound: a 64 KiB text is
    /// fine on a few pairs, not on twenty.
    private func checkWork(textBytes: Int, pairs: Int) throws(APIError) {
        let work = textBytes * pairs
        guard work <= limits.workBytes else {
            throw .tooLarge(
                "\(textBytes) bytes of text on \(pairs) tokenizer × engine pairs is \(work) bytes of work; at most \(limits.workBytes) per request (shorten the text or ask for fewer pairs)"
            )
        }
    }

    // MARK: - Running

    /// Runs `body` for every pair that an engine accepts and `refused` for the others; a spec that
    /// no chosen engine accepts fails the whole request with that engine's reason, as the command
    /// line does. `progress` hears the index of each pair (spec-major) before its tokenizer runs,
    /// so that a worker's death names the pair.
    private static func eachPair<R>(
        _ specs: [TokenizerSpec], _ engines: [SQLiteEngine], on workbench: Workbench,
        announcing progress: (Int) -> Void = { _ in },
        _ body: (TokenizerSpec, SQLiteEngine) throws -> R,
        refused: (TokenizerSpec, SQLiteEngine, String) -> R
    ) throws -> [R] {
        var results: [R] = []
        for spec in specs {
            progress(results.count)
            let plan = try workbench.plan([spec], on: engines)
            for engine in engines {
                progress(results.count)
                if !plan.runs(spec, on: engine) {
                    results.append(refused(spec, engine, plan.skipReason(of: spec, on: engine) ?? "not run"))
                } else {
                    results.append(try body(spec, engine))
                }
            }
        }
        return results
    }

    /// A bad spec or input is a 400 with the library's sentence, any other failure a 500 with it.
    private static func apiError(_ error: any Error) -> APIError {
        switch error {
        case let error as APIError: return error
        // As the command line's exit statuses: SQLite failing is 3 (here 500), the rest is input
        // the user can fix (2, here 400).
        case TokenBenchError.sqlite: return APIError(status: 500, message: "\(error)")
        case let error as TokenBenchError: return APIError(status: 400, message: error.description)
        default: return APIError(status: 500, message: "\(error)")
        }
    }

    /// Runs `unit` through the run layer, which bounds how many run at once; a bad spec or input
    /// is a 400 with the library's sentence, a death a 500 naming the tokenizer, the engine and
    /// how it died, and the server goes on.
    private func answer(_ unit: AnalysisUnit) async throws(APIError) -> Data {
        let result = await runner.run(unit)
        if let (input, death) = result.deaths.first {
            throw APIError(
                status: 500,
                message: "\(input.map(unit.label(ofInput:)) ?? "the request's tokenizers"): \(death.loss.wording)"
                    + (death.frame.map { " at \($0)" } ?? ""))
        }
        if let failure = result.failure {
            throw Self.apiError(failure)
        }
        guard let answer = result.outputs[unit.inputCount - 1] else {
            throw APIError(status: 500, message: "the worker gave no answer")
        }
        return answer.json
    }

    static func encode(_ value: some Encodable) throws(APIError) -> Data {
        do {
            let encoder = JSONEncoder()
            encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
            return try encoder.encode(value)
        } catch {
            throw APIError(status: 500, message: "cannot encode the answer: \(error)")
        }
    }
}
