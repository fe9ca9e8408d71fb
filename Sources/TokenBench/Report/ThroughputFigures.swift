/// The charted rows of a `tokenbench throughput` CSV, read back for the report.
package struct ThroughputFigures: Sendable {
    package internal(set) var file: String
    /// The tokenize, c-reference and c-limit rows, each with its MB/s and relative figures.
    package internal(set) var rows: [ThroughputRow.Record]
    /// The corpus names and sizes the rows were measured on, as the CSV gives them.
    package internal(set) var corpora: [String]
    package internal(set) var reference: String

    /// The scripts the rows were measured on, in CSV order (empty strings for files and older CSVs).
    package var scripts: [String] { rows.map(\.script).uniquedInOrder() }
    package var engines: [String] { rows.map(\.engine).uniquedInOrder() }

    /// The operations charted; the others are in the CSV for those who want them.
    static let chartedOperations: Set<ThroughputOperation> = [.tokenize, .cReference, .cLimit]

    /// Reads the tokenize, c-reference and c-limit rows of a throughput CSV.
    package static func load(path: String) throws -> ThroughputFigures {
        try parse(try CSV.readText(ofFile: path), file: path)
    }

    package static func parse(_ text: String, file: String) throws -> ThroughputFigures {
        let records = try ThroughputRow.records(
            ofCSV: text, file: file, requiring: [.bytes, .megabytesPerSecond, .relative])
        var rows: [ThroughputRow.Record] = []
        var corpora: [String] = []
        for record in records where chartedOperations.contains(record.operation) {
            guard let speed = record.megabytesPerSecond, let relative = record.relative, speed >= 0, relative >= 0
            else {
                throw TokenBenchError.invalidFixture(
                    file: file, line: record.line,
                    reason: "a \(record.operation.rawValue) row needs mb_per_s and relative figures of 0 or more")
            }
            rows.append(record)
            let corpus = "\(record.corpus) (\(record.bytes.map(String.init) ?? "?") bytes)"
            if !corpora.contains(corpus) { corpora.append(corpus) }
        }
        guard let last = rows.last else {
            throw TokenBenchError.invalidFixture(
                file: file, line: 0,
                reason: "no tokenize row to chart; run 'tokenbench throughput' with the tokenize operation")
        }
        return ThroughputFigures(file: file, rows: rows, corpora: corpora, reference: last.reference)
    }
}
