import GRDB
import GRDBSQLite
import TokenBenchEngines

/// `synonyms [file PATH] [BASE...]`: adds synonyms to documents (FTS5 synonym method 3).
///
/// In document mode each token that belongs to a group is emitted, then every other member of
/// its group with FTS5_TOKEN_COLOCATED; queries pass through unchanged, as SQLite advises (synonyms
/// on one side only). A group file has one group per line, members separated by commas. Members
/// are run through BASE first, so they match BASE's tokens (case, diacritics). BASE defaults to
/// `unicode61`.
final class SynonymsTokenizer: ShippedWrapper {
    static let tokenTrampoline: FTS5TokenCallback = {
        WrappedTokenization.forward(SynonymsTokenizer.self, $0, $1, $2, $3, $4, $5)
    }
    static let name = "synonyms"

    /// The groups used without `file`: ordinals, and British/American spellings.
    static let defaultGroups: [[String]] = [
        ["first", "1st"], ["second", "2nd"], ["third", "3rd"], ["fourth", "4th"], ["fifth", "5th"],
        ["grey", "gray"], ["colour", "color"], ["favourite", "favorite"], ["centre", "center"],
        ["theatre", "theater"], ["organise", "organize"], ["analyse", "analyze"],
    ]

    let base: any FTS5Tokenizer
    let baseWordTable: Unmanaged<Unicode61WordTable>?
    /// For each member: the tokens of its whole group, the member itself first.
    /// A `let`: read on every token, so no exclusivity check or copy on access.
    private let groups: ByteKeyedTable<[[UInt8]]>

    static let declaredArguments = DeclaredArguments(pathOptions: ["file"], defaultBase: ["unicode61"])

    init(connection: EngineConnection, arguments: [String]) throws {
        let parsed = try WrapperArguments(arguments, declared: Self.declaredArguments, tokenizer: Self.name)
        base = try parsed.makeBase(connection)
        baseWordTable = Unicode61WordTable.unmanaged(of: base)
        let lines: [[String]]
        if let path = parsed.options["file"] {
            lines = try WordListFile.lines(at: path, tokenizer: Self.name).map {
                $0.split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty }
            }
        } else {
            lines = Self.defaultGroups
        }
        let groups = ByteKeyedTable<[[UInt8]]>()
        for line in lines {
            let members = try line.compactMap { [base] in try Self.singleToken(of: $0, base: base) }
            for (index, member) in members.enumerated() {
                var group = members
                group.remove(at: index)
                groups.insert(member, [member] + group)
            }
        }
        self.groups = groups
    }

    /// The one token `word` gives under `base`; a member that gives several cannot be a synonym.
    /// Nil when `base` fails on the word: see `documentTokenBytes`.
    static func singleToken(of word: String, base: any FTS5Tokenizer) throws -> [UInt8]? {
        guard let tokens = base.documentTokenBytes(of: word) else { return nil }
        guard tokens.count == 1, let token = tokens.first else {
            throw DatabaseError(message: "\(name): '\(word)' is \(tokens.count) tokens, a synonym must be exactly one")
        }
        return token
    }

    func filter(
        _ token: UnsafeBufferPointer<UInt8>, flags: CInt, start: CInt, end: CInt,
        tokenization: FTS5Tokenization, emit: inout TokenEmitter
    ) -> CInt {
        let code = emit.emit(token, flags: flags, start: start, end: end)
        // The raw flag, not `contains(.document)`: GRDB's `.document` is a call per token.
        guard code == SQLITE_OK, tokenization.rawValue & FTS5_TOKENIZE_DOCUMENT != 0,
            let group = groups.value(for: token)
        else {
            return code
        }
        for synonym in group.dropFirst() {
            let code = emit.emit(synonym, flags: flags | FTS5_TOKEN_COLOCATED, start: start, end: end)
            guard code == SQLITE_OK else { return code }
        }
        return SQLITE_OK
    }
}
