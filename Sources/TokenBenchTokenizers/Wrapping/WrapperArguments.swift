import Foundation
import GRDB
import TokenBenchEngines

/// The arguments of a shipped tokenizer: its own `key value` options first, then the spec of
/// the tokenizer it wraps (or a default).
struct WrapperArguments {
    var options: [String: String] = [:]
    var base: [String]
    let tokenizer: String

    init(_ arguments: [String], optionKeys: Set<String>, defaultBase: [String], tokenizer: String) throws {
        var rest = arguments[...]
        while let key = rest.first, optionKeys.contains(key) {
            rest = rest.dropFirst()
            guard let value = rest.first else {
                throw DatabaseError(message: "\(tokenizer): option '\(key)' needs a value")
            }
            options[key] = value
            rest = rest.dropFirst()
        }
        base = rest.isEmpty ? defaultBase : Array(rest)
        self.tokenizer = tokenizer
    }

    /// The arguments of a shipped tokenizer, parsed by its declaration.
    init(_ arguments: [String], declared: DeclaredArguments, tokenizer: String) throws {
        try self.init(
            arguments, optionKeys: declared.optionKeys, defaultBase: declared.defaultBase, tokenizer: tokenizer)
    }

    /// The option `key` as a switch, `0` or `1`; `defaultValue` when not given.
    func flag(_ key: String, default defaultValue: Bool) throws -> Bool {
        switch options[key] {
        case nil: defaultValue
        case "0": false
        case "1": true
        case let value?: throw DatabaseError(message: "\(tokenizer): \(key) must be 0 or 1, not '\(value)'")
        }
    }

    /// How deep shipped wrappers may nest (`synonyms german nfkc …`): each level is a constructor
    /// calling the next through SQLite, and a spec of hundreds of wrapper names (the `spec` fuzz
    /// target made one) would otherwise overflow the stack.
    static let maximumNesting = 16

    /// How deep the wrapper being constructed on a connection is, and whether a level below it
    /// hit the limit: each level's constructor makes its base on the connection its wrapper was
    /// registered on, so the connection carries the count down the chain.
    private struct Nesting: ConnectionNoteKey {
        static let defaultValue = Nesting()
        var depth = 0
        var isExceeded = false
    }

    func makeBase(_ connection: EngineConnection) throws -> any FTS5Tokenizer {
        let depth = connection[note: Nesting.self].depth
        let tooDeep = "\(tokenizer): wrappers nest more than \(Self.maximumNesting) deep"
        guard depth < Self.maximumNesting else {
            connection.updateNote(Nesting.self) { $0.isExceeded = true }
            throw DatabaseError(message: tooDeep)
        }
        connection.updateNote(Nesting.self) { $0.depth = depth + 1 }
        defer {
            connection.updateNote(Nesting.self) { nesting in
                nesting.depth = depth
                if depth == 0 { nesting.isExceeded = false }
            }
        }
        do {
            // A BASE that reads locales is made through the v2 API, to be given the wrapper's.
            if let name = base.first, connection.nativeTokenizerAPI(of: name) == 2 {
                return LocaleForwardingBase(try EngineLocaleTokenizerInstance(components: base, in: connection))
            }
            return try EngineTokenizerInstance(components: base, in: connection)
        } catch  where connection[note: Nesting.self].isExceeded {
            // A level below hit the limit: every level reports that, not "cannot create its base".
            throw DatabaseError(message: tooDeep)
        } catch {
            throw DatabaseError(
                message: "\(tokenizer): cannot create the wrapped tokenizer '\(base.joined(separator: " "))'")
        }
    }
}
