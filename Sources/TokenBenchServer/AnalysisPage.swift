import TokenBench

/// The analysis page: one HTML document with its style and script inline, served at `/`.
///
/// Like Solr's Analysis screen: a document and a query (typed, or a fixture case), any number
/// of tokenizer specs and engines; for each tokenizer × engine the tokens stage by stage, the
/// code points of each token and of the skipped bytes, the verdict of every query kind and form
/// pair, and highlight() and snippet(). Everything it shows comes from `/api/…` and is put in
/// the page with `textContent`, never as markup. The view's state is the URL's query string.
enum AnalysisPage {
    static let html = """
        <!DOCTYPE html>
        <html lang="en">
        <head>
        <meta charset="utf-8">
        <meta name="viewport" content="width=device-width, initial-scale=1">
        <title>TokenBench analysis</title>
        <style>
        \(style)
        </style>
        </head>
        <body>
        <header>
        <h1>TokenBench analysis</h1>
        <p>Type a document and a query; every tokenizer runs on a real FTS5 table of each engine.</p>
        </header>
        <form id="form" autocomplete="off">
        <div class="texts">
        <label>Document <textarea id="document" name="document" rows="3" spellcheck="false"></textarea></label>
        <label>Query <textarea id="query" name="query" rows="2" spellcheck="false"></textarea></label>
        </div>
        <div class="choices">
        <label>Example <select id="case"><option value="">(a fixture case)</option></select></label>
        <label>Tokenizers, one spec or label per line
        <textarea id="tokenizers" name="tokenizer" rows="4" spellcheck="false"></textarea></label>
        <fieldset id="engines"><legend>Engines</legend></fieldset>
        <label>Document mode <select id="mode"></select></label>
        <label>Locale of both texts (SQLite 3.47 and later)
        <input id="locale" name="locale" size="10" placeholder="none, or tr, de…" spellcheck="false"></label>
        <label><input type="checkbox" id="tokendata"> Verdicts in tokendata=1 tables (SQLite 3.45 and later)</label>
        <label><input type="checkbox" id="names" checked> Code point names</label>
        </div>
        </form>
        <p id="status" role="status" aria-live="polite"></p>
        <main id="results"></main>
        <script>
        //<![CDATA[
        \(script)
        //]]>
        </script>
        </body>
        </html>

        """

    /// The page's style sheet and script, from `Assets/analysis.css` and `Assets/analysis.js`.
    private static let style = embeddedText(PackageResources.analysis_css)
    private static let script = embeddedText(PackageResources.analysis_js)
}
