import Foundation
import Testing

@testable import TokenBench
@testable import TokenBenchEngines
@testable import TokenBenchTokenizers

struct FixtureParserTests {
    @Test func casesFormatReadsEscapesScopesAndNotes() throws {
        let text = """
            # comment
            id: nfd
            category: normalization
            document: aime\\u{301} \\\\ x
            query: aim\\u{E9}
            note: a note
            match: unicode61 porter-unicode61
            nomatch[nfc:nfd prefix]: unicode61
            error[prefix]: trigram

            id: second
            category: c
            document: d
            query: q
            """
        let cases = try FixtureParser.parse(Array(text.utf8), file: "t.cases", format: .cases)
        #expect(cases.count == 2)
        let first = try #require(cases.first)
        #expect(Array(first.document.unicodeScalars) == Array("aime\u{301} \\ x".unicodeScalars))
        #expect(Array(first.query.unicodeScalars) == ["a", "i", "m", "\u{E9}"])
        #expect(first.location == SourceLocation(file: "t.cases", line: 2))
        #expect(cases[1].location.line == 11)
        let nfcNfd = FormPair(document: .nfc, query: .nfd)
        // The most specific scope wins; unscoped expectations cover the rest.
        #expect(first.expectation(for: "unicode61", formPair: nfcNfd, queryKind: .prefix) == .noMatch)
        #expect(first.expectation(for: "unicode61", formPair: nfcNfd, queryKind: .phrase) == .match)
        #expect(first.expectation(for: "trigram", formPair: nfcNfd, queryKind: .prefix) == .error)
        #expect(first.expectation(for: "trigram", formPair: nfcNfd, queryKind: .phrase) == nil)
        #expect(first.expectation(for: "ascii", formPair: nfcNfd, queryKind: .phrase) == nil)
    }

    /// Values that hold `]` and then `:`: only a scope right after the key is skipped.
    @Test(arguments: [
        ("note: see [1]: x", "note", "see [1]: x"),
        ("document: a]b: c", "document", "a]b: c"),
        ("query: ]:", "query", "]:"),
        ("match[nfc:nfd]: ascii", "match[nfc:nfd]", "ascii"),
    ])
    func valuesMayHoldBracketsAndColons(line: String, key: String, value: String) throws {
        var lines = ["id: x", "category: c", "document: d", "query: q"]
        if let index = lines.firstIndex(where: { $0.hasPrefix(key + ":") }) {
            lines[index] = line
        } else {
            lines.append(line)
        }
        let parsed = try #require(
            try FixtureParser.parse(Array(lines.joined(separator: "\n").utf8), file: "t.cases", format: .cases).first)
        switch key {
        case "note": #expect(parsed.note == value)
        case "document": #expect(parsed.document == value)
        case "query": #expect(parsed.query == value)
        default:
            #expect(
                parsed.expectation(for: value, formPair: FormPair(document: .nfc, query: .nfd), queryKind: .phrase)
                    == .match)
        }
    }

    @Test func csvFormatAcceptsQuotedFieldsAndEscapes() throws {
        let text =
            "id,category,document,query,note,match\r\n"
            + "a,c,\"Foo, \"\"bar\"\"\",foo,\"two\nlines\",ascii unicode61\r\n"
            + "b,c,aime\\u{301},aim\\u{E9},,\n"
        let cases = try FixtureParser.parse(Array(text.utf8), file: "t.csv", format: .csv)
        #expect(cases.map(\.id) == ["a", "b"])
        #expect(cases[0].document == "Foo, \"bar\"")
        #expect(cases[0].note == "two\nlines")
        #expect(cases[0].expectation(for: "ascii", formPair: FormPair.defaults[0], queryKind: .phrase) == .match)
        #expect(Array(cases[1].document.unicodeScalars).last == "\u{301}")
        #expect(cases[1].location.line == 4, "line numbers count the line break inside the quoted note")
    }

    struct BadFile: CustomTestStringConvertible, Sendable {
        var format: FixtureFormat
        var bytes: [UInt8]
        var line: Int
        var reasonContains: String
        var testDescription: String { reasonContains }
    }

    static func utf8(_ text: String) -> [UInt8] { Array(text.utf8) }

    /// One row per way a fixture file can be wrong: each must be rejected with its line.
    static let badFiles: [BadFile] = [
        BadFile(
            format: .cases, bytes: utf8("id: a\ncategory: c\ndocument: ok\nquery: ") + [0xC3, 0x28] + utf8("\n"),
            line: 4, reasonContains: "invalid UTF-8"),
        BadFile(
            format: .cases, bytes: utf8("id: a\ncategory: c\ndocument: \\u{D800}\nquery: q\n"),
            line: 3, reasonContains: "not a Unicode scalar"),
        BadFile(
            format: .cases, bytes: utf8("id: a\ncategory: c\ndocument: \\q\nquery: q\n"),
            line: 3, reasonContains: "unknown escape \\q"),
        BadFile(
            format: .cases, bytes: utf8("id: a\ncategory: c\ndocument: \\u{41\nquery: q\n"),
            line: 3, reasonContains: "bad escape"),
        BadFile(
            format: .cases, bytes: utf8("\nid: a\ncategory: c\ndocument: d\n"),
            line: 2, reasonContains: "no 'query'"),
        BadFile(
            format: .cases, bytes: utf8("id: a\ncategory: c\ndocument: d\nquery: q\nquerry: q\n"),
            line: 5, reasonContains: "unknown key 'querry'"),
        BadFile(
            format: .cases, bytes: utf8("id: a\ncategory: c\ndocument: d\nquery: q\nquery: r\n"),
            line: 5, reasonContains: "given twice"),
        BadFile(
            format: .cases, bytes: utf8("id: a\ncategory: c\ndocument: d\nquery: q\nmatch: x\nnomatch: x\n"),
            line: 6, reasonContains: "already has the expectation"),
        BadFile(
            format: .cases, bytes: utf8("id: a\ncategory: c\ndocument: d\nquery: q\nmatch[nfc:xyz]: x\n"),
            line: 5, reasonContains: "bad expectation scope"),
        BadFile(
            format: .cases, bytes: utf8("id: a\ncategory: c\njust words\n"),
            line: 3, reasonContains: "expected 'key: value'"),
        BadFile(
            format: .csv, bytes: utf8("id,category,document\na,b,c\n"),
            line: 1, reasonContains: "missing column 'query'"),
        BadFile(
            format: .csv, bytes: utf8("id,category,document,query\na,b,c\n"),
            line: 2, reasonContains: "3 fields where the header has 4"),
        BadFile(
            format: .csv, bytes: utf8("id,category,document,query\na,b,\"c,d\n"),
            line: 2, reasonContains: "not closed"),
        BadFile(
            format: .csv, bytes: utf8("id,category,document,query,colour\n"),
            line: 1, reasonContains: "unknown column 'colour'"),
        // A locale is one word: the matrix CSV writes DOCUMENT/QUERY, so no slash either.
        BadFile(
            format: .cases, bytes: utf8("id: a\ncategory: c\ndocument: d\nquery: q\nlocale: tr/en\n"),
            line: 5, reasonContains: "locale 'tr/en' is not a locale"),
        BadFile(
            format: .cases, bytes: utf8("id: a\ncategory: c\nquery_locale: de\\u{20}CH\ndocument: d\nquery: q\n"),
            line: 3, reasonContains: "query_locale 'de CH' is not a locale"),
        // locale sets both texts' locales: with either of the others it is ambiguous.
        BadFile(
            format: .cases, bytes: utf8("id: a\ncategory: c\ndocument: d\nquery: q\nlocale: tr\nquery_locale: en\n"),
            line: 5, reasonContains: "either locale"),
        BadFile(
            format: .csv, bytes: utf8("id,category,document,query,locale,document_locale\na,b,c,d,tr,en\n"),
            line: 2, reasonContains: "either locale"),
        BadFile(
            format: .cases, bytes: utf8("id: a\ncategory: c\ndocument: d\nquery: q\ntokendata: yes\n"),
            line: 5, reasonContains: "tokendata 'yes' is not 0 or 1"),
    ]

    @Test(arguments: badFiles)
    func badFileIsRejectedWithItsLine(bad: BadFile) {
        #expect {
            _ = try FixtureParser.parse(bad.bytes, file: "bad", format: bad.format)
        } throws: { error in
            guard case TokenBenchError.invalidFixture(let file, let line, let reason) = error else { return false }
            return file == "bad" && line == bad.line && reason.contains(bad.reasonContains)
        }
    }

    @Test func duplicateIdsAcrossFilesNameBothPlaces() throws {
        let a = try FixtureParser.parse(
            Array("id: x\ncategory: c\ndocument: d\nquery: q\n".utf8), file: "a.cases", format: .cases)
        let b = try FixtureParser.parse(
            Array("\n\nid: x\ncategory: c\ndocument: d\nquery: q\n".utf8), file: "b.cases", format: .cases)
        #expect(
            throws: TokenBenchError.invalidFixture(
                file: "b.cases", line: 3, reason: "duplicate id 'x' (first defined at a.cases:1)")
        ) {
            _ = try FixtureSet(cases: a + b)
        }
    }

    /// An expectation's label must be a catalog entry's or a tokenizer of the run: a misspelling
    /// would otherwise never be checked, and "pass".
    @Test(
        arguments: [
            // A misspelled catalog label: refused, with the label it was meant to be.
            ("latinasci", [String](), "did you mean 'latinascii'?"),
            // Nothing near it: refused without a suggestion.
            ("zzzzzzzzzz", [], "nor a --tokenizer of this run"),
            // A label of this run's own tokenizer (an extension's): accepted.
            ("tbtest", ["tbtest"], nil),
            // A catalog label whose tokenizer this run does not run (a filtered run): accepted.
            ("porter-unicode61", ["ascii"], nil),
        ] as [(String, [String], String?)])
    func expectationLabelsMustBeKnown(label: String, run: [String], message: String?) throws {
        let matchCase = try MatchCase(id: "c", category: "k", document: "a", query: "a") { Expectation.match([label]) }
        let check = {
            try ExpectationLabels.check(
                [matchCase], catalog: TokenizerCatalog.all, runTokenizers: run.map { TokenizerSpec(parsing: $0) })
        }
        guard let message else {
            try check()
            return
        }
        #expect {
            try check()
        } throws: { error in
            "\(error)".contains(message) && "\(error)".contains("case c expects a verdict of '\(label)'")
        }
    }

    /// The embedded defaults are the files in fixtures/, byte for byte, and all of them.
    @Test func embeddedDefaultsAreExactlyTheFixturesDirectory() throws {
        let directory = URL(fileURLWithPath: #filePath)
            .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("fixtures")
        let onDisk = try FileManager.default.contentsOfDirectory(atPath: directory.path)
            .filter { $0.hasSuffix(".cases") || $0.hasSuffix(".csv") }.sorted()
        #expect(FixtureSet.embeddedFiles.map(\.name).sorted() == onDisk)
        for (name, bytes) in FixtureSet.embeddedFiles {
            #expect(try Array(Data(contentsOf: directory.appendingPathComponent(name))) == bytes, "\(name)")
        }
        #expect(try FixtureSet.defaults().cases.count >= 80)
    }

    @Test func csvWriterQuotesOnlyWhatNeedsIt() throws {
        #expect(
            CSV.line(["a", "b,c", "say \"hi\"", "two\nlines", ""]) == "a,\"b,c\",\"say \"\"hi\"\"\",\"two\nlines\",\n")
        let records = try CSV.parse(CSV.line(["a", "b,c", "say \"hi\"", "two\nlines", ""]))
        #expect(records.map(\.fields) == [["a", "b,c", "say \"hi\"", "two\nlines", ""]])
    }

    /// Fields whose comma, quote or line break is followed by a combining mark: each pair is one
    /// grapheme cluster, which a Character comparison with "," or "\"" does not see.
    @Test(arguments: [
        ("1,\u{308}0", "\"1,\u{308}0\"", "a comma then U+0308, as in WordBreakTest.txt: must be quoted"),
        ("a,\u{301}b", "\"a,\u{301}b\"", "a comma then an acute accent"),
        ("\"\u{301}", "\"\"\"\u{301}\"", "a quote then an acute accent: quoted, and the quote doubled"),
        ("x\n\u{301}", "\"x\n\u{301}\"", "a line break then a mark"),
        ("\u{301},", "\"\u{301},\"", "a lone mark then a comma"),
    ])
    func csvWriterQuotesByScalarsNotCharacters(field: String, written: String, why: String) throws {
        #expect(CSV.escape(field) == written, "\(why)")
        let records = try CSV.parse(CSV.line(["before", field, "after"]))
        #expect(records.map(\.fields) == [["before", field, "after"]], "\(why): round-trips with three fields")
    }
}

/// Every CSV the bench writes must parse as RFC 4180 with the header's field count, on Unicode's
/// own word-break test strings, where commas and quotes sit next to combining marks.
struct CSVRoundTripTests {
    static let wordBreakTest = "/usr/share/unicode/auxiliary/WordBreakTest.txt"

    /// The test strings of WordBreakTest.txt (Debian's unicode-data, which `.ci/run` installs).
    static func wordBreakStrings() throws -> [String] {
        let text = try String(contentsOfFile: wordBreakTest, encoding: .utf8)
        return text.split(separator: "\n").compactMap { line in
            guard let body = line.split(separator: "#", maxSplits: 1).first, !line.hasPrefix("#") else { return nil }
            let scalars = body.split(whereSeparator: { $0 == " " || $0 == "\t" || $0 == "÷" || $0 == "×" })
                .compactMap { UInt32($0, radix: 16).flatMap(Unicode.Scalar.init) }
            return scalars.isEmpty ? nil : String(String.UnicodeScalarView(scalars))
        }
    }

    static func expectWellFormed(_ csv: String, _ what: String) throws {
        let records = try CSV.parse(csv)
        let header = try #require(records.first)
        let bad = records.filter { $0.fields.count != header.fields.count }
        #expect(
            bad.isEmpty,
            "\(what): \(bad.count) records with another field count than the header's \(header.fields.count), first at line \(bad.first?.line ?? 0)"
        )
    }

    @Test func matrixAndTracesOverWordBreakTestParseBack() throws {
        try #require(
            FileManager.default.fileExists(atPath: Self.wordBreakTest), "install Debian's unicode-data package")
        let strings = try Self.wordBreakStrings()
        #expect(strings.count > 1_800)
        #expect(strings.contains("1,\u{308}0"), "the string that once broke the writer is among them")
        let cases = strings.enumerated().map {
            MatchCase(id: "wb\($0.offset + 1)", category: "wordbreak", document: $0.element, query: $0.element)
        }
        let workbench = try Workbench()
        let matrix = try workbench.matrix(
            cases: cases, tokenizers: [TokenizerSpec(text: "icu"), TokenizerSpec(text: "unicode61")],
            formPairs: [FormPair(document: .asis, query: .asis)], queryKinds: [.phrase])
        let long = matrix.longTable().csv()
        try Self.expectWellFormed(long, "matrix (long)")
        try Self.expectWellFormed(matrix.wideTable().csv(), "matrix (wide)")
        // The bench's own baseline reader reads it back, one record per cell.
        #expect(try MatrixBaseline.parse(long, source: "wordbreak.csv").records.count == matrix.cells.count)
        var traces = CSVTable(header: TokenTrace.tableHeader)
        for trace in try workbench.traces(
            of: strings.map { Array($0.utf8) }, spec: TokenizerSpec(text: "icu"), modes: [.document])
        {
            traces.rows += trace.tableRows
        }
        try Self.expectWellFormed(traces.csv(), "tokens")
    }
}
