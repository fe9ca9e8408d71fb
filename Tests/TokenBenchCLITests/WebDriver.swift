import Foundation
import Testing

#if canImport(Glibc)
    import Glibc
#endif

/// A headless Chromium driven over the W3C WebDriver protocol (plain HTTP and JSON) through
/// Debian's `chromedriver`: the tests type, click and read pages as a person would.
final class WebDriver {
    /// Why the browser tests cannot run here, or nil when they can.
    static var unavailableReason: String? {
        if !FileManager.default.isExecutableFile(atPath: "/usr/bin/chromium") {
            return "chromium is not installed (apt-get install chromium)"
        }
        if !FileManager.default.isExecutableFile(atPath: "/usr/bin/chromedriver") {
            return "chromedriver is not installed (apt-get install chromium-driver)"
        }
        return nil
    }

    /// `.ci/run` sets TOKENBENCH_REQUIRE_CHROMIUM=1: a missing browser fails there instead of skipping.
    static var required: Bool { ProcessInfo.processInfo.environment["TOKENBENCH_REQUIRE_CHROMIUM"] == "1" }

    /// What a browser suite carries: it runs where the browser is (or is required, and then
    /// fails without it), and is skipped with the reason elsewhere.
    static var availableOrRequired: ConditionTrait {
        .enabled(
            if: unavailableReason == nil || required,
            Comment(rawValue: unavailableReason ?? "the browser is available"))
    }

    struct Failure: Error, CustomStringConvertible {
        var description: String
    }

    private let driver: Process
    private let base: URL
    private let session: String
    private let profile: URL

    /// Starts chromedriver on a free port and opens a headless Chromium session.
    init(width: Int = 1600, height: Int = 1300) throws {
        profile = FileManager.default.temporaryDirectory.appendingPathComponent("tokenbench-chromium-\(UUID())")
        let port = Int.random(in: 20_000..<40_000)
        driver = Process()
        driver.executableURL = URL(fileURLWithPath: "/usr/bin/chromedriver")
        driver.arguments = ["--port=\(port)", "--allowed-ips=127.0.0.1"]
        driver.standardOutput = FileHandle.nullDevice
        driver.standardError = FileHandle.nullDevice
        try driver.run()
        base = URL(string: "http://127.0.0.1:\(port)")!
        var lastError: (any Error)? = nil
        for _ in 0..<100 {
            Thread.sleep(forTimeInterval: 0.05)
            do {
                _ = try Self.request("GET", base.appendingPathComponent("status"), nil)
                lastError = nil
                break
            } catch {
                lastError = error
            }
        }
        if let lastError {
            kill(driver.processIdentifier, SIGKILL)
            driver.waitUntilExit()
            throw Failure(description: "chromedriver did not answer on port \(port): \(lastError)")
        }
        let capabilities: [String: Any] = [
            "capabilities": [
                "alwaysMatch": [
                    "browserName": "chrome",
                    "goog:chromeOptions": [
                        "binary": "/usr/bin/chromium",
                        // --no-sandbox: CI runs as root in a container, where the sandbox cannot start.
                        "args": [
                            "--headless=new", "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage",
                            "--window-size=\(width),\(height)", "--user-data-dir=\(profile.path)",
                        ],
                    ],
                ]
            ]
        ]
        do {
            let value = try Self.request("POST", base.appendingPathComponent("session"), capabilities)
            guard let id = (value as? [String: Any])?["sessionId"] as? String else {
                throw Failure(description: "chromedriver gave no session: \(String(describing: value))")
            }
            session = id
        } catch {
            kill(driver.processIdentifier, SIGKILL)
            driver.waitUntilExit()
            throw error
        }
    }

    deinit {
        _ = try? Self.request("DELETE", base.appendingPathComponent("session/\(session)"), nil)
        // chromedriver ignores SIGTERM here: it is told to stop, then killed.
        _ = try? HTTP.exchange(method: "GET", url: base.appendingPathComponent("shutdown"), body: Data())
        kill(driver.processIdentifier, SIGKILL)
        driver.waitUntilExit()
        try? FileManager.default.removeItem(at: profile)
    }

    func open(_ url: URL) throws {
        _ = try command("POST", "url", ["url": url.absoluteString])
    }

    /// Runs `script` (a function body) in the page with `arguments` and returns its value.
    @discardableResult
    func execute(_ script: String, _ arguments: [Any] = []) throws -> Any? {
        try command("POST", "execute/sync", ["script": script, "args": arguments])
    }

    /// Waits until `condition` (a JavaScript expression) is true in the page.
    func wait(until condition: String, seconds: Double = 20) throws {
        let deadline = Date().addingTimeInterval(seconds)
        while Date() < deadline {
            if try execute("return Boolean(\(condition));") as? Bool == true { return }
            Thread.sleep(forTimeInterval: 0.05)
        }
        throw Failure(description: "timed out waiting for \(condition)")
    }

    /// The element `selector` finds, as WebDriver's reference to it.
    func element(_ selector: String) throws -> String {
        let value = try command("POST", "element", ["using": "css selector", "value": selector])
        guard let reference = (value as? [String: Any])?.values.first as? String else {
            throw Failure(description: "no element \(selector)")
        }
        return reference
    }

    /// Clicks the element `selector` finds, as a user would (WebDriver's element click).
    func click(_ selector: String) throws {
        _ = try command("POST", "element/\(try element(selector))/click", [:])
    }

    /// Types `text` into the element `selector` finds, key by key.
    func type(_ text: String, into selector: String) throws {
        _ = try command("POST", "element/\(try element(selector))/value", ["text": text])
    }

    /// Empties the text field `selector` finds (WebDriver's element clear).
    func clear(_ selector: String) throws {
        _ = try command("POST", "element/\(try element(selector))/clear", [:])
    }

    /// Sends `key` (a WebDriver key code such as "\u{E007}", Enter) to the focused element.
    func press(_ key: String) throws {
        _ = try command(
            "POST", "actions",
            [
                "actions": [
                    [
                        "type": "key", "id": "keyboard",
                        "actions": [["type": "keyDown", "value": key], ["type": "keyUp", "value": key]],
                    ]
                ]
            ])
    }

    /// A screenshot of the viewport, as PNG.
    func screenshot() throws -> Data {
        guard let base64 = try command("GET", "screenshot", nil) as? String, let data = Data(base64Encoded: base64)
        else { throw Failure(description: "no screenshot") }
        return data
    }

    private func command(_ method: String, _ path: String, _ body: [String: Any]?) throws -> Any? {
        try Self.request(method, base.appendingPathComponent("session/\(session)/\(path)"), body)
    }

    /// One WebDriver call: its `value`, or its error as a thrown `Failure`.
    private static func request(_ method: String, _ url: URL, _ body: [String: Any]?) throws -> Any? {
        let payload = try body.map { try JSONSerialization.data(withJSONObject: $0) } ?? Data()
        let data = try HTTP.exchange(method: method, url: url, body: payload)
        guard let object = try JSONSerialization.jsonObject(with: data) as? [String: Any] else {
            throw Failure(description: "\(method) \(url.path): no JSON answer")
        }
        let value = object["value"]
        if let error = (value as? [String: Any])?["error"] as? String {
            throw Failure(
                description: "\(method) \(url.path): \(error): \((value as? [String: Any])?["message"] ?? "")")
        }
        return value
    }
}

/// A minimal HTTP/1.1 client over a TCP socket, for a server on this machine: one request per
/// connection (`Connection: close`), the body read to the end. (Foundation's URLSession on Linux
/// fails on chromedriver's answers with "Failed writing header".)
enum HTTP {
    struct Failure: Error, CustomStringConvertible {
        var description: String
    }

    /// Sends one request and returns the response body, whatever its status (WebDriver reports
    /// its errors in the body).
    static func exchange(method: String, url: URL, body: Data, headers: [String: String] = [:]) throws -> Data {
        try response(method: method, url: url, body: body, headers: headers).body
    }

    /// Sends one request and returns the status code, the header lines and the body.
    static func response(method: String, url: URL, body: Data, headers: [String: String] = [:]) throws -> (
        status: Int, headers: [String], body: Data
    ) {
        guard let host = url.host, let port = url.port else { throw Failure(description: "no host or port in \(url)") }
        var target = url.path.isEmpty ? "/" : url.path
        if let query = url.query(percentEncoded: true) { target += "?" + query }
        var head = "\(method) \(target) HTTP/1.1\r\nHost: \(host):\(port)\r\nConnection: close\r\n"
        head += "Content-Length: \(body.count)\r\n"
        if !body.isEmpty && headers["Content-Type"] == nil { head += "Content-Type: application/json\r\n" }
        for (name, value) in headers { head += "\(name): \(value)\r\n" }
        return try response(to: Data((head + "\r\n").utf8) + body, host: host, port: port)
    }

    /// Sends `request`, bytes exactly as given, and returns the status code (0 when the server
    /// closed the connection without an answer), the header lines and the body. With
    /// `halfClose`, the client then says it will send nothing more, so that a server waiting for
    /// the rest of a request cut short sees the end at once.
    static func response(to request: Data, host: String, port: Int, halfClose: Bool = false) throws -> (
        status: Int, headers: [String], body: Data
    ) {
        let socket = Glibc.socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        guard socket >= 0 else { throw Failure(description: "socket: errno \(errno)") }
        defer { close(socket) }
        // A server that stops answering fails the request after a minute instead of hanging the tests.
        var timeout = timeval(tv_sec: 60, tv_usec: 0)
        setsockopt(socket, SOL_SOCKET, SO_RCVTIMEO, &timeout, socklen_t(MemoryLayout<timeval>.size))
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = in_port_t(UInt16(port).bigEndian)
        guard inet_pton(AF_INET, host, &address.sin_addr) == 1 else {
            throw Failure(description: "not an IPv4 address: \(host)")
        }
        let connected = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                connect(socket, $0, socklen_t(MemoryLayout<sockaddr_in>.size))
            }
        }
        guard connected == 0 else { throw Failure(description: "connect to \(host):\(port): errno \(errno)") }
        try request.withUnsafeBytes { buffer in
            var sent = 0
            while sent < buffer.count {
                let count = send(socket, buffer.baseAddress! + sent, buffer.count - sent, Int32(MSG_NOSIGNAL))
                // A server that refuses a request before its end may close or reset the
                // connection while it is being sent: its answer, if any, is read below.
                if count <= 0 && (errno == EPIPE || errno == ECONNRESET) { break }
                guard count > 0 else { throw Failure(description: "send: errno \(errno)") }
                sent += count
            }
        }
        if halfClose { shutdown(socket, Int32(SHUT_WR)) }
        // Read the head, then the body to its Content-Length (chromedriver may keep the
        // connection open whatever the request says), or to the end of the stream.
        var received = Data()
        var chunk = [UInt8](repeating: 0, count: 65_536)
        var headEnd: Range<Data.Index>?
        var expected: Int?
        while true {
            if headEnd == nil, let split = received.range(of: Data("\r\n\r\n".utf8)) {
                headEnd = split
                let head = String(decoding: received[..<split.lowerBound], as: UTF8.self).lowercased()
                expected = head.components(separatedBy: "\r\n").first { $0.hasPrefix("content-length:") }
                    .flatMap { Int($0.dropFirst("content-length:".count).trimmingCharacters(in: .whitespaces)) }
            }
            if let headEnd, let expected, received.count - headEnd.upperBound >= expected { break }
            let count = recv(socket, &chunk, chunk.count, 0)
            if count < 0 {
                // A server may reset a connection it refuses; what arrived before stands.
                if errno == ECONNRESET { break }
                throw Failure(description: "recv: errno \(errno)")
            }
            if count == 0 { break }
            received.append(contentsOf: chunk[0..<count])
        }
        guard let split = headEnd ?? received.range(of: Data("\r\n\r\n".utf8)) else {
            if received.isEmpty { return (0, [], Data()) }
            throw Failure(description: "no HTTP answer from \(host):\(port)")
        }
        let lines = String(decoding: received[..<split.lowerBound], as: UTF8.self).components(separatedBy: "\r\n")
        let status = lines.first.flatMap { Int($0.split(separator: " ").dropFirst().first ?? "") } ?? 0
        var payload = Data(received[split.upperBound...])
        if lines.contains(where: { $0.lowercased() == "transfer-encoding: chunked" }) {
            payload = dechunked(payload)
        }
        return (status, Array(lines.dropFirst()), payload)
    }

    /// A chunked body's bytes.
    private static func dechunked(_ data: Data) -> Data {
        var result = Data()
        var rest = data[...]
        while let lineEnd = rest.range(of: Data("\r\n".utf8)) {
            let size = Int(String(decoding: rest[..<lineEnd.lowerBound], as: UTF8.self), radix: 16) ?? 0
            if size == 0 { break }
            let start = lineEnd.upperBound
            result.append(rest[start..<min(start + size, rest.endIndex)])
            rest = rest[min(start + size + 2, rest.endIndex)...]
        }
        return result
    }
}
