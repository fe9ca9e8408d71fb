import Foundation
import NIOCore
import NIOHTTP1
import NIOPosix
import TokenBench

/// `tokenbench serve`: the analysis page and its JSON API over HTTP/1.1, on SwiftNIO.
///
/// Everything it serves is in the executable: the page is a string, the API answers from the
/// run layer. No request reads a file, loads an extension or opens a library by path; those
/// come from the command line only (a spec's path options are refused, see `AnalysisAPI`).
package final class AnalysisServer: Sendable {
    package struct Configuration {
        /// An IPv4 or IPv6 address to listen on; the loopback address by default.
        package var host = "127.0.0.1"
        /// 0 lets the system choose; `run` reports the port it listens on.
        package var port = 8080
        /// The engines requests may choose among, in this order.
        package var engines: [SQLiteEngine] = SQLiteEngine.builtIn
        /// The tokenizers a request without `tokenizer` runs, and the page shows first.
        package var tokenizers: [TokenizerSpec] = ["unicode61", "nfkc", "latinascii", "trigram"].compactMap {
            TokenizerCatalog.spec(labelled: $0)
        }
        /// Extensions and the user's own types, registered on every workbench.
        package var workbenchOptions = Workbench.Options()
        /// How many requests run at once: a worker each, or connections of their own.
        package var workers = max(2, ProcessInfo.processInfo.activeProcessorCount)
        package var limits = ServerLimits()

        package init() {}
    }

    private let router: AnalysisRouter
    private let host: String
    private let port: Int

    /// Makes the run layer (a workbench loads the extensions once to check them); throws a one-line reason for an
    /// extension that does not load or a host that is not an address.
    package init(configuration: Configuration) throws {
        guard (try? SocketAddress(ipAddress: configuration.host, port: 0)) != nil else {
            throw TokenBenchError.invalidArgument(
                name: "--host", value: configuration.host, reason: "not an IPv4 or IPv6 address")
        }
        // With isolation, each request's answer is computed in a worker (one death answers that
        // request with a 500); without, on connections of its own. At most `workers` at once.
        var workbenchOptions = configuration.workbenchOptions
        if var isolation = workbenchOptions.isolation {
            isolation.jobs = configuration.workers
            isolation.deathsPerUnit = 1
            workbenchOptions.isolation = isolation
        }
        let api = AnalysisAPI(
            engines: configuration.engines, defaultTokenizers: configuration.tokenizers,
            limits: configuration.limits,
            runner: try UnitRunner(options: workbenchOptions, concurrency: configuration.workers),
            cases: (try? FixtureSet.defaults().cases) ?? [])
        router = AnalysisRouter(api: api, allowedHosts: AnalysisRouter.allowedHosts(listeningOn: configuration.host))
        host = configuration.host
        port = configuration.port
    }

    /// Why the server could not listen, in words a user can act on: SwiftNIO's own message for a
    /// port in use is `bind(descriptor:ptr:bytes:): Address already in use) (errno: 98)`.
    package static func listenFailure(_ error: any Error) -> String {
        guard let error = error as? IOError else { return "\(error)" }
        switch error.errnoCode {
        case EADDRINUSE:
            return
                "the port is in use (another program listens on it); choose another --port, or --port 0 for a free one"
        case EACCES:
            return "permission denied (ports below 1024 need privileges); choose a port from 1024 up"
        case EADDRNOTAVAIL:
            return "no network interface of this machine has that address; see --host"
        default:
            return String(cString: strerror(error.errnoCode))
        }
    }

    /// Listens and serves until the task is cancelled; `listening` gets the page's URL once the
    /// socket is bound. A port in use throws.
    package func run(listening: @escaping @Sendable (String) -> Void) async throws {
        let router = self.router
        let requestLimit = router.api.limits.requestBytes
        let server = try await ServerBootstrap(group: MultiThreadedEventLoopGroup.singleton)
            .serverChannelOption(.backlog, value: 256)
            .serverChannelOption(.socketOption(.so_reuseaddr), value: 1)
            .childChannelOption(.allowRemoteHalfClosure, value: true)
            .bind(host: host, port: port) { channel in
                channel.eventLoop.makeCompletedFuture {
                    // Before the parser, a bound on each request's bytes, body included. With
                    // error handling, a request that does not parse gets a 400 and the
                    // connection is closed.
                    try channel.pipeline.syncOperations.addHandler(RequestSizeLimiter(limit: requestLimit))
                    // A connection that sends nothing for 30 s while no answer is being
                    // computed for it is closed: idle clients cannot hold sockets forever.
                    try channel.pipeline.syncOperations.addHandler(IdleStateHandler(readTimeout: .seconds(30)))
                    // SwiftNIO counts the request line in its header bounds (80 KiB by default);
                    // a query string may be longer, and the limiter bounds the whole request.
                    var decoderLimits = NIOHTTPDecoderLimitConfiguration()
                    decoderLimits.maxHeaderFieldSize = requestLimit
                    decoderLimits.maxHeaderListSize = requestLimit
                    try channel.pipeline.syncOperations.configureHTTPServerPipeline(
                        withErrorHandling: true, withEncoderConfiguration: .init(),
                        withDecoderLimitConfiguration: decoderLimits)
                    try channel.pipeline.syncOperations.addHandler(CloseWhenIdle())
                    // Half-closure: after an answer with `Connection: close`, the server's side is
                    // shut once everything written has gone out; closing at once would drop the
                    // end of a large answer.
                    return try NIOAsyncChannel<HTTPServerRequestPart, HTTPServerResponsePart>(
                        wrappingChannelSynchronously: channel,
                        configuration: .init(isOutboundHalfClosureEnabled: true))
                }
            }
        let boundPort = server.channel.localAddress?.port ?? port
        listening("http://\(host.contains(":") ? "[\(host)]" : host):\(boundPort)/")
        try await withThrowingDiscardingTaskGroup { group in
            try await server.executeThenClose { connections in
                for try await connection in connections {
                    group.addTask { await Self.serve(connection, router: router) }
                }
            }
        }
    }

    /// Answers the requests of one connection in order, until the client closes it or asks to.
    private static func serve(
        _ connection: NIOAsyncChannel<HTTPServerRequestPart, HTTPServerResponsePart>, router: AnalysisRouter
    ) async {
        try? await connection.executeThenClose { inbound, outbound in
            var head: HTTPRequestHead?
            var bodyBytes = 0
            var finished = false
            for try await part in inbound {
                // After the last answer, whatever the client still sends is read and dropped
                // until it closes (or goes silent, and the idle bound closes it).
                if finished { continue }
                switch part {
                case .head(let requestHead):
                    head = requestHead
                    bodyBytes = 0
                case .body(let buffer):
                    // Counted, not kept: the server reads no request body.
                    bodyBytes += buffer.readableBytes
                case .end:
                    // Answered once the request has ended (SwiftNIO's pipelining handler wants
                    // one answer per whole request); a body is read to its end, at most the
                    // limiter's bound, and then refused.
                    guard let requestHead = head else { continue }
                    let response = await router.respond(
                        to: AnalysisRouter.Request(
                            method: requestHead.method.rawValue, uri: requestHead.uri,
                            host: requestHead.headers.first(name: "host"), bodyBytes: bodyBytes,
                            isChunked: requestHead.headers.contains(name: "transfer-encoding")))
                    try await write(
                        response, to: requestHead, keepAlive: requestHead.isKeepAlive, on: connection.channel)
                    head = nil
                    if !requestHead.isKeepAlive {
                        outbound.finish()
                        finished = true
                    }
                }
            }
            // The client has closed its side. What was written may still be on its way: the
            // server's side is shut once it has gone out, and the channel closes when both
            // sides are (or when the idle bound closes it), not before.
            outbound.finish()
            try await connection.channel.closeFuture.get()
        }
    }

    /// Writes `response` and returns once all of it has gone to the socket. It is written on the
    /// channel, not through the async writer, for that wait: when the client has already
    /// closed its side, SwiftNIO turns shutting the server's side into a full close, which drops
    /// what is still pending (a 1.5 MB answer arrived cut under load).
    private static func write(
        _ response: AnalysisRouter.Response, to request: HTTPRequestHead, keepAlive: Bool, on channel: any Channel
    ) async throws {
        var headers = HTTPHeaders(response.headers)
        headers.add(name: "Content-Length", value: String(response.body.count))
        if !keepAlive { headers.add(name: "Connection", value: "close") }
        let head = HTTPResponseHead(
            version: request.version, status: HTTPResponseStatus(statusCode: response.status), headers: headers)
        channel.write(HTTPServerResponsePart.head(head), promise: nil)
        if request.method != .HEAD {
            channel.write(HTTPServerResponsePart.body(.byteBuffer(ByteBuffer(bytes: response.body))), promise: nil)
        }
        try await channel.writeAndFlush(HTTPServerResponsePart.end(nil))
    }
}

/// Bounds the bytes of each request (request line, headers and body) before SwiftNIO parses
/// them: past `limit` bytes, the client gets a 413 and the connection closes. It counts from the
/// start of the connection and again after each response, so a keep-alive connection's later
/// requests each get the whole bound.
final class RequestSizeLimiter: ChannelDuplexHandler, RemovableChannelHandler {
    typealias InboundIn = ByteBuffer
    typealias InboundOut = ByteBuffer
    typealias OutboundIn = ByteBuffer
    typealias OutboundOut = ByteBuffer

    private let limit: Int
    private var received = 0
    private var refused = false

    init(limit: Int) { self.limit = limit }

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        guard !refused else { return }
        let buffer = unwrapInboundIn(data)
        received += buffer.readableBytes
        guard received > limit else {
            context.fireChannelRead(data)
            return
        }
        refused = true
        let body = #"{"error":"the request is longer than \#(limit) bytes"}"#
        let answer =
            "HTTP/1.1 413 Payload Too Large\r\nContent-Type: application/json; charset=utf-8\r\n"
            + "Content-Length: \(body.utf8.count)\r\nConnection: close\r\n\r\n" + body
        let loopBound = NIOLoopBound(context, eventLoop: context.eventLoop)
        context.writeAndFlush(wrapOutboundOut(ByteBuffer(string: answer))).whenComplete { _ in
            loopBound.value.close(promise: nil)
        }
    }

    func write(context: ChannelHandlerContext, data: NIOAny, promise: EventLoopPromise<Void>?) {
        // A response is going out: the next request's head starts being counted.
        received = 0
        context.write(data, promise: promise)
    }
}

/// Closes a connection when `IdleStateHandler` says it has sent nothing for a while, unless a
/// whole request has arrived and its answer is still being computed (a large `/api/match` may
/// take longer than the idle bound, and its client is rightly silent meanwhile).
final class CloseWhenIdle: ChannelDuplexHandler, RemovableChannelHandler {
    typealias InboundIn = HTTPServerRequestPart
    typealias InboundOut = HTTPServerRequestPart
    typealias OutboundIn = HTTPServerResponsePart
    typealias OutboundOut = HTTPServerResponsePart

    /// Requests received whole and not yet answered whole.
    private var unanswered = 0

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        if case .end = unwrapInboundIn(data) { unanswered += 1 }
        context.fireChannelRead(data)
    }

    func write(context: ChannelHandlerContext, data: NIOAny, promise: EventLoopPromise<Void>?) {
        if case .end = unwrapOutboundIn(data) { unanswered = max(0, unanswered - 1) }
        context.write(data, promise: promise)
    }

    func userInboundEventTriggered(context: ChannelHandlerContext, event: Any) {
        if event is IdleStateHandler.IdleStateEvent {
            if unanswered == 0 { context.close(promise: nil) }
        } else {
            context.fireUserInboundEventTriggered(event)
        }
    }
}
