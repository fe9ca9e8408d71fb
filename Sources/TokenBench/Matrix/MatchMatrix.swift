import TokenBenchEngines

/// How a cell's result compares with the fixture's expectation.
public enum ExpectationOutcome: String, CaseIterable, Sendable {
    /// The result is the expected one.
    case pass
    /// The result differs from the expectation.
    case fail
    /// No expectation is recorded for this tokenizer.
    case unchecked
    /// FTS5 reported an error where no error was expected.
    case error
    /// The engine could not run the cell as the case asks (`MatchVerdict.unsupported`): no
    /// verdict, whatever the expectation.
    case skipped
}

/// Where a cell sits in a matrix: the case, tokenizer, engine, query kind and form pair it was
/// run with. No two cells of a matrix share one.
public struct MatrixCoordinate: Hashable, Sendable, CustomStringConvertible {
    public internal(set) var caseID: String
    public internal(set) var tokenizer: String
    /// The SQLite engine that ran the cell (`system`, `bundled`).
    public internal(set) var engine: String
    public internal(set) var queryKind: QueryKind
    public internal(set) var formPair: FormPair

    public init(
        caseID: String, tokenizer: String, engine: String = SQLiteEngine.system.name, queryKind: QueryKind,
        formPair: FormPair
    ) {
        self.caseID = caseID
        self.tokenizer = tokenizer
        self.engine = engine
        self.queryKind = queryKind
        self.formPair = formPair
    }

    public var description: String {
        "case \(caseID), tokenizer \(tokenizerOnEngine), \(queryKind.rawValue) \(formPair)"
    }

    /// The tokenizer, followed by ` on ENGINE` when that is not the system's: how every message
    /// names a cell's column.
    package var tokenizerOnEngine: String {
        engine == SQLiteEngine.system.name ? tokenizer : "\(tokenizer) on \(engine)"
    }

    /// The same coordinate with its engine left blank: what two engines' cells of one case,
    /// tokenizer, query kind and form pair share.
    package var ignoringEngine: MatrixCoordinate {
        var coordinate = self
        coordinate.engine = ""
        return coordinate
    }
}

/// One case run with one tokenizer on one engine, one query kind and one form pair.
public struct MatrixCell: Hashable, Sendable {
    public internal(set) var matchCase: MatchCase
    public internal(set) var tokenizer: String
    /// The SQLite engine whose FTS5 ran the cell.
    public internal(set) var engine: String
    public internal(set) var queryKind: QueryKind
    public internal(set) var formPair: FormPair
    /// The document and query exactly as FTS5 received them (after the form pair was applied).
    public internal(set) var document: String
    public internal(set) var query: String
    /// The pattern an app's query kind built (`raw`, `grdb-*`, `typed-*`); nil for the bench's
    /// own kinds, whose pattern is the query quoted.
    private var builtPattern: String?
    public internal(set) var result: MatchVerdict
    public internal(set) var expected: MatchVerdict.Code?
    public internal(set) var documentTokens: [Token]
    public internal(set) var queryTokens: [Token]

    package init(
        matchCase: MatchCase, tokenizer: String, engine: String = SQLiteEngine.system.name, queryKind: QueryKind,
        formPair: FormPair, document: String, query: String, pattern: String? = nil, result: MatchVerdict,
        expected: MatchVerdict.Code?, documentTokens: [Token], queryTokens: [Token]
    ) {
        self.matchCase = matchCase
        self.tokenizer = tokenizer
        self.engine = engine
        self.queryKind = queryKind
        self.formPair = formPair
        self.document = document
        self.query = query
        builtPattern = queryKind.isBenchQuery ? nil : pattern
        self.result = result
        self.expected = expected
        self.documentTokens = documentTokens
        self.queryTokens = queryTokens
    }

    /// The MATCH expression of the cell, as its query kind builds it from `query`: the bench's
    /// quoted phrase, the text itself (`raw`), GRDB's pattern or the typed builder's; nil where
    /// the builder made none (`MatchVerdict.noQuery`), or where an app's pattern was never
    /// built (a lost or unsupported cell).
    public var pattern: String? {
        queryKind.isBenchQuery ? queryKind.matchExpression(for: query) : builtPattern
    }

    public var coordinate: MatrixCoordinate {
        MatrixCoordinate(
            caseID: matchCase.id, tokenizer: tokenizer, engine: engine, queryKind: queryKind, formPair: formPair)
    }

    public var outcome: ExpectationOutcome {
        switch (result, expected) {
        case (.unsupported, _): return .skipped
        case (.error, nil), (.lost, _): return .error
        case (_, nil): return .unchecked
        case (.error, .error?): return .pass
        case (.error, _): return .error
        case (.matched, .match?), (.notMatched, .noMatch?), (.noQuery, .noQuery?): return .pass
        default: return .fail
        }
    }

    /// Whether the engine could not run the cell as its case asks.
    package var isUnsupported: Bool {
        if case .unsupported = result { return true }
        return false
    }

    /// Whether this cell makes a run fail: a result that contradicts a recorded expectation.
    public var violatesExpectation: Bool {
        expected != nil && (outcome == .fail || outcome == .error)
    }
}

/// The match matrix of a run: cells addressed by case × tokenizer × engine × query kind × form
/// pair.
///
/// The axes say what the matrix covers and in which order tables list it; `cells` holds at most
/// one cell per coordinate, each on the axes (checked when the matrix is made). A cell may be
/// missing, as in a matrix filtered with `filter(_:)`: consumers look cells up with
/// `cell(at:)`, never by position.
public struct MatchMatrix: Sendable, ReportsRunLosses {
    /// Case ids in the order of the fixtures.
    public let caseIDs: [String]
    public let tokenizers: [String]
    public let engines: [String]
    public let queryKinds: [QueryKind]
    public let formPairs: [FormPair]
    /// Every cell, in axis order: case, tokenizer, engine, query kind, form pair.
    public let cells: [MatrixCell]
    /// The tokenizer × engine columns of wide tables and the report, tokenizer-major: those
    /// with at least one cell (a tokenizer an engine lacks has no column there).
    package let columns: [(tokenizer: String, engine: String)]
    private let columnsSpanEngines: Bool
    private let positions: [MatrixCoordinate: Int]
    /// The workers that judged code killed while the matrix was computed: each lost cells,
    /// which say so (`MatchVerdict.lost`).
    public internal(set) var losses = RunLosses()

    /// Makes a matrix of `cells` over the given axes (`caseIDs` defaults to the cells' cases in
    /// order of appearance). Throws when an axis lists a value twice, when a cell is off the
    /// axes, or when two cells share a coordinate.
    package init(
        caseIDs: [String]? = nil, tokenizers: [String], engines: [String] = [SQLiteEngine.system.name],
        queryKinds: [QueryKind], formPairs: [FormPair], cells: [MatrixCell]
    ) throws {
        let caseIDs = caseIDs ?? cells.map(\.matchCase.id).uniquedInOrder()
        try Self.checkUnique(caseIDs, axis: "case id")
        try Self.checkUnique(tokenizers, axis: "tokenizer")
        try Self.checkUnique(engines, axis: "engine")
        try Self.checkUnique(queryKinds.map(\.rawValue), axis: "query kind")
        try Self.checkUnique(formPairs.map(\.description), axis: "form pair")
        let (caseRank, tokenizerRank, engineRank, kindRank, pairRank) = (
            Self.ranks(caseIDs), Self.ranks(tokenizers), Self.ranks(engines), Self.ranks(queryKinds),
            Self.ranks(formPairs)
        )
        // Each cell's place as one number (case, then tokenizer, engine, query kind, form pair),
        // and the cells' indices sorted by it: a cell is copied once, into its place.
        let radices = [tokenizers.count, engines.count, queryKinds.count, formPairs.count]
        var keys: [Int] = []
        keys.reserveCapacity(cells.count)
        for cell in cells {
            guard let a = caseRank[cell.matchCase.id], let b = tokenizerRank[cell.tokenizer],
                let c = engineRank[cell.engine],
                let d = kindRank[cell.queryKind], let e = pairRank[cell.formPair]
            else {
                throw TokenBenchError.invalidArgument(
                    name: "cells", value: cell.coordinate.description, reason: "the cell is not on the matrix's axes")
            }
            keys.append(zip(radices, [b, c, d, e]).reduce(a) { $0 * $1.0 + $1.1 })
        }
        // Two cells with one key share a coordinate: the check below names it.
        let order = cells.indices.sorted { keys[$0] < keys[$1] || (keys[$0] == keys[$1] && $0 < $1) }
        var positions: [MatrixCoordinate: Int] = [:]
        positions.reserveCapacity(order.count)
        for (index, cellIndex) in order.enumerated() {
            let coordinate = cells[cellIndex].coordinate
            guard positions.updateValue(index, forKey: coordinate) == nil else {
                throw TokenBenchError.invalidArgument(
                    name: "cells", value: coordinate.description, reason: "two cells have this coordinate")
            }
        }
        self.caseIDs = caseIDs
        self.tokenizers = tokenizers
        self.engines = engines
        self.queryKinds = queryKinds
        self.formPairs = formPairs
        self.cells = order.map { cells[$0] }
        self.positions = positions
        let present = Set(cells.map { [$0.tokenizer, $0.engine] })
        columns = tokenizers.flatMap { tokenizer in engines.map { (tokenizer, $0) } }.filter {
            present.contains([$0.tokenizer, $0.engine])
        }
        columnsSpanEngines = Set(columns.map(\.engine)).count > 1
    }

    /// The cell at `coordinate`, if the matrix has it.
    public func cell(at coordinate: MatrixCoordinate) -> MatrixCell? {
        positions[coordinate].map { cells[$0] }
    }

    /// The same axes with only the cells `isIncluded` keeps.
    public func filter(_ isIncluded: (MatrixCell) -> Bool) -> MatchMatrix {
        // The kept cells are a subset of valid, unique cells: the checks cannot fail.
        try! MatchMatrix(
            caseIDs: caseIDs, tokenizers: tokenizers, engines: engines, queryKinds: queryKinds, formPairs: formPairs,
            cells: cells.filter(isIncluded))
    }

    /// The cells whose result differs between engines: for each case, tokenizer, query kind and
    /// form pair that at least two engines ran, every engine's cell when their verdicts (match,
    /// no match, error) are not all the same. "What changes if I move to the other SQLite?"
    /// An unsupported cell is no verdict: the other engines' cells of its coordinate are
    /// compared among themselves.
    package func engineDisagreements() -> MatchMatrix {
        var verdicts: [MatrixCoordinate: Set<String>] = [:]
        for cell in cells where !cell.isUnsupported {
            verdicts[cell.coordinate.ignoringEngine, default: []].insert(
                cell.result == .noQuery
                    ? MatchVerdict.Code.noQuery.rawValue
                    : cell.result.matchedColumn.isEmpty ? "error" : cell.result.matchedColumn)
        }
        return filter { !$0.isUnsupported && (verdicts[$0.coordinate.ignoringEngine]?.count ?? 0) > 1 }
    }

    /// How many coordinates (case, tokenizer, query kind, form pair) at least two engines ran:
    /// what `engineDisagreements()` is counted against.
    package var sharedCoordinateCount: Int {
        var engineCounts: [MatrixCoordinate: Int] = [:]
        for cell in cells where !cell.isUnsupported {
            engineCounts[cell.coordinate.ignoringEngine, default: 0] += 1
        }
        return engineCounts.values.filter { $0 > 1 }.count
    }

    /// The cells whose result contradicts the fixture.
    public var violations: [MatrixCell] {
        // A closure, not a key path: the key path copied every cell it tested (perf).
        cells.filter { $0.violatesExpectation }
    }

    /// One `FAIL` line per violating cell and a count, for standard error; nil when every
    /// expectation holds.
    package var violationReport: String? {
        let violations = self.violations
        guard !violations.isEmpty else { return nil }
        return violations.map { $0.failureDescription + "\n" }.joined()
            + "tokenbench: \(violations.count) of \(cells.count) cells contradict the fixtures"
    }

    /// A column's name: the tokenizer, followed by `@ENGINE` when the columns span engines.
    package func columnName(tokenizer: String, engine: String) -> String {
        columnsSpanEngines ? "\(tokenizer)@\(engine)" : tokenizer
    }

    static func checkUnique(_ values: [String], axis: String) throws {
        var seen: Set<String> = []
        for value in values where !seen.insert(value).inserted {
            throw TokenBenchError.invalidArgument(
                name: axis, value: value, reason: "is listed twice; each \(axis) names one row or column of the matrix")
        }
    }

    private static func ranks<T: Hashable>(_ values: [T]) -> [T: Int] {
        Dictionary(values.enumerated().map { ($1, $0) }, uniquingKeysWith: { first, _ in first })
    }
}

extension MatrixCell {
    /// One line saying which expectation failed and the tokens that explain why.
    package var failureDescription: String {
        "FAIL \(matchCase.location) \(coordinate): "
            + "expected \(expected?.wording ?? "nothing"), got \(result.wording); "
            + "document tokens [\(documentTokens.joinedForDisplay)], query tokens [\(queryTokens.joinedForDisplay)]"
    }
}
