import Foundation
import TokenBenchEngines

extension Workbench {
    /// Which tokenizer, with which query kind, for this corpus, on the SQLite the app ships, without
    /// relevance judgments ([Advice](Advice.md)).
    ///
    /// Profiles the corpus, generates `knownItems` known-item queries from it (each a document
    /// and terms drawn from its own text, typed in one of the typing classes the corpus calls
    /// for), writes them as a BEIR collection, and ranks them with every candidate on every
    /// engine and query kind through `quality`: real FTS5 tables, in workers when the workbench
    /// isolates. Then scores each candidate × engine × kind as Σ over classes of weight · RR@10,
    /// and decides on the oldest engine of the run (the closest to what old platforms ship).
    public func advise(
        _ corpus: AdviceCorpus, options: AdviceOptions, progress: ((String) -> Void)? = nil
    ) throws -> AdviceReport {
        try options.validate()
        // The app's oldest SQLite runs too when an engine of it is built: the advice is decided there.
        let target = options.enginesWithTarget()
        if let note = target.note { progress?("advise: \(note)") }
        // Documents with locales go into locale=1 tables (SQLite 3.47): said here, of the corpus.
        if corpus.documents.contains(where: { $0.locale != nil }),
            !target.engines.contains(where: { $0.fts5Features?.has(.locale) == true })
        {
            throw TokenBenchError.invalidFixture(
                file: corpus.path, line: 0,
                reason:
                    "its documents have locales, which need SQLite \(FTS5Feature.locale.since) or later, and no engine of this run (\(target.engines.map(\.name).joined(separator: ", "))) has them"
            )
        }
        let splitter = try CorpusWordSplitter()
        progress?("advise: profiling \(corpus.documents.count) documents")
        let analysis = CorpusAnalysis(corpus.documents, splitter: splitter, seed: options.seed)
        var generator = KnownItemGenerator(analysis: analysis, splitter: splitter, seed: options.seed)
        let queries = generator.queries(
            count: options.knownItems, documents: corpus.documents, weights: analysis.variantWeights)
        guard !queries.isEmpty else {
            throw TokenBenchError.invalidFixture(
                file: corpus.path, line: 0, reason: "no document has a word to draw a query from")
        }
        // A class that got no query (no document to draw it from) leaves the score.
        let drawn = Set(queries.map(\.variant))
        let used = analysis.variantWeights.filter { drawn.contains($0.variant) }
        let usedTotal = used.map(\.weight).reduce(0, +)
        let weights = used.map { ($0.variant, $0.weight / usedTotal) }

        let directory: String
        let isTemporary = options.collectionDirectory == nil
        if let chosen = options.collectionDirectory {
            directory = chosen
        } else {
            directory =
                FileManager.default.temporaryDirectory
                .appendingPathComponent(
                    "tokenbench-advise-\(ProcessInfo.processInfo.processIdentifier)-\(UUID().uuidString)"
                )
                .path
        }
        defer { if isTemporary { try? FileManager.default.removeItem(atPath: directory) } }
        // A known item is looked for in its document's locale, as a user of that language types.
        let locales = KnownItemCollection.locales(of: corpus.documents)
        try KnownItemCollection.write(documents: corpus.documents, queries: queries, locales: locales, to: directory)
        // The known items as the BEIR folder holds them, then the log's queries, unjudged: one
        // index per candidate ranks both.
        let logEntries = options.queryLog?.entries ?? []
        let known = queries.enumerated().map { index, query in
            (
                QualityQuery(id: query.id, text: query.text, locale: locales[query.documentID]),
                SourceLocation(file: "queries.jsonl", line: index + 1)
            )
        }
        let logged = logEntries.enumerated().map { index, entry in
            (
                QualityQuery(id: String(format: "Q%05d", index + 1), text: entry.text),
                SourceLocation(file: options.queryLog?.path ?? "log", line: index + 1)
            )
        }
        let judgments = queries.enumerated().map { index, query in
            (
                QualityJudgment(queryID: query.id, documentID: query.documentID, relevance: 1),
                SourceLocation(file: "qrels/test.tsv", line: index + 2)
            )
        }
        let collection = try QualityCollection(
            name: directory,
            store: .file(path: URL(fileURLWithPath: directory).appendingPathComponent("corpus.jsonl").path),
            queries: known + logged, judgments: judgments, keepingUnjudgedQueries: true)
        var referenceCounts: [Int] = []
        if !logEntries.isEmpty {
            progress?("advise: the reference's matches of \(logEntries.count) logged queries")
            let reference = ReferenceMatcher(documents: corpus.documents, splitter: splitter)
            referenceCounts = logEntries.map { reference.count(of: $0.text) }
        }

        let baseline =
            options.tokenizers.first { $0.name == "unicode61" } ?? options.tokenizers[0]
        // quality's own comparison (nDCG@10 against the baseline) is not used here: one permutation.
        var qualityOptions = QualityOptions(
            tokenizers: options.tokenizers, engines: target.engines, queryKinds: options.queryKinds,
            details: [.full], baseline: baseline, depth: AdviceReport.depth, permutations: 1, seed: options.seed,
            runDirectory: options.runDirectory, parallelUnits: options.parallelUnits)
        // Prefix queries were most of advise's time (a one-letter prefix merges the doclists of
        // every term that starts with it); a prefix-indexed copy answers them alike.
        qualityOptions.prefixQueriesOnPrefixIndex = true
        let quality = try self.quality(collection, options: qualityOptions, progress: progress)
        let snippets = Dictionary(
            corpus.documents.map { document in
                let text = String(decoding: document.title.isEmpty ? document.text : document.title, as: UTF8.self)
                return (document.id, String(text.prefix(60)))
            }, uniquingKeysWith: { first, _ in first })
        return AdviceReport.decide(
            quality: quality, queries: queries, weights: weights, profile: analysis.profile, options: options,
            target: (target.deciding?.name, target.note), linesNotUTF8: corpus.linesNotUTF8,
            log: AdviceReport.LogInput(entries: logEntries, referenceCounts: referenceCounts, snippets: snippets))
    }
}

/// The generated collection as a BEIR folder: `corpus.jsonl`, `queries.jsonl` (each query with
/// its `variant`) and `qrels/test.tsv` (each query's known item, relevance 1), which a user can
/// edit and `tokenbench quality --beir` scores.
enum KnownItemCollection {
    /// Each document's locale, by id, for the documents that have one.
    static func locales(of documents: [QualityDocument]) -> [String: String] {
        Dictionary(documents.compactMap { document in document.locale.map { (document.id, $0) } }) { first, _ in first }
    }

    /// Writes the folder; a document's locale (`locales`, by id), when it has one, goes with it
    /// and with the queries that look for it, so that `quality --beir` scores what `advise`
    /// measured.
    static func write(
        documents: [QualityDocument], queries: [KnownItemQuery], locales: [String: String], to directory: String
    ) throws {
        let root = URL(fileURLWithPath: directory)
        func line(_ object: [String: String]) throws -> String {
            let data = try JSONSerialization.data(
                withJSONObject: object, options: [.sortedKeys, .withoutEscapingSlashes])
            return String(decoding: data, as: UTF8.self) + "\n"
        }
        do {
            try FileManager.default.createDirectory(
                at: root.appendingPathComponent("qrels"), withIntermediateDirectories: true)
            let corpus = try documents.map { document in
                var object = [
                    "_id": document.id, "title": String(decoding: document.title, as: UTF8.self),
                    "text": String(decoding: document.text, as: UTF8.self),
                ]
                object["locale"] = document.locale
                return try line(object)
            }.joined()
            let queryLines = try queries.map { query in
                var object = ["_id": query.id, "text": query.text, "variant": query.variant.rawValue]
                object["locale"] = locales[query.documentID]
                return try line(object)
            }
            .joined()
            let qrels = "query-id\tcorpus-id\tscore\n" + queries.map { "\($0.id)\t\($0.documentID)\t1\n" }.joined()
            try Data(corpus.utf8).write(to: root.appendingPathComponent("corpus.jsonl"), options: .atomic)
            try Data(queryLines.utf8).write(to: root.appendingPathComponent("queries.jsonl"), options: .atomic)
            try Data(qrels.utf8).write(to: root.appendingPathComponent("qrels/test.tsv"), options: .atomic)
        } catch {
            throw TokenBenchError.fileAccess(
                path: directory, reason: "cannot write the collection: \(FileAccess.reason(of: error))")
        }
    }
}
