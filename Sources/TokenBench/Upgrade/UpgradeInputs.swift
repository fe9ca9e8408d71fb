import Foundation
import TokenBenchEngines

/// What `tokenbench upgrade` indexes and asks: documents (any bytes, NUL included) and the
/// fixtures' queries.
package struct UpgradeInputs: Sendable {
    /// One document of the index, named so that a difference can point at it.
    package struct Document: Sendable, Codable {
        /// Where it comes from: `gotchas.cases:12 document`, `corpus.txt:7`, `U+0000…U+007F`.
        package var label: String
        package var bytes: [UInt8]

        package init(label: String, bytes: [UInt8]) {
            self.label = label
            self.bytes = bytes
        }

        // The bytes cross to a worker as base64 (`Data`), not as a JSON array of numbers: the
        // scalar-value documents alone are 5 MB.
        private enum CodingKeys: String, CodingKey { case label, bytes }

        package init(from decoder: any Decoder) throws {
            let container = try decoder.container(keyedBy: CodingKeys.self)
            label = try container.decode(String.self, forKey: .label)
            bytes = Array(try container.decode(Data.self, forKey: .bytes))
        }

        package func encode(to encoder: any Encoder) throws {
            var container = encoder.container(keyedBy: CodingKeys.self)
            try container.encode(label, forKey: .label)
            try container.encode(Data(bytes), forKey: .bytes)
        }
    }

    /// One query run on both engines, as FTS5 MATCH expression text.
    package struct Query: Sendable, Codable {
        /// Where it comes from: `gotchas.cases:12 phrase`.
        package var label: String
        package var matchExpression: String

        package init(label: String, matchExpression: String) {
            self.label = label
            self.matchExpression = matchExpression
        }
    }

    package var documents: [Document]
    package var queries: [Query]
    /// The locale every document and query is given: the index is then a `locale=1` table, its
    /// rows inserted through `fts5_locale()` and its queries matched through it (SQLite 3.47).
    package var locale: String?
    /// Whether the index is a `tokendata=1` table (SQLite 3.45).
    package var tokendata: Bool

    package init(documents: [Document], queries: [Query], locale: String? = nil, tokendata: Bool = false) {
        self.documents = documents
        self.queries = queries
        self.locale = locale
        self.tokendata = tokendata
    }

    /// Why `engine` cannot build or open the index (the first feature it lacks), or nil.
    package func lacking(on engine: SQLiteEngine) -> String? {
        Self.lacking(locale: locale, tokendata: tokendata, on: engine)
    }

    /// Why `engine` cannot build or open an index with these table options, or nil.
    static func lacking(locale: String?, tokendata: Bool, on engine: SQLiteEngine) -> String? {
        let needed: [FTS5Feature] = (locale == nil ? [] : [.locale]) + (tokendata ? [.tokendata] : [])
        return needed.first { engine.fts5Features?.has($0) != true }.map { $0.lacking(on: engine) }
    }

    /// The default inputs: every fixture document and query and the conformance corpus's other
    /// inputs (edge cases, seeded random text) as documents; each line of `corpusFiles` as a
    /// document, its bytes as they are (a NUL inside a line stays); with `everyScalarValue`,
    /// every Unicode scalar value, 128 to a document, each between spaces. The queries are each
    /// fixture query as a phrase and as a prefix query.
    /// With `onlyCorpus`, the documents are the lines of `corpusFiles` and nothing else (the
    /// queries are still the fixtures'): a user's own text, without the bench's hard inputs.
    package static func make(
        fixtures: FixtureSet, corpusFiles: [String] = [], everyScalarValue: Bool = true, onlyCorpus: Bool = false
    ) throws -> UpgradeInputs {
        var documents =
            onlyCorpus
            ? []
            : ConformanceCorpus.make(
                fixtures: fixtures, seed: ConformanceCorpus.defaultSeed,
                iterations: ConformanceCorpus.defaultIterations,
                large: false
            ).map { Document(label: $0.label, bytes: $0.bytes) }
        for path in corpusFiles {
            try FileLines.forEach(ofFile: path) { number, line in
                documents.append(Document(label: "\(path):\(number)", bytes: Array(line)))
            }
        }
        if everyScalarValue && !onlyCorpus { documents += scalarValueDocuments() }
        let queries = fixtures.cases.flatMap { matchCase in
            QueryKind.defaults.map { kind in
                Query(
                    label: "\(matchCase.location) \(kind.rawValue)",
                    matchExpression: kind.matchExpression(for: matchCase.query)!)
            }
        }
        return UpgradeInputs(documents: documents, queries: queries)
    }

    /// U+0000 to U+10FFFF without the surrogates, 128 scalar values to a document, each between
    /// spaces so that most tokenizers see it alone: a change in an engine's Unicode tables then
    /// changes that document's tokens.
    static func scalarValueDocuments() -> [Document] {
        let blockSize: UInt32 = 128
        return stride(from: UInt32(0), through: 0x10FFFF, by: Int(blockSize)).compactMap { first in
            let scalars = (first..<first + blockSize).compactMap(Unicode.Scalar.init)
            guard let last = scalars.last else { return nil }
            var bytes: [UInt8] = []
            for scalar in scalars {
                bytes.append(0x20)
                Unicode.UTF8.encode(scalar) { bytes.append($0) }
            }
            bytes.append(0x20)
            return Document(label: "\(CodePoint.label(first))…\(CodePoint.label(last.value))", bytes: bytes)
        }
    }
}
