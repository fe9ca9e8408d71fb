import ArgumentParser
import Foundation
import TokenBench

/// `tokenbench engine build` and `engine list`: SQLite engines built from amalgamations, which
/// every command then runs as `--engine NAME`.
struct EngineCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "engine",
        abstract: "Build SQLite engines from amalgamations, for --engine VERSION, and list them.",
        subcommands: [EngineBuildCommand.self, EngineListCommand.self])
}

/// Where built engines live, for both subcommands.
struct EngineCacheOptions: ParsableArguments {
    @Option(
        help: ArgumentHelp(
            "The folder of built engines' cache (default: $TOKENBENCH_CACHE_DIR, else $XDG_CACHE_HOME/tokenbench, else ~/.cache/tokenbench). --engine NAME looks in the default one only.",
            valueName: "dir"))
    var cacheDir: String?

    var cache: EngineCache {
        EngineCache(
            directory: cacheDir.map { URL(fileURLWithPath: $0).appendingPathComponent("engines") }
                ?? EngineCache.defaultDirectory)
    }
}

struct EngineBuildCommand: OwnTokenizerCommand {
    static let configuration = CommandConfiguration(
        commandName: "build",
        abstract: "Compile a SQLite amalgamation into an engine named by its version.",
        discussion: """
            SOURCE is an amalgamation: a sqlite3.c, a folder holding one, or the zip or tar.gz that \
            sqlite.org ships. It is compiled with the system's C compiler ($CC, else cc) with \
            \(EngineCache.compileFlags.joined(separator: " ")), then loaded and checked: FTS5 is \
            there, sqlite_version() is the release the amalgamation names, and its first \
            connection opens in a worker. Prints the engine's name and library. Exit status 2 \
            when there is no C compiler, SOURCE is not an amalgamation, the compiler fails (its \
            first error line is shown), the library crashes on its first connection or has no FTS5.
            """)

    @Argument(help: ArgumentHelp("The amalgamation: sqlite3.c, its folder, or a .zip or .tar.gz.", valueName: "source"))
    var source: String

    @Option(help: "The engine's name (default: its SQLite version, such as 3.47.0).")
    var name: String?

    @OptionGroup var cacheOptions: EngineCacheOptions

    @OptionGroup var output: OutputOptions

    func run(registering own: OwnTokenizers) throws {
        // The worker is this executable, which registers `own`'s types: so does the workbench.
        let workbench = try Workbench(options: own.workbenchOptions)
        let built = try cacheOptions.cache.build(source: source, name: name) { engine in
            try workbench.checkLoadedEngines([engine], isolation: .benchExecutable(WorkerIsolation.thisExecutablePath))
        }
        if built.replaced { printError("tokenbench: replaced the engine \(built.name)") }
        try output.emit(
            CSVTable(
                header: ["engine", "sqlite_version", "library"], rows: [[built.name, built.version, built.library]]))
    }
}

struct EngineListCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "list",
        abstract: "List the built engines: name, SQLite version, FTS5 features and library.")

    @OptionGroup var cacheOptions: EngineCacheOptions

    @OptionGroup var output: OutputOptions

    func run() throws {
        let cache = cacheOptions.cache
        var table = CSVTable(header: ["engine", "sqlite_version", "engine_features", "library", "detail"])
        for name in cache.names() {
            guard let library = cache.library(named: name) else { continue }
            do {
                let engine = try SQLiteEngine.load(path: library, name: name)
                table.rows.append([name, engine.sqliteVersion, engine.fts5FeatureNames, library, ""])
            } catch {
                table.rows.append([name, "", "", library, "\(error)"])
            }
        }
        try output.emit(table)
    }
}

extension SQLiteEngine {
    /// What the engine's FTS5 has beyond the v1 tokenizer API, space-separated (`list`'s and
    /// `engine list`'s engine_features column).
    var fts5FeatureNames: String {
        fts5Features.map { features in
            FTS5Feature.allCases.filter(features.has).map(\.rawValue).joined(separator: " ")
        } ?? ""
    }
}
