/// The tokenize rows of a `tokenbench throughput` CSV, read back for the report's charts.
public struct ThroughputFigures: Sendable {
    public struct Row: Sendable, Equatable {
        public internal(set) var tokenizer: String
        /// `tokenize`, `c-reference` for the reference tokenizer driven from C, or `c-limit` for
        /// a shipped tokenizer's limit loop.
        public internal(set) var operation: String
        public internal(set) var mode: String
        /// The engine column; `system` in a CSV written before engines existed.
        public internal(set) var engine: String = SQLiteEngine.system.name
        /// The script column of a built-in corpus; empty for files and older CSVs.
        public internal(set) var script: String = ""
        public internal(set) var megabytesPerSecond: Double
        public internal(set) var relative: Double
    }

    public internal(set) var file: String
    public internal(set) var rows: [Row]
    /// The corpus names and sizes the rows were measured on, as the CSV gives them.
    public internal(set) var corpora: [String]
    public internal(set) var reference: String

    /// The scripts the rows were measured on, in CSV order (empty strings for files and older CSVs).
    public var scripts: [String] { rows.map(\.script).uniquedInOrder() }
    public var engines: [String] { rows.map(\.engine).uniquedInOrder() }

    /// Reads the tokenize, c-reference and c-limit rows of a throughput CSV; other operations are
    /// in the CSV for those who want them.
    public static func load(path: String) throws -> ThroughputFigures {
        try parse(try CSV.readText(ofFile: path), file: path)
    }

    public static func parse(_ text: String, file: String) throws -> ThroughputFigures {
        let records = try CSV.records(of: text, file: file)
        guard let header = records.first else {
            throw TokenBenchError.invalidFixture(file: file, line: 0, reason: "empty file; expected a CSV from 'tokenbench throughput'")
        }
        let column = try CSV.columnIndices(
            of: ["tokenizer", "operation", "mode", "corpus", "bytes", "mb_per_s", "relative", "reference"], in: header, file: file,
            expected: "a CSV from 'tokenbench throughput'")
        var rows: [Row] = []
        var corpora: [String] = []
        var reference = ""
        for record in records.dropFirst() {
            try CSV.checkFieldCount(of: record, header: header, file: file)
            func field(_ name: String) -> String { record.fields[column[name]!] }
            guard ["tokenize", "c-reference", "c-limit"].contains(field("operation")) else { continue }
            guard let speed = Double(field("mb_per_s")), speed.isFinite, speed >= 0,
                  let relative = Double(field("relative")), relative.isFinite, relative >= 0
            else {
                throw TokenBenchError.invalidFixture(file: file, line: record.line, reason: "mb_per_s '\(field("mb_per_s"))' or relative '\(field("relative"))' is not a finite number")
            }
            func optionalField(_ name: String) -> String? { header.fields.firstIndex(of: name).map { record.fields[$0] } }
            rows.append(Row(
                tokenizer: field("tokenizer"), operation: field("operation"), mode: field("mode"),
                engine: optionalField("engine") ?? SQLiteEngine.system.name, script: optionalField("script") ?? "",
                megabytesPerSecond: speed, relative: relative))
            let corpus = "\(field("corpus")) (\(field("bytes")) bytes)"
            if !corpora.contains(corpus) { corpora.append(corpus) }
            reference = field("reference")
        }
        guard !rows.isEmpty else {
            throw TokenBenchError.invalidFixture(file: file, line: 0, reason: "no tokenize row to chart; run 'tokenbench throughput' with the tokenize operation")
        }
        return ThroughputFigures(file: file, rows: rows, corpora: corpora, reference: reference)
    }
}
