import TokenBenchEngines

/// The tokenizer and engine a unit judges, as they cross to a worker: the spec's label and text,
/// and the engine's name (a path for an engine loaded by path).
struct JudgedTokenizer: Codable, Sendable {
    var label: String?
    var specText: String
    var engine: String
    /// The locale every call of the tokenizer is given (through the v2 API), or nil for none.
    var locale: String?

    init(spec: TokenizerSpec, engine: SQLiteEngine, locale: String? = nil) {
        label = spec.label
        specText = spec.text
        self.engine = engine.name
        self.locale = locale
    }

    var spec: TokenizerSpec { TokenizerSpec(label: label, text: specText) }

    /// `--tokenizer SPEC --engine ENGINE [--locale LOCALE]`, as a reproduction's command line has them.
    var arguments: [String] {
        ["--tokenizer", spec.description, "--engine", engine] + (locale.map { ["--locale", $0] } ?? [])
    }

    /// A CSV fixture of one case, for `matrix --fixtures` (which reads backslash escapes: a
    /// backslash is doubled).
    /// The case's locales, if any, go in the `document_locale` and `query_locale` columns, and
    /// a tokendata case's `1` in `tokendata`.
    static func fixture(
        id: String, document: String, query: String, documentLocale: String? = nil, queryLocale: String? = nil,
        tokendata: Bool = false
    ) -> [UInt8] {
        var header = ["id", "category", "document", "query"]
        var fields = [id, "crash", document, query]
        if documentLocale != nil || queryLocale != nil {
            header += ["document_locale", "query_locale"]
            fields += [documentLocale ?? "", queryLocale ?? ""]
        }
        if tokendata {
            header.append("tokendata")
            fields.append("1")
        }
        let escaped = fields.map { $0.replacingOccurrences(of: "\\", with: "\\\\") }
        return Array((CSV.line(header) + CSV.line(escaped)).utf8)
    }

    /// Makes the tokenizer on `workbench`'s connection of the engine, after saying so (the unit's
    /// own work, input -1: a crash there is no input's fault), and runs `body` with it.
    func withTokenizer<T>(
        on workbench: Workbench, progress: (Int, WorkerPhase) -> Void,
        _ body: (TokenizerOnConnection, EngineConnection) throws -> T
    ) throws -> T {
        // Loading the engine and opening its connection come before the tokenizer: a crash there
        // is the engine's (or an extension's entry point's), not the tokenizer's.
        progress(-1, .connecting)
        guard let engine = try SQLiteEngine.named([engine]).first else {
            throw TokenBenchError.invalidArgument(name: "engine", value: engine, reason: "no such engine")
        }
        return try workbench.withConnection(engine) { connection in
            progress(-1, .creating)
            return try body(try TokenizerOnConnection(spec: spec, locale: locale, in: connection), connection)
        }
    }
}
