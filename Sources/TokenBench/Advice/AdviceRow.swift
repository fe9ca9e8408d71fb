import Foundation

/// One line of `tokenbench advise`'s CSV: one candidate tokenizer on one engine with one query
/// kind, over the known-item queries of one typing class, or over all of them (`variant` `all`),
/// or over the query log (`log`).
package struct AdviceRow: Sendable, Equatable {
    package internal(set) var tokenizer: String
    package internal(set) var spec: String
    package internal(set) var engine: String
    package internal(set) var sqliteVersion: String
    package internal(set) var queryKind: SearchQueryKind
    /// A `TypingVariant`'s name, `all`, or `log`.
    package internal(set) var variant: String
    /// The class's weight in the score (1 on `all` rows, 0 on `log` rows).
    package internal(set) var weight: Double
    package internal(set) var queries: Int
    /// Success at 10 (the known item in the first ten) and RR@10, means over the queries; nil
    /// on a `log` row, whose queries have no known item.
    package internal(set) var recall10: Double?
    package internal(set) var reciprocalRank10: Double?
    /// Known items not matched at all (`AdviceReport.isSilentMiss`); on a `log` row, the log's
    /// queries without a result.
    package internal(set) var silentMisses: Int
    /// On a `log` row, the log's queries whose result count is far above the reference's
    /// (`ReferenceMatcher.isOverMatch`); nil on the others.
    package internal(set) var overMatches: Int? = nil
    /// Σ over classes of weight · RR@10: the same on every row of the candidate, engine and kind.
    package internal(set) var score: Double
    /// The randomization test on per-query RR@10 (weighted by class) against the best score on
    /// the same engine and kind; nil on the best's own rows.
    package internal(set) var pValue: Double?
    package internal(set) var indexBytes: Int?
    package internal(set) var buildSeconds: Double
    package internal(set) var p50Microseconds: Double
    /// The oldest SQLite the spec runs on, and whether it is in the portable set.
    package internal(set) var needsSQLite: String
    package internal(set) var portable: Bool
    /// `recommended`, `runner-up`, `excluded` or empty; `why` says why for the first three.
    package internal(set) var advice: String
    package internal(set) var why: String
    package internal(set) var runFile: String
    /// How the tokenizer killed workers, if it did.
    package internal(set) var error: String
}

extension AdviceRow: CSVRow {
    package enum Column: String, CaseIterable, Sendable {
        case tokenizer, spec, engine
        case sqliteVersion = "sqlite_version"
        case queryKind = "query_kind"
        case variant, weight, queries
        case recall10 = "R@10"
        case reciprocalRank10 = "RR@10"
        case silentMisses = "silent_misses"
        case overMatches = "over_matches"
        case score
        case pValue = "p_value"
        case indexBytes = "index_bytes"
        case buildSeconds = "build_s"
        case p50Microseconds = "p50_us"
        case needsSQLite = "needs_sqlite"
        case portable, advice, why
        case runFile = "run_file"
        case error
    }

    package func field(_ column: Column) -> String {
        switch column {
        case .tokenizer: tokenizer
        case .spec: spec
        case .engine: engine
        case .sqliteVersion: sqliteVersion
        case .queryKind: queryKind.rawValue
        case .variant: variant
        case .weight: String(format: "%.4f", weight)
        case .queries: String(queries)
        case .recall10: recall10.map(QualityRow.metric) ?? ""
        case .reciprocalRank10: reciprocalRank10.map(QualityRow.metric) ?? ""
        case .silentMisses: String(silentMisses)
        case .overMatches: overMatches.map(String.init) ?? ""
        case .score: QualityRow.metric(score)
        case .pValue: pValue.map { String(format: "%.4g", $0) } ?? ""
        case .indexBytes: indexBytes.map(String.init) ?? ""
        case .buildSeconds: String(format: "%.3f", buildSeconds)
        case .p50Microseconds: String(format: "%.1f", p50Microseconds)
        case .needsSQLite: needsSQLite
        case .portable: portable ? "yes" : "no"
        case .advice: advice
        case .why: why
        case .runFile: runFile
        case .error: error
        }
    }
}

extension AdviceRow {
    /// Reads a CSV that `tokenbench advise` wrote; a malformed line is an error naming the file
    /// and line.
    package static func rows(ofFile path: String) throws -> [AdviceRow] {
        let records = try CSV.records(ofFile: path, header: csvHeader, writtenBy: "tokenbench advise")
        return try records.map { record in
            let reader = CSVFieldReader<Column>(record: record, file: path)
            return AdviceRow(
                tokenizer: reader.text(.tokenizer), spec: reader.text(.spec), engine: reader.text(.engine),
                sqliteVersion: reader.text(.sqliteVersion), queryKind: try reader.value(.queryKind),
                variant: reader.text(.variant), weight: try reader.double(.weight), queries: try reader.int(.queries),
                recall10: try reader.optionalDouble(.recall10),
                reciprocalRank10: try reader.optionalDouble(.reciprocalRank10),
                silentMisses: try reader.int(.silentMisses),
                overMatches: try reader.optionalDouble(.overMatches).map { Int($0) }, score: try reader.double(.score),
                pValue: try reader.optionalDouble(.pValue),
                indexBytes: try reader.optionalDouble(.indexBytes).map { Int($0) },
                buildSeconds: try reader.double(.buildSeconds), p50Microseconds: try reader.double(.p50Microseconds),
                needsSQLite: reader.text(.needsSQLite), portable: reader.text(.portable) == "yes",
                advice: reader.text(.advice), why: reader.text(.why), runFile: reader.text(.runFile),
                error: reader.text(.error))
        }
    }
}
