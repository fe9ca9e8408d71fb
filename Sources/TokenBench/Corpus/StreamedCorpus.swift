/// A corpus ready for repeated passes: surveyed once, its first batch kept for warm-ups, and the
/// whole corpus kept in memory when it fits in that one batch; otherwise each pass streams it
/// again, so memory stays bounded whatever the corpus size.
struct StreamedCorpus {
    let source: CorpusSource
    let batchBytes: Int
    let survey: CorpusSurvey
    /// The first batch (the whole corpus when `survey.batches == 1`).
    let firstBatch: CorpusBatch

    init(source: CorpusSource, batchBytes: Int) throws {
        self.source = source
        self.batchBytes = batchBytes
        var bytes = 0
        var documents = 0
        var batches = 0
        var checksum = CorpusChecksum()
        var first: CorpusBatch?
        try source.forEachBatch(batchBytes: batchBytes) { batch in
            if first == nil { first = batch }
            batches += 1
            bytes += batch.bytes.count
            documents += batch.documentCount
            batch.bytes.withUnsafeBufferPointer { buffer in
                for index in 0..<batch.documentCount {
                    checksum.add(document: UnsafeBufferPointer(rebasing: buffer[batch.range(ofDocument: index)]))
                }
            }
        }
        guard let first, documents > 0 else {
            throw TokenBenchError.invalidArgument(
                name: "corpus", value: source.name, reason: "the corpus holds no document")
        }
        firstBatch = first
        survey = CorpusSurvey(
            name: source.name, script: source.script?.rawValue, bytes: bytes, documents: documents,
            checksum: checksum.hex, batches: batches)
    }

    /// Calls `body` with each batch and its index.
    func forEachBatch(_ body: (Int, CorpusBatch) throws -> Void) throws {
        if survey.batches == 1 {
            try body(0, firstBatch)
            return
        }
        var index = 0
        try source.forEachBatch(batchBytes: batchBytes) { batch in
            try body(index, batch)
            index += 1
        }
    }
}
