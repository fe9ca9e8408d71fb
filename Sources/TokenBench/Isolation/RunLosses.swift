/// What a run lost to its workers: each death, with the tokenizer and engine it was judging, and
/// the inputs of each tokenizer × engine that stopped before them. Every operation's report
/// carries one, gathered from its units' results here and nowhere else; a command writes its
/// `sentences` on standard error, and a run with deaths ends with exit status 1.
public struct RunLosses: Sendable {
    /// Every worker death, in the order the operation's units ran.
    public private(set) var deaths: [UnitDeath] = []
    /// The units that stopped before some of their inputs, each with those inputs' labels.
    package private(set) var stops: [Stop] = []

    /// A tokenizer × engine that did not reach `inputs` (labels, as the unit words them), and why.
    package struct Stop: Sendable {
        package var tokenizer: String
        package var engine: String
        package var loss: Loss
        package var inputs: [String]
    }

    package init() {}

    /// The losses of several runs, in their order.
    package init(merging parts: some Sequence<RunLosses>) {
        for part in parts { append(part) }
    }

    /// Whether nothing was lost.
    public var isEmpty: Bool { deaths.isEmpty && stops.isEmpty }

    /// Records one unit's deaths, as the deaths of `tokenizer` on `engine`; with `label`, the
    /// inputs it did not reach too, which an operation whose outputs do not show them needs said.
    package mutating func record<Output>(
        _ result: UnitResult<Output>, tokenizer: String, engine: String, label: ((Int) -> String)? = nil
    ) {
        record(result, engine: engine, label: label) { _ in tokenizer }
    }

    /// Records one unit's deaths, each named by `tokenizer(input)`: a unit whose inputs are
    /// different tokenizers (throughput's), nil being the unit's own work before any input.
    package mutating func record<Output>(
        _ result: UnitResult<Output>, engine: String, label: ((Int) -> String)? = nil,
        tokenizer: (_ input: Int?) -> String
    ) {
        deaths += result.deaths.map { UnitDeath(tokenizer: tokenizer($0.input), engine: engine, death: $0.death) }
        if let label, let first = result.notRun.first {
            stops.append(
                Stop(
                    tokenizer: tokenizer(first), engine: engine, loss: result.stopLoss,
                    inputs: result.notRun.map(label)))
        }
    }

    package mutating func append(_ other: RunLosses) {
        deaths += other.deaths
        stops += other.stops
    }

    /// One sentence per death and per tokenizer × engine that stopped early, as `tokenbench`
    /// writes them on standard error: "unicode61 on system: crashed (SIGSEGV while indexing) on
    /// case 3", "… 12 inputs not run (the tokenizer stopped after 3 deaths on this engine), from
    /// input 4".
    public var sentences: [String] {
        deaths.map(\.description)
            + stops.map { stop in
                "\(stop.tokenizer) on \(stop.engine): \(stop.inputs.count) inputs \(stop.loss.wording), from \(stop.inputs[0])"
            }
    }
}

/// A report of an operation that runs judged code: what it lost, for a command to say.
public protocol ReportsRunLosses {
    var losses: RunLosses { get }
}

extension ReportsRunLosses {
    /// The workers that judged code killed.
    @available(*, deprecated, renamed: "losses.deaths")
    public var deaths: [UnitDeath] { losses.deaths }
}

/// A worker's death, with the tokenizer and engine it was judging: one sentence of a command's
/// report.
public struct UnitDeath: Sendable, CustomStringConvertible {
    public var tokenizer: String
    public var engine: String
    package var death: WorkerDeath

    public var description: String { "\(tokenizer) on \(engine): \(death)" }
}
