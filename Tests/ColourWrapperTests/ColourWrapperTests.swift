import ColourWrapper
import Foundation
import GRDB
import Testing
import TokenBench

/// The example wrapper of `Examples/ColourWrapper`, written on the public
/// `TokenFilteringTokenizer`, used as a user's package would use it.
struct ColourWrapperTests {
    static func workbench() throws -> Workbench {
        try Workbench(
            options: .init(customTokenizers: [ColourToColorGRDB.self], filteringTokenizers: [ColourToColor.self]))
    }

    /// Each row: a text, and the tokens both versions of the wrapper give: mapped words become
    /// American, the rest pass through as BASE made them.
    @Test(arguments: [
        ("The colour grey", ["the", "color", "gray"]), // two mapped words, offsets kept below
        ("Colours of the Theatre", ["colors", "of", "the", "theater"]), // BASE folds case first
        ("color", ["color"]), // already American
        ("colourful", ["colourful"]), // whole tokens only
        ("", []),
    ])
    func bothVersionsMapBritishSpellings(text: String, expected: [String]) throws {
        let workbench = try Self.workbench()
        var offsets: [[Range<Int>]] = []
        for spec in ["colour", "colour_grdb"] {
            let tokens = try workbench.tokens(of: text, spec: TokenizerSpec(text: spec), mode: .document)
            #expect(tokens.map { String(decoding: $0.bytes, as: UTF8.self) } == expected, "\(spec)")
            offsets.append(tokens.map { $0.start..<$0.end })
        }
        // A mapped token keeps the offsets of the word it stands for, as BASE reported them.
        #expect(offsets[0] == offsets[1])
        #expect(offsets[0].allSatisfy { $0.upperBound <= text.utf8.count })
    }

    /// Registered through `filteringTokenizers`, the wrapper exists on every engine, and takes
    /// any BASE: a real FTS5 table finds "color" with "colour" on both.
    @Test func theWrapperRunsInRealTablesOnEveryEngine() throws {
        let cases = [MatchCase(id: "colour", category: "c", document: "A colour chart", query: "color")]
        let matrix = try Self.workbench().matrix(
            cases: cases,
            tokenizers: [
                TokenizerSpec(text: "colour"),
                TokenizerSpec(label: "colour-rd0", text: "colour unicode61 remove_diacritics 0"),
            ],
            engines: [.system, .bundled], formPairs: [FormPair(document: .asis, query: .asis)], queryKinds: [.phrase])
        #expect(matrix.cells.count == 4)
        #expect(matrix.cells.allSatisfy { $0.result == .matched })
    }

    /// A user type may not take a name SQLite or TokenBench uses, nor one another user type has.
    @Test func namesMayNotCollide() {
        #expect(
            throws: TokenBenchError.invalidArgument(
                name: "filteringTokenizers", value: "colour",
                reason: "two types have this name; the second would replace the first")
        ) {
            _ = try Workbench(options: .init(filteringTokenizers: [ColourToColor.self, ColourToColor.self]))
        }
    }
}
