import Foundation

/// Search quality from a `tokenbench quality` CSV: nDCG@10 per row with its p-value, index bytes
/// against nDCG@10, and the queries each tokenizer fixes and breaks against the baseline.
extension HTMLReport {
    /// How many fixed and broken queries a row lists; the counts cover them all.
    static let listedQueryChanges = 12

    func qualitySection(_ figures: QualityFigures) -> String {
        let rows = figures.rows
        let first = rows[0]
        var html = "<section id=\"quality\">\n<h2>Search quality</h2>\n"
        html +=
            "<p>From <code>\(HTML.escape(figures.file))</code>: \(first.queries) judged queries over \(first.documents) documents, ranked by FTS5's bm25 in a real table per row. "
        html +=
            "nDCG@10, RR@10, R@10, R@100 and P@1 are means over every judged query, as trec_eval defines them; p is a paired randomization test on per-query nDCG@10 against the baseline's row of the same engine, query kind and detail, and W/L/T counts the queries it wins, loses and ties.</p>\n"
        html += "<table class=\"quality\"><thead><tr>"
        html +=
            ["row", "nDCG@10", "RR@10", "R@10", "R@100", "P@1", "p", "W/L/T", "zero results", "index bytes"].map {
                "<th scope=\"col\">\(HTML.escape($0))</th>"
            }.joined()
        html += "</tr></thead><tbody>\n"
        for row in rows {
            let cells = row.figureCells
            html +=
                "<tr><th scope=\"row\">\(HTML.escape(row.key))</th>"
                + cells.map { "<td>\(HTML.escape($0))</td>" }.joined() + "</tr>\n"
        }
        html += "</tbody></table>\n"
        let kinds = rows.map { "\($0.queryKind.rawValue) \($0.detail.rawValue)" }.uniquedInOrder()
        html += barChart(
            title: "nDCG@10 (higher ranks the judged documents better)", modes: kinds,
            rows: rows.map {
                (
                    label: "\($0.tokenizer)@\($0.engine)", mode: "\($0.queryKind.rawValue) \($0.detail.rawValue)",
                    value: $0.metrics.nDCG10
                )
            },
            format: { String(format: "%.4f", $0) }, marker: nil)
        html += sizeAgainstQualityChart(rows.filter { $0.indexBytes != nil })
        if !figures.outcomes.isEmpty { html += queryChanges(figures) }
        return html + "</section>\n"
    }

    /// A scatter plot: the index's bytes across, nDCG@10 up; a point per tokenizer, engine and
    /// detail, the engines named together where they give the same figures.
    private func sizeAgainstQualityChart(_ rows: [QualityRow]) -> String {
        var points: [ScatterPoint] = []
        for row in rows {
            guard let bytes = row.indexBytes else { continue }
            let tooltip = "\(row.key): nDCG@10 \(String(format: "%.4f", row.metrics.nDCG10)), \(Self.bytes(bytes))"
            if let same = points.firstIndex(where: {
                $0.x == Double(bytes) && $0.y == row.metrics.nDCG10 && $0.label.hasPrefix("\(row.tokenizer)@")
                    && $0.label.hasSuffix(" \(row.detail.rawValue)")
            }) {
                points[same].label = points[same].label.replacingOccurrences(
                    of: " \(row.detail.rawValue)", with: "+\(row.engine) \(row.detail.rawValue)",
                    options: [.anchored, .backwards])
                points[same].tooltip += "\n" + tooltip
            } else {
                points.append(
                    ScatterPoint(
                        x: Double(bytes), y: row.metrics.nDCG10,
                        label: "\(row.tokenizer)@\(row.engine) \(row.detail.rawValue)", tooltip: tooltip))
            }
        }
        guard !points.isEmpty else { return "" }
        return scatterChart(
            title: "index bytes against nDCG@10 (up: better; left: smaller)", points: points,
            xAxis: { Self.bytes(Int($0)) }, yAxis: { $0 == 0 ? "0" : String(format: "%.3f", $0) })
    }

    /// "917,504 bytes (0.9 MiB)".
    static func bytes(_ count: Int) -> String {
        let formatter = NumberFormatter()
        formatter.numberStyle = .decimal
        formatter.groupingSeparator = ","
        let grouped = formatter.string(from: NSNumber(value: count)) ?? String(count)
        return "\(grouped) bytes (\(String(format: "%.1f", Double(count) / 1_048_576)) MiB)"
    }

    /// Per row with a baseline: the queries whose nDCG@10 it raises (fixes) and lowers (breaks),
    /// the largest changes first, with both tokenizers' query tokens.
    private func queryChanges(_ figures: QualityFigures) -> String {
        var html =
            "<h3>Queries fixed and broken against the baseline</h3>\n<p>A query is fixed when its nDCG@10 rises over the baseline's, broken when it falls; the tokens are what each tokenizer made of the query in query mode, and the rank is that of the first relevant document.</p>\n"
        for row in figures.rows {
            guard let baseline = figures.baselineRow(of: row) else { continue }
            let own = figures.outcomes(of: row)
            let base = figures.outcomes(of: baseline)
            let changes = own.values.compactMap { outcome -> (QueryOutcome, QueryOutcome, Double)? in
                guard let before = base[outcome.queryID] else { return nil }
                let change = outcome.metrics.nDCG10 - before.metrics.nDCG10
                return abs(change) > 1e-12 ? (before, outcome, change) : nil
            }.sorted { abs($0.2) != abs($1.2) ? abs($0.2) > abs($1.2) : $0.1.queryID < $1.1.queryID }
            let fixes = changes.filter { $0.2 > 0 }
            let breaks = changes.filter { $0.2 < 0 }
            html +=
                "<details><summary>\(HTML.escape(row.key)): fixes \(fixes.count), breaks \(breaks.count) against \(HTML.escape(baseline.tokenizer))</summary>\n"
            for (title, list) in [("fixes", fixes), ("breaks", breaks)] where !list.isEmpty {
                html +=
                    "<table class=\"changes\"><caption>\(title) (\(min(list.count, Self.listedQueryChanges)) of \(list.count))</caption><thead><tr>"
                html +=
                    ["query", "match", "\(baseline.tokenizer) tokens", "\(row.tokenizer) tokens", "nDCG@10", "rank"].map
                {
                    "<th scope=\"col\">\(HTML.escape($0))</th>"
                }.joined()
                html += "</tr></thead><tbody>\n"
                for (before, after, _) in list.prefix(Self.listedQueryChanges) {
                    let rank = { (outcome: QueryOutcome) in outcome.metrics.firstRelevantRank.map(String.init) ?? "–" }
                    let cells = [
                        after.queryID, after.matchExpression, before.tokens, after.tokens,
                        String(format: "%.3f → %.3f", before.metrics.nDCG10, after.metrics.nDCG10),
                        "\(rank(before)) → \(rank(after))",
                    ]
                    html += "<tr>" + cells.map { "<td>\(HTML.escape($0))</td>" }.joined() + "</tr>\n"
                }
                html += "</tbody></table>\n"
            }
            html += "</details>\n"
        }
        return html
    }
}
