import TokenBenchEngines
extension EngineConnection {
    /// The bytes an FTS5 table takes in `schema`, as dbstat counts its shadow tables' pages:
    /// `index` is the inverted index (`%_data` and `%_idx`), `content` the documents (`%_content`).
    /// Nil when the engine was built without dbstat. Run an `optimize` first for a figure that
    /// does not depend on how the documents were batched into segments.
    func fts5Size(schema: String, table: String) throws -> (index: Int, content: Int)? {
        let names = ["data", "idx", "content"].map { "'\(table)_\($0)'" }.joined(separator: ", ")
        guard
            let statement = try? prepare(
                "SELECT name, sum(pgsize) FROM dbstat('\(schema)') WHERE name IN (\(names)) GROUP BY name")
        else { return nil }
        var bytes: [String: Int] = [:]
        do {
            for row in try statement.rows() {
                if let name = row[0], let size = row[1].flatMap({ Int($0) }) { bytes[name] = size }
            }
        } catch {
            throw TokenBenchError.sqlite(context: "measuring the index of \(table) with dbstat", message: error.message)
        }
        return ((bytes["\(table)_data"] ?? 0) + (bytes["\(table)_idx"] ?? 0), bytes["\(table)_content"] ?? 0)
    }
}
