/// Whether one tokenizer's index, built by one SQLite, survives being opened by another: one
/// row of `tokenbench upgrade`.
package struct UpgradeRow: Sendable, Equatable {
    package var tokenizer: String
    /// The engine that built the index, and the engine that then opened it.
    package var from: String
    package var to: String
    package var fromVersion: String
    package var toVersion: String
    /// Whether `from` built the index at all; false when it refused a row, and then the index
    /// is not intact either.
    package var wasBuilt: Bool
    /// Whether FTS5's `integrity-check` passed on `to`: FTS5 tokenizes the stored content again
    /// with `to`'s tokenizer and compares the tokens with the index built by `from`.
    package var isIntact: Bool
    /// FTS5's message when the check failed; `indexing on FROM fails: …` when `from` could not
    /// even build the index.
    package var integrityError: String
    /// When the index was not intact: whether FTS5's `rebuild` on `to` made it pass the check
    /// again (the repair the documentation advises); nil when there was nothing to repair or no
    /// index at all.
    package var rebuildRepairs: Bool?
    /// The queries whose rowids differ between `from` on its own index and `to` on the same file.
    package var queriesDiffering: [String]
    /// The first document whose document-mode tokens differ between the engines, described; empty
    /// when the engines tokenize every document alike, or when they were not compared (a
    /// locale on an engine without locales).
    package var firstDifference: String
    package var documents: Int
    package var queries: Int
    /// Each worker death on this row's inputs ("crashed (SIGSEGV while indexing) on corpus.txt:7
    /// (indexing on system)"; a document that killed a worker is left out of the index), or why
    /// the row has no verdict; empty when none died.
    package var error: String
    /// The locale of every row and query of a `locale=1` index (`--locale`); empty for a plain one.
    package var locale: String = ""
    /// Whether the index was a `tokendata=1` table (`--tokendata`).
    package var tokendata: Bool = false
    /// The code of each loss `error` words, in its order.
    package var losses: [Loss.Code] = []

    /// Whether the row has a verdict: the index was built and opened, or could not be built.
    /// Without one (a worker died on its queries or its opening), `error` says why.
    package var hasVerdict: Bool { wasBuilt || !integrityError.isEmpty }

    /// One sentence saying why the index does not survive; nil when it does, or when the row
    /// has no verdict.
    package var failure: String? {
        guard !isIntact, hasVerdict else { return nil }
        return wasBuilt
            ? "\(tokenizer): an index built by \(from) (\(fromVersion)) fails integrity-check on \(to) (\(toVersion)): \(integrityError)"
            : "\(tokenizer): \(integrityError) (\(fromVersion))"
    }

    /// The columns, in order, for writing and for reading.
    package enum Column: String, CaseIterable, Sendable {
        case tokenizer, from, to
        /// Written only when a row has them (`--locale`, `--tokendata`): a plain run's file is as
        /// it was before they existed.
        case locale, tokendata
        case intact
        case queriesDiffering = "queries_differing"
        case firstDifference = "first_difference"
        case fromVersion = "from_sqlite"
        case toVersion = "to_sqlite"
        case documents, queries
        case integrityError = "integrity_error"
        case rebuildRepairs = "rebuild_repairs"
        case firstQueryDiffering = "first_query_differing"
        case error
        /// The `Loss.Code` of each loss in `error`, separated by `;`: written only when a row has
        /// one.
        case loss
    }

    package func field(_ column: Column) -> String {
        switch column {
        case .tokenizer: tokenizer
        case .from: from
        case .to: to
        case .locale: locale
        case .tokendata: tokendata ? "1" : ""
        case .intact: hasVerdict ? (isIntact ? "yes" : "no") : ""
        case .queriesDiffering: String(queriesDiffering.count)
        case .firstDifference: firstDifference
        case .fromVersion: fromVersion
        case .toVersion: toVersion
        case .documents: String(documents)
        case .queries: String(queries)
        case .integrityError: integrityError
        case .rebuildRepairs: rebuildRepairs.map { $0 ? "yes" : "no" } ?? ""
        case .firstQueryDiffering: queriesDiffering.first ?? ""
        case .error: error
        case .loss: losses.map(\.rawValue).joined(separator: ";")
        }
    }
}

extension UpgradeRow: CSVRow {
    /// The rows as CSV: every column, but `locale`, `tokendata` and `loss` only when a row has one.
    package static func table(_ rows: [UpgradeRow]) -> CSVTable {
        csvTable(rows, omittingWhenEmpty: optionalColumns)
    }

    /// The columns written only when a row has them.
    package static let optionalColumns: Set<Column> = [.locale, .tokendata, .loss]
}
