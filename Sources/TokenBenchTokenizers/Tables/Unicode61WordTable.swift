import CUnicode61Words
import Foundation
import GRDB
import GRDBSQLite
import TokenBenchEngines

/// What an instance of FTS5's own unicode61 does with each code point of the Basic Multilingual
/// Plane, learnt from the instance itself: the wrappers over unicode61 replay it with
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
/// One table per engine library and argument list, shared by every instance and thread. U+0000–
/// U+00FF is learnt when the table is made, every other block of 256 code points when a text
/// first has one of them (one of each of 209 blocks took about 20 ms more than unicode61 alone,
/// in a release build here: a tenth of a millisecond a block).
final class Unicode61WordTable: @unchecked Sendable {
    /// Ownership: created in `of`, freed in deinit. Entries are written under `lock` only, and a
    /// block is marked learnt after its entries (`tb_u61_table_mark_learnt`).
    let table: OpaquePointer
    /// A token char that folds to itself, to stand beside each code point probed.
    private let neighbour: UInt8
    private let lock = NSLock()

    private init(table: OpaquePointer, neighbour: UInt8) {
        self.table = table
        self.neighbour = neighbour
    }

    deinit { tb_u61_table_free(table) }

    /// unicode61's xTokenize and the bytes of its arguments: not Strings, whose equality is
    /// canonical equivalence (`separators 'é'` in NFC and in NFD are equal Strings, and make
    /// different tokenizers).
    private struct Key: Hashable {
        var tokenize: UInt
        var arguments: [[UInt8]]
    }

    nonisolated(unsafe) private static var tables: [Key: Unicode61WordTable?] = [:]
    private static let tablesLock = NSLock()

    /// `of(base)` unretained, as the wrappers keep it: a table lives as long as the process
    /// (`tables` never lets one go), and a strong reference cost a retain and a release on every
    /// xTokenize call, which on short documents (a line each) was a tenth of the call.
    static func unmanaged(of base: any FTS5Tokenizer) -> Unmanaged<Unicode61WordTable>? {
        of(base).map(Unmanaged.passUnretained)
    }

    /// The table of `base`, or nil when `base` is not FTS5's own unicode61, or when it does
    /// something with an ASCII character other than take it in a token (folded to one byte) or
    /// end a token with it, which the scan's ASCII loop assumes.
    static func of(_ base: any FTS5Tokenizer) -> Unicode61WordTable? {
        guard let base = base as? EngineTokenizerInstance, base.isFTS5Unicode61,
            let tokenize = base.rawMethods.xTokenize
        else { return nil }
        let key = Key(
            tokenize: UInt(bitPattern: unsafeBitCast(tokenize, to: UnsafeRawPointer.self)),
            arguments: base.arguments.map { Array($0.utf8) })
        tablesLock.lock()
        defer { tablesLock.unlock() }
        if let known = tables[key] { return known }
        let table = make(from: base)
        tables[key] = .some(table)
        return table
    }

    private static func make(from base: EngineTokenizerInstance) -> Unicode61WordTable? {
        guard
            let neighbour = Array("abcdefghijklmnopqrstuvwxyz0123456789".utf8).first(where: {
                tokens(of: [$0], base) == [Token(bytes: [$0], start: 0, end: 1)]
            }),
            let table = tb_u61_table_create()
        else { return nil }
        let learnt = Unicode61WordTable(table: table, neighbour: neighbour)
        learnt.learn(block: 0, from: base)
        let asciiKinds = (0..<0x80).map { tb_u61_table_kind(table, UInt32($0)) }
        guard asciiKinds.allSatisfy({ $0 == CInt(TB_U61_TOKEN) || $0 == CInt(TB_U61_SEPARATOR) }) else { return nil }
        return learnt
    }

    /// Learns block `block` (code points block × 256 to block × 256 + 255) from `base`, an
    /// instance of the unicode61 this table describes, unless another call did.
    func learn(block: CInt, from base: any FTS5Tokenizer) {
        lock.lock()
        defer { lock.unlock() }
        guard tb_u61_table_is_learnt(table, block) == 0 else { return }
        for codePoint in UInt32(block) << 8..<(UInt32(block) + 1) << 8 {
            guard let scalar = UnicodeScalar(codePoint),
                let kind = Self.kind(of: Array(String(Character(scalar)).utf8), neighbour: neighbour, base)
            else { continue }
            kind.fold.withUnsafeBufferPointer {
                tb_u61_table_set(table, codePoint, kind.kind, $0.baseAddress, CInt($0.count))
            }
        }
        tb_u61_table_mark_learnt(table, block)
    }

    private struct Token: Equatable {
        var bytes: [UInt8]
        var start: CInt
        var end: CInt
    }

    /// The kind and folding of the code point `character` (its UTF-8 bytes), from its tokens
    /// alone, after `neighbour` and before it; nil when they fit no kind.
    private static func kind(of character: [UInt8], neighbour: UInt8, _ base: any FTS5Tokenizer)
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
    private static func tokens(of text: [UInt8], _ base: any FTS5Tokenizer) -> [Token]? {
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
