import CReadableMemory
import Foundation
import GRDB
import GRDBSQLite

/// One xToken callback exactly as the tokenizer made it, with nothing corrected or inferred.
struct RecordedToken: Equatable {
    var flags: CInt
    /// The token's bytes; empty when nToken ≤ 0 or pToken was null.
    var bytes: [UInt8]
    var nToken: CInt
    var isNullPointer: Bool
    /// Fewer than nToken bytes (up to the copy limit) could be read at pToken: the length lies.
    var isUnreadable = false
    var start: CInt
    var end: CInt

    var isColocated: Bool { flags & FTS5_TOKEN_COLOCATED != 0 }
}

/// The result of one xTokenize call.
struct RecordedTokenization: Equatable {
    var code: CInt
    var tokens: [RecordedToken]

    /// The tokens as the CSV and messages show them.
    var display: String {
        tokens.map { "\(ByteEscaping.display($0.bytes, escaping: [0x20]))@\($0.start)-\($0.end)" }.joined(
            separator: " ")
    }
}

/// Records every xToken callback of one call, raw.
final class TokenRecorder {
    var tokens: [RecordedToken] = []
    /// Tokens longer than this are cut to it: a broken tokenizer could report any length.
    let byteLimit: Int

    init(byteLimit: Int) {
        self.byteLimit = byteLimit
    }

    static let callback: FTS5TokenCallback = { context, flags, pToken, nToken, iStart, iEnd in
        guard let context else { return SQLITE_ERROR }
        let recorder = Unmanaged<TokenRecorder>.fromOpaque(context).takeUnretainedValue()
        var bytes: [UInt8] = []
        var isUnreadable = false
        if let pToken, nToken > 0 {
            // Copied without trusting the pointer or the length: a lying tokenizer must be
            // reported, not crash the checker. Tokens over the limit are cut, not flagged.
            let wanted = min(Int(nToken), recorder.byteLimit)
            bytes = [UInt8](repeating: 0, count: wanted)
            let copied = bytes.withUnsafeMutableBytes { tb_copy_readable($0.baseAddress, pToken, wanted) }
            isUnreadable = copied < wanted
            bytes.removeLast(wanted - max(copied, 0))
        }
        recorder.tokens.append(
            RecordedToken(
                flags: flags, bytes: bytes, nToken: nToken, isNullPointer: pToken == nil, isUnreadable: isUnreadable,
                start: iStart, end: iEnd))
        return SQLITE_OK
    }
}
