import Foundation

/// NUL-terminated copies of Swift strings for C functions that take `const char *const *`.
enum CStrings {
    /// Calls `body` with copies of `strings`, valid only during the call.
    static func with<R>(_ strings: [String], _ body: (UnsafeBufferPointer<UnsafePointer<CChar>?>) -> R) -> R {
        // Ownership: strdup'ed here, freed when `body` returns.
        let copies = strings.map { strdup($0) }
        defer { for copy in copies { free(copy) } }
        return copies.map { UnsafePointer($0) }.withUnsafeBufferPointer(body)
    }
}
