/// Why the server refused a request: the HTTP status and one sentence that names the input,
/// sent as `{"error": "…"}`.
struct APIError: Error, Equatable {
    let status: Int
    let message: String

    /// A bad parameter or tokenizer spec: 400.
    static func badRequest(_ message: String) -> APIError { APIError(status: 400, message: message) }
    /// A path the server does not serve: 404.
    static func notFound(_ path: String) -> APIError {
        APIError(status: 404, message: "no such page or API: \(path)")
    }
    /// A method other than GET or HEAD: 405.
    static func methodNotAllowed(_ method: String) -> APIError {
        APIError(status: 405, message: "method \(method) is not allowed; the server answers GET and HEAD")
    }
    /// Input over one of ``ServerLimits``: 413.
    static func tooLarge(_ message: String) -> APIError { APIError(status: 413, message: message) }
}

/// The bounds every request is held to; the page and `GET /api/setup` state them.
package struct ServerLimits: Sendable, Codable {
    /// The longest text of one field (`text`, `document`, `query`, a spec), in UTF-8 bytes.
    package var fieldBytes = 64 * 1024
    /// The most tokenizer × engine pairs one request may run.
    package var pairs = 20
    /// The longest query string, percent-encoded, in bytes: room for the fields at their
    /// longest, each byte encoded as `%XX`.
    package var queryStringBytes = 3 * 3 * 64 * 1024 + 16 * 1024
    /// The most parameters one request may carry.
    package var parameters = 64
    /// The most text bytes times tokenizer × engine pairs one request may ask for: what bounds
    /// its time, memory and answer (a 64 KiB text on 4 pairs, or 12 KiB on 20).
    package var workBytes = 256 * 1024
    /// The most bytes of one request, request line, headers and body together: room for the
    /// query string at its longest and SwiftNIO's 80 KiB of headers.
    package var requestBytes = 1024 * 1024

    package init() {}
}
