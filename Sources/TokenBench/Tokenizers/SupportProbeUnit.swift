import TokenBenchEngines

/// Whether each engine runs one spec: a real FTS5 table made with it, which runs the
/// tokenizer's constructor (xCreate) and its xTokenize on an empty row. That is judged code too:
/// in a worker, a constructor that crashes or hangs costs the engine's answer, not the run.
///
/// Input `i` is engine `i`.
struct SupportProbeUnit: WorkerUnit {
    static let kind = "support"

    var spec: TokenizerSpec
    /// The engines by name (a path for an engine loaded by path).
    var engines: [String]

    /// nil when the engine runs the spec, else why not.
    typealias Output = TokenBenchError?

    var inputCount: Int { engines.count }

    func label(ofInput index: Int) -> String { engines[index] }

    func run(
        on workbench: Workbench, from start: Int, skipping: Set<Int>,
        progress: (Int, WorkerPhase) -> Void, output: (Int, TokenBenchError?) throws -> Void
    ) throws {
        for index in start..<engines.count where !skipping.contains(index) {
            guard let engine = try SQLiteEngine.named([engines[index]]).first else { continue }
            do {
                // The engine's connection first, as the unit's own work (input -1: the start-up
                // allowance, and no blame on the tokenizer): opening it registers every tokenizer
                // and loads the extensions.
                progress(-1, .connecting)
                try workbench.withConnection(engine) { _ in }
                progress(index, .creating)
                try workbench.validate(spec, engine: engine)
                try output(index, nil)
            } catch let error as TokenBenchError {
                try output(index, error)
            } catch {
                try output(index, .invalidTokenizerSpec(spec: spec.description, reason: "\(error)"))
            }
        }
    }
}
