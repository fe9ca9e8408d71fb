import CReferenceLoop
import Foundation
import GRDBSQLite
import TokenBenchEngines
import TokenBenchTokenizers

/// The limit of a shipped tokenizer's approach: the same work written as the plainest C loop
/// over the same libraries (`Sources/CReferenceLoop/LimitLoops.c`). `tokenbench throughput`
/// times it beside the tokenizer, and the `c-limit` row's `tokenizer_over_limit` is the
/// tokenizer's speed as a fraction of it.
///
/// Three tokenizers have one: `icu` (ICU word break plus case folding), `nfkc` (ICU's
/// NFKC_Casefold, then BASE: `nfkc` folds from tables generated from ICU, so this is ICU's own
/// normalizer as a yardstick) and `japanese` (MeCab alone: its morphemes, counted, on the unfolded text). Valid
/// while the connection that created it is open: a `TokenizerInstance` keeps its workbench, and
/// so that connection, alive.
final class CLimitLoop {
    let spec: TokenizerSpec
    private enum Handle {
        // Ownership: created by tb_*_limit_loop_open, released exactly once in deinit.
        case icu(OpaquePointer)
        case nfkc(OpaquePointer)
        case japanese(MorphemeCounter)
    }
    private let handle: Handle

    /// The limit loop of `tokenizer`, or nil when its approach has none.
    init?(tokenizer: TokenizerOnConnection, in connection: EngineConnection) throws {
        spec = tokenizer.spec
        let words = tokenizer.components
        let failure = { (detail: String) in
            TokenBenchError.invalidTokenizerSpec(
                spec: tokenizer.spec.description, reason: "its C limit loop could not be created (\(detail))")
        }
        switch try ShippedTokenizers.LimitLoopParameters(words: words) {
        case .icu(let locale, let turkicCaseFolding):
            var loop: OpaquePointer?
            guard tb_icu_limit_loop_open(locale, turkicCaseFolding ? 1 : 0, &loop) == 0, let loop else {
                throw failure("ICU cannot open a word-break iterator for locale '\(locale)'")
            }
            handle = .icu(loop)
        case .nfkc(let base):
            var loop: OpaquePointer?
            let code = CStrings.with(base) { baseWords in
                tb_nfkc_limit_loop_open(
                    UnsafeRawPointer(connection.fts5), baseWords.baseAddress, CInt(baseWords.count), &loop)
            }
            guard code == SQLITE_OK, let loop else { throw failure("SQLite code \(code)") }
            handle = .nfkc(loop)
        case .japanese(let dicdir):
            do {
                handle = .japanese(try MorphemeCounter(dicdir: dicdir))
            } catch {
                throw failure("\(error)")
            }
        case nil:
            return nil
        }
    }

    deinit {
        switch handle {
        case .icu(let loop): tb_icu_limit_loop_close(loop)
        case .nfkc(let loop): tb_nfkc_limit_loop_close(loop)
        case .japanese: break
        }
    }

    /// Calls `body` with the `icu` limit loop's handle; -1 for another loop. For tests that hold
    /// `icu` to plain ICU, word by word (`tb_icu_limit_loop_words`).
    func withICUHandle(_ body: (OpaquePointer) -> CInt) -> CInt {
        guard case .icu(let loop) = handle else { return -1 }
        return body(loop)
    }

    /// Runs the loop over every document of `batch`; returns the token count.
    func countTokens(in batch: CorpusBatch, mode: TokenizationMode) throws -> Int {
        var count: Int64 = 0
        let code: CInt = batch.withText { text in
            batch.ends.withUnsafeBufferPointer { ends in
                switch handle {
                case .icu(let loop): return tb_icu_limit_loop_run(loop, text, ends.baseAddress, ends.count, &count)
                case .nfkc(let loop):
                    return tb_nfkc_limit_loop_run(
                        loop, mode.tokenization.rawValue, text, ends.baseAddress, ends.count, &count)
                case .japanese(let counter):
                    // One document at a time, as FTS5 hands them to the tokenizer.
                    var start = 0
                    for end in ends {
                        guard let morphemes = counter.countMorphemes(text + start, length: end - start) else {
                            return -1
                        }
                        count += Int64(morphemes)
                        start = end
                    }
                    return 0
                }
            }
        }
        guard code == 0 else {
            throw TokenBenchError.tokenizeFailed(
                spec: spec.description + " (C limit loop)", mode: mode.rawValue, code: code)
        }
        return Int(count)
    }
}
