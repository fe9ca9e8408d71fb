import GRDB
import GRDBSQLite
import TokenBenchEngines

/// A tokenizer that records the arguments FTS5 parsed out of its `tokenize=` text and produces
/// no token. `tokenize='tokenbench_spec_capture unicode61 tokenchars ''-'''` hands it
/// `["unicode61", "tokenchars", "-"]`: exactly the words FTS5 would pass to unicode61.
final class SpecArgumentCapture: RegisteredTokenizerType {
    static let name = "tokenbench_spec_capture"

    /// Arguments captured per connection, taken once by the workbench that asked.
    private static let mailbox = ConnectionMailbox<[String]>()

    init(connection: EngineConnection, arguments: [String]) throws {
        Self.mailbox.put(arguments, for: connection)
    }

    static func takeArguments(for connection: EngineConnection) -> [String]? {
        mailbox.take(for: connection)
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
