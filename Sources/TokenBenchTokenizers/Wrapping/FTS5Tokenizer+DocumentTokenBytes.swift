import GRDB
import GRDBSQLite

extension FTS5Tokenizer {
    /// The document-mode tokens of `text`, as bytes, for a constructor that runs its word list
    /// through BASE; nil when BASE fails on `text`, or reports a negative length, a null pointer
    /// with a positive one, or more bytes than the call's `TokenByteBudget`.
    ///
    /// GRDB's `tokenize(document:)` builds a String from whatever pointer and length BASE
    /// reports, and traps on a negative length: this checks what can be checked without a
    /// system call, as the wrappers' xTokenize does (a pointer to memory that cannot be read is
    /// trusted there too). A word BASE fails on is left out of the word list rather than failing
    /// the constructor: BASE fails the same way on that word in a text, where the wrapper's
    /// xTokenize fails the call and `tokenbench conformance` names the fault. BASE runs twice,
    /// and a word whose tokens differ between the runs is left out too: a word list cannot rest
    /// on them.
    func documentTokenBytes(of text: String) -> [[UInt8]]? {
        guard let tokens = documentTokenBytesOnce(of: text), documentTokenBytesOnce(of: text) == tokens else {
            return nil
        }
        return tokens
    }

    private func documentTokenBytesOnce(of text: String) -> [[UInt8]]? {
        let collector = DocumentTokenCollector(tokenByteBudget: TokenByteBudget.bytes(forTextOf: text.utf8.count))
        // A NUL after nText: a BASE that measures with strlen() (tbtest_strlen) stops there
        // instead of reading past the buffer, in the constructor where no checker watches. In
        // text it gets from FTS5 or `conformance`, that overread is the finding.
        let bytes = Array(text.utf8) + [0]
        // Ownership: `collector` outlives the synchronous xTokenize; the callback borrows it.
        let code = withExtendedLifetime(collector) {
            bytes.withUnsafeBufferPointer { buffer in
                buffer.withMemoryRebound(to: CChar.self) { chars in
                    tokenize(
                        context: Unmanaged.passUnretained(collector).toOpaque(), tokenization: .document,
                        pText: chars.baseAddress, nText: CInt(chars.count - 1),
                        tokenCallback: { context, _, pToken, nToken, _, _ in
                            let collector = Unmanaged<DocumentTokenCollector>.fromOpaque(context!).takeUnretainedValue()
                            guard nToken >= 0, pToken != nil || nToken == 0,
                                Int(nToken) <= collector.remainingTokenBytes
                            else {
                                collector.isBroken = true
                                return SQLITE_ERROR
                            }
                            collector.remainingTokenBytes -= Int(nToken)
                            collector.tokens.append(
                                nToken == 0 ? [] : Array(UnsafeRawBufferPointer(start: pToken, count: Int(nToken))))
                            return SQLITE_OK
                        })
                }
            }
        }
        guard code == SQLITE_OK, !collector.isBroken else { return nil }
        return collector.tokens
    }
}

/// The tokens `documentTokenBytes` collects, and whether BASE reported a bad one.
private final class DocumentTokenCollector {
    var tokens: [[UInt8]] = []
    var isBroken = false
    /// What is left of the call's `TokenByteBudget`.
    var remainingTokenBytes: Int

    init(tokenByteBudget: Int) {
        remainingTokenBytes = tokenByteBudget
    }
}
