extension HTMLReport {
    /// The page's one script (`Report/Assets/report.js`): it draws the match matrix, its
    /// controls, a cell's details and the tokens side by side from the JSON of
    /// `ReportMatrixData`, with `textContent` only (no text from the data is ever parsed as
    /// markup). The page writes it inside CDATA markers, so it must not hold "]]>": the page
    /// stays well-formed XML, which lets the tests parse it strictly.
    static let script = embeddedText(PackageResources.report_js)

    /// The page's only style sheet, inline (`Report/Assets/report.css`). Verdicts differ in
    /// colour, in glyph and in text, so the grid reads without colour too. (No '<' or '&' in it:
    /// the page stays well-formed XML.)
    static let css = embeddedText(PackageResources.report_css)
}
