import TokenBenchEngines

/// One broken rule, on one input in one mode (`tokenbench conformance` prints one row per finding).
public struct ConformanceFinding: Sendable, Equatable {
    public internal(set) var tokenizer: String
    /// The SQLite engine whose FTS5 created the tokenizer.
    public internal(set) var engine: String
    public internal(set) var check: ConformanceCheck
    /// The tokenization mode, or `document+query` for checks that compare modes.
    public internal(set) var mode: String
    /// The input's label: reproducible from the seed (see `ConformanceInput.label`).
    public internal(set) var input: String
    public internal(set) var detail: String

    package init(
        tokenizer: String, engine: String = SQLiteEngine.system.name, check: ConformanceCheck, mode: String,
        input: String, detail: String
    ) {
        self.tokenizer = tokenizer
        self.engine = engine
        self.check = check
        self.mode = mode
        self.input = input
        self.detail = detail
    }

    public var severity: ConformanceCheck.Severity { check.severity }

    package static let tableHeader = ["tokenizer", "engine", "check", "severity", "mode", "input", "detail"]

    package var tableRow: [String] { [tokenizer, engine, check.rawValue, severity.rawValue, mode, input, detail] }
}

/// Everything one tokenizer's conformance run found.
public struct ConformanceReport: Sendable {
    public internal(set) var tokenizer: String
    public internal(set) var engine: String
    public internal(set) var findings: [ConformanceFinding]
    /// How many inputs were run, and how many xTokenize calls were made on them.
    package internal(set) var inputCount: Int
    package internal(set) var tokenizeCalls: Int
    /// Whether FTS5's integrity-check ran on an index of the inputs, and what it said.
    public internal(set) var indexIntegrity: IndexIntegrityOutcome

    public var errorCount: Int { findings.filter { $0.severity == .error }.count }
    public var warningCount: Int { findings.filter { $0.severity == .warning }.count }
}

/// What the `index-integrity` check found on one engine.
public enum IndexIntegrityOutcome: Sendable, Equatable, CustomStringConvertible {
    /// FTS5's integrity-check passed on an index of every input.
    case passed
    /// It failed; the findings name the inputs.
    case failed
    /// It did not run: an earlier check found tokens FTS5 cannot take safely, or the tokenizer
    /// killed its workers until the checks stopped (its inputs were not all checked, and FTS5
    /// would be blamed for the tokenizer's own death).
    case skipped

    public var description: String {
        switch self {
        case .passed: "integrity-check passed"
        case .failed: "integrity-check failed"
        case .skipped: "integrity-check skipped (unsafe tokens or deaths)"
        }
    }
}
