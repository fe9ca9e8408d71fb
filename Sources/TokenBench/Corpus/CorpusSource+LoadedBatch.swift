extension CorpusSource {
    /// Reads the whole corpus into one batch: for benchmarks on corpora that fit in memory.
    @_spi(Benchmarks) public func loadedBatch() throws -> CorpusBatch {
        var whole = CorpusBatch()
        try forEachBatch { batch in
            for index in 0..<batch.documentCount { whole.append(document: batch.bytes[batch.range(ofDocument: index)]) }
        }
        return whole
    }
}
