import Foundation
import GRDB
import GRDBSQLite
import Testing

@testable import TokenBench
@testable import TokenBenchEngines
@testable import TokenBenchTokenizers

struct MatchMatrixTests {
    static let ascii = TokenizerSpec(text: "ascii")
    static let unicode61 = TokenizerSpec(text: "unicode61")
    static let trigram = TokenizerSpec(text: "trigram")

    static func matrix(
        _ cases: [MatchCase], _ tokenizers: [TokenizerSpec],
        forms: [FormPair] = [FormPair(document: .asis, query: .asis)]
    ) throws -> MatchMatrix {
        try Workbench().matrix(cases: cases, tokenizers: tokenizers, formPairs: forms)
    }

    static func cell(
        _ matrix: MatchMatrix, _ id: String, _ tokenizer: String, _ kind: QueryKind, _ forms: FormPair? = nil
    ) -> MatrixCell? {
        matrix.cells.first {
            $0.matchCase.id == id && $0.tokenizer == tokenizer && $0.queryKind == kind
                && (forms == nil || $0.formPair == forms)
        }
    }

    /// One row per case: what the real engine answers for ascii and unicode61, phrase query.
    @Test(arguments: [
        ("Foo", "FOO", true, true), // ASCII case folds everywhere
        ("J\u{E9}r\u{F4}me", "J\u{C9}R\u{D4}ME", false, true), // only unicode61 folds non-ASCII case
        ("J\u{E9}r\u{F4}me", "Jerome", false, true), // only unicode61 removes diacritics
        ("quick brown fox", "brown fox", true, true), // phrase inside a longer document
        ("quick brown fox", "fox brown", false, false), // a phrase keeps word order
        ("say \"hi\" now", "\"hi\" now", true, true), // inner quotes are doubled, not syntax
        ("a b", "AND", false, false), // FTS5 keywords in a phrase are plain words
    ])
    func phraseMatchesFromTheRealEngine(document: String, query: String, asciiMatches: Bool, unicode61Matches: Bool)
        throws
    {
        let matchCase = MatchCase(id: "c", category: "t", document: document, query: query)
        let matrix = try Self.matrix([matchCase], [Self.ascii, Self.unicode61])
        #expect(Self.cell(matrix, "c", "ascii", .phrase)?.result == (asciiMatches ? .matched : .notMatched))
        #expect(Self.cell(matrix, "c", "unicode61", .phrase)?.result == (unicode61Matches ? .matched : .notMatched))
    }

    @Test func aCaseFindsOnlyItsOwnDocument() throws {
        // Both documents sit in one table; "apple" finds case a's document, not case b's.
        let cases = [
            MatchCase(id: "a", category: "t", document: "apple pie", query: "apple"),
            MatchCase(id: "b", category: "t", document: "banana split", query: "apple"),
        ]
        let matrix = try Self.matrix(cases, [Self.unicode61])
        #expect(Self.cell(matrix, "a", "unicode61", .phrase)?.result == .matched)
        #expect(Self.cell(matrix, "b", "unicode61", .phrase)?.result == .notMatched)
    }

    @Test func prefixQueriesMatchWordStarts() throws {
        let matrix = try Self.matrix(
            [MatchCase(id: "p", category: "t", document: "database", query: "data")], [Self.unicode61])
        #expect(Self.cell(matrix, "p", "unicode61", .phrase)?.result == .notMatched)
        #expect(Self.cell(matrix, "p", "unicode61", .prefix)?.result == .matched)
    }

    @Test func queryWithoutTokensIsAnErrorCell() throws {
        let matrix = try Self.matrix(
            [MatchCase(id: "fi", category: "t", document: "fine", query: "fi")], [Self.trigram])
        #expect(Self.cell(matrix, "fi", "trigram", .phrase)?.result == .error("the query has no tokens"))
        #expect(Self.cell(matrix, "fi", "trigram", .phrase)?.outcome == .error)
    }

    @Test func formPairsChangeWhatFTS5Sees() throws {
        let matchCase = MatchCase(id: "aime", category: "t", document: "aim\u{E9}", query: "aim\u{E9}")
        let nfcNfd = FormPair(document: .nfc, query: .nfd)
        let matrix = try Self.matrix([matchCase], [Self.ascii, Self.unicode61], forms: FormPair.defaults)
        let asciiCell = try #require(Self.cell(matrix, "aime", "ascii", .phrase, nfcNfd))
        #expect(Array(asciiCell.query.unicodeScalars) == ["a", "i", "m", "e", "\u{301}"])
        #expect(asciiCell.result == .notMatched)
        #expect(Self.cell(matrix, "aime", "unicode61", .phrase, nfcNfd)?.result == .matched)
        #expect(Self.cell(matrix, "aime", "ascii", .phrase, FormPair.defaults[0])?.result == .matched)
    }

    /// One row per (expected, result) pair: the outcome and whether the run fails.
    @Test(
        arguments: [
            (MatchVerdict.Code?.none, MatchVerdict.matched, ExpectationOutcome.unchecked, false),
            (MatchVerdict.Code?.none, MatchVerdict.error("x"), ExpectationOutcome.error, false),
            (.match, .matched, .pass, false),
            (.match, .notMatched, .fail, true),
            (.noMatch, .notMatched, .pass, false),
            (.noMatch, .matched, .fail, true),
            (.match, .error("x"), .error, true),
            (.error, .error("x"), .pass, false),
            (.error, .matched, .fail, true),
        ] as [(MatchVerdict.Code?, MatchVerdict, ExpectationOutcome, Bool)])
    func outcomes(expected: MatchVerdict.Code?, result: MatchVerdict, outcome: ExpectationOutcome, violates: Bool) {
        let cell = MatrixCell(
            matchCase: MatchCase(id: "c", category: "t", document: "d", query: "q"), tokenizer: "t", queryKind: .phrase,
            formPair: FormPair.defaults[0], document: "d", query: "q", result: result, expected: expected,
            documentTokens: [], queryTokens: [])
        #expect(cell.outcome == outcome)
        #expect(cell.violatesExpectation == violates)
    }

    /// One row per verdict: every spelling of it, from its one type. A lost or unsupported
    /// cell has no `matched` value, and its message is the whole wording.
    @Test(
        arguments: [
            (MatchVerdict.matched, "match", "match", "1", "", "X"),
            (.notMatched, "no-match", "no match", "0", "", ""),
            // The app's builder made no query: no matched value, no message, and not an error.
            (.noQuery, "no-query", "no query", "", "", "no query"),
            (
                .error("fts5: syntax error near \"\""), "error", "error (fts5: syntax error near \"\")", "",
                "fts5: syntax error near \"\"", "error"
            ),
            (
                .lost(Loss(.crashed, detail: "SIGSEGV while indexing")), "lost", "crashed (SIGSEGV while indexing)", "",
                "crashed (SIGSEGV while indexing)", "crashed"
            ),
            (
                .unsupported("locale needs SQLite 3.47"), "unsupported", "locale needs SQLite 3.47", "",
                "locale needs SQLite 3.47", "unsupported"
            ),
        ] as [(MatchVerdict, String, String, String, String, String)])
    func verdictSpellings(
        verdict: MatchVerdict, code: String, wording: String, matched: String, error: String, wide: String
    ) {
        #expect(verdict.code.rawValue == code)
        #expect(verdict.wording == wording)
        #expect(verdict.matchedColumn == matched)
        #expect(verdict.errorColumn == error)
        #expect(verdict.wideMatrixField == wide)
        // What the long CSV writes reads back as the same verdict: from its verdict column, and
        // for a file without one (only the bench's phrase and prefix ran, which never give no
        // query), from matched and error.
        // A lost cell's `loss` column gives its code, and `error` its wording.
        let loss = verdict.loss.map { Loss(code: $0.code, wording: error) }
        #expect(MatchVerdict(code: code, errorColumn: error, loss: loss) == verdict)
        let read: MatchVerdict =
            switch matched {
            case "1": .matched
            case "0": .notMatched
            default: MatchVerdict(errorColumn: error, loss: loss, skipped: verdict.code == .unsupported)
            }
        // No query has no spelling in those two columns alone: such a file reads it as an error
        // without a message, which is why the app's kinds write the verdict column.
        #expect(read == (verdict == .noQuery ? .error("") : verdict))
    }

    /// A fixture may expect only match, no match, no query or error; each has its key and CSV
    /// value.
    @Test func expectableVerdicts() {
        #expect(MatchVerdict.Code.expectable.map(\.fixtureKey) == ["match", "nomatch", "noquery", "error"])
        #expect(MatchVerdict.Code.expectable.map(\.expectedColumn) == ["1", "0", "no-query", "error"])
        #expect(MatchVerdict.Code(fixtureKey: "noquery") == .noQuery)
        #expect(MatchVerdict.Code(fixtureKey: "nomatch") == .noMatch)
        #expect(MatchVerdict.Code(fixtureKey: "no-match") == nil)
        #expect(MatchVerdict.Code(fixtureKey: "lost") == nil)
    }

    /// Each distinct text is traced once per tokenizer, across form pairs: by its bytes, so the
    /// NFD document shows NFD tokens though Swift finds the NFC and NFD Strings equal.
    @Test func tracesAreSharedByBytesNotByCanonicalEquivalence() throws {
        let matrix = try Workbench().matrix(
            cases: [MatchCase(id: "aime", category: "c", document: "aim\u{E9}", query: "aim\u{E9}")],
            tokenizers: [TokenizerSpec(text: "unicode61 remove_diacritics 0")],
            formPairs: [FormPair(document: .nfc, query: .nfd), FormPair(document: .nfd, query: .nfc)],
            queryKinds: [.phrase])
        let nfc = Array("aim\u{E9}".utf8)
        let nfd = Array("aime\u{301}".utf8)
        let byPair = Dictionary(uniqueKeysWithValues: matrix.cells.map { ($0.formPair.document, $0) })
        #expect(byPair[.nfc]?.documentTokens.map(\.bytes) == [nfc])
        #expect(byPair[.nfc]?.queryTokens.map(\.bytes) == [nfd])
        #expect(byPair[.nfd]?.documentTokens.map(\.bytes) == [nfd])
        #expect(byPair[.nfd]?.queryTokens.map(\.bytes) == [nfc])
    }

    /// The run layer's threads: `map` hands each index to a free worker and returns the results
    /// in index order, call after call on the same threads; `each` runs job i on worker i.
    @Test func workerThreadsKeepTheIndexOrder() {
        let threads = WorkerThreads(count: 3)
        #expect(threads.map(50) { _, index in index * 2 } == (0..<50).map { $0 * 2 })
        // Fewer indices than workers, on the same parked threads: the slots start afresh.
        #expect(threads.map(2) { _, index in "job \(index)" } == ["job 0", "job 1"])
        #expect(threads.each { worker in worker } == [0, 1, 2])
    }

    @Test func wideTableHasOneColumnPerTokenizer() throws {
        let cases = [
            MatchCase(id: "a", category: "t", document: "Foo", query: "FOO"),
            MatchCase(id: "b", category: "t", document: "J\u{E9}r\u{F4}me", query: "Jerome"),
        ]
        let matrix = try Self.matrix(cases, [Self.ascii, Self.unicode61], forms: FormPair.defaults)
        let wide = matrix.wideTable()
        #expect(wide.header.suffix(2) == ["ascii", "unicode61"])
        #expect(wide.rows.count == 2 * QueryKind.defaults.count * FormPair.defaults.count)
        #expect(wide.rows.first?.suffix(2) == ["X", "X"])
        let jeromePhrase = wide.rows.first { $0[0] == "b" && $0[2] == "phrase" && $0[3] == "asis" }
        #expect(jeromePhrase?.suffix(2) == ["", "X"])
        #expect(matrix.longTable().rows.count == matrix.cells.count)
    }

    @Test func cellsAreAddressedByCoordinateWhateverTheirOrder() throws {
        let cases = [
            MatchCase(id: "a", category: "t", document: "Foo", query: "FOO"),
            MatchCase(id: "b", category: "t", document: "J\u{E9}r\u{F4}me", query: "Jerome"),
        ]
        let matrix = try Self.matrix(cases, [Self.ascii, Self.unicode61], forms: FormPair.defaults)
        let full = matrix.wideTable()
        // The same cells given in reverse order make the same matrix: the shape orders them.
        let reversed = try MatchMatrix(
            tokenizers: matrix.tokenizers, queryKinds: matrix.queryKinds, formPairs: matrix.formPairs,
            cells: matrix.cells.reversed())
        #expect(reversed.caseIDs == ["b", "a"])
        #expect(
            Set(reversed.wideTable().rows.map { $0.joined(separator: ",") })
                == Set(full.rows.map { $0.joined(separator: ",") }))
        let coordinate = MatrixCoordinate(
            caseID: "b", tokenizer: "unicode61", queryKind: .phrase, formPair: FormPair.defaults[0])
        #expect(reversed.cell(at: coordinate)?.result == .matched)
        #expect(reversed.cell(at: coordinate) == matrix.cell(at: coordinate))
        // Dropping every unicode61 cell of case b (once an index-arithmetic trap) leaves its fields empty.
        let filtered = matrix.filter { !($0.matchCase.id == "b" && $0.tokenizer == "unicode61") }
        #expect(filtered.cell(at: coordinate) == nil)
        #expect(filtered.wideTable().rows.count == full.rows.count)
        #expect(filtered.wideTable().rows.filter { $0[0] == "b" }.allSatisfy { $0.last == "" })
        #expect(filtered.filter { $0.matchCase.id != "a" }.wideTable().rows.allSatisfy { $0[0] == "b" })
    }

    /// One row per way a matrix can be given a bad shape: each is refused, naming what is wrong.
    @Test func aMatrixRefusesDuplicateAndOffAxisCells() throws {
        let cases = [MatchCase(id: "a", category: "t", document: "Foo", query: "FOO")]
        let matrix = try Self.matrix(cases, [Self.ascii], forms: [FormPair.defaults[0]])
        let cell = try #require(matrix.cells.first)
        var otherTokenizer = cell
        otherTokenizer.tokenizer = "porter"
        let rows: [(String, () throws -> MatchMatrix, String)] = [
            // The same cell twice: once a silent overwrite.
            (
                "duplicate cell",
                {
                    try MatchMatrix(
                        tokenizers: ["ascii"], queryKinds: matrix.queryKinds, formPairs: matrix.formPairs,
                        cells: [cell, cell])
                }, "two cells have this coordinate"
            ),
            // A tokenizer named twice on the axis.
            (
                "duplicate tokenizer",
                {
                    try MatchMatrix(
                        tokenizers: ["ascii", "ascii"], queryKinds: matrix.queryKinds, formPairs: matrix.formPairs,
                        cells: [cell])
                }, "tokenizer 'ascii': is listed twice"
            ),
            // A cell whose tokenizer is not a column.
            (
                "off the axes",
                {
                    try MatchMatrix(
                        tokenizers: ["ascii"], queryKinds: matrix.queryKinds, formPairs: matrix.formPairs,
                        cells: [otherTokenizer])
                }, "not on the matrix's axes"
            ),
        ]
        for (label, make, message) in rows {
            let error = #expect(throws: TokenBenchError.self) { _ = try make() }
            #expect(error?.description.contains(message) == true, "\(label): \(String(describing: error))")
        }
    }

    /// An expectation scoped to an engine applies to that engine's cells only, and beats the
    /// unscoped one there: the matrix reads it per engine, so the doctored bundled expectation
    /// fails exactly the bundled cells.
    @Test func engineScopedExpectationsApplyPerEngine() throws {
        let text =
            "id: foo\ncategory: t\ndocument: Foo\nquery: foo\nmatch: unicode61\nnomatch[bundled phrase]: unicode61\n"
        let cases = try FixtureParser.parse(Array(text.utf8), file: "scoped.cases", format: .cases)
        let pair = FormPair.defaults[0]
        #expect(cases[0].expectation(for: "unicode61", formPair: pair, queryKind: .phrase, engine: "system") == .match)
        #expect(
            cases[0].expectation(for: "unicode61", formPair: pair, queryKind: .phrase, engine: "bundled") == .noMatch)
        #expect(cases[0].expectation(for: "unicode61", formPair: pair, queryKind: .prefix, engine: "bundled") == .match)
        let matrix = try Workbench().matrix(
            cases: cases, tokenizers: [Self.unicode61], engines: [.system, .bundled], formPairs: [pair])
        #expect(matrix.violations.map { "\($0.engine) \($0.queryKind.rawValue)" } == ["bundled phrase"])
    }

    /// The system's own libsqlite3 file, loaded by path with dlopen(RTLD_LOCAL), runs as a third
    /// engine: the same library as `system`, so every verdict and token must be the same, in
    /// cells that carry the path as their engine.
    @Test func aLibraryLoadedByPathIsAnotherEngine() throws {
        let candidates = [
            "/usr/lib/x86_64-linux-gnu/libsqlite3.so.0", "/usr/lib/aarch64-linux-gnu/libsqlite3.so.0",
            "/usr/lib64/libsqlite3.so.0", "/usr/lib/libsqlite3.so.0",
        ]
        let path = try #require(
            candidates.first { FileManager.default.fileExists(atPath: $0) }, "libsqlite3 is installed (libsqlite3-dev)")
        let library = try SQLiteEngine.load(path: path)
        #expect(library.name == path)
        #expect(library.sqliteVersion == SQLiteEngine.system.sqliteVersion)
        let cases = [
            MatchCase(id: "a", category: "t", document: "J\u{E9}r\u{F4}me", query: "Jerome"),
            MatchCase(id: "b", category: "t", document: "databases", query: "database"),
        ]
        let matrix = try Workbench().matrix(
            cases: cases,
            tokenizers: [Self.ascii, TokenizerSpec(text: "porter unicode61"), TokenizerSpec(text: "synonyms")],
            engines: [.system, library])
        let byEngine = Dictionary(grouping: matrix.cells, by: \.engine)
        #expect(byEngine[path]?.count == byEngine["system"]?.count)
        #expect(byEngine[path]?.count == 2 * 3 * 2 * 3)
        #expect(matrix.engineDisagreements().cells.isEmpty)
        for cell in byEngine[path] ?? [] {
            var system = cell.coordinate
            system.engine = "system"
            #expect(matrix.cell(at: system)?.documentTokens == cell.documentTokens)
        }
        // Not a SQLite library, or no file: one line that says so.
        #expect(throws: TokenBenchError.self) { try SQLiteEngine.load(path: "/nonexistent/libsqlite3.so") }
    }

    /// The public matrix() refuses two cases with one id, or two tokenizers with one name, which
    /// used to overwrite each other's cells.
    @Test func matrixRefusesDuplicateCaseIDsAndTokenizerNames() throws {
        let workbench = try Workbench()
        let twice = [
            MatchCase(id: "a", category: "t", document: "x", query: "x"),
            MatchCase(id: "a", category: "t", document: "y", query: "y"),
        ]
        #expect(
            throws: TokenBenchError.invalidArgument(
                name: "case id", value: "a",
                reason: "is listed twice; each case id names one row or column of the matrix")
        ) {
            try workbench.matrix(cases: twice, tokenizers: [Self.ascii])
        }
        #expect(
            throws: TokenBenchError.invalidArgument(
                name: "tokenizer", value: "ascii",
                reason: "is listed twice; each tokenizer names one row or column of the matrix")
        ) {
            try workbench.matrix(cases: [twice[0]], tokenizers: [Self.ascii, Self.ascii])
        }
    }
}

/// A tokenizer type defined by a "user": it must run through traces and matrices exactly like
/// ours, registered with one option.
final class ReverseSynonymTokenizer: FTS5CustomTokenizer {
    static let name = "test_reverse"
    let wrapped: any FTS5Tokenizer

    init(db: Database, arguments: [String]) throws {
        wrapped = try db.makeTokenizer(.unicode61())
    }

    /// Emits each unicode61 token, then its reverse as a colocated synonym (documents only).
    func tokenize(
        context: UnsafeMutableRawPointer?, tokenization: FTS5Tokenization, pText: UnsafePointer<CChar>?, nText: CInt,
        tokenCallback: @escaping FTS5TokenCallback
    ) -> CInt {
        let box = Box(context: context, callback: tokenCallback, isDocument: tokenization == .document)
        return withExtendedLifetime(box) {
            wrapped.tokenize(
                context: Unmanaged.passUnretained(box).toOpaque(), tokenization: tokenization, pText: pText,
                nText: nText,
                tokenCallback: { boxPointer, flags, pToken, nToken, start, end in
                    let box = Unmanaged<Box>.fromOpaque(boxPointer!).takeUnretainedValue()
                    let code = box.callback(box.context, flags, pToken, nToken, start, end)
                    guard code == SQLITE_OK, box.isDocument, let pToken else { return code }
                    var reversed = Array(UnsafeBufferPointer(start: pToken, count: Int(nToken)).reversed())
                    return reversed.withUnsafeMutableBufferPointer {
                        box.callback(box.context, FTS5_TOKEN_COLOCATED, $0.baseAddress, nToken, start, end)
                    }
                })
        }
    }

    final class Box {
        let context: UnsafeMutableRawPointer?
        let callback: FTS5TokenCallback
        let isDocument: Bool
        init(context: UnsafeMutableRawPointer?, callback: @escaping FTS5TokenCallback, isDocument: Bool) {
            self.context = context
            self.callback = callback
            self.isDocument = isDocument
        }
    }
}

struct UserTokenizerTests {
    @Test func aUserTypeRunsThroughTracesAndMatrices() throws {
        let workbench = try Workbench(options: Workbench.Options(customTokenizers: [ReverseSynonymTokenizer.self]))
        let spec = TokenizerSpec(label: "reverse", text: "test_reverse")
        let tokens = try workbench.tokens(of: "ab cd", spec: spec, mode: .document)
        #expect(tokens.map(\.text) == ["ab", "ba", "cd", "dc"])
        #expect(tokens.map(\.isColocated) == [false, true, false, true])
        #expect(tokens.map(\.position) == [0, 0, 1, 1])
        #expect(tokens.map(\.start) == [0, 0, 3, 3])
        #expect(try workbench.tokens(of: "ab cd", spec: spec, mode: .query).map(\.text) == ["ab", "cd"])

        let matrix = try workbench.matrix(
            cases: [MatchCase(id: "r", category: "t", document: "stressed", query: "desserts")],
            tokenizers: [spec], formPairs: [FormPair.defaults[0]])
        #expect(
            matrix.cells.first?.result == .matched, "the colocated reverse is indexed, so the reversed word finds it")
        #expect(matrix.cells.first?.documentTokens.joinedForDisplay == "stressed|desserts")
    }
}
