import ArgumentParser
import Foundation
import Synchronization
import TokenBench
import TokenBenchServer

struct ServeCommand: OwnTokenizerCommand {
    static let configuration = CommandConfiguration(
        commandName: "serve",
        abstract: "Serve the analysis page and its JSON API: every tokenizer's tokens and verdicts as you type.",
        discussion: """
            GET /                the analysis page (its state is in the URL)
            GET /api/tokens      text, tokenizer*, engine*, mode: tokens stage by stage, code points
            GET /api/match       document, query, tokenizer*, engine*: verdicts, tokens, highlight(), snippet()
            GET /api/setup       engines, catalog, default tokenizers, limits
            GET /api/cases       the default fixtures' cases
            A request chooses among the engines and extensions given here; it can name no file.
            Errors are JSON {"error": "…"}: 400 bad input, 403 a Host not this server's, 404, 405,
            413 over a limit, 500 SQLite failed or the request's tokenizer crashed or hung (each request \
            runs in a worker; the server goes on). Documentation/Serve.md has the details.
            """)

    @OptionGroup var workbenchOptions: TokenizerAndEngineOptions<ServeDefaults>

    @OptionGroup var isolationOptions: IsolationOptions

    @Option(help: "The IPv4 or IPv6 address to listen on.")
    var host = "127.0.0.1"

    @Option(help: "The TCP port to listen on; 0 lets the system choose (the URL printed says which).")
    var port: UInt16 = 8080

    @Option(
        help:
            "How many requests run at once, each in a worker of its own (with --in-process, on connections of its own)."
    )
    var workers = max(2, ProcessInfo.processInfo.activeProcessorCount)

    func validate() throws {
        guard (1...64).contains(workers) else { throw ValidationError("--workers \(workers): give 1 to 64") }
    }

    func run(registering own: OwnTokenizers) throws {
        var configuration = AnalysisServer.Configuration()
        configuration.host = host
        configuration.port = Int(port)
        configuration.engines = workbenchOptions.engines
        configuration.workers = workers
        configuration.workbenchOptions = workbenchOptions.workbenchConfiguration(registering: own)
        configuration.workbenchOptions.isolation = isolationOptions.isolation
        if !workbenchOptions.tokenizerSpecs.isEmpty { configuration.tokenizers = workbenchOptions.tokenizerSpecs }
        let server = try AnalysisServer(configuration: configuration)
        // The command line is synchronous: the server runs on Swift's task pool, and this thread
        // waits for it to fail (a port in use) or for the process to be stopped.
        let failure = ServeFailure()
        let done = DispatchSemaphore(value: 0)
        Task {
            do {
                try await server.run { url in
                    FileHandle.standardOutput.write(Data("tokenbench: serving on \(url)\n".utf8))
                }
            } catch {
                failure.set(AnalysisServer.listenFailure(error))
            }
            done.signal()
        }
        done.wait()
        throw TokenBenchError.invalidArgument(
            name: "--port", value: "\(host):\(port)",
            reason: "cannot listen there: \(failure.message ?? "the server stopped")")
    }
}

/// The reason the server stopped, handed from its task to the waiting command.
private final class ServeFailure: Sendable {
    private let stored = Mutex<String?>(nil)
    func set(_ message: String) { stored.withLock { $0 = message } }
    var message: String? { stored.withLock { $0 } }
}

/// The page's first tokenizers are the server's own defaults.
enum ServeDefaults: TokenizerAndEngineDefaults {
    static var tokenizers: String {
        AnalysisServer.Configuration().tokenizers.map(\.name).joined(separator: ", ")
            + " (a request chooses among every tokenizer an engine supports)"
    }
}
