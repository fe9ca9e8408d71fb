import Foundation
import GRDB
import GRDBSQLite

@testable import TokenBenchEngines
@testable import TokenBenchTokenizers

/// The shipped tokenizers as FTS5 runs them, without the bench: registered on a connection of
/// the system engine, made through the engine's own xCreate from a spec split as FTS5 splits a
/// `tokenize=` option, and called through its xTokenize.
enum ShippedTokenizerHarness {
    /// A token as FTS5 receives it: its bytes as text, its UTF-8 offsets, and whether it is
    /// colocated with the one before (a synonym).
    struct Token: Equatable, CustomStringConvertible {
        var text: String
        var start: Int
        var end: Int
        var isColocated: Bool

        var description: String { "\(text)@\(start)-\(end)\(isColocated ? " colocated" : "")" }
    }

    /// Why the tokenizer could not be made: FTS5's parse error, or the reason its constructor
    /// left on the connection.
    struct Refusal: Error, CustomStringConvertible {
        var description: String
    }

    /// The tokens of `text` under `spec`, in `tokenization` (`.document`, as FTS5 indexes, by default).
    static func tokens(of text: String, spec: String, tokenization: FTS5Tokenization = .document) throws -> [Token] {
        let connection = try EngineConnection(engine: .system)
        try ShippedTokenizers.register(on: connection)
        let instance = try make(spec, on: connection)
        var found: [Token] = []
        let bytes = Array(text.utf8)
        let code = withUnsafeMutablePointer(to: &found) { found in
            bytes.withUnsafeBufferPointer { buffer in
                buffer.withMemoryRebound(to: CChar.self) { chars in
                    instance.tokenize(
                        context: found, tokenization: tokenization, pText: chars.baseAddress,
                        nText: CInt(chars.count),
                        tokenCallback: { context, flags, pToken, nToken, start, end in
                            let found = context.unsafelyUnwrapped.assumingMemoryBound(to: [Token].self)
                            found.pointee.append(
                                Token(
                                    text: String(
                                        decoding: UnsafeRawBufferPointer(start: pToken, count: Int(nToken)),
                                        as: UTF8.self),
                                    start: Int(start), end: Int(end), isColocated: flags & FTS5_TOKEN_COLOCATED != 0))
                            return SQLITE_OK
                        })
                }
            }
        }
        guard code == SQLITE_OK else { throw Refusal(description: "xTokenize returned \(code)") }
        return found
    }

    /// The instance `spec` names, made on `connection`; a spec FTS5 cannot split, or a
    /// constructor that fails, throws the reason.
    static func make(_ spec: String, on connection: EngineConnection) throws -> EngineTokenizerInstance {
        guard let words = TokenizeOptionWords.split(Array(spec.utf8)) else {
            throw Refusal(description: "parse error in tokenize directive")
        }
        do {
            return try EngineTokenizerInstance(
                components: words.map { String(decoding: $0, as: UTF8.self) }, in: connection)
        } catch {
            throw Refusal(description: connection.takeNote(ConstructorFailureNote.self) ?? error.message)
        }
    }
}
