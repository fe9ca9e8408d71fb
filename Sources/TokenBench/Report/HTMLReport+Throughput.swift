import Foundation

/// Throughput bar charts, drawn as inline SVG from a `tokenbench throughput` CSV.
extension HTMLReport {
    func throughputSection(_ figures: ThroughputFigures, id: String) -> String {
        let title = figures.scripts.count > 1 ? "Throughput per script" : "Throughput"
        var html = "<section id=\"\(id)\">\n<h2>\(title)</h2>\n"
        html +=
            "<p>Tokenize figures from <code>\(HTML.escape(figures.file))</code>, measured on \(figures.corpora.map { "<code>\(HTML.escape($0))</code>" }.joined(separator: ", ")). "
        html +=
            "Relative is the tokenizer's speed over \(HTML.escape(figures.reference))'s in the same run (1 = as fast). The <code>c-reference</code> row is \(HTML.escape(figures.reference)) driven from C, the harness's own cost; a <code>c-limit</code> row is a shipped tokenizer's approach written as a plain C loop, its limit.</p>\n"
        if let env = throughputEnvironment {
            html +=
                "<p class=\"env-line\">Measured with SQLite \(HTML.escape(Self.sqliteVersions(in: env))), ICU \(HTML.escape(Self.value("icu_version", in: env))), "
            html +=
                "\(HTML.escape(Self.value("os", in: env))), \(HTML.escape(Self.value("cpu_model", in: env))) × \(HTML.escape(Self.value("cpu_count", in: env))).</p>\n"
        } else {
            html +=
                "<p class=\"env-line\">No env.csv lies beside the throughput CSV, so its environment is not named.</p>\n"
        }
        // With several engines in one file, each bar names its engine: `unicode61@bundled`.
        let severalEngines = figures.engines.count > 1
        func label(_ row: ThroughputRow.Record) -> String {
            let name = row.operation == .tokenize ? row.tokenizer : "\(row.tokenizer) \(row.operation.rawValue)"
            return severalEngines ? "\(name)@\(row.engine)" : name
        }
        let modes = figures.rows.map(\.mode.rawValue).uniquedInOrder()
        let rows = figures.rows.filter { $0.operation == .tokenize }
        let cLoops = figures.rows.filter { $0.operation != .tokenize }
        // Every charted row has both figures (`ThroughputFigures.parse` checks).
        func speed(_ row: ThroughputRow.Record) -> Double { row.megabytesPerSecond ?? 0 }
        func relative(_ row: ThroughputRow.Record) -> Double { row.relative ?? 0 }
        let scripts = figures.scripts
        if scripts.count > 1 {
            // One bar per script: how a tokenizer's speed depends on the writing system.
            let mode = modes.contains("document") ? "document" : modes[0]
            html += "<p>One bar per corpus script (built-in single-script corpora, \(HTML.escape(mode)) mode).</p>\n"
            html += barChart(
                title: "MB/s by script, \(mode) mode (higher is faster)", modes: scripts,
                rows: (rows + cLoops).filter { $0.mode.rawValue == mode }.map {
                    (label: label($0), mode: $0.script, value: speed($0))
                },
                format: { String(format: "%.1f", $0) }, marker: nil)
            html += barChart(
                title: "relative to \(figures.reference) on the same script", modes: scripts,
                rows: rows.filter { $0.mode.rawValue == mode }.map {
                    (label: label($0), mode: $0.script, value: relative($0))
                },
                format: { String(format: "%.2f", $0) }, marker: 1)
            return html + "</section>\n"
        }
        html += barChart(
            title: "MB/s (higher is faster)", modes: modes,
            rows: (rows + cLoops).map { (label: label($0), mode: $0.mode.rawValue, value: speed($0)) },
            format: { String(format: "%.1f", $0) }, marker: nil)
        html += barChart(
            title: "relative to \(figures.reference)", modes: modes,
            rows: rows.map { (label: label($0), mode: $0.mode.rawValue, value: relative($0)) },
            format: { String(format: "%.2f", $0) }, marker: 1)
        return html + "</section>\n"
    }
}
