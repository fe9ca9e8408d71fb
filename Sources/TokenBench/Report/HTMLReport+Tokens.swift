/// The side-by-side view: a case's texts cut at every token boundary of every tokenizer shown,
/// drawn by the page's script when a case's "tokens" button is pressed.
extension HTMLReport {
    func tokensSection() -> String {
        var html = "<section id=\"tokens\">\n<h2>Tokens side by side</h2>\n"
        html +=
            "<p>Press a case's <em>tokens</em> button in the matrix to see its \(HTML.escape(matrix.formPairs.first?.description ?? "")) document and query here, cut at every token boundary of every tokenizer shown. "
        html +=
            "A token spans the source bytes it claims. Colocated tokens (synonyms) and overlapping ones (trigram) stack in extra rows, and colocated ones have a dashed border.</p>\n"
        return html + "<div id=\"align\"></div>\n</section>\n"
    }
}
