import Testing

@testable import TokenBenchEngines

/// Notes travel with their connection: what a callback leaves on one connection is not read on
/// another, a taken note is gone, and a note left by a tokenizer's constructor is read through
/// the connection it was registered on.
struct ConnectionNotesTests {
    private enum Words: ConnectionNoteKey {
        static let defaultValue: [String] = []
    }

    private enum Depth: ConnectionNoteKey {
        static let defaultValue = 0
    }

    @Test func notesBelongToTheirConnectionAndATakenNoteIsGone() throws {
        let first = try EngineConnection(engine: .system)
        let second = try EngineConnection(engine: .system)
        first[note: Words.self] = ["a"]
        first.updateNote(Words.self) { $0.append("b") }
        second.updateNote(Depth.self) { $0 += 2 }
        // Each connection has its own notes, and each kind of note its own value.
        #expect(first[note: Words.self] == ["a", "b"])
        #expect(second[note: Words.self] == [])
        #expect(first[note: Depth.self] == 0 && second[note: Depth.self] == 2)
        // Taking a note reads it and leaves the default behind.
        #expect(first.takeNote(Words.self) == ["a", "b"])
        #expect(first[note: Words.self] == [])
    }

    /// A constructor that throws leaves its reason on the connection it was registered on, for
    /// the code that ran the SQL: FTS5 itself says only "error in tokenizer constructor".
    @Test func aConstructorsFailureIsNotedOnItsConnection() throws {
        struct Refusal: Error, CustomStringConvertible {
            var description: String { "needs a word list" }
        }
        let connection = try EngineConnection(engine: .system)
        let other = try EngineConnection(engine: .system)
        try TokenizerRegistration.register(name: "refusing", on: connection) { _, _ in throw Refusal() }
        #expect(throws: SQLiteFailure.self) {
            try connection.execute("CREATE VIRTUAL TABLE temp.t USING fts5(body, tokenize = 'refusing')")
        }
        #expect(other.takeNote(ConstructorFailureNote.self) == nil)
        #expect(connection.takeNote(ConstructorFailureNote.self) == "needs a word list")
        #expect(connection.takeNote(ConstructorFailureNote.self) == nil)
    }
}
