/// What a throughput row measured. A run is asked for `requestable` operations; the tokenize
/// operation adds the C loops' rows beside the tokenizers' own.
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
    public static let requestable: [ThroughputOperation] = [.tokenize, .index, .query]
}
