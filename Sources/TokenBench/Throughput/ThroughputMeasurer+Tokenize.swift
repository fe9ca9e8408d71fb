import Foundation

extension ThroughputMeasurer {
    /// Something timed in the tokenize operation: a tokenizer through the Swift harness, the
    /// reference tokenizer through the C reference loop, or a shipped tokenizer's C limit loop.
    private struct Participant {
        var tokenizer: TokenizerOnConnection
        /// The tokenizer's input in the unit.
        var input: Int
        var mode: TokenizationMode
        var cLoop: ReferenceLoop?
        var limitLoop: CLimitLoop?
        /// Set for the `--threads N` rows: N instances on N threads.
        var threaded: ThreadedTokenCounter?

        var operation: ThroughputOperation {
            cLoop != nil ? .cReference : (limitLoop != nil ? .cLimit : .tokenize)
        }
        var threads: Int { threaded?.threads ?? 1 }

        func countTokens(in batch: CorpusBatch) throws -> Int {
            if let cLoop { return try cLoop.countTokens(in: batch, mode: mode) }
            if let limitLoop { return try limitLoop.countTokens(in: batch, mode: mode) }
            if let threaded { return try threaded.countTokens(in: batch, mode: mode) }
            return try TokenCounter.countTokens(in: batch, with: tokenizer, mode: mode)
        }
    }

    /// Times xTokenize over the corpus for every tokenizer × mode, the C loop for the reference,
    /// and the C limit loop of every tokenizer that has one.
    func measureTokenize(_ corpus: StreamedCorpus) throws -> [ThroughputRow] {
        var participants = zip(tokenizers, inputs).flatMap { tokenizer, input in
            options.modes.map { Participant(tokenizer: tokenizer, input: input, mode: $0) }
        }
        if let index = tokenizers.firstIndex(where: { $0.spec.name == referenceName }) {
            post(inputs[index], .creating)
            let cLoop = try ReferenceLoop(tokenizer: tokenizers[index], in: connection)
            participants += options.modes.map {
                Participant(tokenizer: tokenizers[index], input: inputs[index], mode: $0, cLoop: cLoop)
            }
        }
        for (tokenizer, input) in zip(tokenizers, inputs) {
            post(input, .creating)
            guard let limitLoop = try CLimitLoop(tokenizer: tokenizer, in: connection) else { continue }
            participants += options.modes.map {
                Participant(tokenizer: tokenizer, input: input, mode: $0, limitLoop: limitLoop)
            }
        }
        if options.threads > 1 {
            for (tokenizer, input) in zip(tokenizers, inputs) {
                post(input, .creating)
                let threaded = try ThreadedTokenCounter(tokenizer: tokenizer, threads: options.threads, in: connection)
                participants += options.modes.map {
                    Participant(tokenizer: tokenizer, input: input, mode: $0, threaded: threaded)
                }
            }
        }

        let runs = options.runs
        var nanoseconds = Array(repeating: Array(repeating: UInt64(0), count: runs), count: participants.count)
        var tokenCounts = Array(repeating: Array(repeating: 0, count: runs), count: participants.count)
        for participant in participants {
            post(participant.input, .tokenizing)
            _ = try participant.countTokens(in: corpus.firstBatch) // warm-up: caches, ICU data, lazy tables
        }
        try corpus.forEachBatch { batchIndex, batch in
            for run in 0..<runs {
                progress?("tokenize: batch \(batchIndex + 1)/\(corpus.survey.batches), run \(run + 1)/\(runs)")
                for index in Self.rotation(count: participants.count, run: run) {
                    post(participants[index].input, .tokenizing)
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
                    reason:
                        "the token count changed between runs in \(participant.mode.rawValue) mode (\(counts.map(String.init).joined(separator: ", "))): the tokenizer is not deterministic"
                )
            }
            let harness = participants.firstIndex {
                $0.operation == .tokenize && $0.threads == 1 && $0.tokenizer.spec == participant.tokenizer.spec
                    && $0.mode == participant.mode
            }
            if participant.cLoop != nil, let harness, tokenCounts[harness][0] != counts[0] {
                throw TokenBenchError.inconsistentMeasurement(
                    spec: participant.tokenizer.spec.description,
                    reason:
                        "the C reference loop counted \(counts[0]) tokens in \(participant.mode.rawValue) mode, the harness \(tokenCounts[harness][0])"
                )
            }
            if participant.threads > 1, let harness, tokenCounts[harness][0] != counts[0] {
                throw TokenBenchError.inconsistentMeasurement(
                    spec: participant.tokenizer.spec.description,
                    reason:
                        "\(participant.threads) instances on \(participant.threads) threads counted \(counts[0]) tokens in \(participant.mode.rawValue) mode, one instance \(tokenCounts[harness][0]): it is not safe to use from several connections at once"
                )
            }
            var newRow = row(
                tokenizer: participant.tokenizer, operation: participant.operation,
                mode: participant.mode, storage: nil, corpus: corpus, tokens: counts[0],
                statistics: TimingStatistics(nanoseconds: nanoseconds[index]))
            newRow.threads = participant.threads
            rows.append(newRow)
        }
        return rows
    }
}
