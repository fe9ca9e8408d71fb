/// `tokenbench merge`: joins the CSVs of a run spread over shards (`--shard K/N`) into the CSV
/// the unsharded run writes. Each command's CSV is known by its header.
package enum ShardMerge {
    /// The commands whose shards merge.
    package enum Command: String, Sendable, CaseIterable {
        case matrix, conformance, upgrade, quality, throughput
        /// `quality --per-query FILE`.
        case qualityPerQuery = "quality --per-query"

        /// Every column the command's CSV can have, in order.
        var columns: [String] {
            switch self {
            case .matrix: MatrixRecord.Column.allCases.map(\.rawValue)
            case .conformance: ConformanceFinding.tableHeader
            case .upgrade: UpgradeRow.Column.allCases.map(\.rawValue)
            case .quality: QualityRow.Column.allCases.map(\.rawValue)
            case .qualityPerQuery: QueryOutcome.Column.allCases.map(\.rawValue)
            case .throughput: ThroughputRow.Column.allCases.map(\.rawValue)
            }
        }

        /// The columns a file may lack: written only when a row has them.
        var optionalColumns: Set<String> {
            switch self {
            case .matrix: Set(MatrixRecord.Column.allCases.filter(\.isOptional).map(\.rawValue))
            case .conformance, .quality: []
            case .qualityPerQuery: [QueryOutcome.Column.loss.rawValue]
            case .upgrade: Set(UpgradeRow.optionalColumns.map(\.rawValue))
            case .throughput: Set(ThroughputRow.optionalColumns.map(\.rawValue))
            }
        }

        /// The columns that name one unit of the run: a shard holds whole units, so a unit in
        /// two files is a mistake (the same shard twice, or shards of two runs).
        var unitColumns: [String] {
            switch self {
            case .matrix: [] // MatrixShards checks each cell instead.
            case .conformance: ["tokenizer", "engine"]
            case .upgrade, .quality, .qualityPerQuery, .throughput: ["tokenizer"]
            }
        }

        /// Whether `header` is this command's: its columns in order, the optional ones or not.
        func accepts(_ header: [String]) -> Bool {
            header == columns.filter { !optionalColumns.contains($0) || header.contains($0) }
        }
    }

    /// The rows of `files` in file order, with every column any of them has, and the command
    /// whose CSVs they are. Every file must be the same command's; a unit in two files is an
    /// error naming both.
    package static func merge(files: [String]) throws -> (table: CSVTable, rows: Int, command: Command) {
        var command: Command?
        var parsed: [(file: String, header: [String], records: [CSV.Record])] = []
        for file in files {
            let text = try CSV.readText(ofFile: file)
            // The header alone tells the command; a matrix's rows are read by `MatrixShards`.
            let header =
                try CSV.records(of: String(text.prefix { $0 != "\n" && $0 != "\r" }), file: file)
                .first?.fields ?? []
            guard let found = Command.allCases.first(where: { $0.accepts(header) }) else {
                throw TokenBenchError.invalidFixture(
                    file: file, line: 1,
                    reason:
                        "not the CSV of a matrix (long layout), conformance, upgrade, quality (or its --per-query file) or throughput run"
                )
            }
            if let command, found != command {
                throw TokenBenchError.invalidFixture(
                    file: file, line: 1,
                    reason:
                        "the CSV of \(found.rawValue) among those of \(command.rawValue): merge one command's shards")
            }
            command = found
            guard found != .matrix else { continue }
            let records = try CSV.records(of: text, file: file)
            for record in records.dropFirst() where record.fields.count != header.count {
                throw TokenBenchError.invalidFixture(
                    file: file, line: record.line,
                    reason: "\(record.fields.count) fields where \(header.joined(separator: ",")) has \(header.count)")
            }
            parsed.append((file, header, Array(records.dropFirst())))
        }
        guard let command else { throw TokenBenchError.invalidArgument(name: "files", value: "", reason: "none given") }
        if command == .matrix {
            let merged = try MatrixShards.merge(files: files)
            return (merged.table, merged.cells, .matrix)
        }
        // The file (by its place among `files`, which may name one twice) each unit came from.
        var unitFile: [[String]: Int] = [:]
        var rowsByFile: [[[String: String]]] = []
        for (index, (file, header, records)) in parsed.enumerated() {
            var rows: [[String: String]] = []
            defer { rowsByFile.append(rows) }
            for record in records {
                let row = Dictionary(uniqueKeysWithValues: zip(header, record.fields))
                let unit = command.unitColumns.map { row[$0] ?? "" }
                if let earlier = unitFile.updateValue(index, forKey: unit), earlier != index {
                    throw TokenBenchError.invalidFixture(
                        file: file, line: record.line,
                        reason:
                            "\(zip(command.unitColumns, unit).map { "\($0) \($1)" }.joined(separator: " on ")) is also in \(files[earlier]): shards share no unit"
                    )
                }
                rows.append(row)
            }
        }
        // Throughput's rows are written block by block, each block tokenizer by tokenizer.
        let rows = command == .throughput ? ThroughputRow.inMeasurementOrder(rowsByFile) : rowsByFile.flatMap { $0 }
        let present = Set(parsed.flatMap(\.header))
        let columns = command.columns.filter { !command.optionalColumns.contains($0) || present.contains($0) }
        return (CSVTable(header: columns, rows: rows.map { row in columns.map { row[$0] ?? "" } }), rows.count, command)
    }
}
