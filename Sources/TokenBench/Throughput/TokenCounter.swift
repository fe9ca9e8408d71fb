import GRDB
import GRDBSQLite

/// The harness side of a tokenize measurement: an xToken callback that only counts, and the
/// loop that feeds a batch to a tokenizer one document at a time, as FTS5 does.
enum TokenCounter {
    /// Adds one to the `Int` that `context` points to. Allocates nothing and touches no token byte,
    /// so the time measured is the tokenizer's.
    static let callback: FTS5TokenCallback = { context, _, _, _, _, _ in
        context.unsafelyUnwrapped.assumingMemoryBound(to: Int.self).pointee &+= 1
        return SQLITE_OK
    }

    /// Tokenizes every document of `batch` with `tokenizer` in `mode`; returns the token count,
    /// or throws when xTokenize returns an error code.
    static func countTokens(in batch: CorpusBatch, with tokenizer: TokenizerOnConnection, mode: TokenizationMode) throws
        -> Int
    {
        try countTokens(in: batch, documents: 0..<batch.documentCount, with: tokenizer, mode: mode)
    }

    /// Tokenizes documents `documents` of `batch`: one thread's share in a threaded measurement.
    static func countTokens(
        in batch: CorpusBatch, documents: Range<Int>, with tokenizer: TokenizerOnConnection, mode: TokenizationMode
    ) throws -> Int {
        var count = 0
        let tokenization = mode.tokenization
        let code: CInt = withUnsafeMutablePointer(to: &count) { counter in
            batch.withText { text in
                batch.ends.withUnsafeBufferPointer { ends in
                    var start = documents.lowerBound == 0 ? 0 : ends[documents.lowerBound - 1]
                    for index in documents {
                        let end = ends[index]
                        let code = tokenizer.instance.tokenize(
                            context: counter, tokenization: tokenization, pText: text + start, nText: CInt(end - start),
                            tokenCallback: callback)
                        if code != SQLITE_OK { return code }
                        start = end
                    }
                    return SQLITE_OK
                }
            }
        }
        guard code == SQLITE_OK else {
            throw TokenBenchError.tokenizeFailed(spec: tokenizer.spec.description, mode: mode.rawValue, code: code)
        }
        return count
    }
}
