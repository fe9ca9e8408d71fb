/// What a throughput row measured. A run is asked for `tokenize`, `index` or `query`; the
/// tokenize operation adds the C loops' rows beside the tokenizers' own.
public enum ThroughputOperation: String, CaseIterable, Sendable {
    /// Running the tokenizer's xTokenize over every document, counting tokens.
    case tokenize
    /// Inserting every document into a fresh FTS5 table.
    case index
    /// Running the fixture queries against an index of the corpus.
    case query
    /// The C reference loop running the reference tokenizer: the harness-overhead row.
    case cReference = "c-reference"
    /// A shipped tokenizer's approach written as the plainest C loop over the same libraries
    /// (`icu`, `nfkc`): the tokenizer's limit.
    case cLimit = "c-limit"

    /// The operations a run can be asked for: `cReference` and `cLimit` rows come with `tokenize`.
    @usableFromInline package static let requestable: [ThroughputOperation] = [.tokenize, .index, .query]

    /// Whether a row of this operation is a C loop's, timed beside a tokenizer.
    var isCLoop: Bool { self == .cReference || self == .cLimit }

    /// The column `throughput --baseline` compares on a row of this operation: `relative`, or a
    /// C loop's own ratio to the tokenizer beside it, which falls when the Swift side gets slower.
    var comparedColumn: ThroughputRow.Column {
        switch self {
        case .cReference: .harnessOverCLoop
        case .cLimit: .tokenizerOverLimitLoop
        case .tokenize, .index, .query: .relative
        }
    }
}
