import GRDB
import GRDBSQLite
import TokenBenchEngines

/// Passes a wrapper's tokens on to FTS5's callback, as bytes, keeping FTS5's rule that the first
/// token of an input is never colocated (a colocated flag on it is dropped).
///
/// A `TokenFilteringTokenizer` gets one per input and emits zero, one or several tokens for each
/// token of its BASE. Emitting passes the bytes straight to FTS5: no Swift String is built.
public struct TokenEmitter {
    let context: UnsafeMutableRawPointer?
    let callback: FTS5TokenCallback
    private(set) var hasEmitted = false

    init(context: UnsafeMutableRawPointer?, callback: @escaping FTS5TokenCallback) {
        self.context = context
        self.callback = callback
    }

    /// Emits one token: its bytes, FTS5's flags (`FTS5_TOKEN_COLOCATED` for a synonym at the
    /// previous token's position, else 0), and the UTF-8 byte offsets of the input text it
    /// stands for. Returns FTS5's code: on anything but SQLITE_OK (0), stop and return it.
    public mutating func emit(_ bytes: UnsafeBufferPointer<UInt8>, flags: CInt, start: CInt, end: CInt) -> CInt {
        var flags = flags
        if !hasEmitted { flags &= ~FTS5_TOKEN_COLOCATED }
        hasEmitted = true
        return bytes.withMemoryRebound(to: CChar.self) { chars in
            callback(context, flags, chars.baseAddress, CInt(chars.count), start, end)
        }
    }

    /// Emits one token held in an array.
    public mutating func emit(_ bytes: [UInt8], flags: CInt, start: CInt, end: CInt) -> CInt {
        bytes.withUnsafeBufferPointer { emit($0, flags: flags, start: start, end: end) }
    }
}
