import TokenBenchEngines

/// One engine's facts for `tokenbench env` (its version, options and FTS5 capabilities, and
/// whether it runs each catalog tokenizer), probed in a worker when the workbench isolates: an
/// engine whose library, FTS5 or a tokenizer's constructor crashes or hangs while probed costs
/// its facts, not the command. One input: the engine.
struct EnvironmentUnit: WorkerUnit {
    static let kind = "environment"

    /// The engine by name (a path for an engine loaded by path).
    var engine: String

    /// The facts as key/value pairs, keys without the engine's prefix.
    typealias Output = [[String]]

    var inputCount: Int { 1 }

    func label(ofInput index: Int) -> String { "the engine's facts" }

    func run(
        on workbench: Workbench, from start: Int, skipping: Set<Int>,
        progress: (Int, WorkerPhase) -> Void, output: (Int, [[String]]) throws -> Void
    ) throws {
        guard start == 0, !skipping.contains(0), let engine = try SQLiteEngine.named([engine]).first else { return }
        // The engine's first connection, then its probes: a death says which of them it was.
        progress(0, .connecting)
        try workbench.withConnection(engine) { _ in }
        progress(0, .probing)
        try output(0, try workbench.engineFacts(on: engine).map { [$0.key, $0.value] })
    }
}
