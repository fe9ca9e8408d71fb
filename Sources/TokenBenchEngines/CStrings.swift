import Foundation

/// NUL-terminated copies of Swift strings for C functions that take `const char *const *`.
package enum CStrings {
    /// Calls `body` with copies of `strings`, valid only during the call.
    package static func with<R>(_ strings: [String], _ body: (UnsafeBufferPointer<UnsafePointer<CChar>?>) -> R) -> R {
        // Ownership: strdup'ed here, freed when `body` returns.
        let copies = strings.map { strdup($0) }
        defer { for copy in copies { free(copy) } }
        return copies.map { UnsafePointer($0) }.withUnsafeBufferPointer(body)
    }
}

extension String {
    /// The text a C function wrote into `buffer`, up to its first NUL (an error message, say).
    package init(nulTerminated buffer: [CChar]) {
        self.init(decoding: buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }
}
