import Foundation
import Testing

@testable import TokenBench
@testable import TokenBenchEngines
@testable import TokenBenchTokenizers

/// `Workbench.upgrade`: an index file built by one engine and opened by the other, on real
/// files and both real SQLites (3.40.1 and 3.54.1).
struct UpgradeTests {
    /// A plain document, and one with a NUL inside a word: SQLite 3.40.1's trigram stops at the
    /// NUL, 3.54.1's reads on past it.
    static let inputs = UpgradeInputs(
        documents: [
            UpgradeInputs.Document(label: "plain", bytes: Array("hello world".utf8)),
            UpgradeInputs.Document(label: "nul inside", bytes: Array("abc\u{0}def".utf8)),
        ],
        queries: [
            UpgradeInputs.Query(label: "hello", matchExpression: "\"hello\""),
            UpgradeInputs.Query(label: "abc", matchExpression: "\"abc\""),
        ])

    struct Row: Sendable, CustomTestStringConvertible {
        var tokenizer: String
        var intact: Bool
        /// first_difference, or "" when the engines tokenize alike.
        var difference: String
        var testDescription: String { tokenizer }
    }

    static let rows: [Row] = [
        // The index built by either engine fails the other's integrity-check: the stored text's
        // tokens differ from the index's ("abc" alone against "abc bcd cde def").
        Row(
            tokenizer: "trigram", intact: false,
            difference: "nul inside, byte 1 'abc\\x00def': system (3.40.1) 1 tokens, from token 2 []; "
                + "bundled (3.54.1) 4 tokens, from token 2 [bcd@1-5 cde@2-6 def@4-7]"),
        // NUL separates tokens in unicode61 on both engines: nothing differs.
        Row(tokenizer: "unicode61", intact: true, difference: ""),
        // ascii keeps NUL as a separator too.
        Row(tokenizer: "ascii", intact: true, difference: ""),
    ]

    @Test(arguments: rows)
    func anIndexSurvivesBothWaysOrNot(row: Row) throws {
        let workbench = try Workbench()
        let result = try workbench.upgrade(
            of: [TokenizerSpec(text: row.tokenizer)], inputs: Self.inputs,
            directions: UpgradeDirection.bothWays(.system, .bundled)
        ).rows
        #expect(result.map { "\($0.from)→\($0.to)" } == ["system→bundled", "bundled→system"])
        for upgrade in result {
            #expect(upgrade.wasBuilt && upgrade.isIntact == row.intact, "\(upgrade)")
            #expect((upgrade.failure == nil) == row.intact)
            #expect(upgrade.integrityError == (row.intact ? "" : "database disk image is malformed"))
            #expect(upgrade.firstDifference == row.difference)
            // Both queries look up terms both engines index alike.
            #expect(upgrade.queriesDiffering.isEmpty)
            #expect(upgrade.documents == 2 && upgrade.queries == 2)
        }
        #expect(result.first?.fromVersion == SQLiteEngine.system.sqliteVersion)
        #expect(result.first?.toVersion == SQLiteEngine.bundled.sqliteVersion)
    }

    /// SQLite 3.40.1's trigram gives "STRAẞE" the same tokens as 3.54.1 but wrong end offsets
    /// (ẞ folds to the shorter ß): the index survives, and the difference is named as offsets only.
    @Test func offsetsAloneDoNotBreakTheIndex() throws {
        let workbench = try Workbench()
        let rows = try workbench.upgrade(
            of: [TokenizerSpec(text: "trigram")],
            inputs: UpgradeInputs(
                documents: [UpgradeInputs.Document(label: "word", bytes: Array("STRAẞE".utf8))],
                queries: [UpgradeInputs.Query(label: "aße", matchExpression: "\"aße\"")]),
            directions: [UpgradeDirection(from: .system, to: .bundled)]
        ).rows
        #expect(rows.count == 1)
        #expect(rows.first?.isIntact == true)
        #expect(rows.first?.queriesDiffering == [])
        #expect(
            rows.first?.firstDifference
                == "offsets only: word, byte 2 'STRAẞE': system (3.40.1) 4 tokens, from token 3 [raß@2-6 aße@3-7]; "
                + "bundled (3.54.1) 4 tokens, from token 3 [raß@2-7 aße@3-8]")
    }

    @Test func everyScalarValueIsInTheDefaultInputsOnce() {
        let documents = UpgradeInputs.scalarValueDocuments()
        // 0x110000 code points, less 2048 surrogates, 128 to a document.
        #expect(documents.count == (0x11_0000 - 0x800) / 128)
        #expect(documents.first?.label == "U+0000…U+007F")
        #expect(documents.last?.label == "U+10FF80…U+10FFFF")
        let scalars = documents.reduce(0) { $0 + String(decoding: $1.bytes, as: UTF8.self).unicodeScalars.count }
        // Each scalar value has a space before it, and each document one more at its end.
        #expect(scalars == 2 * (0x11_0000 - 0x800) + documents.count)
    }

    @Test func corpusLinesKeepTheirBytes() throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent(UUID().uuidString)
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let corpus = directory.appendingPathComponent("corpus.txt")
        try Data([0x61, 0x00, 0x62, 0x0A, 0xFF, 0x0A]).write(to: corpus)
        let inputs = try UpgradeInputs.make(
            fixtures: try FixtureSet(cases: []), corpusFiles: [corpus.path], everyScalarValue: false)
        let lines = inputs.documents.filter { $0.label.hasPrefix(corpus.path) }
        #expect(lines.map(\.label) == ["\(corpus.path):1", "\(corpus.path):2"])
        #expect(lines.map(\.bytes) == [[0x61, 0x00, 0x62], [0xFF]])
    }
}
