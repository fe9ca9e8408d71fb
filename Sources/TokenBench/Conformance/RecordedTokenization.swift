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
        tokens.map { "\(ByteEscaping.display($0.bytes, escaping: [0x20]))@\($0.start)-\($0.end)" }.joined(separator: " ")
    }
}

/// Records every xToken callback of one call, raw.
private final class TokenRecorder {
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
        recorder.tokens.append(RecordedToken(
            flags: flags, bytes: bytes, nToken: nToken, isNullPointer: pToken == nil, isUnreadable: isUnreadable,
            start: iStart, end: iEnd))
        return SQLITE_OK
    }
}

/// An input laid out in memory as FTS5 never promises more: `nText` bytes, then bytes the
/// tokenizer must not read (a run of one non-space ASCII character), then a NUL so that a
/// tokenizer that wrongly scans for NUL stops inside memory we own.
/// Immutable after init, so threads may share one.
final class SentinelBuffer: @unchecked Sendable {
    static let sentinelLength = 4096
    /// Two sentinels of word characters: a tokenizer that reads past nText glues them onto the
    /// last token, so the tokens differ between the two.
    static let sentinels: [UInt8] = [UInt8(ascii: "Q"), UInt8(ascii: "7")]

    /// Ownership: allocated here, freed in deinit; tokenizers only borrow it during a call.
    private let storage: UnsafeMutablePointer<CChar>
    let count: Int

    init(_ input: [UInt8], sentinel: UInt8) {
        count = input.count
        storage = .allocate(capacity: input.count + Self.sentinelLength + 1)
        input.withUnsafeBufferPointer { source in
            if let base = source.baseAddress {
                UnsafeMutableRawPointer(storage).copyMemory(from: base, byteCount: input.count)
            }
        }
        UnsafeMutableRawPointer(storage + input.count).initializeMemory(as: UInt8.self, repeating: sentinel, count: Self.sentinelLength)
        storage[input.count + Self.sentinelLength] = 0
    }

    deinit { storage.deallocate() }

    func withText<R>(_ body: (UnsafePointer<CChar>, CInt) -> R) -> R {
        body(UnsafePointer(storage), CInt(count))
    }
}

extension ResolvedTokenizer {
    /// Runs xTokenize once on `buffer` and records every callback raw, whatever the return code.
    func record(_ buffer: SentinelBuffer, mode: TokenizationMode) -> RecordedTokenization {
        // Tokens from the tokenizer's own memory (folded, transliterated) may be longer than the input.
        let recorder = TokenRecorder(byteLimit: max(8 * buffer.count, 1 << 20))
        let code = buffer.withText { pText, nText in
            // Ownership: the recorder outlives this synchronous call; the callback borrows it
            // through the unretained context pointer.
            withExtendedLifetime(recorder) {
                instance.tokenize(
                    context: Unmanaged.passUnretained(recorder).toOpaque(), tokenization: mode.tokenization,
                    pText: pText, nText: nText, tokenCallback: TokenRecorder.callback)
            }
        }
        return RecordedTokenization(code: code, tokens: recorder.tokens)
    }
}
