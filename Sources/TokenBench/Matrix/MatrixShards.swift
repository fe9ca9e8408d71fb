/// Joins the long CSVs of a sharded matrix run (`matrix --shard K/N`, `tokenbench merge`).
package enum MatrixShards {
    /// The rows of `files`, read as long matrix CSVs, in file order, with every column any of
    /// them has: what the unsharded run writes when the files are its shards in shard order.
    /// A cell in two files is an error naming both.
    package static func merge(files: [String]) throws -> (table: CSVTable, cells: Int) {
        var records: [MatrixRecord] = []
        var firstFile: [MatrixCoordinate: String] = [:]
        for file in files {
            for record in try MatrixBaseline.load(path: file).records {
                if let earlier = firstFile.updateValue(file, forKey: record.coordinate) {
                    throw TokenBenchError.invalidFixture(
                        file: file, line: record.line,
                        reason: "\(record.coordinate) is also in \(earlier): shards share no cell")
                }
                records.append(record)
            }
        }
        return (MatrixRecord.longTable(records), records.count)
    }
}
