import Foundation
import GRDB
import Testing

@testable import TokenBench
@testable import TokenBenchEngines
@testable import TokenBenchTokenizers

/// Our traces must agree with SQLite itself: the document-mode tokens of a text equal what an
/// fts5vocab `instance` table reports after indexing that text with the same tokenizer.
struct VocabAgreementTests {
    static let texts: [String] = [
        "The Old Man and the Sea",
        "J\u{E9}r\u{F4}me Je\u{301}ro\u{302}me JÉRÔME",
        "Gro\u{DF}mann \u{1E9E} Diyarbak\u{131}r DIYARBAKIR I\u{307}stanbul \u{130}stanbul",
        "\u{FB01}d\u{E9}lit\u{E9} Encyclop\u{E6}dia \u{FF21}\u{FF22}\u{FF23} \u{212A} \u{212B} x\u{B2}",
        "\u{6771}\u{4EAC}\u{30BF}\u{30EF}\u{30FC} \u{62FC}\u{97F3} \u{D55C}\u{AD6D}\u{C5B4} \u{1112}\u{1161}\u{11AB}",
        "databases frustrated don't e-mail 3.14 1,000 \u{1F469}\u{200D}\u{1F4BB}",
    ]

    /// One row per built-in tokenizer × engine: each engine's FTS5 indexes the texts, and its
    /// vocabulary must equal the traces taken on that engine.
    @Test(arguments: TokenizerCatalog.builtIns.map(\.spec), SQLiteEngine.builtIn)
    func documentTokensEqualFTS5Vocab(spec: TokenizerSpec, engine: SQLiteEngine) throws {
        let workbench = try Workbench()
        if let reason = workbench.unsupportedReason(spec, engine: engine) {
            // Only trigram-rd may be missing, and only from a SQLite older than 3.45.
            let parts = engine.sqliteVersion.split(separator: ".").compactMap { Int($0) }
            #expect(
                spec.name == "trigram-rd" && parts.count >= 2 && (parts[0], parts[1]) < (3, 45),
                "\(spec.name) unsupported on \(engine.name) \(engine.sqliteVersion): \(reason)")
            // The row must not pass by returning: the reason is the one 3.40.1 gives.
            #expect(reason.contains("error in tokenizer constructor"), "\(reason)")
            return
        }
        for text in Self.texts {
            let traced = try workbench.tokens(of: Array(text.utf8), spec: spec, mode: .document, engine: engine)
                .map { VocabEntry(term: $0.bytes, position: $0.position) }
            let indexed = try workbench.withConnection(engine) { connection -> [VocabEntry] in
                let literal = "'" + spec.text.replacingOccurrences(of: "'", with: "''") + "'"
                try connection.execute("CREATE VIRTUAL TABLE temp.vocab_doc USING fts5(body, tokenize = \(literal))")
                try connection.execute(
                    "CREATE VIRTUAL TABLE temp.vocab_terms USING fts5vocab(temp, vocab_doc, instance)")
                defer {
                    try? connection.execute("DROP TABLE temp.vocab_terms")
                    try? connection.execute("DROP TABLE temp.vocab_doc")
                }
                try connection.execute("INSERT INTO temp.vocab_doc(body) VALUES (?)", text)
                return try connection.prepare("SELECT CAST(term AS BLOB), offset FROM temp.vocab_terms").byteRows().map
                {
                    VocabEntry(term: $0[0] ?? [], position: Int(String(decoding: $0[1] ?? [], as: UTF8.self)) ?? -1)
                }
            }
            #expect(!indexed.isEmpty, "\(spec.name) on \(engine.name) indexed nothing for \(text)")
            #expect(traced.sorted() == indexed.sorted(), "\(spec.name) on \(engine.name): \(text)")
        }
    }

    struct VocabEntry: Comparable {
        var term: [UInt8]
        var position: Int
        static func < (lhs: Self, rhs: Self) -> Bool {
            lhs.position != rhs.position ? lhs.position < rhs.position : lhs.term.lexicographicallyPrecedes(rhs.term)
        }
    }
}
