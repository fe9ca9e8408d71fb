import Foundation

/// The advice of a `tokenbench advise` CSV: the recommendation and the runner-up with the
/// figures that decided, every candidate on the engine the advice was decided on, and the
/// typing classes of the two.
extension HTMLReport {
    func adviceSection(_ figures: AdviceFigures) -> String {
        let all = figures.rows.filter { $0.variant == "all" }
        let recommended = all.first { $0.advice == "recommended" }
        let engine = recommended?.engine ?? all.first?.engine ?? ""
        var html = "<section id=\"advice\">\n<h2>Advice</h2>\n"
        html +=
            "<p>From <code>\(HTML.escape(figures.file))</code>: known-item queries generated from the documents and typed as users type, ranked by every candidate in a real FTS5 table; the score is Σ over typing classes of weight · RR@10, and candidates at p ≥ 0.05 against the best are tied, the smallest index winning (Documentation/Advice.md). Decided on <code>\(HTML.escape(engine))</code>.</p>\n"
        html += "<ul class=\"advice\">\n"
        let chosen = ["recommended", "runner-up"].compactMap { mark in
            all.first { $0.engine == engine && $0.advice == mark }
        }
        for row in chosen {
            html +=
                "<li><strong>\(HTML.escape(row.advice))</strong>: <code>\(HTML.escape(row.spec))</code> with \(HTML.escape(row.queryKind.rawValue)), score \(String(format: "%.3f", row.score)), \(HTML.escape(row.why))</li>\n"
        }
        if recommended == nil { html += "<li>No candidate was recommended: every one was excluded.</li>\n" }
        html += "</ul>\n"
        let header = [
            "candidate", "score", "R@10", "RR@10", "silent misses", "p (against the best of its kind)", "index bytes",
            "p50 µs", "needs SQLite",
            "portable", "advice", "why",
        ]
        html += "<table class=\"advice\"><thead><tr>"
        html += header.map { "<th scope=\"col\">\(HTML.escape($0))</th>" }.joined() + "</tr></thead><tbody>\n"
        for row in all.filter({ $0.engine == engine }).sorted(by: { $0.score > $1.score }) {
            let cells = [
                String(format: "%.4f", row.score), row.recall10.map { String(format: "%.4f", $0) } ?? "",
                row.reciprocalRank10.map { String(format: "%.4f", $0) } ?? "", String(row.silentMisses),
                row.pValue.map { String(format: "%.3g", $0) } ?? "", row.indexBytes.map(Self.bytes) ?? "",
                String(format: "%.0f", row.p50Microseconds), row.needsSQLite, row.portable ? "yes" : "no", row.advice,
                row.why,
            ]
            html +=
                "<tr><th scope=\"row\">\(HTML.escape("\(row.tokenizer) \(row.queryKind.rawValue)"))</th>"
                + cells.map { "<td>\(HTML.escape($0))</td>" }.joined() + "</tr>\n"
        }
        html += "</tbody></table>\n"
        // The classes of the two chosen ones: where they differ.
        let classes = figures.rows.filter { $0.variant != "all" && $0.variant != "log" }.map(\.variant)
            .uniquedInOrder()
        if !chosen.isEmpty && !classes.isEmpty {
            html += "<table class=\"advice-classes\"><thead><tr><th scope=\"col\">class (weight)</th>"
            html +=
                chosen.map { "<th scope=\"col\">\(HTML.escape("\($0.tokenizer) \($0.queryKind.rawValue)")) RR@10</th>" }
                .joined() + "</tr></thead><tbody>\n"
            for variant in classes {
                let rows = chosen.map { choice in
                    figures.rows.first {
                        $0.tokenizer == choice.tokenizer && $0.engine == choice.engine
                            && $0.queryKind == choice.queryKind && $0.variant == variant
                    }
                }
                let weight = rows.compactMap { $0?.weight }.first.map { String(format: "%.3f", $0) } ?? ""
                html +=
                    "<tr><th scope=\"row\">\(HTML.escape("\(variant) (\(weight))"))</th>"
                    + rows.map { row in
                        "<td>\(HTML.escape(row?.reciprocalRank10.map { String(format: "%.4f", $0) } ?? ""))</td>"
                    }.joined() + "</tr>\n"
            }
            html += "</tbody></table>\n"
        }
        return html + "</section>\n"
    }
}

/// A `tokenbench advise` CSV read back for the report.
package struct AdviceFigures: Sendable {
    package internal(set) var file: String
    package internal(set) var rows: [AdviceRow]

    package static func load(path: String) throws -> AdviceFigures {
        let rows = try AdviceRow.rows(ofFile: path)
        guard rows.contains(where: { $0.variant == "all" }) else {
            throw TokenBenchError.invalidFixture(file: path, line: 0, reason: "the advise CSV has no 'all' row")
        }
        return AdviceFigures(file: path, rows: rows)
    }
}
