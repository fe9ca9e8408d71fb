import Foundation

/// `tokens` of one tokenizer on one engine: every input in every mode. Input `i` is mode
/// `i / inputs.count` and input `i % inputs.count`.
struct TraceUnit: WorkerUnit {
    static let kind = "trace"

    var judged: JudgedTokenizer
    var modes: [TokenizationMode]
    /// The inputs, already in the trace's normalization form.
    var inputs: [[UInt8]]

    init(spec: TokenizerSpec, engine: SQLiteEngine, locale: String? = nil, modes: [TokenizationMode], inputs: [[UInt8]])
    {
        judged = JudgedTokenizer(spec: spec, engine: engine, locale: locale)
        self.modes = modes
        self.inputs = inputs
    }

    var inputCount: Int { modes.count * inputs.count }

    func label(ofInput index: Int) -> String {
        "input \(index % inputs.count + 1) (\(modes[index / inputs.count].rawValue) mode)"
    }

    func reproduction(ofInput index: Int) -> CrashReproduction? {
        CrashReproduction(
            fileExtension: "txt", contents: inputs[index % inputs.count],
            arguments: ["tokens"] + judged.arguments + [
                "--mode", modes[index / inputs.count].rawValue, "--input", "FILE",
            ])
    }

    func run(
        on workbench: Workbench, from start: Int, skipping: Set<Int>,
        progress: (Int, WorkerPhase) -> Void, output: (Int, PackedTokens) throws -> Void
    ) throws {
        try judged.withTokenizer(on: workbench, progress: progress) { tokenizer, _ in
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
