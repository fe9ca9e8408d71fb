import Foundation

extension QualityCollection {
    /// Where a collection was read from, so that it can be read again: `tokenbench quality -o`
    /// writes it into every row (the `collection` column), and `tokenbench check --quality` reads
    /// the collection again from it alone. Paths are kept as given, relative to the directory
    /// the run started in.
    package enum Source: Sendable, Equatable, Codable {
        /// The embedded fixtures as known items (`QualityCollection.embedded()`).
        case embeddedFixtures
        /// Fixture files or folders as known items.
        case fixtures(paths: [String])
        /// A BEIR dataset folder and its qrels split.
        case beir(directory: String, split: String)
        /// Plain documents, queries and judgments files.
        case files(documents: String, queries: String, judgments: String)
        /// A source whose documents and queries without a locale of their own get `locale`
        /// (`quality --locale`).
        indirect case localized(locale: String, source: Source)

        /// This source with `locale` as its documents' and queries' default; itself without one.
        package func localized(_ locale: String?) -> Source {
            locale.map { .localized(locale: $0, source: self) } ?? self
        }

        /// The source as one line of JSON: the `collection` column.
        package var json: String {
            let encoder = JSONEncoder()
            encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
            // Encoding an enum of strings cannot fail.
            return String(decoding: (try? encoder.encode(self)) ?? Data(), as: UTF8.self)
        }

        /// The source a `collection` column holds; nil when it holds none.
        package init?(json: String) {
            guard let source = try? JSONDecoder().decode(Self.self, from: Data(json.utf8)) else { return nil }
            self = source
        }
    }

    /// Reads the collection `source` names, again; `locale` is the default of its documents and
    /// queries (a `localized` source's own wins).
    package static func load(_ source: Source, locale: String? = nil) throws -> QualityCollection {
        switch source {
        case .embeddedFixtures: return try embedded(locale: locale)
        case .beir(let directory, let split): return try beir(directory: directory, split: split, locale: locale)
        case .files(let documents, let queries, let judgments):
            return try files(documents: documents, queries: queries, judgments: judgments, locale: locale)
        case .fixtures(let paths):
            var collection = try knownItems(from: FixtureSet.load(paths: paths), locale: locale)
            collection.source = source.localized(locale)
            return collection
        case .localized(let locale, let source):
            return try load(source, locale: locale)
        }
    }
}
