import CReadableMemory
import Foundation
import GRDB
import GRDBSQLite
import TokenBenchTokenizers

/// One xToken callback exactly as the tokenizer made it, with nothing corrected or inferred.
struct RecordedToken: Equatable {
    var flags: CInt
    /// The token's bytes; empty when nToken ≤ 0 or pToken was null.
    var bytes: [UInt8]
    var nToken: CInt
    var isNullPointer: Bool
    /// Fewer than nToken bytes could be read at pToken: the length or the pointer lies.
    var isUnreadable = false
    /// nToken went over what was left of the call's `TokenByteBudget`: nothing was read.
    var isOverBudget = false
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
    /// The call's budget and the pages of token memory found readable during it: a token past
    /// the budget is recorded without being read, so a tokenizer that says 1 GiB costs no more
    /// than one that says 1, and a token on known pages is copied without a system call.
    /// Checking each token in the kernel made two thirds of a conformance run system time
    /// (8.5 million process_vm_readv for one tokenizer on both engines).
    let readCheck: TokenReadCheck

    init(textCount: Int) {
        readCheck = TokenReadCheck(textCount: textCount)
    }

    static let callback: FTS5TokenCallback = { context, flags, pToken, nToken, iStart, iEnd in
        guard let context else { return SQLITE_ERROR }
        let recorder = Unmanaged<TokenRecorder>.fromOpaque(context).takeUnretainedValue()
        var bytes: [UInt8] = []
        var isUnreadable = false
        var isOverBudget = false
        if let pToken, nToken > 0 {
            let wanted = Int(nToken)
            switch recorder.readCheck.check(pToken, count: wanted) {
            case .overBudget:
                isOverBudget = true
            case .readable:
                bytes = [UInt8](UnsafeRawBufferPointer(start: pToken, count: wanted))
            case .unreadableFromItsStart:
                isUnreadable = true
            case .unreadableAfter(let readable):
                isUnreadable = true
                bytes = [UInt8](UnsafeRawBufferPointer(start: pToken, count: readable))
            case .unreadable:
                // Copied without trusting the pointer or the length: a lying tokenizer must be
                // reported, not crash the checker.
                bytes = [UInt8](repeating: 0, count: wanted)
                let copied = bytes.withUnsafeMutableBytes { tb_copy_readable($0.baseAddress, pToken, wanted) }
                isUnreadable = copied < wanted
                bytes.removeLast(wanted - max(copied, 0))
            }
        }
        recorder.tokens.append(
            RecordedToken(
                flags: flags, bytes: bytes, nToken: nToken, isNullPointer: pToken == nil, isUnreadable: isUnreadable,
                isOverBudget: isOverBudget,
                start: iStart, end: iEnd))
        return SQLITE_OK
    }
}
