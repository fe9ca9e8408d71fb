import CReadableMemory
import Foundation
import GRDB
import GRDBSQLite

/// An input laid out in memory as FTS5 never promises more: `nText` bytes, then bytes the
/// tokenizer must not read (a run of one non-space ASCII character), then a NUL so that a
/// tokenizer that wrongly scans for NUL stops inside memory we own.
/// An immutable array's storage, so threads may share one.
struct SentinelBuffer: Sendable {
    static let sentinelLength = 4096
    /// Two sentinels of word characters: a tokenizer that reads past nText glues them onto the
    /// last token, so the tokens differ between the two.
    static let sentinels: [UInt8] = [UInt8(ascii: "Q"), UInt8(ascii: "7")]

    /// The input, the sentinel run and the NUL. Never mutated, so its storage never moves or
    /// copies: tokenizers borrow it during a call only.
    private let storage: [CChar]
    let count: Int

    init(_ input: [UInt8], sentinel: UInt8) {
        count = input.count
        storage = [CChar](unsafeUninitializedCapacity: input.count + Self.sentinelLength + 1) { buffer, initialized in
            let base = UnsafeMutableRawPointer(buffer.baseAddress!)
            input.withUnsafeBytes { source in
                if let bytes = source.baseAddress { base.copyMemory(from: bytes, byteCount: input.count) }
            }
            // memset, not initializeMemory(repeating:): a debug build runs that generic loop per byte.
            memset(base + input.count, CInt(sentinel), Self.sentinelLength)
            buffer[input.count + Self.sentinelLength] = 0
            initialized = buffer.count
        }
    }

    func withText<R>(_ body: (UnsafePointer<CChar>, CInt) -> R) -> R {
        storage.withUnsafeBufferPointer { body($0.baseAddress!, CInt(count)) }
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
