/// The side-by-side view: per case, every tokenizer's tokens aligned by source offset.
extension HTMLReport {
    func tokensSection(_ groups: [CaseGroup]) -> String {
        var html = "<section id=\"tokens\">\n<h2>Tokens side by side</h2>\n"
        html +=
            "<p>Per case, the \(HTML.escape(matrix.formPairs.first?.description ?? "")) document and query cut at every token boundary of every tokenizer. "
        html +=
            "A token spans the source bytes it claims. Colocated tokens (synonyms) and overlapping ones (trigram) stack in extra rows, and colocated ones have a dashed border. Open a case to see it.</p>\n"
        for group in groups {
            let primaries = group.byColumn.map { $0[0] }
            guard let first = primaries.first else { continue }
            html += "<details><summary><span class=\"id\">\(HTML.escape(group.matchCase.id))</span> "
            html +=
                "\(HTML.visible(first.document)) <span class=\"arrow\">←</span> \(HTML.visible(first.query))</summary>\n"
            html += alignmentTable(
                caption: "document", text: first.document,
                streams: primaries.indices.map { (columnName($0), primaries[$0].documentTokens) })
            html += alignmentTable(
                caption: "query", text: first.query,
                streams: primaries.indices.map { (columnName($0), primaries[$0].queryTokens) })
            html += "</details>\n"
        }
        return html + "</section>\n"
    }

    private func alignmentTable(caption: String, text: String, streams: [(tokenizer: String, tokens: [Token])])
        -> String
    {
        let bytes = Array(text.utf8)
        let alignment = TokenAlignment(text: bytes, streams: streams)
        var html = "<table class=\"align\"><caption>\(HTML.escape(caption))</caption><tr><th>source</th>"
        for segment in alignment.segments {
            let piece = String(decoding: bytes[segment], as: UTF8.self)
            html +=
                "<td class=\"src\" title=\"bytes \(segment.lowerBound)-\(segment.upperBound)\">\(HTML.visible(piece))</td>"
        }
        html += "</tr>\n"
        for stream in alignment.lanes {
            let lanes = stream.lanes.isEmpty ? [[]] : stream.lanes
            for (laneIndex, lane) in lanes.enumerated() {
                html += "<tr>"
                if laneIndex == 0 {
                    html += "<th rowspan=\"\(lanes.count)\">\(HTML.escape(stream.tokenizer))</th>"
                }
                var column = 0
                for placed in lane {
                    if placed.segments.lowerBound > column {
                        html += "<td colspan=\"\(placed.segments.lowerBound - column)\"></td>"
                    }
                    let span = max(placed.segments.count, 1)
                    let kind = placed.token.isColocated ? "tok coloc" : "tok"
                    html +=
                        "<td colspan=\"\(span)\" class=\"t\"><span class=\"\(kind)\" title=\"position \(placed.token.position), bytes \(placed.token.start)-\(placed.token.end)\">\(HTML.visible(placed.token.text))</span></td>"
                    column = placed.segments.lowerBound + span
                }
                if column < alignment.segments.count {
                    html += "<td colspan=\"\(alignment.segments.count - column)\"></td>"
                }
                html += "</tr>\n"
            }
        }
        html += "</table>\n"
        let unplaced = alignment.unplaced
        if !unplaced.isEmpty {
            html +=
                "<p class=\"warn\">Offsets outside the text: "
                + unplaced.map {
                    "\(HTML.escape($0.tokenizer)) <span class=\"tok\">\(HTML.visible($0.token.text))</span> at \($0.token.start)-\($0.token.end)"
                }.joined(separator: ", ") + "</p>\n"
        }
        return html
    }
}
