import GRDB
import GRDBSQLite
import TokenBenchEngines

/// A tokenizer that records the arguments FTS5 parsed out of its `tokenize=` text and produces
/// no token. `tokenize='tokenbench_spec_capture unicode61 tokenchars ''-'''` hands it
/// `["unicode61", "tokenchars", "-"]`: exactly the words FTS5 would pass to unicode61.
final class SpecArgumentCapture: RegisteredTokenizerType {
    static let name = "tokenbench_spec_capture"

    /// The arguments captured on a connection, taken once by the workbench that asked.
    private enum CapturedArguments: ConnectionNoteKey {
        static let defaultValue: [String]? = nil
    }

    init(connection: EngineConnection, arguments: [String]) throws {
        connection[note: CapturedArguments.self] = arguments
    }

    static func takeArguments(for connection: EngineConnection) -> [String]? {
        connection.takeNote(CapturedArguments.self)
    }

    func tokenize(
        context: UnsafeMutableRawPointer?,
        tokenization: FTS5Tokenization,
        pText: UnsafePointer<CChar>?,
        nText: CInt,
        tokenCallback: @escaping FTS5TokenCallback
    ) -> CInt {
        SQLITE_OK
    }
}
