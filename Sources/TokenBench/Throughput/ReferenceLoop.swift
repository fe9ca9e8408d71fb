import CReferenceLoop
import Foundation
import GRDB
import GRDBSQLite
import TokenBenchEngines

/// A tokenizer instance driven by the C reference loop (`Sources/CReferenceLoop`), created
/// through the same FTS5 API as the harness's instance of the same spec.
final class ReferenceLoop {
    let spec: TokenizerSpec
    /// Ownership: created by tb_reference_loop_open, released exactly once in deinit.
    private let loop: OpaquePointer

    init(tokenizer: TokenizerOnConnection, in connection: EngineConnection) throws {
        spec = tokenizer.spec
        var handle: OpaquePointer?
        let api = UnsafeRawPointer(connection.fts5)
        let code = CStrings.with(tokenizer.components) { words in
            tb_reference_loop_open(api, words.baseAddress, CInt(words.count), &handle)
        }
        guard code == SQLITE_OK, let handle else {
            throw TokenBenchError.invalidTokenizerSpec(
                spec: spec.description, reason: "the C reference loop could not create it (SQLite code \(code))")
        }
        loop = handle
    }

    deinit { tb_reference_loop_close(loop) }

    /// Tokenizes every document of `batch` from C; returns the token count.
    func countTokens(in batch: CorpusBatch, mode: TokenizationMode) throws -> Int {
        var count: Int64 = 0
        let code = batch.withText { text in
            batch.ends.withUnsafeBufferPointer { ends in
                tb_reference_loop_run(loop, mode.tokenization.rawValue, text, ends.baseAddress, ends.count, &count)
            }
        }
        guard code == SQLITE_OK else {
            throw TokenBenchError.tokenizeFailed(
                spec: spec.description + " (C reference loop)", mode: mode.rawValue, code: code)
        }
        return Int(count)
    }
}
