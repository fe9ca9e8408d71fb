import Foundation
import Testing

#if canImport(Glibc)
    import Glibc
#endif

/// `tokenbench serve` as a real process on a port the system chose, driven over HTTP: its API
/// must answer what the command line answers, refuse bad input with a JSON error and its status,
/// and keep serving through concurrent clients and garbage.
@Suite(.serialized)
struct ServeCLITests {
    typealias CLI = CLITests

    /// A running `tokenbench serve`, stopped when the value goes away.
    final class Server: @unchecked Sendable {
        let process = Process()
        let url: URL

        init(_ arguments: [String] = []) throws {
            process.executableURL = CLI.executable
            process.arguments = ["serve", "--port", "0"] + arguments
            let stdout = Pipe()
            process.standardOutput = stdout
            // Not the test runner's own stderr: a server still holding it would keep `swift test`
            // waiting for its end.
            process.standardError = FileHandle.nullDevice
            try process.run()
            Self.killAtExit(process.processIdentifier)
            // The first line says where it listens: "tokenbench: serving on http://127.0.0.1:PORT/".
            var line = Data()
            let reader = stdout.fileHandleForReading
            while !line.contains(0x0A) {
                let chunk = reader.availableData
                guard !chunk.isEmpty else { break }
                line += chunk
            }
            let text = String(decoding: line, as: UTF8.self)
            guard let start = text.range(of: "http://"),
                let url = URL(string: String(text[start.lowerBound...].prefix { !$0.isNewline }))
            else {
                process.terminate()
                throw HTTP.Failure(description: "tokenbench serve printed no URL: \(text)")
            }
            self.url = url
        }

        deinit {
            // SIGKILL, not SIGTERM: a server spawned from a test's thread inherits a mask that
            // blocks SIGTERM, and waited for it for ever. Its workers end when it does.
            kill(process.processIdentifier, SIGKILL)
            process.waitUntilExit()
        }

        /// The shared server lives in a static, which is never deinitialized: it is killed when
        /// the test process exits.
        private nonisolated(unsafe) static var processesToKill: [pid_t] = []
        private static let lock = NSLock()
        private static let registerKill: Void = {
            atexit {
                Server.lock.lock()
                defer { Server.lock.unlock() }
                for pid in Server.processesToKill { kill(pid, SIGKILL) }
            }
        }()

        static func killAtExit(_ pid: pid_t) {
            _ = registerKill
            lock.withLock { processesToKill.append(pid) }
        }

        var isRunning: Bool { process.isRunning }

        /// GET `path` with `parameters` percent-encoded as a form would send them.
        func get(_ path: String, _ parameters: [(String, String)] = []) throws -> (status: Int, json: Any?) {
            var components = URLComponents(url: url.appendingPathComponent(path), resolvingAgainstBaseURL: false)!
            if !parameters.isEmpty {
                components.percentEncodedQuery = parameters.map { Self.encode($0.0) + "=" + Self.encode($0.1) }
                    .joined(separator: "&")
            }
            let answer = try HTTP.response(method: "GET", url: components.url!, body: Data())
            return (answer.status, try? JSONSerialization.jsonObject(with: answer.body))
        }

        /// Sends `bytes` as they are and returns the status (0: closed without an answer).
        func raw(_ bytes: Data, halfClose: Bool = true) throws -> (status: Int, body: String) {
            let answer = try HTTP.response(to: bytes, host: url.host!, port: url.port!, halfClose: halfClose)
            return (answer.status, String(decoding: answer.body, as: UTF8.self))
        }

        static func encode(_ text: String) -> String {
            var allowed = CharacterSet.alphanumerics.intersection(
                CharacterSet(charactersIn: Unicode.Scalar(0)..<Unicode.Scalar(128)))
            allowed.insert(charactersIn: "-._~")
            return text.addingPercentEncoding(withAllowedCharacters: allowed)!
        }
    }

    static let shared: Result<Server, any Error> = Result { try Server() }

    /// The token rows `tokenbench tokens` prints, as [token, start, end, position, colocated] per engine.
    /// `arguments` go before the text (`--engine`, `--locale`).
    static func cliTokens(_ text: String, tokenizer: String, mode: String, arguments: [String] = []) throws
        -> [String: [[String]]]
    {
        let run = try CLI.run(["tokens", "--tokenizer", tokenizer, "--mode", mode] + arguments + [text])
        #expect(run.status == 0, "\(run.stderr)")
        var byEngine: [String: [[String]]] = [:]
        for row in try ReportBrowserTests.Run.records(text: run.stdout) {
            byEngine[row["engine"]!, default: []].append(
                [row["token"]!, row["start"]!, row["end"]!, row["position"]!, row["colocated"]!])
        }
        return byEngine
    }

    /// An API match cell against the matrix CSV's `matched` (`1`, `0`, or empty on error), and
    /// highlight() marking something exactly when the document matched.
    static func expectCell(_ cell: [String: Any], matches matrixMatched: String?, key: [String]) {
        let matched = cell["matched"] as? Bool
        #expect(matrixMatched == (matched.map { $0 ? "1" : "0" } ?? ""), "\(key)")
        let marked = (cell["highlight"] as? [[String: Any]])?.contains { $0["marked"] as! Bool } ?? false
        #expect(marked == (matched == true), "\(key)")
        // The code for programs says what `matched` says, and the wording for people agrees.
        let code = cell["verdictCode"] as? String
        switch matched {
        case true?: #expect(code == "match" && cell["verdict"] as? String == "match", "\(key)")
        case false?: #expect(code == "no-match" && cell["verdict"] as? String == "no match", "\(key)")
        case nil:
            #expect(["no-query", "error", "lost", "unsupported"].contains(code ?? ""), "\(key): \(code ?? "none")")
        }
    }

    /// The app's query kinds, which the analysis page runs in `asis:asis` beside the bench's.
    static let appKinds = [
        "raw", "grdb-any", "grdb-all", "grdb-prefixes", "grdb-phrase", "grdb-prefix-phrase", "typed-any", "typed-all",
        "typed-prefixes", "typed-phrase",
    ]

    /// The rows of `matrix` with `arguments` (the bench's kinds in every form pair), then of the
    /// same with the app's kinds in `asis:asis`: the cells the analysis page shows.
    static func matrixRecords(_ arguments: [String]) throws -> [[String: String]] {
        let appArguments = arguments + ["--forms", "asis:asis"] + appKinds.flatMap { ["--query-kind", $0] }
        return try [arguments, appArguments].flatMap { arguments in
            let matrix = try CLI.run(arguments)
            #expect(matrix.status == 0 || matrix.status == 1, "\(matrix.stderr)")
            return try ReportBrowserTests.Run.records(text: matrix.stdout)
        }
    }

    static func apiTokens(_ result: [String: Any]) -> [[String]] {
        (result["tokens"] as? [[String: Any]] ?? []).map { token in
            [
                token["token"] as! String, "\(token["start"] as! Int)", "\(token["end"] as! Int)",
                "\(token["position"] as! Int)", (token["colocated"] as! Bool) ? "1" : "0",
            ]
        }
    }

    @Test(arguments: [
        // A wrapper that folds ß and a ligature: the offsets stay those of the input.
        ("Herr Großmann ﬁndet", "nfkc", "document"),
        // Colocated synonyms appear in documents only.
        ("the first grey colour", "synonyms", "document"),
        ("the first grey colour", "synonyms", "query"),
        // Overlapping trigrams and a prefix query.
        ("Ärger", "trigram", "prefix"),
        // Morphemes with readings, colocated, on multi-byte text.
        ("東京都に住んでいます", "japanese", "document"),
        // FTS5's own wrapper over a base given as arguments.
        ("running cats", "porter-ascii", "aux"),
    ])
    func apiTokensEqualTheCommandLine(text: String, tokenizer: String, mode: String) throws {
        let server = try Self.shared.get()
        let answer = try server.get("api/tokens", [("text", text), ("tokenizer", tokenizer), ("mode", mode)])
        #expect(answer.status == 200)
        let results = try #require((answer.json as? [String: Any])?["results"] as? [[String: Any]])
        let expected = try Self.cliTokens(text, tokenizer: tokenizer, mode: mode)
        #expect(Set(results.map { $0["engine"] as! String }) == Set(expected.keys))
        for result in results {
            let engine = result["engine"] as! String
            #expect(Self.apiTokens(result) == expected[engine], "\(tokenizer) on \(engine)")
            #expect(!Self.apiTokens(result).isEmpty)
        }
    }

    @Test(arguments: [
        // A shipped wrapper's default base, which the spec does not name.
        ("nfkc", ["unicode61", "nfkc"]),
        // FTS5's porter, whose base is its arguments.
        ("porter ascii", ["ascii", "porter ascii"]),
        ("porter", ["unicode61", "porter"]),
        // Wrappers over wrappers, each with its default base at the bottom.
        ("synonyms stopwords", ["unicode61", "stopwords", "synonyms stopwords"]),
        ("porter nfkc", ["unicode61", "nfkc", "porter nfkc"]),
        // No wrapper: one stage.
        ("unicode61 remove_diacritics 0", ["unicode61 remove_diacritics 0"]),
    ])
    func stagesFollowTheWrapperChain(spec: String, stages: [String]) throws {
        let server = try Self.shared.get()
        let text = "The ﬁrst Großmann running"
        let answer = try server.get("api/tokens", [("text", text), ("tokenizer", spec), ("engine", "system")])
        let result = try #require(((answer.json as? [String: Any])?["results"] as? [[String: Any]])?.first)
        let got = try #require(result["stages"] as? [[String: Any]])
        #expect(got.map { $0["spec"] as! String } == stages)
        // Each stage's tokens are those `tokenbench tokens` prints for the stage's spec: the
        // spec joined again from FTS5's words names the same chain.
        for stage in got {
            let expected = try Self.cliTokens(text, tokenizer: stage["spec"] as! String, mode: "document")
            #expect(Self.apiTokens(stage) == expected["system"], "\(stage["spec"]!)")
        }
        #expect(Self.apiTokens(got.last!) == Self.apiTokens(result))
    }

    @Test func matchVerdictsEqualTheMatrix() throws {
        let server = try Self.shared.get()
        let cases = try #require(server.get("api/cases").json as? [[String: Any]])
        #expect(cases.count > 50)
        // Cases whose verdicts differ between these tokenizers, in several categories.
        let picked = cases.filter { ["ligatures", "german", "diacritics", "case"].contains($0["category"] as! String) }
        let chosen = Array(picked.prefix(6))
        #expect(chosen.count >= 4)
        let tokenizers = ["unicode61", "nfkc", "latinascii"]
        var arguments = ["matrix", "--engine", "system", "--engine", "bundled"]
        for tokenizer in tokenizers { arguments += ["--tokenizer", tokenizer] }
        for matchCase in chosen { arguments += ["--case", matchCase["id"] as! String] }
        var expected: [[String]: String] = [:]
        for row in try Self.matrixRecords(arguments) {
            let key = ["case", "tokenizer", "engine", "query_kind", "document_form", "query_form"].map { row[$0]! }
            expected[key] = row["matched"]!
        }
        var compared = 0
        for matchCase in chosen {
            let answer = try server.get(
                "api/match",
                [("document", matchCase["document"] as! String), ("query", matchCase["query"] as! String)]
                    + tokenizers.map { ("tokenizer", $0) })
            #expect(answer.status == 200)
            let results = try #require((answer.json as? [String: Any])?["results"] as? [[String: Any]])
            for result in results {
                for cell in result["cells"] as! [[String: Any]] {
                    let key = [
                        matchCase["id"] as! String, result["tokenizer"] as! String, result["engine"] as! String,
                        cell["queryKind"] as! String, cell["documentForm"] as! String, cell["queryForm"] as! String,
                    ]
                    Self.expectCell(cell, matches: expected[key], key: key)
                    compared += 1
                }
            }
        }
        #expect(compared == expected.count)
    }

    /// `locale`: the tokens are those of `tokens --locale`, each stage's under it too; the
    /// verdicts are the matrix's on the default fixtures' locale cases; an engine without
    /// locales answers why, per pair.
    @Test func aLocaleReachesTokensAndVerdicts() throws {
        let server = try Self.shared.get()
        let text = "IĞDIR INFO İSTANBUL"
        let answer = try server.get(
            "api/tokens", [("text", text), ("tokenizer", "synonyms icu"), ("locale", "tr")])
        #expect(answer.status == 200)
        #expect((answer.json as? [String: Any])?["locale"] as? String == "tr")
        let results = try #require((answer.json as? [String: Any])?["results"] as? [[String: Any]])
        let system = try #require(results.first { $0["engine"] as? String == "system" })
        #expect((system["unsupported"] as? String)?.contains("needs SQLite 3.47") == true)
        let bundled = try #require(results.first { $0["engine"] as? String == "bundled" })
        let onBundledInTurkish = ["--engine", "bundled", "--locale", "tr"]
        let expected = try Self.cliTokens(
            text, tokenizer: "synonyms icu", mode: "document", arguments: onBundledInTurkish)["bundled"]
        #expect(Self.apiTokens(bundled) == expected)
        #expect(expected?.map { $0[0] } == ["ığdır", "ınfo", "istanbul"])
        // The base stage (icu) is under the locale too: what `tokens --locale tr` prints for it.
        let stages = try #require(bundled["stages"] as? [[String: Any]])
        #expect(
            stages.first.map(Self.apiTokens)
                == (try Self.cliTokens(text, tokenizer: "icu", mode: "document", arguments: onBundledInTurkish)[
                    "bundled"]))

        // Verdicts: the locale cases whose texts share one locale, against `matrix --category locale`.
        let cases = try #require(server.get("api/cases").json as? [[String: Any]])
        let rows = try Self.matrixRecords([
            "matrix", "--category", "locale", "--tokenizer", "icu", "--engine", "bundled",
        ]).filter {
            !$0["locale"]!.isEmpty && !$0["locale"]!.contains("/")
        }
        let shared = Set(rows.map { $0["case"]! })
        let localeCases = cases.filter { shared.contains($0["id"] as! String) }
        #expect(localeCases.count >= 5)
        var expectedVerdicts: [[String]: String] = [:]
        for row in rows {
            let key = ["case", "query_kind", "document_form", "query_form"].map { row[$0]! }
            expectedVerdicts[key] = row["matched"]!
        }
        var compared = 0
        for matchCase in localeCases {
            let answer = try server.get(
                "api/match",
                [
                    ("document", matchCase["document"] as! String), ("query", matchCase["query"] as! String),
                    ("locale", matchCase["locale"] as! String), ("tokenizer", "icu"), ("engine", "bundled"),
                ])
            #expect(answer.status == 200)
            let result = try #require(((answer.json as? [String: Any])?["results"] as? [[String: Any]])?.first)
            for cell in result["cells"] as! [[String: Any]] {
                let key = [
                    matchCase["id"] as! String, cell["queryKind"] as! String, cell["documentForm"] as! String,
                    cell["queryForm"] as! String,
                ]
                Self.expectCell(cell, matches: expectedVerdicts[key], key: key)
                compared += 1
            }
        }
        #expect(compared == expectedVerdicts.count)
        // A NUL in the locale is refused, naming the parameter.
        let refused = try server.get("api/tokens", [("text", "x"), ("locale", "a\u{0}b")])
        #expect(refused.status == 400)
        #expect(((refused.json as? [String: Any])?["error"] as? String)?.hasPrefix("parameter 'locale'") == true)
    }

    static let oversized = String(repeating: "a", count: 64 * 1024 + 1)

    @Test(arguments: [
        // A spec FTS5 rejects: 400 with the constructor's reason.
        ("/api/tokens?text=x&tokenizer=unicode61%20remove_diacritics%209", 400, "remove_diacritics"),
        ("/api/tokens?text=x&tokenizer=nosuch", 400, "no such tokenizer"),
        // Parameters: missing, unknown, repeated, malformed.
        ("/api/tokens?tokenizer=unicode61", 400, "parameter 'text' is missing"),
        ("/api/tokens?text=x&tokeniser=unicode61", 400, "unknown parameter 'tokeniser'"),
        ("/api/tokens?text=x&text=y", 400, "given 2 times"),
        ("/api/tokens?text=x&mode=index", 400, "'index' is not one of"),
        ("/api/tokens?text=%FF%FE", 400, "not valid UTF-8"),
        ("/api/tokens?text=%G1", 400, "two hex digits"),
        ("/api/match?document=x", 400, "parameter 'query' is missing"),
        // A request can name no library path, only the command line's engines.
        ("/api/tokens?text=x&engine=/usr/lib/x86_64-linux-gnu/libsqlite3.so.0", 400, "not an engine of this server"),
        ("/api/tokens?text=x&tokenizer=unicode61&engine=system&engine=nope", 400, "not an engine of this server"),
        // A request cannot make the server read a file or load a dictionary, however quoted.
        ("/api/tokens?text=x&tokenizer=synonyms%20file%20%27/etc/passwd%27", 400, "only the command line"),
        ("/api/tokens?text=x&tokenizer=synonyms%20stopwords%20%22file%22%20/etc/hosts", 400, "option 'file'"),
        ("/api/match?document=x&query=x&tokenizer=japanese%20dicdir%20/tmp", 400, "option 'dicdir'"),
        // Bounds: 21 pairs; a field over 64 KiB; 20 KB of text on 20 pairs.
        (
            "/api/tokens?text=x" + (1...11).map { "&tokenizer=u\($0)=unicode61" }.joined(), 413,
            "at most 20 per request"
        ),
        ("/api/tokens?text=OVERSIZED", 413, "longer than 65536 bytes"),
        ("/api/tokens?text=WORK" + (1...10).map { "&tokenizer=u\($0)=unicode61" }.joined(), 413, "bytes of work"),
        // Paths outside the page and the API, however spelt.
        ("/nope", 404, "no such page or API"),
        ("/../Package.swift", 404, "no such page or API"),
        ("/api/tokens/../../../etc/passwd", 404, "no such page or API"),
        ("/%2e%2e/%2e%2e/etc/passwd", 404, "no such page or API"),
    ])
    func refusalsAreJSONWithTheirStatus(target: String, status: Int, message: String) throws {
        let server = try Self.shared.get()
        // The 64 KiB text is made here: as an argument, it would fill the test log.
        let expanded = target.replacingOccurrences(of: "OVERSIZED", with: Self.oversized)
            .replacingOccurrences(of: "WORK", with: String(repeating: "a", count: 20_000))
        let request = "GET \(expanded) HTTP/1.1\r\nHost: localhost\r\nConnection: close\r\n\r\n"
        let answer = try server.raw(Data(request.utf8))
        #expect(answer.status == status, "\(target.prefix(120)): \(answer.body.prefix(300))")
        let error = (try? JSONSerialization.jsonObject(with: Data(answer.body.utf8)) as? [String: Any])?["error"]
        #expect((error as? String)?.contains(message) == true, "\(target.prefix(120)): \(answer.body.prefix(300))")
    }

    @Test func methodsBodiesAndHostsAreRefused() throws {
        let server = try Self.shared.get()
        let post = try server.raw(
            Data("POST /api/tokens HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Length: 2\r\n\r\n{}".utf8))
        #expect(post.status == 405)
        #expect(post.body.contains("method POST is not allowed"))
        let delete = try server.raw(Data("DELETE / HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n".utf8))
        #expect(delete.status == 405)
        // A body over 64 KiB is read and refused; one over the request bound is cut off.
        for size in [100_000, 2_000_000] {
            let head = "GET /api/setup HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Length: \(size)\r\n\r\n"
            let body = try server.raw(Data(head.utf8) + Data(repeating: 0x61, count: size))
            #expect(body.status == 413, "\(size)")
        }
        let head = try server.raw(Data("HEAD / HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n\r\n".utf8))
        #expect(head.status == 200)
        // A page elsewhere whose name resolves to 127.0.0.1 sends its own name as the Host.
        for (host, status) in [("evil.example", 403), ("localhost:9", 200), ("[::1]:80", 200), ("127.0.0.1", 200)] {
            let answer = try server.raw(Data("GET /api/setup HTTP/1.1\r\nHost: \(host)\r\n\r\n".utf8))
            #expect(answer.status == status, "\(host)")
        }
    }

    @Test func aLargeAnswerArrivesWholeWhenTheClientAsksToClose() throws {
        let server = try Self.shared.get()
        let text = String(repeating: "ab", count: 20_000)
        let request =
            "GET /api/tokens?text=\(text)&tokenizer=trigram&engine=system HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n\r\n"
        for halfClose in [false, true] {
            let answer = try HTTP.response(
                to: Data(request.utf8), host: server.url.host!, port: server.url.port!, halfClose: halfClose)
            #expect(answer.status == 200)
            let length = answer.headers.first { $0.lowercased().hasPrefix("content-length:") }
                .flatMap { Int($0.split(separator: ":")[1].trimmingCharacters(in: .whitespaces)) }
            #expect(length == answer.body.count && answer.body.count > 1_000_000, "\(answer.body.count)")
        }
    }

    @Test func concurrentRequestsAreAllAnswered() throws {
        let server = try Self.shared.get()
        let requests: [[(String, String)]] = [
            [("text", "Herr Großmann"), ("tokenizer", "nfkc")],
            [("text", "東京都に住んでいます"), ("tokenizer", "japanese"), ("tokenizer", "icu")],
            [("text", "the first grey colour"), ("tokenizer", "synonyms"), ("mode", "query")],
        ]
        let expected = try requests.map { try server.get("api/tokens", $0).json as? [String: Any] }
        // 40 threads of their own, each a client sending 6 requests one after another: more
        // clients than workbenches, so requests wait in the pool.
        let answers = Answers(count: 240)
        let done = DispatchGroup()
        for client in 0..<40 {
            done.enter()
            let thread = Thread {
                for round in 0..<6 {
                    let index = client * 6 + round
                    let answer = try? server.get("api/tokens", requests[index % requests.count])
                    answers.store(index, answer.map { ($0.status, $0.json as? [String: Any]) })
                }
                done.leave()
            }
            thread.start()
        }
        done.wait()
        for (index, answer) in answers.values.enumerated() {
            #expect(answer?.0 == 200, "request \(index)")
            #expect(
                (answer?.1).map { NSDictionary(dictionary: $0) }
                    == expected[index % requests.count].map {
                        NSDictionary(dictionary: $0)
                    }, "request \(index)")
        }
        #expect(server.isRunning)
    }

    /// A second server on the first one's port: one line that says the port is in use and how
    /// to choose another, exit 2 (SwiftNIO's own words were `bind(descriptor:ptr:bytes:): …`).
    @Test func aPortInUseIsOneLineNamingPort() throws {
        let server = try Self.shared.get()
        let port = try #require(server.url.port)
        let run = try CLITests.run(["serve", "--port", String(port)])
        #expect(run.status == 2)
        #expect(
            run.stderr
                == "tokenbench: error: --port '127.0.0.1:\(port)': cannot listen there: the port is in use (another program listens on it); choose another --port, or --port 0 for a free one\n",
            "\(run.stderr)")
    }

    @Test func garbageDoesNotStopTheServer() throws {
        let server = try Self.shared.get()
        var generator = SystemRandomNumberGenerator()
        var garbage: [Data] = [
            Data("\r\n\r\n".utf8),
            Data("GET\r\n\r\n".utf8),
            Data("GET /api/tokens?text=".utf8) + [0xFF, 0xFE] + Data(" HTTP/1.1\r\nConnection: close\r\n\r\n".utf8),
            Data("GET /api/tokens?text=%\u{0} HTTP/1.1\r\n\r\n".utf8),
            Data(
                "GET / HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Huge: \(String(repeating: "h", count: 2_000_000))\r\n\r\n".utf8),
            Data("GET / HTTP/1.1\r\nContent-Length: -5\r\n\r\n".utf8),
            Data("GET / HTTP/1.1\r\nTransfer-Encoding: chunked\r\n\r\nzz\r\n".utf8),
        ]
        for length in [1, 10, 100, 10_000, 100_000] {
            garbage.append(Data((0..<length).map { _ in UInt8.random(in: 0...255, using: &generator) }))
        }
        for bytes in garbage {
            let answer = try server.raw(bytes)
            // Not HTTP at all: the connection is closed; HTTP that is bad: a 4xx.
            #expect(answer.status == 0 || (400..<500).contains(answer.status), "\(answer)")
        }
        #expect(server.isRunning)
        #expect(try server.get("api/setup").status == 200)
    }
}

/// Answers stored by concurrent clients, by request index.
private final class Answers: @unchecked Sendable {
    private let lock = NSLock()
    private var stored: [(Int, [String: Any]?)?]
    init(count: Int) { stored = Array(repeating: nil, count: count) }
    func store(_ index: Int, _ answer: (Int, [String: Any]?)?) { lock.withLock { stored[index] = answer } }
    var values: [(Int, [String: Any]?)?] { lock.withLock { stored } }
}
