import CUnicodeFolding

/// ICU's "NFD; [:Nonspacing Mark:] Remove; NFC; Latin-ASCII; Lower" of one token, from tables
/// generated from ICU (`tb_portable_latin_ascii`, in CUnicodeFolding): no ICU at run time.
///
/// Layers: `tb_portable_latin_ascii` (C: the tables, composition, Σ's final form) → this class
/// (the ASCII fast path, a reused buffer) → `LatinAsciiTokenizer`. Not safe for concurrent use: one
/// per tokenizer instance, as FTS5 uses an instance.
final class LatinAsciiFolder {
    private let lowercaser = ASCIILowercaser()
    // Ownership: allocated here, replaced by a larger one when a token needs it (the old one
    // freed), freed in deinit. Holds the last token's folding.
    private var output = UnsafeMutableBufferPointer<UInt8>.allocate(capacity: 256)

    deinit { output.deallocate() }

    /// Calls `body` with `token` folded, valid during the call, or with nil when the token is not
    /// UTF-8 (or memory runs out), as ICU fails on it too.
    @inline(__always)
    func withFolded<R>(_ token: UnsafeBufferPointer<UInt8>, _ body: (UnsafeBufferPointer<UInt8>?) -> R) -> R {
        // ASCII needs lower-casing only: the transform maps every other ASCII byte to itself.
        if let lowered = lowercaser.lowerCased(token) { return body(lowered) }
        while true {
            let length = token.withMemoryRebound(to: CChar.self) { input in
                output.withMemoryRebound(to: CChar.self) { buffer in
                    tb_portable_latin_ascii(
                        input.baseAddress, CInt(input.count), buffer.baseAddress, CInt(buffer.count))
                }
            }
            guard length >= 0 else { return body(nil) }
            if Int(length) <= output.count {
                return body(UnsafeBufferPointer(start: output.baseAddress, count: Int(length)))
            }
            output.deallocate()
            output = .allocate(capacity: max(Int(length), 2 * output.count))
        }
    }
}
