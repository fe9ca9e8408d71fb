import Foundation
import Testing

@testable import TokenBench

/// The typed builder's promise (`Database.makeFTS5Pattern`), proved by real FTS5 tables for every
/// catalog tokenizer on both engines: where a quoted phrase of the text finds the document,
/// `typed-phrase` finds it; `typed-all` finds at least what `typed-phrase` finds, `typed-any`
/// and `typed-prefixes` at least what `typed-all` finds; no `typed-*` cell is an error or lost.
struct TypedPatternPropertyTests {
    /// The typed fixtures, and a span pasted from each default fixture's document: its second
    /// and third words as they stand (punctuation and all), or a few characters of a text without
    /// spaces (CJK, Thai), as a user copies part of a paragraph into a search box.
    static func cases() throws -> [MatchCase] {
        let defaults = try FixtureSet.defaults().cases
        let spans = defaults.compactMap { matchCase -> MatchCase? in
            let document = matchCase.document
            let words = document.split(separator: " ", omittingEmptySubsequences: true)
            let span: Substring
            if words.count >= 3 {
                span = document[words[1].startIndex..<words[2].endIndex]
            } else if document.count >= 3 {
                let start = document.index(after: document.startIndex)
                span = document[start..<document.index(start, offsetBy: min(3, document.count - 1))]
            } else {
                return nil
            }
            return MatchCase(id: "span-\(matchCase.id)", category: "span", document: document, query: String(span))
        }
        return defaults.filter { $0.category == "typed" } + spans + (try paragraphSpans())
    }

    /// Longer real text: the first 60 paragraphs of the guides in Documentation/, each a
    /// document, each queried with its fourth to ninth words as they stand (backticks, quotes,
    /// parentheses, dashes and all).
    static func paragraphSpans() throws -> [MatchCase] {
        let documentation = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent("Documentation")
        var paragraphs: [String] = []
        for name in ["Fixtures.md", "Commands.md", "Shipping.md"] {
            let text = try String(contentsOf: documentation.appendingPathComponent(name), encoding: .utf8)
            paragraphs += text.components(separatedBy: "\n\n").map { $0.replacingOccurrences(of: "\n", with: " ") }
                .filter { $0.split(separator: " ").count >= 12 }
        }
        return paragraphs.prefix(60).enumerated().map { index, paragraph in
            let words = paragraph.split(separator: " ")
            return MatchCase(
                id: "paragraph-\(index)", category: "span", document: paragraph,
                query: String(paragraph[words[3].startIndex..<words[8].endIndex]))
        }
    }

    @Test func typedPatternsFindWhatThePhraseFinds() throws {
        let workbench = try Workbench()
        let specs = TokenizerCatalog.all.map(\.spec)
        let matrix = try workbench.matrix(
            cases: try Self.cases(), plan: try workbench.plan(specs, on: SQLiteEngine.builtIn),
            engines: SQLiteEngine.builtIn, formPairs: [FormPair(document: .asis, query: .asis)],
            queryKinds: [.phrase, .typedAny, .typedAll, .typedPrefixes, .typedPhrase])
        // The proof covers every catalog tokenizer on each engine that makes it.
        #expect(Set(matrix.cells.map(\.tokenizer)) == Set(specs.map(\.name)))
        #expect(Set(matrix.cells.map(\.engine)) == Set(SQLiteEngine.builtIn.map(\.name)))
        // Not a vacuous proof: the phrase finds most spans' documents with most tokenizers.
        #expect(matrix.cells.filter { $0.queryKind == .phrase && $0.result == .matched }.count > 5_000)
        let violations = matrix.typedPatternViolations()
        #expect(violations.isEmpty, "\(violations.count): \(violations.prefix(20).joined(separator: "\n"))")
    }

    /// The check itself: a typed-phrase that misses what the phrase finds, and a typed-all that
    /// is an error, are each one line; a typed-any that finds what typed-all misses is none.
    @Test func violationsAreFound() throws {
        let matchCase = MatchCase(id: "c", category: "span", document: "d", query: "q")
        let cell = { (kind: QueryKind, result: MatchVerdict) in
            MatrixCell(
                matchCase: matchCase, tokenizer: "t", queryKind: kind, formPair: FormPair.defaults[0], document: "d",
                query: "q", pattern: "\"q\"", result: result, expected: nil, documentTokens: [], queryTokens: [])
        }
        let kinds: [QueryKind] = [.phrase, .typedPhrase, .typedAll, .typedAny]
        let matrix = try MatchMatrix(
            tokenizers: ["t"], queryKinds: kinds, formPairs: [FormPair.defaults[0]],
            cells: [
                cell(.phrase, .matched), cell(.typedPhrase, .notMatched), cell(.typedAll, .error("x")),
                cell(.typedAny, .matched),
            ])
        let violations = matrix.typedPatternViolations()
        #expect(violations.count == 2, "\(violations)")
        #expect(violations.contains { $0.contains("typed-phrase") && $0.contains("where phrase finds") })
        #expect(violations.contains { $0.contains("typed-all") && $0.contains("error") })
    }
}
