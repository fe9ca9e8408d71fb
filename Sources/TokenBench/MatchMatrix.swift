/// The verdict of the real FTS5 engine on one cell.
public enum CellResult: Hashable, Sendable {
    case matched
    case notMatched
    /// FTS5 rejected the query, or the query had no tokens; the message says which.
    case error(String)

    /// The `matched` column: 1, 0, or empty on error.
    public var csvValue: String {
        switch self {
        case .matched: return "1"
        case .notMatched: return "0"
        case .error: return ""
        }
    }
}

/// How a cell's result compares with the fixture's expectation.
public enum Outcome: String, CaseIterable, Sendable {
    /// The result is the expected one.
    case pass
    /// The result differs from the expectation.
    case fail
    /// No expectation is recorded for this tokenizer.
    case unchecked
    /// FTS5 reported an error where no error was expected.
    case error
}

/// One case run with one tokenizer, one query kind and one form pair.
public struct MatrixCell: Hashable, Sendable {
    public var matchCase: MatchCase
    public var tokenizer: String
    public var queryKind: QueryKind
    public var formPair: FormPair
    /// The document and query exactly as FTS5 received them (after the form pair was applied).
    public var document: String
    public var query: String
    public var result: CellResult
    public var expected: ExpectedResult?
    public var documentTokens: [Token]
    public var queryTokens: [Token]

    public var outcome: Outcome {
        switch (result, expected) {
        case (.error, nil): return .error
        case (_, nil): return .unchecked
        case (.error, .error?): return .pass
        case (.error, _): return .error
        case (.matched, .match?), (.notMatched, .nomatch?): return .pass
        default: return .fail
        }
    }

    /// Whether this cell makes a run fail: a result that contradicts a recorded expectation.
    public var violatesExpectation: Bool {
        expected != nil && (outcome == .fail || outcome == .error)
    }
}

/// The match matrix of a run: every case × tokenizer × query kind × form pair, in that order.
public struct MatchMatrix: Sendable {
    public var tokenizers: [String]
    public var queryKinds: [QueryKind]
    public var formPairs: [FormPair]
    public var cells: [MatrixCell]

    /// The cells whose result contradicts the fixture.
    public var violations: [MatrixCell] { cells.filter(\.violatesExpectation) }
}

extension MatrixCell {
    /// One line saying which expectation failed and the tokens that explain why.
    public var failureDescription: String {
        func describe(_ result: CellResult) -> String {
            switch result {
            case .matched: return "match"
            case .notMatched: return "no match"
            case .error(let message): return "error (\(message))"
            }
        }
        let expectedText = expected.map { $0 == .nomatch ? "no match" : $0.rawValue } ?? "nothing"
        return "FAIL \(matchCase.location) case \(matchCase.id), tokenizer \(tokenizer), \(queryKind.rawValue) \(formPair): "
            + "expected \(expectedText), got \(describe(result)); "
            + "document tokens [\(documentTokens.joinedForDisplay)], query tokens [\(queryTokens.joinedForDisplay)]"
    }
}
