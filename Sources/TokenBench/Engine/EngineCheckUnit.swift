import TokenBenchEngines

/// A first connection to an engine loaded from a library file, opened where the library's own
/// code can crash or hang without ending the command: `Workbench.checkLoadedEngines` runs it in
/// a worker. It reads what the bench later reads of the engine in its own process (its FTS5
/// features and its unicode61), so that those reads have survived once. One input: the
/// engine's first connection.
struct EngineCheckUnit: WorkerUnit {
    static let kind = "engine-check"

    /// The engine by name (a path for an engine loaded by path).
    var engine: String

    /// The engine's `sqlite_version()`, as its own connection reports it.
    typealias Output = String

    var inputCount: Int { 1 }

    func label(ofInput index: Int) -> String { "the engine's first connection" }

    func run(
        on workbench: Workbench, from start: Int, skipping: Set<Int>,
        progress: (Int, WorkerPhase) -> Void, output: (Int, String) throws -> Void
    ) throws {
        guard start == 0, !skipping.contains(0) else { return }
        // Loading the library (dlopen runs its constructors) is the engine's own work too.
        progress(-1, .connecting)
        guard let engine = try SQLiteEngine.named([engine]).first else { return }
        let version = try workbench.withConnection(engine) { connection in
            try connection.prepare("SELECT sqlite_version()").rows().first?.first ?? nil
        }
        _ = (engine.fts5Features, engine.builtInUnicode61Methods)
        try output(0, version ?? "")
    }
}
