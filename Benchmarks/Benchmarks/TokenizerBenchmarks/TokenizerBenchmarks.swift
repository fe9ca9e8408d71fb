import Benchmark
import Foundation
import TokenBench

/// One benchmark per built-in and shipped tokenizer: tokenizing the built-in 8 MB corpus in
/// document mode through xTokenize, as `tokenbench throughput` does. Reports throughput (passes
/// over the corpus per second), wall clock per pass and allocations; thresholds are kept in
/// Thresholds/.
let benchmarks: @Sendable () -> Void = {
    let corpus: CorpusBatch
    let workbench: Workbench
    do {
        corpus = try CorpusSource.generated(seed: CorpusSource.defaultSeed, size: CorpusSource.defaultSize).loadedBatch()
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

    for spec in workbench.supportedCatalogSpecs() {
        // Names without spaces or parentheses: package-benchmark 1.38.1 writes threshold files
        // under a shell-safe name but looks them up under the raw one.
        Benchmark("tokenize_\(spec.name)") { benchmark in
            do {
                try workbench.withCountingTokenizer(spec) { tokenizer in
                    _ = try tokenizer.countTokens(in: corpus, mode: .document)  // warm caches outside the timed region
                    benchmark.startMeasurement()
                    for _ in benchmark.scaledIterations {
                        blackHole(try tokenizer.countTokens(in: corpus, mode: .document))
                    }
                    benchmark.stopMeasurement()
                }
            } catch {
                benchmark.error("\(spec.name): \(error)")
            }
        }
    }
}
