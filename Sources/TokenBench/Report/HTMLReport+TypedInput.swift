/// The "typed input" grid: for one tokenizer chosen on the page, the cases down and the query
/// kinds across, so that the queries an app builds from what users type (`raw`, GRDB's builders,
/// the typed builder) read side by side with the bench's own. The page's script draws it from
/// the matrix data the main grid reads; it is there only when an app's query kind ran.
extension HTMLReport {
    func typedInputSection() -> String {
        let appKinds = matrix.queryKinds.filter { !$0.isBenchQuery }
        guard !appKinds.isEmpty else { return "" }
        var html = "<section id=\"typed-input\">\n<h2>Typed input</h2>\n"
        html +=
            "<div class=\"legend\"><p>The same cells, one tokenizer at a time: a row per case, a column per query kind (\(matrix.queryKinds.map { HTML.escape($0.rawValue) }.joined(separator: ", "))). "
        html +=
            "Each kind is a way to turn the case's query into a <code>MATCH</code> expression: the bench's own quoted phrase or prefix, the text as typed (<code>raw</code>), GRDB's <code>FTS5Pattern</code> builders (<code>grdb-*</code>), or the builder that knows the table's tokenizer (<code>typed-*</code>; Documentation/Queries.md). "
        html +=
            "Hover over a cell, or reach it with Tab, to read the expression that ran; click it, or press Enter, for its tokens. The marks are the main grid's.</p></div>\n"
        html += "<div class=\"controls\" id=\"typed-controls\"></div>\n"
        html += "<p id=\"typed-status\" aria-live=\"polite\"></p>\n"
        html += "<div class=\"grid-wrap\"><table class=\"grid typed\" id=\"typed-grid\"></table></div>\n"
        return html + "</section>\n"
    }
}
