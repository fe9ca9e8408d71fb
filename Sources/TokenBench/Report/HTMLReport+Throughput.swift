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

    /// A horizontal grouped bar chart: one group per label, one bar per mode.
    func barChart(
        title: String, modes: [String], rows: [(label: String, mode: String, value: Double)],
        format: (Double) -> String, marker: Double?
    ) -> String {
        let labels = rows.map(\.label).uniquedInOrder()
        let labelWidth = 150.0
        let barArea = 520.0
        let barHeight = 11.0
        let groupGap = 8.0
        let top = 44.0
        let groupHeight = Double(modes.count) * barHeight + groupGap
        let height = top + Double(labels.count) * groupHeight + 10
        // Wide enough for a legend entry of 75 points per mode (nine scripts), and for the bars.
        let width = max(labelWidth + barArea + 70, labelWidth + Double(modes.count) * 75)
        let maximum = max(rows.map(\.value).max() ?? 1, marker ?? 0, 0.000_001)
        let colours = [
            "#2f6db3", "#d9822b", "#3a9a5b", "#8a5ab8", "#c0392b", "#7f8c8d", "#b8a22f", "#1f9e9e", "#555555",
        ]
        let patterns = [
            "", " stroke-dasharray=\"3 2\"", " stroke-dasharray=\"1 1\"", "", " stroke-dasharray=\"3 2\"", "",
            " stroke-dasharray=\"1 1\"", "", " stroke-dasharray=\"3 2\"",
        ]
        var svg =
            "<figure><svg xmlns=\"http://www.w3.org/2000/svg\" role=\"img\" width=\"\(Int(width))\" height=\"\(Int(height))\" viewBox=\"0 0 \(Int(width)) \(Int(height))\">"
        svg += "<title>\(HTML.escape(title))</title>"
        svg += "<text x=\"0\" y=\"16\" class=\"chart-title\">\(HTML.escape(title))</text>"
        for (index, mode) in modes.enumerated() {
            // Legend entries side by side, at most 120 points apart, closer when there are many
            // (nine scripts) so that all fit the chart's width.
            let x = labelWidth + Double(index) * min(120, (width - labelWidth) / Double(modes.count))
            svg +=
                "<rect x=\"\(x)\" y=\"26\" width=\"10\" height=\"10\" fill=\"\(colours[index % colours.count])\" stroke=\"#000\"\(patterns[index % patterns.count])/>"
            svg += "<text x=\"\(x + 14)\" y=\"35\">\(HTML.escape(mode))</text>"
        }
        for (groupIndex, label) in labels.enumerated() {
            let y = top + Double(groupIndex) * groupHeight
            svg +=
                "<text x=\"\(labelWidth - 6)\" y=\"\(y + Double(modes.count) * barHeight / 2 + 4)\" text-anchor=\"end\">\(HTML.escape(label))</text>"
            for (modeIndex, mode) in modes.enumerated() {
                guard let row = rows.first(where: { $0.label == label && $0.mode == mode }) else { continue }
                let barWidth = max(row.value / maximum * barArea, 1)
                let barY = y + Double(modeIndex) * barHeight
                svg +=
                    "<rect x=\"\(labelWidth)\" y=\"\(barY)\" width=\"\(String(format: "%.1f", barWidth))\" height=\"\(barHeight - 2)\" fill=\"\(colours[modeIndex % colours.count])\" stroke=\"#000\" stroke-width=\"0.5\"\(patterns[modeIndex % patterns.count])>"
                svg += "<title>\(HTML.escape("\(label) \(mode): \(format(row.value))"))</title></rect>"
                svg +=
                    "<text x=\"\(String(format: "%.1f", labelWidth + barWidth + 4))\" y=\"\(barY + barHeight - 3)\" class=\"value\">\(HTML.escape(format(row.value)))</text>"
            }
        }
        if let marker {
            let x = labelWidth + marker / maximum * barArea
            svg +=
                "<line x1=\"\(String(format: "%.1f", x))\" y1=\"\(top - 4)\" x2=\"\(String(format: "%.1f", x))\" y2=\"\(height - 6)\" stroke=\"#444\" stroke-dasharray=\"4 3\"/>"
        }
        return svg + "</svg></figure>\n"
    }
}
