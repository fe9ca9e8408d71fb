import Foundation

/// Dispatches a request by method and path to the page or the API, and turns every refusal into
/// a JSON error with its status. It knows nothing of the transport: the server hands it the
/// request line's parts and the size of the body, and writes back what it answers.
struct AnalysisRouter: Sendable {
    let api: AnalysisAPI
    /// The host names a request's `Host` header may give, lower-cased; nil when the server
    /// listens on every address and cannot know its names.
    let allowedHosts: Set<String>?

    /// The loopback names and the address the server listens on. A page on another site
    /// cannot then read the API through a name it made resolve to 127.0.0.1 (DNS rebinding):
    /// its requests carry that name as their Host.
    static func allowedHosts(listeningOn host: String) -> Set<String>? {
        if ["0.0.0.0", "::", "[::]"].contains(host) { return nil }
        return ["127.0.0.1", "localhost", "::1", host.lowercased()]
    }

    /// The host name of a `Host` header: without its port, and without the brackets of an
    /// IPv6 address.
    static func hostName(of header: String) -> String {
        let value = header.lowercased()
        if value.hasPrefix("["), let close = value.firstIndex(of: "]") {
            return String(value[value.index(after: value.startIndex)..<close])
        }
        if value.filter({ $0 == ":" }).count == 1, let colon = value.firstIndex(of: ":") {
            return String(value[..<colon])
        }
        return value
    }

    struct Request: Sendable {
        let method: String
        /// The request target as sent: a percent-encoded path, then `?` and the query string.
        let uri: String
        /// The `Host` header, if the request has one (HTTP/1.0 may not).
        let host: String?
        let bodyBytes: Int
        let isChunked: Bool
    }

    struct Response: Sendable {
        let status: Int
        let headers: [(String, String)]
        let body: [UInt8]
    }

    func respond(to request: Request) async -> Response {
        do {
            let (body, contentType) = try await answer(request)
            return response(status: 200, body: body, contentType: contentType)
        } catch {
            let body = (try? AnalysisAPI.encode(AnalysisJSON.ErrorResponse(error: error.message))) ?? Data()
            var answer = response(status: error.status, body: body, contentType: Self.json)
            if error.status == 405 {
                answer = Response(status: 405, headers: answer.headers + [("Allow", "GET, HEAD")], body: answer.body)
            }
            return answer
        }
    }

    private static let json = "application/json; charset=utf-8"

    private func answer(_ request: Request) async throws(APIError) -> (Data, String) {
        if let allowedHosts, let host = request.host, !allowedHosts.contains(Self.hostName(of: host)) {
            throw APIError(
                status: 403,
                message:
                    "Host '\(host.prefix(100))' is not an address of this server; it answers \(allowedHosts.sorted().joined(separator: ", "))"
            )
        }
        guard request.method == "GET" || request.method == "HEAD" else {
            throw .methodNotAllowed(String(request.method.prefix(40)))
        }
        // The server does not read a request body: a small one is ignored, a chunked one or one
        // over the bound is refused.
        if request.isChunked {
            throw .tooLarge("a request body is not read here (Transfer-Encoding)")
        }
        if request.bodyBytes > api.limits.fieldBytes {
            throw .tooLarge("a request body of \(request.bodyBytes) bytes; the server reads none")
        }
        let target = request.uri.split(separator: "?", maxSplits: 1, omittingEmptySubsequences: false)
        let path = String(target.first ?? "")
        let query = target.count > 1 ? String(target[1]) : ""
        // Paths are compared as sent, percent-encoding included: none maps to a file, so
        // anything but these is a 404.
        switch path {
        case "/", "/index.html":
            return (Data(AnalysisPage.html.utf8), "text/html; charset=utf-8")
        case "/api/setup":
            return (try api.setup(), Self.json)
        case "/api/cases":
            return (try api.fixtureCases(), Self.json)
        case "/api/tokens":
            return (try await api.tokens(try QueryParameters(rawQuery: query, limits: api.limits)), Self.json)
        case "/api/match":
            return (try await api.match(try QueryParameters(rawQuery: query, limits: api.limits)), Self.json)
        default:
            throw .notFound(String(path.prefix(200)))
        }
    }

    private func response(status: Int, body: Data, contentType: String) -> Response {
        Response(
            status: status,
            headers: [
                ("Content-Type", contentType),
                ("Cache-Control", "no-store"),
                ("X-Content-Type-Options", "nosniff"),
                // The page's script and style are inline; it fetches only this server's API.
                (
                    "Content-Security-Policy",
                    "default-src 'none'; script-src 'unsafe-inline'; style-src 'unsafe-inline'; connect-src 'self'; img-src data:; base-uri 'none'; form-action 'self'"
                ),
            ],
            body: Array(body))
    }
}
