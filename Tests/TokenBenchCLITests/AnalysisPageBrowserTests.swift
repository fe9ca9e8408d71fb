import Foundation
import Testing

/// The analysis page of `tokenbench serve` as a person uses it, in headless Chromium over
/// WebDriver: what it shows after typing must be what `tokenbench tokens` prints, and its URL
/// must bring the same view back.
@Suite(.serialized, WebDriver.availableOrRequired)
struct AnalysisPageBrowserTests {
    typealias Server = ServeCLITests.Server

    /// A driver on the page with `query` as its URL's query string, drawn. The suite is
    /// skipped where there is no browser, and fails here where one is required and missing.
    static func openPage(_ query: String) throws -> (WebDriver, Server) {
        if let reason = WebDriver.unavailableReason { throw WebDriver.Failure(description: reason) }
        let server = try ServeCLITests.shared.get()
        let driver = try WebDriver()
        try driver.open(URL(string: server.url.absoluteString + "?" + query)!)
        try driver.wait(until: "document.body.dataset.generation")
        return (driver, server)
    }

    /// Waits until the page has drawn the answer to a request made after `generation`.
    static func waitForNewerThan(_ generation: String?, _ driver: WebDriver) throws {
        try driver.wait(
            until: "document.body.dataset.generation && document.body.dataset.generation !== '\(generation ?? "")'")
    }

    static func generation(_ driver: WebDriver) throws -> String? {
        try driver.execute("return document.body.dataset.generation;") as? String
    }

    /// The document token table of one tokenizer on one engine, as [token, start, end, position, colocated].
    static func tokenTable(_ driver: WebDriver, tokenizer: String, engine: String) throws -> [[String]] {
        let rows = try driver.execute(
            """
            const section = [...document.querySelectorAll('section.pair')]
              .find(s => s.dataset.tokenizer === arguments[0] && s.dataset.engine === arguments[1]);
            if (!section) return null;
            return [...section.querySelectorAll('table.document-tokens tbody tr')].map(tr =>
              ['token', 'start', 'end', 'position', 'colocated'].map(c => tr.querySelector('td.' + c).textContent));
            """, [tokenizer, engine])
        return try #require(rows as? [[String]], "no token table for \(tokenizer) on \(engine)")
            .map { [$0[0], $0[1], $0[2], $0[3], $0[4] == "yes" ? "1" : "0"] }
    }

    @Test func typingShowsTheTokensOfTheCommandLine() throws {
        let (driver, _) = try Self.openPage("tokenizer=nfkc&tokenizer=synonyms&engine=system&engine=bundled")
        let text = "Herr Großmann ﬁndet the first grey"
        let before = try Self.generation(driver)
        try driver.clear("#document")
        try driver.type(text, into: "#document")
        try driver.wait(until: "document.querySelector('#document').value === \(Self.jsString(text))")
        try Self.waitForNewerThan(before, driver)
        // Typing may have made several requests; wait for the answer to the whole text, whose
        // last word is "grey" (an earlier answer can hold "gre" at most).
        try driver.wait(
            until:
                "[...document.querySelectorAll('section.pair table.document-tokens td.token')].some(td => td.textContent === 'grey')"
        )
        for tokenizer in ["nfkc", "synonyms"] {
            let expected = try ServeCLITests.cliTokens(text, tokenizer: tokenizer, mode: "document")
            for engine in ["system", "bundled"] {
                #expect(
                    try Self.tokenTable(driver, tokenizer: tokenizer, engine: engine) == expected[engine],
                    "\(tokenizer) on \(engine)")
            }
        }
        // The URL holds the view: opened again, it shows the same texts and tokens.
        let url = try #require(try driver.execute("return location.href;") as? String)
        #expect(url.contains("tokenizer=nfkc") && url.contains("engine=bundled"))
        let shown = try Self.tokenTable(driver, tokenizer: "synonyms", engine: "bundled")
        try driver.open(URL(string: url)!)
        try driver.wait(until: "document.body.dataset.generation")
        #expect(try driver.execute("return document.querySelector('#document').value;") as? String == text)
        #expect(try Self.tokenTable(driver, tokenizer: "synonyms", engine: "bundled") == shown)
    }

    /// The locale field: typed, it reaches the tokens (Turkic folding under icu) and the URL; the
    /// system's 3.40.1 says it cannot take one.
    @Test func aTypedLocaleChangesTheTokens() throws {
        let (driver, _) = try Self.openPage("document=I%C4%9EDIR&query=&tokenizer=icu&engine=system&engine=bundled")
        #expect(try Self.tokenTable(driver, tokenizer: "icu", engine: "bundled").map { $0[0] } == ["iğdir"])
        let before = try Self.generation(driver)
        try driver.type("tr", into: "#locale")
        try Self.waitForNewerThan(before, driver)
        try driver.wait(
            until:
                "[...document.querySelectorAll('section.pair table.document-tokens td.token')].some(td => td.textContent === 'ığdır')"
        )
        #expect(try Self.tokenTable(driver, tokenizer: "icu", engine: "bundled").map { $0[0] } == ["ığdır"])
        let refusal =
            try driver.execute(
                "return document.querySelector('section.pair[data-engine=system] .unsupported').textContent;")
            as? String
        #expect(refusal?.contains("needs SQLite 3.47") == true, "\(refusal ?? "")")
        let url = try #require(try driver.execute("return location.href;") as? String)
        #expect(url.contains("locale=tr"))
    }

    @Test func stagesCodePointsAndVerdictsAreShown() throws {
        let (driver, _) = try Self.openPage("document=Stra%C3%9Fe&query=strasse&tokenizer=porter+nfkc&engine=system")
        let stages = try driver.execute(
            "return [...document.querySelectorAll('section.pair ol.stages')[0].querySelectorAll('li > code')].map(c => c.textContent);"
        )
        #expect(stages as? [String] == ["unicode61", "nfkc", "porter nfkc"])
        let names =
            try driver.execute(
                "return document.querySelector('section.pair table.document-tokens td.names').textContent;") as? String
        #expect(names?.contains("U+0073 LATIN SMALL LETTER S") == true)
        let facts = try driver.execute("return [...document.querySelectorAll('p.facts')].map(p => p.textContent);")
        #expect((facts as? [String])?.first?.contains("already NFC") == true)
        // Sixteen verdicts, each with its highlight: the bench's two query kinds × three form
        // pairs, then the app's ten kinds (raw, grdb-*, typed-*) in asis:asis.
        let verdicts = try driver.execute(
            "return [...document.querySelectorAll('section.pair table.verdicts td.verdict')].map(td => td.textContent);"
        )
        #expect(verdicts as? [String] == Array(repeating: "match", count: 16))
        // Each app kind's pattern beside its verdict: GRDB's bare word, the typed builder's quoted piece.
        let patterns = try driver.execute(
            "return Object.fromEntries([...document.querySelectorAll('section.pair table.verdicts tbody tr')].map(tr => [tr.children[0].textContent, tr.children[3].textContent]));"
        )
        let byKind = try #require(patterns as? [String: String])
        #expect(byKind["grdb-all"] == "strasse" && byKind["typed-all"] == "\"strasse\"" && byKind["raw"] == "strasse")
        // The summary keeps the bench's six verdicts.
        #expect(
            try driver.execute("return document.querySelectorAll('table.summary thead th').length;") as? Int == 4 + 6)
        let marked = try driver.execute(
            "return [...document.querySelectorAll('section.pair table.verdicts mark')].map(m => m.textContent);")
        #expect((marked as? [String])?.first == "Straße")
    }

    @Test func aBadSpecSaysWhyAndAFixtureCaseFillsTheTexts() throws {
        let (driver, _) = try Self.openPage("tokenizer=unicode61&engine=system")
        let before = try Self.generation(driver)
        try driver.clear("#tokenizers")
        try driver.type("unicode61 remove_diacritics 7", into: "#tokenizers")
        try Self.waitForNewerThan(before, driver)
        try driver.wait(until: "document.querySelector('#status').classList.contains('error')")
        let status = try driver.execute("return document.querySelector('#status').textContent;") as? String
        #expect(status?.contains("remove_diacritics") == true, "\(status ?? "")")
        #expect(try driver.execute("return document.querySelectorAll('section.pair').length;") as? Int == 0)
        // Back to a good spec, then a fixture case: its texts fill the fields and are run.
        try driver.clear("#tokenizers")
        try driver.type("unicode61", into: "#tokenizers")
        try driver.wait(until: "document.querySelectorAll('section.pair').length === 1")
        let option = try #require(
            try driver.execute(
                "const o = [...document.querySelectorAll('#case option')].find(o => o.textContent.includes('german-capital-sharp-s')); return o && o.value;"
            ) as? String)
        let generation = try Self.generation(driver)
        try driver.execute(
            "const s = document.querySelector('#case'); s.value = arguments[0]; s.dispatchEvent(new Event('change'));",
            [option])
        try Self.waitForNewerThan(generation, driver)
        #expect(try driver.execute("return document.querySelector('#document').value;") as? String == "STRAẞE")
        #expect(
            try driver.execute("return document.querySelectorAll('table.verdicts td.verdict').length;") as? Int == 16)
    }

    static func jsString(_ text: String) -> String {
        String(decoding: try! JSONSerialization.data(withJSONObject: text, options: .fragmentsAllowed), as: UTF8.self)
    }
}
