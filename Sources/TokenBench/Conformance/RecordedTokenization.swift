import CReadableMemory
import Foundation
import GRDB
import GRDBSQLite
import TokenBenchTokenizers

/// A token as the checks read it: its bytes, flags and offsets (its record says the rest).
struct RecordedToken: Equatable {
    var flags: CInt
    /// The token's bytes; empty when nToken ≤ 0 or pToken was null.
    var bytes: ArraySlice<UInt8>
    var start: CInt
    var end: CInt

    var isColocated: Bool { flags & FTS5_TOKEN_COLOCATED != 0 }
}

/// One xToken callback exactly as the tokenizer made it, with nothing corrected or inferred: 32-bit
/// fields only, so that no padding byte breaks comparing two calls' records as memory.
struct TokenRecord {
    static let nullPointer: Int32 = 1
    static let unreadable: Int32 = 2
    static let overBudget: Int32 = 4

    var flags: Int32
    var nToken: Int32
    var start: Int32
    var end: Int32
    /// Where the token's bytes are in the call's `RecordedTokenization.bytes`.
    var byteOffset: Int32
    var byteCount: Int32
    /// `nullPointer`; `unreadable`: fewer than nToken bytes could be read at pToken (the length or
    /// the pointer lies); `overBudget`: nToken went over what was left of the call's
    /// `TokenByteBudget`, and nothing was read.
    var status: Int32
}

/// The result of one xTokenize call: its tokens' fields and their bytes back to back. Flat, so
/// that recording a token allocates nothing and comparing two calls is two memory comparisons:
/// an array per token made the recorder most of a conformance run of a tokenizer that emits
/// many short tokens (trigram), and more of it in a debug build.
struct RecordedTokenization: Equatable {
    var code: CInt
    var records: [TokenRecord]
    var bytes: [UInt8]

    /// The tokens, read from the records.
    var tokens: RecordedTokens { RecordedTokens(records: records, bytes: bytes) }

    /// The tokens as the CSV and messages show them.
    var display: String {
        tokens.map { "\(ByteEscaping.display($0.bytes, escaping: [0x20]))@\($0.start)-\($0.end)" }.joined(
            separator: " ")
    }

    static func == (lhs: Self, rhs: Self) -> Bool {
        lhs.code == rhs.code && lhs.records.count == rhs.records.count && lhs.bytes == rhs.bytes
            && lhs.records.withUnsafeBytes { left in
                rhs.records.withUnsafeBytes { right in
                    left.count == 0 || memcmp(left.baseAddress!, right.baseAddress!, left.count) == 0
                }
            }
    }
}

/// The tokens of a `RecordedTokenization`, each made from its record when it is read.
struct RecordedTokens: RandomAccessCollection {
    let records: [TokenRecord]
    let bytes: [UInt8]

    var startIndex: Int { 0 }
    var endIndex: Int { records.count }

    subscript(position: Int) -> RecordedToken {
        let record = records[position]
        let offset = Int(record.byteOffset)
        return RecordedToken(
            flags: record.flags, bytes: bytes[offset..<offset + Int(record.byteCount)], start: record.start,
            end: record.end)
    }
}

/// Records every xToken callback of one call, raw.
final class TokenRecorder {
    var records: [TokenRecord] = []
    var bytes: [UInt8] = []
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
        let offset = recorder.bytes.count
        var status: Int32 = pToken == nil ? TokenRecord.nullPointer : 0
        if let pToken, nToken > 0 {
            let wanted = Int(nToken)
            switch recorder.readCheck.check(pToken, count: wanted) {
            case .overBudget:
                status |= TokenRecord.overBudget
            case .readable:
                recorder.bytes.append(contentsOf: UnsafeRawBufferPointer(start: pToken, count: wanted))
            case .unreadableFromItsStart:
                status |= TokenRecord.unreadable
            case .unreadableAfter(let readable):
                status |= TokenRecord.unreadable
                recorder.bytes.append(contentsOf: UnsafeRawBufferPointer(start: pToken, count: readable))
            case .unreadable:
                // Copied without trusting the pointer or the length: a lying tokenizer must be
                // reported, not crash the checker.
                recorder.bytes.append(contentsOf: repeatElement(0, count: wanted))
                let copied = recorder.bytes.withUnsafeMutableBytes {
                    tb_copy_readable($0.baseAddress! + offset, pToken, wanted)
                }
                if copied < wanted { status |= TokenRecord.unreadable }
                recorder.bytes.removeLast(wanted - max(copied, 0))
            }
        }
        recorder.records.append(
            TokenRecord(
                flags: flags, nToken: nToken, start: iStart, end: iEnd, byteOffset: Int32(offset),
                byteCount: Int32(recorder.bytes.count - offset), status: status))
        return SQLITE_OK
    }
}
