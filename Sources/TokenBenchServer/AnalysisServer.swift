import FlyingFox
import FlyingSocks
import Foundation
import TokenBench

/// `tokenbench serve`: the analysis page and its JSON API over HTTP/1.1.
///
/// Everything it serves is in the executable: the page is a string, the API answers from the
/// workbenches. No request reads a file, loads an extension or opens a library by path; those
/// come from the command line only.
public final class AnalysisServer: Sendable {
    public struct Configuration {
        /// An IPv4 or IPv6 address to listen on; the loopback address by default.
        public var host = "127.0.0.1"
        /// 0 lets the system choose; `run` reports the port it listens on.
        public var port: UInt16 = 8080
        /// The engines requests may choose among, in this order.
        public var engines: [SQLiteEngine] = SQLiteEngine.builtIn
        /// The tokenizers a request without `tokenizer` runs, and the page shows first.
        public var tokenizers: [TokenizerSpec] = ["unicode61", "nfkc", "latinascii", "trigram"].compactMap {
            TokenizerCatalog.spec(labelled: $0)
        }
        /// Extensions and the user's own types, registered on every workbench.
        public var workbenchOptions = Workbench.Options()
        /// How many requests run at once: one workbench each.
        public var workers = max(2, ProcessInfo.processInfo.activeProcessorCount)
        public var limits = ServerLimits()

        public init() {}
    }

    private let http: HTTPServer
    private let host: String

    /// Makes the workbenches (loading the extensions on each) and the listening socket's
    /// configuration; throws a one-line reason for a bad host or an extension that does not load.
    public init(configuration: Configuration) throws {
        let address: any SocketAddress
        do {
            address =
                configuration.host.contains(":")
                ? try sockaddr_in6.inet6(ip6: configuration.host, port: configuration.port)
                : try sockaddr_in.inet(ip4: configuration.host, port: configuration.port)
        } catch {
            throw TokenBenchError.invalidArgument(
                name: "--host", value: configuration.host, reason: "not an IPv4 or IPv6 address")
        }
        let api = AnalysisAPI(
            engines: configuration.engines, defaultTokenizers: configuration.tokenizers,
            limits: configuration.limits,
            pool: try WorkbenchPool(count: configuration.workers, options: configuration.workbenchOptions),
            cases: (try? FixtureSet.defaults().cases) ?? [])
        host = configuration.host
        http = HTTPServer(
            config: HTTPServer.Configuration(address: address, timeout: 60, logger: .disabled),
            handler: AnalysisRouter(api: api))
    }

    /// Listens and serves until the task is cancelled; `listening` gets the page's URL once the
    /// socket is bound. A port in use or a host not on this machine throws.
    public func run(listening: @escaping @Sendable (String) -> Void) async throws {
        let http = self.http
        let host = self.host
        try await withThrowingTaskGroup(of: Void.self) { group in
            group.addTask { try await http.run() }
            group.addTask {
                try await http.waitUntilListening(timeout: 30)
                let port: String
                switch await http.listeningAddress {
                case .ip4(_, let number), .ip6(_, let number): port = String(number)
                default: port = "?"
                }
                listening("http://\(host.contains(":") ? "[\(host)]" : host):\(port)/")
            }
            try await group.waitForAll()
        }
    }
}

/// Dispatches a request by method and path to the page or the API, and turns every refusal into
/// a JSON error with its status.
struct AnalysisRouter: HTTPHandler {
    let api: AnalysisAPI

    func handleRequest(_ request: HTTPRequest) async throws -> HTTPResponse {
        do {
            let body = try await answer(request)
            return response(status: 200, body: body.data, contentType: body.contentType, for: request)
        } catch {
            let body = (try? AnalysisAPI.encode(AnalysisJSON.ErrorResponse(error: error.message))) ?? Data()
            var response = response(
                status: error.status, body: body, contentType: "application/json; charset=utf-8", for: request)
            if error.status == 405 { response.headers[HTTPHeader("Allow")] = "GET, HEAD" }
            return response
        }
    }

    private func answer(_ request: HTTPRequest) async throws(APIError) -> (data: Data, contentType: String) {
        guard request.method == .GET || request.method == .HEAD else {
            throw .methodNotAllowed(request.method.rawValue)
        }
        // The server reads no request body: one over the bound is refused before anything else,
        // and a smaller one is left unread.
        if request.headers[.transferEncoding] != nil {
            throw .tooLarge("a request body is not read here (Transfer-Encoding)")
        }
        if let length = request.headers[.contentLength].flatMap(Int.init), length > api.limits.fieldBytes {
            throw .tooLarge("a request body of \(length) bytes; the server reads none")
        }
        let json = "application/json; charset=utf-8"
        let path = request.target.path()
        switch path {
        case "/", "/index.html":
            return (Data(AnalysisPage.html.utf8), "text/html; charset=utf-8")
        case "/api/setup":
            return (try api.setup(), json)
        case "/api/cases":
            return (try api.fixtureCases(), json)
        case "/api/tokens":
            return (try await api.tokens(try parameters(of: request)), json)
        case "/api/match":
            return (try await api.match(try parameters(of: request)), json)
        default:
            throw .notFound(String(path.prefix(200)))
        }
    }

    private func parameters(of request: HTTPRequest) throws(APIError) -> QueryParameters {
        try QueryParameters(rawQuery: request.target.query(), limits: api.limits)
    }

    private func response(status: Int, body: Data, contentType: String, for request: HTTPRequest) -> HTTPResponse {
        var headers = HTTPHeaders()
        headers[.contentType] = contentType
        headers[.cacheControl] = "no-store"
        headers[HTTPHeader("X-Content-Type-Options")] = "nosniff"
        // The page's script and style are inline; it fetches only this server's API.
        headers[HTTPHeader("Content-Security-Policy")] =
            "default-src 'none'; script-src 'unsafe-inline'; style-src 'unsafe-inline'; connect-src 'self'; img-src data:; base-uri 'none'; form-action 'self'"
        let phrase = APIError.reasonPhrases[status] ?? "Error"
        guard request.method != .HEAD else {
            headers[.contentLength] = String(body.count)
            return HTTPResponse(statusCode: HTTPStatusCode(status, phrase: phrase), headers: headers)
        }
        return HTTPResponse(statusCode: HTTPStatusCode(status, phrase: phrase), headers: headers, body: body)
    }
}
