import Foundation
import GRDB
import Testing
import TokenBenchTokenizers

/// `tokenbench_pattern` in `libTokenBenchFTS5.so`, loaded by clients no one here wrote: Debian's
/// `/usr/bin/python3` (its sqlite3 module: `enable_load_extension`, `load_extension`) and the
/// sqlite3 shell (`.load`), both on the system's SQLite. For every tokenizer, text and kind, each
/// returns exactly the pattern of the Swift API, `Database.makeFTS5Pattern`, on GRDB's connection
/// to the same SQLite; and a TEXT that is not UTF-8 is each client's SQL error.
///
/// The library is a product of its own, which `swift test` does not build: `swift build --product
/// TokenBenchFTS5` first. Without it these tests skip and say so (with
/// TOKENBENCH_REQUIRE_EXTENSION=1, as `.ci/run` sets, they fail instead).
struct PatternFunctionClientTests {
    /// `libTokenBenchFTS5.so` of this build: beside the test bundle, else in `.build/debug`.
    static var library: URL {
        let buildDirectory = Bundle.main.bundleURL.deletingLastPathComponent()
        for candidate in [Bundle.main.bundleURL, buildDirectory] {
            let url = candidate.appendingPathComponent("libTokenBenchFTS5.so")
            if FileManager.default.fileExists(atPath: url.path) { return url }
        }
        return URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent(".build/debug/libTokenBenchFTS5.so")
    }
    static var libraryBuilt: Bool { FileManager.default.fileExists(atPath: library.path) }
    /// Under AddressSanitizer the library is instrumented too, and an uninstrumented sqlite3 or
    /// python3 cannot load it: skipped there.
    static var underAddressSanitizer: Bool { dlsym(UnsafeMutableRawPointer(bitPattern: 0), "__asan_init") != nil }
    static var libraryRequired: Bool { ProcessInfo.processInfo.environment["TOKENBENCH_REQUIRE_EXTENSION"] == "1" }

    /// Each tokenizer as SQL spells it, with its words for the Swift API.
    static let tokenizers: [(spec: String, components: [String])] = [
        ("unicode61", ["unicode61"]), // FTS5's default
        ("icu", ["icu"]), // ICU's words: don't and 3.14 whole
        ("trigram", ["trigram"]), // overlapping tokens
        ("cjk", ["cjk"]), // shipped: CJK bigrams
        ("unicode61 remove_diacritics 0", ["unicode61", "remove_diacritics", "0"]), // arguments
        ("porter unicode61", ["porter", "unicode61"]), // a wrapper and its BASE
        ("japanese", ["japanese"]), // MeCab's morphemes
        ("snowball english", ["snowball", "english"]), // a shipped wrapper with an argument
    ]

    static let texts = [
        "don't know", // the apostrophe
        "grey cat", // two words
        "Crème brûlée", // diacritics
        "3.14 or so", // a decimal
        "北京 天安门", // Chinese
        "東京タワーに行きました", // Japanese without spaces
        "AND OR NOT", // FTS5's operators
        #"say "hi" ab"cd"#, // quotes
        "running faster", // stems
        "  -  ", // no token: NULL
    ]

    /// What the Swift API returns for every tokenizer × text × kind, in that order (nil for no
    /// pattern), on GRDB's connection to the system SQLite.
    static func swiftPatterns() throws -> [String?] {
        let queue = try DatabaseQueue()
        return try queue.read { db in
            try db.addTokenBenchTokenizers()
            var patterns: [String?] = []
            for tokenizer in tokenizers {
                for text in texts {
                    for kind in TypedQueryKind.allCases {
                        patterns.append(
                            try db.makeFTS5Pattern(
                                typed: text, kind: kind,
                                tokenizer: FTS5TokenizerDescriptor(components: tokenizer.components)
                            )?.rawPattern)
                    }
                }
            }
            return patterns
        }
    }

    @Test(
        .enabled(
            if: (libraryBuilt || libraryRequired) && !underAddressSanitizer,
            "libTokenBenchFTS5.so is not built (run 'swift build --product TokenBenchFTS5' first), or this is an AddressSanitizer build"
        ))
    func debiansPythonGivesTheSwiftAPIsPatterns() throws {
        #expect(Self.libraryBuilt, "no \(Self.library.path)")
        // One JSON document: every pattern in order (null for NULL), then the error of a TEXT
        // that is not UTF-8 (a blob cast to text).
        let script = """
            import json, sqlite3, sys
            db = sqlite3.connect(":memory:")
            db.enable_load_extension(True)
            db.load_extension(sys.argv[1])
            db.enable_load_extension(False)
            calls = json.loads(sys.stdin.readline())
            patterns = [db.execute("SELECT tokenbench_pattern(?, ?, ?)", call).fetchone()[0] for call in calls]
            try:
                db.execute("SELECT tokenbench_pattern('icu', CAST(? AS TEXT), 'all')", (b"ab\\xffc",)).fetchone()
                error = None
            except sqlite3.Error as failure:
                error = str(failure)
            print(json.dumps({"patterns": patterns, "error": error}))

            """
        let (status, output, errors) = try Self.run(
            "/usr/bin/python3", ["-c", script, Self.library.path], input: try Self.callsJSON())
        #expect(status == 0, "\(errors)")
        let answer = try #require(
            try JSONSerialization.jsonObject(with: Data(output.utf8)) as? [String: Any], "\(output) \(errors)")
        let patterns = try #require(answer["patterns"] as? [Any]).map { $0 as? String }
        let expected = try Self.swiftPatterns()
        #expect(patterns.count == expected.count)
        for (index, (got, want)) in zip(patterns, expected).enumerated() where got != want {
            Issue.record("\(Self.call(at: index)): python3 \(got ?? "NULL"), Swift \(want ?? "NULL")")
        }
        #expect(expected.contains { $0 != nil } && expected.contains { $0 == nil })
        #expect(answer["error"] as? String == "tokenbench_pattern: TEXT is not UTF-8 at byte 2")
    }

    @Test(
        .enabled(
            if: (libraryBuilt || libraryRequired) && !underAddressSanitizer,
            "libTokenBenchFTS5.so is not built (run 'swift build --product TokenBenchFTS5' first), or this is an AddressSanitizer build"
        ))
    func theSQLite3ShellGivesTheSwiftAPIsPatterns() throws {
        #expect(Self.libraryBuilt, "no \(Self.library.path)")
        // One line per call: the pattern's UTF-8 bytes in hex (a pattern may hold any
        // character), or NULL.
        var script = ".load \(Self.library.path)\n"
        for tokenizer in Self.tokenizers {
            for text in Self.texts {
                for kind in TypedQueryKind.allCases {
                    // hex(NULL) is '': NULL is spelt out.
                    script +=
                        "SELECT CASE WHEN p IS NULL THEN 'NULL' ELSE hex(p) END FROM (SELECT tokenbench_pattern(\(Self.literal(tokenizer.spec)), \(Self.literal(text)), '\(kind.rawValue)') AS p);\n"
                }
            }
        }
        let (status, output, errors) = try Self.run("/usr/bin/env", ["sqlite3", "-bail", ":memory:"], input: script)
        #expect(status == 0, "\(errors)")
        let patterns = output.split(separator: "\n").map { line -> String? in
            line == "NULL" ? nil : String(decoding: Self.bytes(fromHex: line), as: UTF8.self)
        }
        let expected = try Self.swiftPatterns()
        #expect(patterns.count == expected.count, "\(errors)")
        for (index, (got, want)) in zip(patterns, expected).enumerated() where got != want {
            Issue.record("\(Self.call(at: index)): sqlite3 \(got ?? "NULL"), Swift \(want ?? "NULL")")
        }
        // A TEXT that is not UTF-8: the shell reports the function's error.
        let failed = try Self.run(
            "/usr/bin/env", ["sqlite3", ":memory:"],
            input: ".load \(Self.library.path)\nSELECT tokenbench_pattern('icu', CAST(X'6162FF63' AS TEXT), 'all');\n")
        #expect(failed.errors.contains("tokenbench_pattern: TEXT is not UTF-8 at byte 2"), "\(failed.errors)")
    }

    /// The calls, as a JSON array of [TOKENIZE, TEXT, KIND], in `swiftPatterns()`'s order.
    static func callsJSON() throws -> String {
        let calls = tokenizers.flatMap { tokenizer in
            texts.flatMap { text in TypedQueryKind.allCases.map { [tokenizer.spec, text, $0.rawValue] } }
        }
        return String(decoding: try JSONSerialization.data(withJSONObject: calls), as: UTF8.self) + "\n"
    }

    /// The call at `index` of `swiftPatterns()`, for a message.
    static func call(at index: Int) -> String {
        let kinds = TypedQueryKind.allCases
        let tokenizer = tokenizers[index / (texts.count * kinds.count)].spec
        let text = texts[index / kinds.count % texts.count]
        return "tokenbench_pattern('\(tokenizer)', \(text.debugDescription), '\(kinds[index % kinds.count])')"
    }

    static func literal(_ text: String) -> String { "'" + text.replacing("'", with: "''") + "'" }

    static func bytes(fromHex hex: Substring) -> [UInt8] {
        var bytes: [UInt8] = []
        var index = hex.startIndex
        while index < hex.endIndex, let next = hex.index(index, offsetBy: 2, limitedBy: hex.endIndex) {
            bytes.append(UInt8(hex[index..<next], radix: 16) ?? 0)
            index = next
        }
        return bytes
    }

    /// Runs `executable` with `arguments`, `input` on its standard input; its status, output and
    /// errors.
    static func run(_ executable: String, _ arguments: [String], input: String) throws -> (
        status: Int32, output: String, errors: String
    ) {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: executable)
        process.arguments = arguments
        let (stdin, stdout, stderr) = (Pipe(), Pipe(), Pipe())
        process.standardInput = stdin
        process.standardOutput = stdout
        process.standardError = stderr
        try process.run()
        stdin.fileHandleForWriting.write(Data(input.utf8))
        try stdin.fileHandleForWriting.close()
        let output = String(decoding: stdout.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        let errors = String(decoding: stderr.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        return (process.terminationStatus, output, errors)
    }
}
