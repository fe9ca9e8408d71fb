import Foundation
import GRDBSQLite
import TokenBenchEngines

/// The contract checks of one tokenizer on one engine (`ConformanceCheck`, all but
/// `index-integrity`): input `k` is the conformance input `k` in every mode; input
/// `inputs.count` is the locale-passing check, and `inputs.count + 1` the threads check over
/// the small inputs.
struct ContractUnit: WorkerUnit {
    static let kind = "contract"

    var judged: JudgedTokenizer
    var threadCount: Int
    var findingsPerCheck: Int
    var tokendata: Bool
    var inputs: [WireConformanceInput]

    /// What one input's checks found, and how many xTokenize calls they made.
    struct Output: Codable, Sendable {
        var findings: [ConformanceFindingList.Entry]
        var calls: Int
    }

    init(spec: TokenizerSpec, engine: SQLiteEngine, inputs: [WireConformanceInput], options: ConformanceOptions) {
        judged = JudgedTokenizer(spec: spec, engine: engine)
        threadCount = options.threadCount
        findingsPerCheck = options.findingsPerCheck
        tokendata = options.tokendata
        self.inputs = inputs
    }

    var inputCount: Int { inputs.count + 2 }

    func label(ofInput index: Int) -> String {
        if index < inputs.count { return inputs[index].label }
        return index == inputs.count ? "the locale-passing check" : "the threads check"
    }

    func reproduction(ofInput index: Int) -> CrashReproduction? {
        guard index < inputs.count else { return nil }
        return CrashReproduction(
            fileExtension: "txt", contents: Array(inputs[index].bytes),
            arguments: ["tokens"] + judged.arguments + ["--input", "FILE"])
    }

    func run(
        on workbench: Workbench, from start: Int, skipping: Set<Int>,
        progress: (Int, WorkerPhase) -> Void, output: (Int, Output) throws -> Void
    ) throws {
        let inputs = self.inputs.map(\.input)
        var findings = ConformanceFindingList(
            tokenizer: judged.spec.name, engine: judged.engine, limit: findingsPerCheck)
        // Per input, per mode: the tokens one instance gives consistently, for the threads check.
        var references: [Int: [TokenizationMode: RecordedTokenization]] = [:]
        let (main, engine) = try judged.withTokenizer(on: workbench, progress: progress) { main, connection in
            var roundTripped: Set<ArraySlice<UInt8>> = []
            for (index, input) in inputs.enumerated() where index >= start && !skipping.contains(index) {
                progress(index, .tokenizing)
                let calls = Workbench.checkContract(
                    of: input, index: index, main: main, connection: connection, tokendata: tokendata,
                    findings: &findings,
                    roundTripped: &roundTripped, references: &references, step: { progress(index, .tokenizing) })
                try output(index, Output(findings: findings.takeJournal(), calls: calls))
            }
            // A worker that took over from a dead one has no references for the inputs before it
            // began: one instance's two calls that agree stand in for them.
            for (index, input) in inputs.enumerated()
            where index < start && input.isSmall && !skipping.contains(index) && references[index] == nil {
                let buffer = SentinelBuffer(input.bytes, sentinel: SentinelBuffer.sentinels[0])
                var consistent: [TokenizationMode: RecordedTokenization] = [:]
                for mode in TokenizationMode.allCases {
                    let first = main.record(buffer, mode: mode)
                    if first.code == SQLITE_OK, main.record(buffer, mode: mode) == first { consistent[mode] = first }
                }
                if !consistent.isEmpty { references[index] = consistent }
            }
            let localeCheck = inputs.count
            if localeCheck >= start, !skipping.contains(localeCheck) {
                progress(localeCheck, .tokenizing)
                let calls = Workbench.checkLocalePassing(of: main, connection: connection, findings: &findings)
                try output(localeCheck, Output(findings: findings.takeJournal(), calls: calls))
            }
            return (main, connection.engine)
        }
        let threads = inputs.count + 1
        guard threadCount > 1, threads >= start, !skipping.contains(threads) else { return }
        progress(threads, .tokenizing)
        let calls = try workbench.checkThreads(
            spec: judged.spec, engine: engine, components: main.components, inputs: inputs, references: references,
            threadCount: threadCount, findings: &findings)
        try output(threads, Output(findings: findings.takeJournal(), calls: calls))
    }
}

extension Workbench {
    /// `conformance(of:inputs:options:)` for several tokenizer × engine pairs (`options.engine`
    /// is not used), each in a worker when the workbench isolates: a tokenizer that crashes or
    /// hangs on an input, or makes FTS5 crash on its output, has a `crash` or `timeout` finding
    /// there, and the checks go on with the next input.
    package func conformanceReports(
        of pairs: [(spec: TokenizerSpec, engine: SQLiteEngine)], inputs: [ConformanceInput],
        options: ConformanceOptions = ConformanceOptions()
    ) throws -> [ConformanceReport] {
        let wire = inputs.map(WireConformanceInput.init)
        let contractUnits = pairs.map { ContractUnit(spec: $0.spec, engine: $0.engine, inputs: wire, options: options) }
        var lists: [ConformanceFindingList] = []
        var calls: [Int] = []
        var excluded: [[Int]] = []
        // Whether the unit stopped early: it died making the tokenizer, or used up its deaths.
        // The index-integrity check is skipped then: it would index inputs no check has run on,
        // and a death there, the tokenizer's own, would be blamed on FTS5.
        var stoppedEarly: [Bool] = []
        for (pair, (unit, result)) in zip(pairs, zip(contractUnits, try run(contractUnits))) {
            if let failure = result.failure { throw failure }
            var list = ConformanceFindingList(
                tokenizer: pair.spec.name, engine: pair.engine.name, limit: options.findingsPerCheck)
            var unitCalls = 0
            var dead: [Int] = []
            for index in 0..<unit.inputCount {
                if let output = result.outputs[index] {
                    for entry in output.findings { list.add(entry) }
                    unitCalls += output.calls
                } else if let death = result.death(on: index) {
                    Self.add(death, on: unit.label(ofInput: index), to: &list)
                    if index < inputs.count { dead.append(index) }
                }
            }
            let diedCreating = result.deaths.contains { $0.input == nil }
            for (input, death) in result.deaths where input == nil { Self.add(death, on: "-", to: &list) }
            Self.addNotRun(
                result.notRun.map(unit.label(ofInput:)), deaths: result.deaths.count, diedCreating: diedCreating,
                to: &list)
            stoppedEarly.append(diedCreating || !result.notRun.isEmpty)
            lists.append(list)
            calls.append(unitCalls)
            excluded.append(dead)
        }
        // The index-integrity check, where the contract checks found nothing FTS5 would crash on
        // as a matter of course.
        let unsafe: Set<ConformanceCheck> = [.emptyToken, .unreadableToken, .tokenLength, .errorCode, .constructor]
        let checked = pairs.indices.filter { !lists[$0].hasFinding(of: unsafe) && !stoppedEarly[$0] }
        let integrityUnits = checked.map { index in
            IntegrityUnit(
                judged: JudgedTokenizer(spec: pairs[index].spec, engine: pairs[index].engine), inputs: wire,
                excluded: excluded[index], tokendata: options.tokendata)
        }
        var outcomes = [IndexIntegrityOutcome](repeating: .skipped, count: pairs.count)
        for (index, (unit, result)) in zip(checked, zip(integrityUnits, try run(integrityUnits))) {
            if let failure = result.failure { throw failure }
            outcomes[index] = Self.integrityOutcome(
                of: unit, result: result, engine: pairs[index].engine, to: &lists[index])
        }
        return pairs.indices.map { index in
            ConformanceReport(
                tokenizer: pairs[index].spec.name, engine: pairs[index].engine.name,
                findings: lists[index].summarized(),
                inputCount: inputs.count, tokenizeCalls: calls[index], indexIntegrity: outcomes[index])
        }
    }

    /// Runs `spec` over `inputs` in every tokenization mode and checks FTS5's tokenizer contract
    /// (see `ConformanceCheck`). A tokenizer that fails a check, even with an error code, is
    /// reported and the run goes on; only a spec FTS5 rejects throws.
    public func conformance(
        of spec: TokenizerSpec, inputs: [ConformanceInput], options: ConformanceOptions = ConformanceOptions()
    ) throws -> ConformanceReport {
        try conformanceReports(of: [(spec, options.engine)], inputs: inputs, options: options)[0]
    }

    /// The integrity unit's findings, added to `list`, and its outcome.
    private static func integrityOutcome(
        of unit: IntegrityUnit, result: UnitResult<IntegrityUnit.Output>, engine: SQLiteEngine,
        to list: inout ConformanceFindingList
    ) -> IndexIntegrityOutcome {
        if let whole = result.outputs[0], whole.failure == nil { return .passed }
        var named = 0
        for index in 1..<unit.inputCount {
            if let failure = result.outputs[index]?.failure {
                named += 1
                list.add(.indexIntegrity, mode: "document", inputLabel: unit.label(ofInput: index), failure)
            } else if let death = result.death(on: index) {
                named += 1
                add(death, on: unit.label(ofInput: index), to: &list, fts5On: engine)
            }
        }
        if named == 0 {
            if let whole = result.outputs[0]?.failure {
                list.add(
                    .indexIntegrity, mode: "document", inputLabel: "all inputs",
                    "\(whole) (all \(unit.inputs.count) inputs together, though no input alone)")
            } else if let death = result.death(on: 0) {
                add(death, on: "all inputs", to: &list, fts5On: engine)
            }
        }
        addNotRun(result.notRun.map(unit.label(ofInput:)), deaths: result.deaths.count, to: &list)
        return .failed
    }

    /// A death as a finding: `crash` or `timeout`, on the input it was on. `fts5On` says the
    /// worker was running FTS5 over the tokenizer's output on that engine.
    private static func add(
        _ death: WorkerDeath, on input: String, to list: inout ConformanceFindingList,
        fts5On engine: SQLiteEngine? = nil
    ) {
        let check: ConformanceCheck = if case .timeout = death.cause { .timeout } else { .crash }
        let doing = death.phase?.rawValue ?? "creating"
        var detail = death.loss.wording + (death.frame.map { " at \($0)" } ?? "")
        if let engine {
            let verb = check == .timeout ? "hangs" : "crashes"
            detail =
                "FTS5 on SQLite \(engine.sqliteVersion) \(verb) \(death.phase?.whileDoing ?? "while indexing") this tokenizer's output: \(detail)"
        }
        list.add(check, mode: doing, inputLabel: input, detail)
    }

    /// The inputs a unit did not reach, as one finding: after its deaths, or after a constructor
    /// that died (`diedCreating`), when no input ran at all.
    private static func addNotRun(
        _ labels: [String], deaths: Int, diedCreating: Bool = false, to list: inout ConformanceFindingList
    ) {
        guard let first = labels.first else { return }
        let why =
            diedCreating
            ? "the tokenizer could not be made" : "the tokenizer stopped after \(deaths) deaths (--deaths-per-unit)"
        list.add(.crash, mode: "-", inputLabel: "\(labels.count) inputs from \(first)", "not run: \(why)")
    }
}
