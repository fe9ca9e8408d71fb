import Benchmark
import Foundation
@_spi(Benchmarks) import TokenBench

/// `tokenbench quality` at the scale the issue names: 100,000 documents and 1,000 queries
/// through four tokenizers on one engine, timed as one run (one iteration: it takes minutes).
///
/// The collection is written once, as a BEIR folder in a temporary directory, from the built-in
/// corpus generator's first 100,000 documents (seeded, so the same everywhere). Each query is a
/// known item: three words from the middle of every hundredth document, which alone is judged
/// relevant. The documents stream from the file at every index build, as for a user's corpus.
func qualityScaleBenchmark(workbench: Workbench) {
    Benchmark(
        "quality_100k_documents_1000_queries_4_tokenizers",
        configuration: .init(
            metrics: [.wallClock, .peakMemoryResident], timeUnits: .seconds, warmupIterations: 0, maxIterations: 1,
            thresholds: [
                .wallClock: .init(relative: [.p50: 40, .p90: 40]),
                .peakMemoryResident: .init(relative: [.p50: 20, .p90: 20]),
            ])
    ) { benchmark in
        do {
            // TOKENBENCH_QUALITY_COLLECTION=DIR keeps the collection in DIR, for timing the CLI on it.
            let kept = ProcessInfo.processInfo.environment["TOKENBENCH_QUALITY_COLLECTION"]
            let folder = try writeScaleCollection(documents: 100_000, everyNthIsAQuery: 100, into: kept)
            defer { if kept == nil { try? FileManager.default.removeItem(atPath: folder) } }
            let collection = try QualityCollection.beir(directory: folder)
            let options = QualityOptions(
                tokenizers: ["unicode61", "porter", "trigram", "latinascii"].map { TokenizerSpec(parsing: $0) },
                engines: [.system])
            benchmark.startMeasurement()
            let report = try workbench.quality(collection, options: options)
            benchmark.stopMeasurement()
            blackHole(report)
        } catch {
            benchmark.error("quality: \(error)")
        }
    }
}

/// Writes a BEIR folder of the generated corpus's first `documents` documents into `directory`
/// (a new temporary folder by default), and returns its path.
func writeScaleCollection(documents count: Int, everyNthIsAQuery step: Int, into directory: String? = nil) throws
    -> String
{
    let folder =
        directory.map { URL(fileURLWithPath: $0) }
        ?? FileManager.default.temporaryDirectory.appendingPathComponent("tokenbench-quality-\(UUID())")
    try FileManager.default.createDirectory(
        at: folder.appendingPathComponent("qrels"), withIntermediateDirectories: true)
    var corpus = Data()
    var queries = Data()
    var qrels = Data("query-id\tcorpus-id\tscore\n".utf8)
    var written = 0
    try CorpusSource.generated(seed: CorpusSource.defaultSeed, size: count * 1_000).forEachBatch { batch in
        for index in 0..<batch.documentCount where written < count {
            let text = String(decoding: batch.bytes[batch.range(ofDocument: index)], as: UTF8.self)
            let id = "d\(written)"
            corpus += try JSONSerialization.data(withJSONObject: ["_id": id, "title": "", "text": text])
            corpus += Data("\n".utf8)
            if written % step == step / 2 {
                let words = text.split(separator: " ")
                let middle = words.count / 2
                let query = words[max(0, middle - 1)..<min(words.count, middle + 2)].joined(separator: " ")
                queries += try JSONSerialization.data(withJSONObject: ["_id": "q\(written)", "text": query])
                queries += Data("\n".utf8)
                qrels += Data("q\(written)\t\(id)\t1\n".utf8)
            }
            written += 1
        }
    }
    try corpus.write(to: folder.appendingPathComponent("corpus.jsonl"))
    try queries.write(to: folder.appendingPathComponent("queries.jsonl"))
    try qrels.write(to: folder.appendingPathComponent("qrels/test.tsv"))
    return folder.path
}
