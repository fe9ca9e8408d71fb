/// One rule of FTS5's tokenizer contract that `tokenbench conformance` checks.
public enum ConformanceCheck: String, CaseIterable, Sendable {
    /// 0 ≤ start ≤ end ≤ nText for every token.
    case offsetRange = "offset-range"
    /// On valid UTF-8 input, start and end fall on character boundaries.
    case characterBoundary = "character-boundary"
    /// A token never starts before the previous one.
    case startOrder = "start-order"
    /// No token is empty (nToken ≤ 0 or a null pointer).
    case emptyToken = "empty-token"
    /// nToken bytes can be read at pToken: a tokenizer that reports more bytes than it has makes
    /// FTS5 read out of bounds.
    case unreadableToken = "unreadable-token"
    /// The tokens of one call are at most `TokenByteBudget` bytes in all (64 × nText + 64 KiB):
    /// a longer nToken is a lie the checker does not read, and FTS5 would read up to 32 KiB of it.
    case tokenLength = "token-length"
    /// No flag but FTS5_TOKEN_COLOCATED is set.
    case unknownFlag = "unknown-flag"
    /// The first token of an input is never colocated: there is nothing to be colocated with.
    case firstColocated = "first-colocated"
    /// The tokens do not depend on the bytes after nText.
    case readPastEnd = "read-past-end"
    /// Tokenizing the same input twice on one instance gives the same tokens.
    case repeatable
    /// A fresh instance gives the same tokens as the first one.
    case freshInstance = "fresh-instance"
    /// Instances on several threads at once give the same tokens as one thread alone.
    case threads
    /// Once xCreate has accepted the spec, it accepts it again: for a fresh instance per input,
    /// and for one instance per thread.
    case constructor
    /// xTokenize returned a code other than SQLITE_OK: FTS5 would fail the statement.
    case errorCode = "error-code"
    /// A wrapper called with a value's locale (SQLite 3.47's v2 API) does not hand it on to its
    /// BASE, as FTS5's own `porter` does since 3.47: its BASE then folds or stems every value
    /// as if it had no locale. Checked with the bench's probe as the BASE, on engines with v2.
    case localePassing = "locale-passing"
    /// Colocated tokens in both document and query mode, which SQLite advises against.
    case colocatedInBothModes = "colocated-in-both-modes"
    /// A document token tokenized in query mode does not give that token back.
    case queryRoundTrip = "query-round-trip"
    /// FTS5's own `integrity-check` fails on an index of the inputs: FTS5 tokenizes the stored
    /// text again and finds other tokens than the index holds. An oracle independent of the
    /// checks above; skipped for a tokenizer whose tokens FTS5 could not read safely.
    case indexIntegrity = "index-integrity"
    /// The judged code killed its worker on the input: a signal (SIGSEGV, SIGABRT…, inside the
    /// tokenizer or inside FTS5 on its output), memory past the bound, or an exit.
    case crash
    /// The judged code ran past `--timeout` on the input, and its worker was killed.
    case timeout

    /// Whether a finding fails the run (error) or only deserves a look (warning).
    public var severity: Severity {
        switch self {
        // A wrapper that drops the locale loses nothing over a BASE that reads none: a warning.
        case .colocatedInBothModes, .queryRoundTrip, .localePassing: return .warning
        default: return .error
        }
    }

    public enum Severity: String, Sendable, CaseIterable {
        case error
        case warning
    }
}

/// Findings cross from a worker process to the bench as JSON.
extension ConformanceCheck: Codable {}
