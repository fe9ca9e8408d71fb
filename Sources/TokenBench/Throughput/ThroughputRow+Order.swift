extension ThroughputRow {
    /// Puts rows read back from the CSVs of one run's shards (`throughput --shard`, `merge`) in
    /// the order the unsharded run writes them: by engine, then corpus, then the measurement's
    /// blocks (tokenize, the C reference loop, the limit loops, tokenize on threads, index per
    /// storage and detail, query), then tokenizer, then mode and insttoken. Engines, corpora,
    /// storages, details, tokenizers and modes keep the order in which they first appear, files
    /// read in shard order: a shard's block holds its own tokenizers only, so the blocks'
    /// tokenizers come shard after shard. The sort is stable.
    package static func inMeasurementOrder(_ rows: [[String: String]]) -> [[String: String]] {
        func firstAppearance(_ column: Column) -> [String: Int] {
            var order: [String: Int] = [:]
            for row in rows where order[row[column.rawValue] ?? ""] == nil {
                order[row[column.rawValue] ?? ""] = order.count
            }
            return order
        }
        let orders = [Column.engine, .corpus, .storage, .detail, .tokenizer, .mode].map { ($0, firstAppearance($0)) }
        func block(_ row: [String: String]) -> Int {
            let threaded = (Int(row[Column.threads.rawValue] ?? "") ?? 1) > 1
            switch ThroughputOperation(rawValue: row[Column.operation.rawValue] ?? "") {
            case .tokenize: return threaded ? 3 : 0
            case .cReference: return 1
            case .cLimit: return 2
            case .index: return 4
            case .query, nil: return 5
            }
        }
        func key(_ row: [String: String]) -> [Int] {
            let ranks = orders.map { column, order in order[row[column.rawValue] ?? ""] ?? 0 }
            let insttoken = ["": 0, "off": 1, "on": 2][row[Column.insttoken.rawValue] ?? ""] ?? 0
            // engine, corpus, block, storage, detail, tokenizer, mode, insttoken
            return [ranks[0], ranks[1], block(row), ranks[2], ranks[3], ranks[4], ranks[5], insttoken]
        }
        return rows.enumerated().sorted { a, b in
            let (keyA, keyB) = (key(a.element), key(b.element))
            return keyA == keyB ? a.offset < b.offset : keyA.lexicographicallyPrecedes(keyB)
        }.map(\.element)
    }
}
