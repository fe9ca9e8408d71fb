import CUnicode61Words
import Foundation
import GRDB
import GRDBSQLite
import TokenBenchEngines

/// What an instance of FTS5's own unicode61 does with each code point of U+0000–U+07FF (ASCII,
/// Latin-1 and Latin Extended, Greek, Cyrillic, Armenian, Hebrew, Arabic…) and U+1E00–U+1EFF
/// (Vietnamese), learnt from the instance itself: the wrappers over unicode61 replay it with
/// `tb_u61_scan` instead of calling through unicode61 and back for every token
/// (`WrappedTokenization`).
///
/// unicode61 decides every code point on its own: a letter or digit of its categories (or of
/// `tokenchars`, and not of `separators`) starts or continues a token and is folded alone; a
/// diacritic continues a token and is skipped outside one; anything else ends a token. So each
/// code point is tokenized alone, after a token char and before one, and its kind and folding
/// are read from unicode61's own tokens; a code point whose three answers fit none of those
/// kinds stays unknown, and text around it goes to unicode61.
///
/// Learnt once per engine library and argument list, and shared: the table is read-only once
/// built.
final class Unicode61WordTable: @unchecked Sendable {
    /// Ownership: created in `learn`, freed in deinit; only read after that.
    let table: OpaquePointer

    private init(table: OpaquePointer) { self.table = table }

    deinit { tb_u61_table_free(table) }

    private struct Key: Hashable {
        var tokenize: UInt
        var arguments: [String]
    }

    nonisolated(unsafe) private static var learnt: [Key: Unicode61WordTable?] = [:]
    private static let lock = NSLock()

    /// The table of `base`, or nil when `base` is not FTS5's own unicode61 or could not be learnt.
    static func of(_ base: any FTS5Tokenizer) -> Unicode61WordTable? {
        guard let base = base as? EngineTokenizerInstance, base.isFTS5Unicode61,
            let tokenize = base.rawMethods.xTokenize
        else { return nil }
        let key = Key(
            tokenize: UInt(bitPattern: unsafeBitCast(tokenize, to: UnsafeRawPointer.self)), arguments: base.arguments)
        lock.lock()
        defer { lock.unlock() }
        if let known = learnt[key] { return known }
        let table = learn(from: base)
        learnt[key] = .some(table)
        return table
    }

    /// Every code point the table covers, in order.
    static let coveredCodePoints: [UInt32] = Array(0..<0x800) + Array(0x1E00..<0x1F00)

    private static func learn(from base: EngineTokenizerInstance) -> Unicode61WordTable? {
        guard let table = tb_u61_table_create() else { return nil }
        let learnt = Unicode61WordTable(table: table)
        // A token char that folds to itself, to stand beside each code point.
        guard
            let neighbour = Array("abcdefghijklmnopqrstuvwxyz0123456789".utf8).first(where: {
                tokens(of: [$0], base) == [Token(bytes: [$0], start: 0, end: 1)]
            })
        else { return nil }
        for codePoint in coveredCodePoints {
            guard let scalar = UnicodeScalar(codePoint),
                let kind = kind(of: Array(String(Character(scalar)).utf8), neighbour: neighbour, base)
            else { continue }
            kind.fold.withUnsafeBufferPointer {
                tb_u61_table_set(table, codePoint, kind.kind, $0.baseAddress, CInt($0.count))
            }
        }
        return learnt
    }

    private struct Token: Equatable {
        var bytes: [UInt8]
        var start: CInt
        var end: CInt
    }

    /// The kind and folding of the code point `character` (its UTF-8 bytes), from its tokens
    /// alone, after `neighbour` and before it; nil when they fit no kind.
    private static func kind(of character: [UInt8], neighbour: UInt8, _ base: EngineTokenizerInstance)
        -> (kind: CInt, fold: [UInt8])?
    {
        let length = CInt(character.count)
        let alone = tokens(of: character, base)
        let after = tokens(of: [neighbour] + character, base)
        let before = tokens(of: character + [neighbour], base)
        guard let alone, let after, let before else { return nil }
        let neighbourAfter = Token(bytes: [neighbour], start: length, end: length + 1)
        if alone.count == 1, let token = alone.first, token.start == 0, token.end == length,
            after == [Token(bytes: [neighbour] + token.bytes, start: 0, end: length + 1)],
            before == [Token(bytes: token.bytes + [neighbour], start: 0, end: length + 1)]
        {
            return (CInt(TB_U61_TOKEN), token.bytes)
        }
        guard alone.isEmpty, before == [neighbourAfter], after.count == 1, let token = after.first,
            token.start == 0, token.bytes.first == neighbour
        else { return nil }
        if token.end == 1 && token.bytes == [neighbour] { return (CInt(TB_U61_SEPARATOR), []) }
        if token.end == length + 1 { return (CInt(TB_U61_CONTINUES), Array(token.bytes.dropFirst())) }
        return nil
    }

    /// unicode61's document tokens of `text`; nil when it fails.
    private static func tokens(of text: [UInt8], _ base: EngineTokenizerInstance) -> [Token]? {
        var found: [Token] = []
        let code = withUnsafeMutablePointer(to: &found) { found in
            text.withUnsafeBufferPointer { text in
                text.withMemoryRebound(to: CChar.self) { chars in
                    base.tokenize(
                        context: found, tokenization: .document, pText: chars.baseAddress, nText: CInt(chars.count),
                        tokenCallback: { context, _, pToken, nToken, start, end in
                            let found = context.unsafelyUnwrapped.assumingMemoryBound(to: [Token].self)
                            let bytes =
                                nToken > 0 ? Array(UnsafeRawBufferPointer(start: pToken, count: Int(nToken))) : []
                            found.pointee.append(Token(bytes: bytes, start: start, end: end))
                            return SQLITE_OK
                        })
                }
            }
        }
        return code == SQLITE_OK ? found : nil
    }
}
