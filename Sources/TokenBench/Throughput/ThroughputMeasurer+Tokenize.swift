import Foundation

extension ThroughputMeasurer {
    /// Something timed in the tokenize operation: a tokenizer through the Swift harness, or the
    /// reference tokenizer through the C reference loop.
    private struct Participant {
        var tokenizer: ResolvedTokenizer
        var mode: TokenizationMode
        var cLoop: ReferenceLoop?

        func countTokens(in batch: CorpusBatch) throws -> Int {
            if let cLoop { return try cLoop.countTokens(in: batch, mode: mode) }
            return try TokenCounter.countTokens(in: batch, with: tokenizer, mode: mode)
        }
    }

    /// Times xTokenize over the corpus for every tokenizer × mode, and the C loop for the reference.
    func measureTokenize(_ corpus: StreamedCorpus) throws -> [ThroughputRow] {
        let reference = tokenizers.first { $0.spec.name == referenceName }!
        let cLoop = try ReferenceLoop(tokenizer: reference, in: connection)
        var participants = tokenizers.flatMap { tokenizer in options.modes.map { Participant(tokenizer: tokenizer, mode: $0) } }
        participants += options.modes.map { Participant(tokenizer: reference, mode: $0, cLoop: cLoop) }

        let runs = options.runs
        var nanoseconds = Array(repeating: Array(repeating: UInt64(0), count: runs), count: participants.count)
        var tokenCounts = Array(repeating: Array(repeating: 0, count: runs), count: participants.count)
        for participant in participants {
            _ = try participant.countTokens(in: corpus.firstBatch)  // warm-up: caches, ICU data, lazy tables
        }
        try corpus.forEachBatch { batchIndex, batch in
            for run in 0..<runs {
                progress?("tokenize: batch \(batchIndex + 1)/\(corpus.survey.batches), run \(run + 1)/\(runs)")
                for index in Self.rotation(count: participants.count, run: run) {
                    let start = Stopwatch.now()
                    let count = try participants[index].countTokens(in: batch)
                    nanoseconds[index][run] += Stopwatch.now() - start
                    tokenCounts[index][run] += count
                }
            }
        }

        var rows: [ThroughputRow] = []
        for (index, participant) in participants.enumerated() {
            let counts = tokenCounts[index]
            guard Set(counts).count == 1 else {
                throw TokenBenchError.inconsistentMeasurement(
                    spec: participant.tokenizer.spec.description,
                    reason: "the token count changed between runs in \(participant.mode.rawValue) mode (\(counts.map(String.init).joined(separator: ", "))): the tokenizer is not deterministic")
            }
            if participant.cLoop != nil,
               let harness = participants.firstIndex(where: { $0.cLoop == nil && $0.tokenizer.spec == participant.tokenizer.spec && $0.mode == participant.mode }),
               tokenCounts[harness][0] != counts[0] {
                throw TokenBenchError.inconsistentMeasurement(
                    spec: participant.tokenizer.spec.description,
                    reason: "the C reference loop counted \(counts[0]) tokens in \(participant.mode.rawValue) mode, the harness \(tokenCounts[harness][0])")
            }
            rows.append(row(
                tokenizer: participant.tokenizer, operation: participant.cLoop == nil ? .tokenize : .cReference,
                mode: participant.mode, storage: nil, corpus: corpus, tokens: counts[0],
                statistics: TimingStatistics(nanoseconds: nanoseconds[index])))
        }
        return rows
    }
}
