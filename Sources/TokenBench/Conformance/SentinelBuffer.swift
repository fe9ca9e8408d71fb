import CReadableMemory
import Foundation
import GRDB
import GRDBSQLite

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
        // memset, not initializeMemory(repeating:): a debug build runs that generic loop per byte.
        memset(storage + input.count, CInt(sentinel), Self.sentinelLength)
        storage[input.count + Self.sentinelLength] = 0
    }

    deinit { storage.deallocate() }

    func withText<R>(_ body: (UnsafePointer<CChar>, CInt) -> R) -> R {
        body(UnsafePointer(storage), CInt(count))
    }

    /// Every byte this buffer owns, the sentinels and the NUL included: all of it is readable.
    var ownedByteCount: Int { count + Self.sentinelLength + 1 }
}

extension TokenizerOnConnection {
    /// Runs xTokenize once on `buffer` and records every callback raw, whatever the return code.
    func record(_ buffer: SentinelBuffer, mode: TokenizationMode) -> RecordedTokenization {
        let recorder = TokenRecorder(textCount: buffer.count)
        let code = buffer.withText { pText, nText -> CInt in
            recorder.readCheck.pages.trust(pText, count: buffer.ownedByteCount)
            // Ownership: the recorder outlives this synchronous call; the callback borrows it
            // through the unretained context pointer.
            return withExtendedLifetime(recorder) {
                instance.tokenize(
                    context: Unmanaged.passUnretained(recorder).toOpaque(), tokenization: mode.tokenization,
                    pText: pText, nText: nText, tokenCallback: TokenRecorder.callback)
            }
        }
        return RecordedTokenization(code: code, records: recorder.records, bytes: recorder.bytes)
    }
}
