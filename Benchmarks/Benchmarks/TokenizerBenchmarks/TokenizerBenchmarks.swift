import Benchmark
import Foundation
import MeCabReferenceLoop
@_spi(Benchmarks) import TokenBench

/// One benchmark per built-in and shipped tokenizer: tokenizing the built-in 8 MB corpus in
/// document mode through xTokenize, as `tokenbench throughput` does. Reports throughput (passes
/// over the corpus per second), wall clock per pass and allocations; thresholds are kept in
/// Thresholds/.
///
/// Two more run on the Japanese documents of that corpus: `japanese`, and the plain C loop over
/// MeCab's own parser that is its limit. Their throughputs, side by side, give the ratio. So do
/// `limit_icu` and `limit_nfkc` beside `tokenize_icu` and `tokenize_nfkc`: the C limit loops
/// that `tokenbench throughput` reports as c-limit rows (ICU word break plus case folding;
/// NFKC_Casefold plus unicode61).
let benchmarks: @Sendable () -> Void = {
    let corpus: CorpusBatch
    let workbench: Workbench
    do {
        corpus = try CorpusSource.generated(seed: CorpusSource.defaultSeed, size: CorpusSource.defaultSize)
            .loadedBatch()
        workbench = try Workbench()
    } catch {
        fatalError("benchmark setup failed: \(error)")
    }

    Benchmark.defaultConfiguration = .init(
        metrics: [.throughput, .wallClock, .mallocCountTotal, .peakMemoryResident],
        timeUnits: .milliseconds,
        warmupIterations: 1,
        scalingFactor: .one,
        maxDuration: .seconds(5),
        maxIterations: 20,
        thresholds: [
            // Wall clock and throughput vary with the machine, and by up to 30% between runs on
            // the 2-core machine they were recorded on: a generous band. Resident memory
            // moves by a few pages between runs. Allocations do not vary: the counting path must
            // stay allocation-free per token, so a small absolute band.
            .wallClock: .init(relative: [.p50: 40, .p90: 40]),
            .throughput: .init(relative: [.p50: 40, .p90: 40]),
            .peakMemoryResident: .init(relative: [.p50: 10, .p90: 10]),
            .mallocCountTotal: .init(absolute: [.p50: 1_000, .p90: 1_000]),
        ])

    // The documents of the corpus written in Japanese (those with kana), about 8% of it.
    var japaneseText = CorpusBatch()
    for index in 0..<corpus.documentCount {
        let document = corpus.bytes[corpus.range(ofDocument: index)]
        if zip(document, document.dropFirst()).contains(where: { $0 == 0xE3 && (0x81...0x83).contains($1) }) {
            japaneseText.append(document: document)
        }
    }
    let japaneseEnds = japaneseText.ends.map { CLong($0) }

    Benchmark("japanese_text_tokenize_japanese") { benchmark in
        do {
            try workbench.withCountingTokenizer(TokenizerSpec(text: "japanese")) { tokenizer in
                try timePasses(benchmark) { try tokenizer.countTokens(in: japaneseText, mode: .document) }
            }
        } catch {
            benchmark.error("japanese: \(error)")
        }
    }

    Benchmark("japanese_text_mecab_c_loop") { benchmark in
        guard tb_mecab_reference_open() == 0 else { return benchmark.error("MeCab cannot load its dictionary") }
        japaneseText.bytes.withUnsafeBufferPointer { bytes in
            bytes.withMemoryRebound(to: CChar.self) { text in
                timePasses(benchmark) { tb_mecab_reference_count(text.baseAddress, japaneseEnds, japaneseEnds.count) }
            }
        }
    }

    for spec in workbench.supportedCatalogSpecs() {
        // Names without spaces or parentheses: package-benchmark 1.38.1 writes threshold files
        // under a shell-safe name but looks them up under the raw one.
        Benchmark("tokenize_\(spec.name)") { benchmark in
            do {
                try workbench.withCountingTokenizer(spec) { tokenizer in
                    try timePasses(benchmark) { try tokenizer.countTokens(in: corpus, mode: .document) }
                }
            } catch {
                benchmark.error("\(spec.name): \(error)")
            }
        }
    }

    qualityScaleBenchmark(workbench: workbench)

    for name in ["icu", "nfkc"] {
        Benchmark("limit_\(name)") { benchmark in
            do {
                _ = try workbench.withLimitLoop(TokenizerSpec(text: name)) { loop in
                    try timePasses(benchmark) { try loop.countTokens(in: corpus, mode: .document) }
                }
            } catch {
                benchmark.error("limit_\(name): \(error)")
            }
        }
    }
}

/// Times `pass` (one pass over the text, returning what it counted) `scaledIterations` times,
/// after one untimed pass that warms caches, ICU data and lazy tables outside the timed region.
func timePasses<Count>(_ benchmark: Benchmark, _ pass: () throws -> Count) rethrows {
    _ = try pass()
    benchmark.startMeasurement()
    for _ in benchmark.scaledIterations {
        blackHole(try pass())
    }
    benchmark.stopMeasurement()
}
