/// The match matrix, side-by-side tokens and throughput charts as one self-contained HTML page
/// (`tokenbench report`): inline CSS and SVG, the matrix as compact JSON drawn by one inline
/// script, nothing fetched.
///
/// It is rendered from the same `MatchMatrix` the CSV is written from, and from a throughput
/// CSV read back, never from a second computation.
package struct HTMLReport {
    package var matrix: MatchMatrix
    /// The environment fingerprint of the run (`tokenbench env`).
    package var environment: [(key: String, value: String)]
    /// The command line that made the report, shown in its header.
    package var command: String
    /// Throughput CSVs read back, one section each: one corpus charted per tokenizer, or several
    /// single-script corpora charted per script.
    package var throughput: [ThroughputFigures]
    /// The environment the throughput figures were measured in, when it was recorded beside them.
    package var throughputEnvironment: [(key: String, value: String)]?
    /// A quality run read back, charted in a section of its own.
    package var quality: QualityFigures?
    /// An advise run read back: the advice and its figures.
    package var advice: AdviceFigures?

    package init(
        matrix: MatchMatrix, environment: [(key: String, value: String)], command: String,
        throughput: [ThroughputFigures] = [], throughputEnvironment: [(key: String, value: String)]? = nil,
        quality: QualityFigures? = nil, advice: AdviceFigures? = nil
    ) {
        self.quality = quality
        self.advice = advice
        self.matrix = matrix
        self.environment = environment
        self.command = command
        self.throughput = throughput
        self.throughputEnvironment = throughputEnvironment
    }

    package func render() -> String {
        var html = """
            <!DOCTYPE html>
            <html lang="en">
            <head>
            <meta charset="utf-8"/>
            <meta name="viewport" content="width=device-width, initial-scale=1"/>
            <title>TokenBench report</title>
            <style>\(Self.css)</style>
            </head>
            <body>

            """
        html += header()
        html += enginesSection()
        let groups = cellGroups()
        html += matrixSection(groups)
        html += typedInputSection()
        html += tokensSection()
        for (index, figures) in throughput.enumerated() {
            html += throughputSection(figures, id: index == 0 ? "throughput" : "throughput-\(index + 1)")
        }
        if let quality { html += qualitySection(quality) }
        if let advice { html += adviceSection(advice) }
        html +=
            "<footer><p>Made by TokenBench. The CSV from <code>tokenbench matrix</code> holds the same cells, for machines and diffs.</p></footer>\n"
        html += "<script>//<![CDATA[\n\(Self.script)\n//]]></script>\n</body>\n</html>\n"
        return html
    }

    /// One environment value, or "unknown".
    static func value(_ key: String, in pairs: [(key: String, value: String)]) -> String {
        pairs.first { $0.key == key }?.value ?? "unknown"
    }

    /// "3.40.1 (system), 3.54.1 (bundled)": every engine's SQLite, or the unprefixed key of an
    /// environment recorded before engines existed.
    static func sqliteVersions(in env: [(key: String, value: String)]) -> String {
        let versions = env.filter { $0.key.hasSuffix(".sqlite_version") }
            .map { "\($0.value) (\($0.key.dropLast(".sqlite_version".count)))" }
        return versions.isEmpty ? value("sqlite_version", in: env) : versions.joined(separator: ", ")
    }

    private func header() -> String {
        let env = environment
        let facts: [(String, String)] = [
            ("SQLite", Self.sqliteVersions(in: env)),
            ("ICU", "\(Self.value("icu_version", in: env)) (Unicode \(Self.value("icu_unicode_version", in: env)))"),
            ("OS", Self.value("os", in: env)),
            ("Swift", Self.value("swift_version", in: env)),
            ("CPU", "\(Self.value("cpu_model", in: env)) × \(Self.value("cpu_count", in: env))"),
        ]
        let caseCount = matrix.caseIDs.count
        var html = "<header>\n<h1>TokenBench: which SQLite FTS5 tokenizer finds what</h1>\n"
        html +=
            "<p class=\"lead\">Each cell below is a real FTS5 table and a real <code>MATCH</code>: does the query find the document with this tokenizer? "
        html += "\(caseCount) cases × \(matrix.tokenizers.count) tokenizers, each run as "
        html +=
            matrix.queryKinds.map { HTML.escape($0.rawValue) }.joined(separator: " and ")
            + " queries with the document and query in the forms "
        html +=
            matrix.formPairs.map { "<code>\(HTML.escape($0.description))</code>" }.joined(separator: ", ") + ".</p>\n"
        html +=
            "<dl class=\"env\">" + facts.map { "<dt>\(HTML.escape($0.0))</dt><dd>\(HTML.escape($0.1))</dd>" }.joined()
            + "</dl>\n"
        html += "<p class=\"command\">Made by <code>\(HTML.escape(command))</code></p>\n</header>\n"
        return html
    }
}
