/// One row of the long match-matrix CSV, typed: what `tokenbench matrix` writes for a cell, and
/// what `check` and `diff` read back and compare. `Column` is the one list of its columns: the
/// header, the writer and the reader all go through it.
package struct MatrixRecord: Hashable, Sendable, CSVRow {
    /// Which cell the row describes: what identifies it across runs and machines.
    package var coordinate: MatrixCoordinate
    package var category: String
    package var document: String
    package var query: String
    /// The MATCH expression of an app's query kind (`MatrixCell.pattern`), empty for no query;
    /// empty for the bench's own kinds too, whose `pattern` field is the quoted query, computed
    /// only when written.
    private var appPattern: String
    /// The case's `localeColumn`: empty without a locale.
    package var locale: String
    /// `1` for a case run in a `tokendata=1` table, else empty.
    package var tokendata: String
    package var result: MatchVerdict
    package var expected: MatchVerdict.Code?
    package var outcome: ExpectationOutcome
    /// The token streams as the CSV shows them (`joinedForDisplay`): compared as text, since a
    /// file read back has only the text.
    package var documentTokens: String
    package var queryTokens: String
    /// The 1-based CSV line the row was read from, or 0 for a row computed in this run.
    package var line: Int

    /// The CSV columns, in order.
    package enum Column: String, CaseIterable, Sendable {
        case caseID = "case"
        case category, tokenizer, engine
        case queryKind = "query_kind"
        case documentForm = "document_form"
        case queryForm = "query_form"
        case document, query, pattern, locale, tokendata, matched, verdict, expected, outcome
        case documentTokens = "document_tokens"
        case queryTokens = "query_tokens"
        case error
        /// A lost cell's `Loss.Code`: written only when a cell was lost.
        case loss

        /// Whether the column is part of the cell's coordinate; every other column is compared.
        package var isCoordinate: Bool {
            switch self {
            case .caseID, .tokenizer, .engine, .queryKind, .documentForm, .queryForm: true
            default: false
            }
        }

        /// Whether a file may lack the column: `engine` came after the first files, `locale`
        /// and `tokendata` are written only when a case has one, `pattern` and `verdict`
        /// only when an app's query kind ran, and `loss` only when a cell was lost.
        package var isOptional: Bool {
            switch self {
            case .engine, .locale, .tokendata, .pattern, .verdict, .loss: true
            default: false
            }
        }
    }

    /// The columns a file of `records` has: all of them, but `locale` and `tokendata` only when
    /// a case has one, `pattern` and `verdict` only when an app's query kind (`raw`, `grdb-*`,
    /// `typed-*`) ran, and `loss` only when a cell was lost, so a matrix without them reads as it
    /// did before they existed.
    package static func columns(of records: [MatrixRecord]) -> [Column] {
        let hasLocales = records.contains { !$0.locale.isEmpty }
        let hasTokendata = records.contains { !$0.tokendata.isEmpty }
        let hasAppQueries = records.contains { !$0.coordinate.queryKind.isBenchQuery }
        let hasLosses = records.contains { $0.result.loss != nil }
        return Column.allCases.filter {
            switch $0 {
            case .locale: hasLocales
            case .tokendata: hasTokendata
            case .pattern, .verdict: hasAppQueries
            case .loss: hasLosses
            default: true
            }
        }
    }

    /// The long table of `records`, with `columns(of:)`.
    package static func longTable(_ records: [MatrixRecord]) -> CSVTable {
        let columns = columns(of: records)
        return CSVTable(header: columns.map(\.rawValue), rows: records.map { record in columns.map(record.field) })
    }

    /// The row of a cell computed in this run.
    package init(cell: MatrixCell) {
        coordinate = cell.coordinate
        category = cell.matchCase.category
        document = cell.document
        query = cell.query
        appPattern = cell.coordinate.queryKind.isBenchQuery ? "" : cell.pattern ?? ""
        locale = cell.matchCase.localeColumn
        tokendata = cell.matchCase.tokendata ? "1" : ""
        result = cell.result
        expected = cell.expected
        outcome = cell.outcome
        documentTokens = cell.documentTokens.joinedForDisplay
        queryTokens = cell.queryTokens.joinedForDisplay
        line = 0
    }

    package func field(_ column: Column) -> String {
        switch column {
        case .caseID: coordinate.caseID
        case .category: category
        case .tokenizer: coordinate.tokenizer
        case .engine: coordinate.engine
        case .queryKind: coordinate.queryKind.rawValue
        case .documentForm: coordinate.formPair.document.rawValue
        case .queryForm: coordinate.formPair.query.rawValue
        case .document: document
        case .query: query
        case .pattern:
            coordinate.queryKind.isBenchQuery ? coordinate.queryKind.matchExpression(for: query)! : appPattern
        case .locale: locale
        case .tokendata: tokendata
        case .matched: result.matchedColumn
        case .verdict: result.code.rawValue
        case .expected: expected?.expectedColumn ?? ""
        case .outcome: outcome.rawValue
        case .documentTokens: documentTokens
        case .queryTokens: queryTokens
        case .error: result.errorColumn
        case .loss: result.loss?.code.rawValue ?? ""
        }
    }

    /// Reads a row: `field` gives each column's text, nil for a column the file lacks (it reads
    /// as its default: `system`, or no locale). Throws the reason a field is not what
    /// `tokenbench matrix` writes (the caller names the file and line).
    package init(reading field: (Column) -> String?, line: Int) throws(MatrixRecordError) {
        func value(_ column: Column) -> String { field(column) ?? (column == .engine ? SQLiteEngine.system.name : "") }
        guard let queryKind = QueryKind(rawValue: value(.queryKind)) else {
            throw MatrixRecordError(
                "query_kind '\(value(.queryKind))' is not one of \(QueryKind.allCases.map(\.rawValue).joined(separator: ", "))"
            )
        }
        guard let document = NormalizationForm(rawValue: value(.documentForm)),
            let query = NormalizationForm(rawValue: value(.queryForm))
        else {
            throw MatrixRecordError(
                "document_form/query_form '\(value(.documentForm))'/'\(value(.queryForm))' are not asis, nfc, nfd, nfkc or nfkd"
            )
        }
        coordinate = MatrixCoordinate(
            caseID: value(.caseID), tokenizer: value(.tokenizer), engine: value(.engine), queryKind: queryKind,
            formPair: FormPair(document: document, query: query))
        let loss = try Self.loss(lossColumn: field(.loss), errorColumn: value(.error))
        // The verdict's code where the file has it; a file written before it was a column says
        // a lost cell only in its error's wording.
        let code = value(.verdict)
        if !code.isEmpty {
            guard let verdict = MatchVerdict(code: code, errorColumn: value(.error), loss: loss) else {
                throw MatrixRecordError(
                    code == MatchVerdict.Code.lost.rawValue
                        ? "verdict 'lost' without a loss code in the loss column"
                        : "verdict '\(code)' is not one of \(MatchVerdict.Code.allCases.map(\.rawValue).joined(separator: ", "))"
                )
            }
            result = verdict
        } else {
            switch value(.matched) {
            case "1": result = .matched
            case "0": result = .notMatched
            case "":
                result = MatchVerdict(
                    errorColumn: value(.error), loss: loss,
                    skipped: value(.outcome) == ExpectationOutcome.skipped.rawValue)
            case let other: throw MatrixRecordError("matched '\(other)' is not 1, 0 or empty (an error)")
            }
        }
        let expectedText = value(.expected)
        if expectedText.isEmpty {
            expected = nil
        } else if let known = MatchVerdict.Code.expectable.first(where: { $0.expectedColumn == expectedText }) {
            expected = known
        } else {
            throw MatrixRecordError("expected '\(expectedText)' is not 1, 0, no-query, error or empty")
        }
        guard let outcome = ExpectationOutcome(rawValue: value(.outcome)) else {
            throw MatrixRecordError(
                "outcome '\(value(.outcome))' is not \(ExpectationOutcome.allCases.map(\.rawValue).joined(separator: ", "))"
            )
        }
        self.outcome = outcome
        category = value(.category)
        self.document = value(.document)
        self.query = value(.query)
        appPattern = queryKind.isBenchQuery ? "" : value(.pattern)
        locale = value(.locale)
        tokendata = value(.tokendata)
        documentTokens = value(.documentTokens)
        queryTokens = value(.queryTokens)
        self.line = line
    }

    /// The loss a row names: its `loss` column's code, with the `error` column's wording; for a
    /// file written before the column existed (`lossColumn` nil), the deprecated reading of the
    /// wording alone.
    private static func loss(lossColumn: String?, errorColumn: String) throws(MatrixRecordError) -> Loss? {
        guard let lossColumn else { return Loss.fromLegacyWording(errorColumn) }
        guard !lossColumn.isEmpty else { return nil }
        guard let code = Loss.Code(rawValue: lossColumn) else {
            throw MatrixRecordError(
                "loss '\(lossColumn)' is not one of \(Loss.Code.allCases.map(\.rawValue).joined(separator: ", "))")
        }
        return Loss(code: code, wording: errorColumn)
    }

    /// The compared columns whose values differ between `self` and `other`.
    /// (A bench query's pattern is its query quoted, and its verdict what `matched` and `error`
    /// say: compared as those.)
    package func changedColumns(comparedWith other: MatrixRecord) -> [Column] {
        let isDerived = { (column: Column) in
            self.coordinate.queryKind.isBenchQuery && (column == .pattern || column == .verdict)
        }
        return Column.allCases.filter { !$0.isCoordinate && !isDerived($0) && field($0) != other.field($0) }
    }
}

/// Why a row of a matrix CSV could not be read.
package struct MatrixRecordError: Error {
    package var reason: String
    init(_ reason: String) { self.reason = reason }
}
