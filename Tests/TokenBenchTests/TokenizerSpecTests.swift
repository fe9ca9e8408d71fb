import GRDB
import Testing

@testable import TokenBench
@testable import TokenBenchEngines
@testable import TokenBenchTokenizers

struct TokenizerSpecTests {
    /// One row per argument form: what the label is, and what FTS5 receives.
    @Test(
        arguments: [
            ("unicode61", nil, "unicode61"), // bare spec: its text is its name
            ("u61rd2=unicode61 remove_diacritics 2", "u61rd2", "unicode61 remove_diacritics 2"), // labelled
            ("unicode61 separators '='", nil, "unicode61 separators '='"), // '=' inside a spec is not a label
            ("=unicode61", nil, "=unicode61"), // empty label: not a label
            ("x=", nil, "x="), // empty spec: not a label
        ] as [(String, String?, String)])
    func parsing(argument: String, label: String?, text: String) {
        let spec = TokenizerSpec(parsing: argument)
        #expect(spec.label == label)
        #expect(spec.text == text)
        #expect(TokenizerSpec(parsing: spec.description) == spec, "description round-trips")
    }

    @Test func fts5SplitsTheSpecIntoComponents() throws {
        let workbench = try Workbench()
        #expect(
            try workbench.validate(TokenizerSpec(text: "porter unicode61 remove_diacritics 2"))
                == ["porter", "unicode61", "remove_diacritics", "2"])
        #expect(
            try workbench.validate(TokenizerSpec(text: "unicode61 tokenchars '-''_'")) == [
                "unicode61", "tokenchars", "-'_",
            ])
    }

    /// Specs full of SQL syntax are spliced into CREATE VIRTUAL TABLE safely: each row says
    /// whether FTS5 accepts the spec (and the tokens "a')b" then gives) or rejects it with a parse
    /// error, and in no case does any of it run as SQL.
    @Test(arguments: [
        (
            "unicode61 tokenchars '''); DROP TABLE main.sentinel; --'", ["a')b"] as [String]?,
            "the whole SQL text is one quoted tokenchars argument, so ' and ) are token characters"
        ),
        ("x'); DROP TABLE main.sentinel; --", nil, "a quote inside a word: refused before FTS5 sees it"),
        ("unicode61) ; DROP TABLE main.sentinel; (", nil, "a parenthesis in the directive: FTS5's parse error"),
        ("\"unicode61\" separators \"()'\"", nil, "double-quoted words FTS5 does not take here: parse error"),
        (
            "unicode61 tokenchars ']'''", ["a'", "b"],
            "tokenchars ]' : the quote joins the token, the parenthesis splits"
        ),
    ])
    func quotingIsSafeForAnyText(text: String, tokens expected: [String]?, why: String) throws {
        let workbench = try Workbench()
        try workbench.withConnection { connection in try connection.execute("CREATE TABLE main.sentinel(x)") }
        do {
            let tokens = try workbench.tokens(of: "a')b", spec: TokenizerSpec(text: text), mode: .document)
            #expect(tokens.map(\.text) == expected, "\(why)")
        } catch let TokenBenchError.invalidTokenizerSpec(spec, reason) {
            #expect(expected == nil, "\(why): rejected with \(reason)")
            #expect(spec == text)
            // Refused by FTS5's parser, or before it by TokenBench's quoting check.
            #expect(
                reason == "parse error in tokenize directive" || reason.hasPrefix("a quote may only start a word"),
                "\(why): \(reason)")
        }
        #expect(
            try workbench.withConnection { connection in
                try connection.prepare("SELECT count(*) FROM sqlite_schema WHERE name = 'sentinel'").rows() == [["1"]]
            })
    }

    /// Quoting that SQLite 3.40.1's tokenize-directive parser mishandles (the `spec` fuzz target
    /// found a heap read overflow under AddressSanitizer with the first two) is refused before
    /// FTS5 sees it, with a reason.
    @Test(arguments: [
        ("''h''r'", "a quoted word must be followed by a space or the end of the spec"),
        ("''a''b'", "a quoted word must be followed by a space or the end of the spec"),
        ("unicode61 tokenchars '-'x", "a quoted word must be followed by a space or the end of the spec"),
        ("unicode61 tokenchars 'x", "a quoted word is not closed (write a quote inside one as '')"),
        (
            "u''~''''1'''''''''''''''''''''''''1'",
            "a quote may only start a word (quote the whole word, and write a quote inside it as '')"
        ),
        (
            "unicode61 tokenchars x'y",
            "a quote may only start a word (quote the whole word, and write a quote inside it as '')"
        ),
    ])
    func quotingFTS5MishandlesIsRefused(text: String, reason: String) throws {
        #expect(throws: TokenBenchError.invalidTokenizerSpec(spec: text, reason: reason)) {
            try Workbench().validate(TokenizerSpec(text: text))
        }
    }

    @Test func quotedTokencharsReachUnicode61() throws {
        // The ''-'' in the spec is a quoted "-": unicode61 then keeps e-mail as one token.
        let tokens = try Workbench().tokens(
            of: "e-mail", spec: TokenizerSpec(text: "unicode61 tokenchars '-'"), mode: .document)
        #expect(tokens.map(\.text) == ["e-mail"])
    }

    /// One row per way a spec can be wrong: a one-line error naming the spec and SQLite's reason.
    @Test(arguments: [
        ("nosuch", "no such tokenizer: nosuch"),
        // A misspelt label, which FTS5 cannot parse (`-` ends its bare word): the nearest labels.
        ("porter-ascii2", "no such tokenizer: porter-ascii2; nearest: porter-ascii"),
        // A registered first word keeps FTS5's own reason, and so does a first word that is no name.
        ("porter ascii2", "error in tokenizer constructor"),
        ("unicode61)", "parse error in tokenize directive"),
        ("unicode61 remove_diacritics 7", "error in tokenizer constructor"),
        ("unicode61 'unterminated", "a quoted word is not closed"),
        ("unicode61\u{0}x", "NUL"),
        ("", "no tokenizer"),
    ])
    func badSpecIsReported(text: String, reason: String) throws {
        let workbench = try Workbench()
        #expect {
            try workbench.validate(TokenizerSpec(label: "bad", text: text))
        } throws: { error in
            guard case TokenBenchError.invalidTokenizerSpec(let spec, let message) = error else { return false }
            return spec == "bad=\(text)" && message.contains(reason) && !"\(error)".contains("\n")
        }
    }

    /// The table recipe refuses a NUL; the bench reports it in its own words, naming the spec
    /// as the user wrote it, whichever path made the table.
    @Test func aNULIsRefusedInTheBenchsWords() throws {
        let refusal = TokenBenchError.invalidTokenizerSpec(
            spec: "bad=unicode61\u{0}x", reason: "the spec contains a NUL character")
        let spec = TokenizerSpec(label: "bad", text: "unicode61\u{0}x")
        #expect(throws: refusal) { try Workbench().validate(spec) }
        #expect(throws: refusal) { try spec.tokenizeOption() }
    }

    @Test func listProbesSupportByCreatingTables() throws {
        let workbench = try Workbench()
        #expect(workbench.unsupportedReason(TokenizerSpec(text: "unicode61")) == nil)
        #expect(workbench.unsupportedReason(TokenizerSpec(text: "nosuch")) != nil)
        let supported = workbench.supportedCatalogSpecs()
        #expect(supported.contains { $0.name == "porter-ascii" })
        // Checked against another path than the probe: a spec the list calls supported traces
        // text, and one it leaves out fails to, with the reason the probe gave.
        for entry in TokenizerCatalog.all {
            let isListed = supported.contains(entry.spec)
            do {
                _ = try workbench.tokens(of: "Probe text", spec: entry.spec, mode: .document)
                #expect(isListed, "\(entry.spec.name) traces text but is not listed")
            } catch {
                #expect(!isListed, "\(entry.spec.name) is listed but cannot trace: \(error)")
                #expect("\(error)".contains(workbench.unsupportedReason(entry.spec) ?? "<none>"))
            }
        }
    }
}
