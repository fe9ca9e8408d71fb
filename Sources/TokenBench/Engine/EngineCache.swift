import Foundation
import TokenBenchEngines

/// SQLite engines built from amalgamations, so that the bench runs on the SQLite versions apps
/// deploy (iOS 17's 3.43.2, Ubuntu 24.04's 3.45.1…), each in a folder of its own:
/// `DIRECTORY/NAME/libsqlite3.so`, with `build.txt` saying what made it. `--engine NAME` finds
/// them in the default directory.
///
/// The compiler runs through Foundation's `Process`, already in every build of the bench:
/// swift-subprocess would add a package to build for one synchronous call.
public struct EngineCache: Sendable {
    /// The folder that holds one folder per built engine.
    public let directory: URL

    public init(directory: URL) {
        self.directory = directory
    }

    /// `$TOKENBENCH_CACHE_DIR/engines`, else `$XDG_CACHE_HOME/tokenbench/engines`, else
    /// `~/.cache/tokenbench/engines`. Workers inherit the environment, so they find the same.
    public static var defaultDirectory: URL {
        let environment = ProcessInfo.processInfo.environment
        if let own = environment["TOKENBENCH_CACHE_DIR"], !own.isEmpty {
            return URL(fileURLWithPath: own).appendingPathComponent("engines")
        }
        let cache =
            environment["XDG_CACHE_HOME"].flatMap { $0.hasPrefix("/") ? URL(fileURLWithPath: $0) : nil }
            ?? FileManager.default.homeDirectoryForCurrentUser.appendingPathComponent(".cache")
        return cache.appendingPathComponent("tokenbench/engines")
    }

    /// The flags every engine is compiled with, beyond the compiler's own defaults: FTS5;
    /// dbstat, through which the bench measures an index's bytes; and `-Wl,-Bsymbolic`, so
    /// that the library's calls to its own exported functions reach its own code even where
    /// RTLD_DEEPBIND is refused (under AddressSanitizer).
    public static let compileFlags = [
        "-O2", "-fPIC", "-shared", "-Wl,-Bsymbolic", "-DSQLITE_ENABLE_FTS5", "-DSQLITE_ENABLE_DBSTAT_VTAB",
        "-DSQLITE_THREADSAFE=1",
    ]

    /// The library file of a built engine.
    static let libraryFile = "libsqlite3.so"

    /// The library of the engine built as `name`, nil when there is none.
    public func library(named name: String) -> String? {
        let path = directory.appendingPathComponent(name).appendingPathComponent(Self.libraryFile).path
        return FileManager.default.fileExists(atPath: path) ? path : nil
    }

    /// The names of the built engines, oldest SQLite version first.
    public func names() -> [String] {
        let folders = (try? FileManager.default.contentsOfDirectory(atPath: directory.path)) ?? []
        return folders.filter { !$0.hasPrefix(".") && library(named: $0) != nil }.sorted {
            $0.versionOrder.lexicographicallyPrecedes($1.versionOrder)
                || ($0.versionOrder == $1.versionOrder && $0 < $1)
        }
    }

    /// A built engine: its name, the SQLite release its amalgamation says it is, and its library.
    public struct BuiltEngine: Sendable {
        public var name: String
        public var version: String
        public var library: String
        /// The folder held an engine of this name before, and now holds this one.
        public var replaced: Bool
    }

    /// Compiles the amalgamation `source` (a `sqlite3.c`, a folder holding one, or the zip or
    /// tar.gz sqlite.org ships) into `directory/NAME/libsqlite3.so` with the system's C
    /// compiler (`$CC`, else `cc`; `$CFLAGS` after `compileFlags`), then loads it and checks that FTS5 is there and that
    /// `sqlite_version()` is the release the amalgamation names. `name` defaults to that
    /// release. Nothing is left behind when a step fails, and an engine of the same name is
    /// replaced only by one that passed every check. `firstConnection`, when given, opens the
    /// library's first connection before this process does (`Workbench.checkLoadedEngines`, in a
    /// worker): a library whose own code crashes there (built with CFLAGS that break it) fails
    /// the build instead of ending this process.
    public func build(
        source: String, name: String? = nil, firstConnection: ((SQLiteEngine) throws -> Void)? = nil
    ) throws -> BuiltEngine {
        func failure(_ reason: String) -> TokenBenchError { .engineBuildFailed(source: source, reason: reason) }
        if let name { try Self.validate(name: name) }
        let compiler = try Self.compiler(for: source)
        do {
            try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        } catch {
            throw TokenBenchError.fileAccess(path: directory.path, reason: FileAccess.reason(of: error))
        }
        // Everything is made in a staging folder beside the engines, renamed into place at the end.
        let staging = directory.appendingPathComponent(".staging-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: staging, withIntermediateDirectories: false)
        defer { try? FileManager.default.removeItem(at: staging) }

        let amalgamation = try AmalgamationSource.read(source, into: staging, failure: failure)
        let engineName = name ?? amalgamation.version
        try Self.validate(name: engineName)
        let library = staging.appendingPathComponent(Self.libraryFile)
        // The user's CFLAGS come after the bench's, so that they can add options or undo one.
        let userFlags = (ProcessInfo.processInfo.environment["CFLAGS"] ?? "").split(separator: " ").map(String.init)
        let flags = Self.compileFlags + userFlags
        let arguments = flags + ["-o", library.path, amalgamation.file.path, "-lm", "-lpthread", "-ldl"]
        let compiled = try ToolRun(compiler, arguments)
        guard compiled.status == 0 else {
            let lines = compiled.standardError.split(separator: "\n")
            let first = lines.first { $0.contains("error") } ?? lines.first ?? "exit status \(compiled.status)"
            throw failure("the C compiler failed: \(first)")
        }
        try Self.check(
            library: library.path, version: amalgamation.version, firstConnection: firstConnection, failure: failure)
        try? FileManager.default.removeItem(at: amalgamation.file)
        let record = """
            SQLite \(amalgamation.version), built by tokenbench engine build from \(source)
            \(([compiler] + flags + ["-o", Self.libraryFile, "sqlite3.c", "-lm", "-lpthread", "-ldl"]).joined(separator: " "))

            """
        try AmalgamationSource.write(Data(record.utf8), to: staging.appendingPathComponent("build.txt"))

        // Into place: the old folder of this name (if any) is moved aside first, then removed.
        let destination = directory.appendingPathComponent(engineName)
        let replaced = FileManager.default.fileExists(atPath: destination.path)
        let aside = directory.appendingPathComponent(".replaced-\(UUID().uuidString)")
        do {
            if replaced { try FileManager.default.moveItem(at: destination, to: aside) }
            try FileManager.default.moveItem(at: staging, to: destination)
        } catch {
            if replaced { try? FileManager.default.moveItem(at: aside, to: destination) }
            throw TokenBenchError.fileAccess(path: destination.path, reason: FileAccess.reason(of: error))
        }
        try? FileManager.default.removeItem(at: aside)
        return BuiltEngine(
            name: engineName, version: amalgamation.version,
            library: destination.appendingPathComponent(Self.libraryFile).path, replaced: replaced)
    }

    /// A name is a folder of its own and an `--engine` value that is neither a built-in
    /// engine's nor a path.
    static func validate(name: String) throws {
        let allowed = Set("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789._-+")
        let reason: String? =
            if name.isEmpty || name.hasPrefix(".") || !name.allSatisfy(allowed.contains) {
                "a name is letters, digits, '.', '_', '-' and '+', not starting with '.'"
            } else if SQLiteEngine.builtIn.contains(where: { $0.name == name }) || name == "host" {
                "that is a built-in engine's name"
            } else {
                nil
            }
        if let reason { throw TokenBenchError.invalidArgument(name: "name", value: name, reason: reason) }
    }

    /// `$CC`, else `cc`, found on PATH.
    static func compiler(for source: String) throws -> String {
        let environment = ProcessInfo.processInfo.environment
        let wanted = environment["CC"].flatMap { $0.isEmpty ? nil : $0 } ?? "cc"
        if wanted.contains("/") {
            guard FileManager.default.isExecutableFile(atPath: wanted) else {
                throw TokenBenchError.engineBuildFailed(
                    source: source, reason: "no C compiler: \(wanted) is not an executable file")
            }
            return wanted
        }
        if let found = ToolRun.onPath(wanted) { return found }
        throw TokenBenchError.engineBuildFailed(
            source: source, reason: "no C compiler: \(wanted) is not on PATH (install gcc, or set CC)")
    }

    /// The library loads, is the release named, opens a connection (first through
    /// `firstConnection`, when given) and has FTS5.
    static func check(
        library: String, version: String, firstConnection: ((SQLiteEngine) throws -> Void)?,
        failure: (String) -> TokenBenchError
    ) throws {
        let engine: SQLiteEngine
        do {
            engine = try SQLiteEngine.loadLibrary(path: library)
        } catch {
            throw failure("the library it built does not load: \(error.message)")
        }
        guard engine.sqliteVersion == version else {
            throw failure("the library says sqlite_version() \(engine.sqliteVersion), not \(version)")
        }
        do {
            try firstConnection?(engine)
        } catch TokenBenchError.invalidArgument(_, _, let reason) {
            throw failure(reason)
        } catch TokenBenchError.sqlite {
            // Not a death: SQLite's error opening the connection, which the check below words.
        }
        do {
            _ = try EngineConnection(engine: engine)
        } catch {
            throw failure("no FTS5 in SQLite \(version) (\(error.message); FTS5 came with SQLite 3.9.0)")
        }
    }
}

/// An amalgamation's `sqlite3.c`, found in what the user gave and staged to compile: SQLite's
/// own text up to its "End of sqlite3.c" line (PyPI's sqlean.py appends its own init after it).
struct AmalgamationSource {
    var file: URL
    var version: String

    static func read(_ source: String, into staging: URL, failure: (String) -> TokenBenchError) throws
        -> AmalgamationSource
    {
        let text: Data
        if try FileAccess.isDirectory(source) {
            // sqlite.org's zip unpacks to sqlite-amalgamation-NNNNNNN/; sqlean.py's to sqlite/.
            let folder = URL(fileURLWithPath: source)
            let children = ((try? FileManager.default.contentsOfDirectory(atPath: source)) ?? []).sorted()
            let candidates =
                [folder.appendingPathComponent("sqlite3.c")]
                + children.map { folder.appendingPathComponent($0).appendingPathComponent("sqlite3.c") }
            guard let found = candidates.first(where: { FileManager.default.fileExists(atPath: $0.path) }) else {
                throw failure("not an amalgamation: no sqlite3.c in the folder or the folders in it")
            }
            text = try FileAccess.contents(ofFile: found.path)
        } else if source.hasSuffix(".zip") {
            text = try extract(
                source, listing: ["unzip", "-Z1", source], entry: { ["unzip", "-p", source, $0] }, failure)
        } else if source.hasSuffix(".tar.gz") || source.hasSuffix(".tgz") {
            text = try extract(
                source, listing: ["tar", "-tzf", source], entry: { ["tar", "-xzOf", source, $0] }, failure)
        } else {
            text = try FileAccess.contents(ofFile: source)
        }
        guard let version = version(in: text) else {
            throw failure("not an amalgamation: no '#define SQLITE_VERSION' and SQLITE_SOURCE_ID in its first megabyte")
        }
        let file = staging.appendingPathComponent("sqlite3.c")
        try write(sqliteOwn(text), to: file)
        return AmalgamationSource(file: file, version: version)
    }

    /// The release of `#define SQLITE_VERSION "3.47.0"`, when the text also defines
    /// SQLITE_SOURCE_ID, as every amalgamation does near its start.
    static func version(in text: Data) -> String? {
        let head = String(decoding: text.prefix(1 << 20), as: UTF8.self)
        guard head.contains("#define SQLITE_SOURCE_ID") else { return nil }
        for line in head.split(separator: "\n") where line.hasPrefix("#define SQLITE_VERSION ") {
            let parts = line.split(separator: "\"")
            if parts.count >= 2, parts[1].allSatisfy({ $0.isNumber || $0 == "." }) { return String(parts[1]) }
        }
        return nil
    }

    static func write(_ data: Data, to file: URL) throws {
        do {
            try data.write(to: file)
        } catch {
            throw TokenBenchError.fileAccess(path: file.path, reason: FileAccess.reason(of: error))
        }
    }

    /// The text up to and with its first "End of sqlite3.c" line; all of it when it has none.
    static func sqliteOwn(_ text: Data) -> Data {
        guard let marker = text.range(of: Data("End of sqlite3.c".utf8)) else { return text }
        let lineEnd = text[marker.upperBound...].firstIndex(of: UInt8(ascii: "\n")).map { $0 + 1 } ?? text.endIndex
        return text[..<lineEnd]
    }

    /// The one `sqlite3.c` of an archive, by the archive tool's own listing and extraction.
    private static func extract(
        _ archive: String, listing: [String], entry: (String) -> [String], _ failure: (String) -> TokenBenchError
    ) throws -> Data {
        guard let tool = ToolRun.onPath(listing[0]) else {
            throw failure("\(listing[0]) is needed to read this archive and is not on PATH")
        }
        let listed = try ToolRun(tool, Array(listing.dropFirst()))
        guard listed.status == 0 else {
            throw failure("\(listing[0]) cannot read it: \(listed.standardError.split(separator: "\n").first ?? "")")
        }
        let names = String(decoding: listed.standardOutput, as: UTF8.self).split(separator: "\n").map(String.init)
        guard
            let name = names.filter({ $0 == "sqlite3.c" || $0.hasSuffix("/sqlite3.c") }).min(by: { $0.count < $1.count }
            )
        else { throw failure("not an amalgamation: the archive holds no sqlite3.c") }
        let extracted = try ToolRun(tool, Array(entry(name).dropFirst()))
        guard extracted.status == 0 else {
            throw failure(
                "\(listing[0]) cannot extract \(name): \(extracted.standardError.split(separator: "\n").first ?? "")")
        }
        return extracted.standardOutput
    }
}

/// A tool run to its end, with what it wrote.
struct ToolRun {
    var status: Int32
    var standardOutput: Data
    var standardError: String

    init(_ executable: String, _ arguments: [String]) throws {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: executable)
        process.arguments = arguments
        // Standard error goes to an unlinked file, so that a compiler's long complaint cannot fill
        // a pipe while standard output is read.
        var template = Array((NSTemporaryDirectory() + "/tokenbench-tool-XXXXXX").utf8CString)
        let descriptor = mkstemp(&template)
        guard descriptor >= 0 else {
            throw TokenBenchError.fileAccess(path: NSTemporaryDirectory(), reason: FileAccess.reason(errno: errno))
        }
        unlink(template)
        let errors = FileHandle(fileDescriptor: descriptor, closeOnDealloc: true)
        let output = Pipe()
        process.standardOutput = output
        process.standardError = errors
        process.standardInput = FileHandle.nullDevice
        do {
            try process.run()
        } catch {
            throw TokenBenchError.fileAccess(path: executable, reason: FileAccess.reason(of: error))
        }
        standardOutput = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        status = process.terminationStatus
        try? errors.seek(toOffset: 0)
        standardError = String(decoding: (try? errors.readToEnd()) ?? Data(), as: UTF8.self)
    }

    static func onPath(_ name: String) -> String? {
        let path = ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin"
        return path.split(separator: ":").map { "\($0)/\(name)" }.first {
            FileManager.default.isExecutableFile(atPath: $0)
        }
    }
}

extension String {
    /// "3.45.1" as [3, 45, 1], for sorting versions; a name that is not one sorts after them.
    var versionOrder: [Int] {
        let parts = split(separator: ".").map { Int($0) }
        return parts.contains(nil) || parts.isEmpty ? [Int.max] : parts.compactMap { $0 }
    }
}
