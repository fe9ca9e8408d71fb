extension ThroughputRow {
    /// Puts the rows read back from the CSVs of one run's shards (`throughput --shard`, `merge`),
    /// given file by file in shard order, in the order the unsharded run writes them: by engine,
    /// then corpus, then the measurement's blocks (tokenize, the C reference loop, the limit
    /// loops, tokenize on threads, index per storage and detail, query), then tokenizer, then
    /// mode and insttoken. A shard's block holds its own tokenizers only, so the blocks'
    /// tokenizers come shard after shard. Engines, corpora, storages, details and modes come in
    /// an order every file agrees with (a shard whose tokenizers run on one engine only has that
    /// engine's rows alone). The sort is stable.
    package static func inMeasurementOrder(_ files: [[[String: String]]]) -> [[String: String]] {
        let ordered: [Column] = [.engine, .corpus, .storage, .detail, .tokenizer, .mode]
        let orders = ordered.map { column in
            Self.agreedOrder(of: files.map { rows in rows.map { $0[column.rawValue] ?? "" } })
        }
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
            let ranks = zip(ordered, orders).map { column, order in order[row[column.rawValue] ?? ""] ?? 0 }
            let insttoken = ["": 0, "off": 1, "on": 2][row[Column.insttoken.rawValue] ?? ""] ?? 0
            // engine, corpus, block, storage, detail, tokenizer, mode, insttoken
            return [ranks[0], ranks[1], block(row), ranks[2], ranks[3], ranks[4], ranks[5], insttoken]
        }
        return files.flatMap { $0 }.enumerated().sorted { a, b in
            let (keyA, keyB) = (key(a.element), key(b.element))
            return keyA == keyB ? a.offset < b.offset : keyA.lexicographicallyPrecedes(keyB)
        }.map(\.element)
    }

    /// A rank for every value of `sequences` (one per file, each value in the order the file
    /// first has it) that keeps every file's order: a topological order of "comes before in
    /// some file", ties going to the value met first. Values two files order differently keep
    /// the order met first.
    static func agreedOrder(of sequences: [[String]]) -> [String: Int] {
        var firstMet: [String: Int] = [:]
        var before: [String: Set<String>] = [:]
        for sequence in sequences {
            var seen: [String] = []
            for value in sequence where !seen.contains(value) {
                if firstMet[value] == nil { firstMet[value] = firstMet.count }
                if let previous = seen.last, previous != value { before[value, default: []].insert(previous) }
                seen.append(value)
            }
        }
        var ranks: [String: Int] = [:]
        var remaining = firstMet.keys.sorted { firstMet[$0]! < firstMet[$1]! }
        while !remaining.isEmpty {
            // The first value met whose predecessors are all placed; on a cycle, the first met.
            let index = remaining.firstIndex { (before[$0] ?? []).allSatisfy { ranks[$0] != nil } } ?? 0
            ranks[remaining.remove(at: index)] = ranks.count
        }
        return ranks
    }
}
