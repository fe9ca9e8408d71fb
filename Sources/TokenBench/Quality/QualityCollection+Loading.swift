import Foundation

extension QualityCollection {
    /// A BEIR dataset folder as BEIR publishes it: `corpus.jsonl`, `queries.jsonl` and
    /// `qrels/SPLIT.tsv`.
    public static func beir(directory: String, split: String = "test", locale: String? = nil) throws
        -> QualityCollection
    {
        let root = URL(fileURLWithPath: directory)
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: directory, isDirectory: &isDirectory), isDirectory.boolValue else {
            throw TokenBenchError.fileAccess(
                path: directory, reason: "no such directory (expected a BEIR dataset folder)")
        }
        let qrels = root.appendingPathComponent("qrels").appendingPathComponent("\(split).tsv").path
        guard FileManager.default.fileExists(atPath: qrels) else {
            let splits =
                ((try? FileManager.default.contentsOfDirectory(atPath: root.appendingPathComponent("qrels").path))
                ?? []).filter { $0.hasSuffix(".tsv") }.map { String($0.dropLast(4)) }.sorted()
            throw TokenBenchError.invalidArgument(
                name: "split", value: split,
                reason: "\(qrels) does not exist; "
                    + (splits.isEmpty
                        ? "the folder has no qrels/*.tsv" : "the splits are \(splits.joined(separator: ", "))"))
        }
        var collection = try files(
            documents: root.appendingPathComponent("corpus.jsonl").path,
            queries: root.appendingPathComponent("queries.jsonl").path, judgments: qrels, name: directory,
            locale: locale)
        collection.source = Source.beir(directory: directory, split: split).localized(locale)
        return collection
    }

    /// Plain files: documents and queries as JSON Lines or TSV, judgments as TREC qrels or BEIR's TSV.
    /// `locale` is the locale of every document and query whose JSON Lines record has none.
    public static func files(
        documents: String, queries: String, judgments: String, name: String? = nil, locale: String? = nil
    ) throws -> QualityCollection {
        for path in [documents, queries, judgments] { try FileAccess.checkReadable(path) }
        var queryRecords: [(QualityQuery, SourceLocation)] = []
        try QualityFileFormat.forEachRecord(ofFile: queries, kind: .query) { record, location in
            queryRecords.append(
                (
                    QualityQuery(
                        id: record.id, text: String(decoding: record.text, as: UTF8.self), locale: record.locale),
                    location
                ))
        }
        var collection = try QualityCollection(
            name: name ?? documents, store: .file(path: documents), queries: queryRecords,
            judgments: try QualityFileFormat.judgments(ofFile: judgments), defaultLocale: locale)
        collection.source = Source.files(documents: documents, queries: queries, judgments: judgments).localized(locale)
        return collection
    }

    /// The fixtures' own cases read as a known-item collection: every case is a document (its
    /// id, its document text); every case that some tokenizer is expected to match is a query
    /// (its query text) whose relevant documents are its own and every other case's with the
    /// same document text (relevance 1). A case's locales are its document's and its query's;
    /// `locale` is theirs where the case has none.
    public static func knownItems(from fixtures: FixtureSet, locale: String? = nil) throws -> QualityCollection {
        let cases = fixtures.cases
        // The same text in another locale is another document: a locale changes its tokens.
        let documentKey = { (matchCase: MatchCase) in [matchCase.document, matchCase.documentLocale ?? ""] }
        var casesByDocument: [[String]: [String]] = [:]
        for matchCase in cases { casesByDocument[documentKey(matchCase), default: []].append(matchCase.id) }
        var queries: [(QualityQuery, SourceLocation)] = []
        var judgments: [(QualityJudgment, SourceLocation)] = []
        for matchCase in cases
        where matchCase.expectations.values.contains(where: { $0.values.contains(.match) }) {
            queries.append(
                (
                    QualityQuery(id: matchCase.id, text: matchCase.query, locale: matchCase.queryLocale),
                    matchCase.location
                ))
            for documentID in casesByDocument[documentKey(matchCase)] ?? [] {
                judgments.append(
                    (QualityJudgment(queryID: matchCase.id, documentID: documentID, relevance: 1), matchCase.location))
            }
        }
        return try QualityCollection(
            name: "fixtures",
            store: .memory(cases.map { QualityDocument(id: $0.id, text: $0.document, locale: $0.documentLocale) }),
            queries: queries, judgments: judgments, defaultLocale: locale)
    }

    /// The fixture categories the embedded collection leaves out (`embedded(locale:)` says why).
    package static let excludedCategories = ["engine-differences", "locale", "typed"]

    /// The collection `tokenbench quality` runs without input flags: the embedded fixtures' cases
    /// as known items, but for the engine-differences category, whose documents test how an
    /// engine reads NUL bytes, not how a tokenizer ranks, and the locale category, whose cases
    /// mean what they say only with each text's locale (and would leave the system's engine
    /// without a row), and the typed category, whose cases test the query an app builds from a
    /// search box, each kind's expectations apart, not a ranking. `locale` is every document's
    /// and query's.
    public static func embedded(locale: String? = nil) throws -> QualityCollection {
        var collection = try knownItems(
            from: try FixtureSet(
                cases: FixtureSet.defaults().cases.filter { !excludedCategories.contains($0.category) }),
            locale: locale)
        collection.source = Source.embeddedFixtures.localized(locale)
        return collection
    }
}
