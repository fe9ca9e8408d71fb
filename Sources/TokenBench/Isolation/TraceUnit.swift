import Foundation

/// `tokens` of one tokenizer on one engine: every input in every mode. Input `i` is mode
/// `i / inputs.count` and input `i % inputs.count`.
struct TraceUnit: WorkerUnit {
    static let kind = "trace"

    var label: String?
    var specText: String
    var engine: String
    var modes: [TokenizationMode]
    /// The inputs, already in the trace's normalization form.
    var inputs: [[UInt8]]

    init(spec: TokenizerSpec, engine: SQLiteEngine, modes: [TokenizationMode], inputs: [[UInt8]]) {
        label = spec.label
        specText = spec.text
        self.engine = engine.name
        self.modes = modes
        self.inputs = inputs
    }

    var spec: TokenizerSpec { TokenizerSpec(label: label, text: specText) }
    var inputCount: Int { modes.count * inputs.count }

    func label(ofInput index: Int) -> String {
        "input \(index % inputs.count + 1) (\(modes[index / inputs.count].rawValue) mode)"
    }

    func run(
        on workbench: Workbench, from start: Int, skipping: Set<Int>,
        progress: (Int, WorkerPhase) -> Void, output: (Int, PackedTokens) throws -> Void
    ) throws {
        guard let engine = try SQLiteEngine.named([engine]).first else { return }
        try workbench.withConnection(engine) { connection in
            progress(-1, .creating)
            let tokenizer = try ResolvedTokenizer(spec: spec, in: connection)
            for index in start..<inputCount where !skipping.contains(index) {
                progress(index, .tokenizing)
                try output(
                    index,
                    PackedTokens(
                        try tokenizer.tokens(of: inputs[index % inputs.count], mode: modes[index / inputs.count])))
            }
        }
    }
}

extension TokenizationMode: Codable {}
