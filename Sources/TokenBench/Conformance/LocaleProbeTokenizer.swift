import GRDB
import GRDBSQLite
import TokenBenchEngines

/// The BASE of the `locale-passing` check: registered through the v2 API where the engine has it,
/// it splits its text at ASCII spaces (a wrapper gets tokens to pass on) and records, per
/// connection, that it was made and the locale each call was given. A wrapper made with it as
/// its BASE and called with a locale shows whether the locale reaches the BASE.
final class LocaleProbeTokenizer: RegisteredTokenizerType, LocaleAwareTokenizer {
    static let name = "tokenbench_locale_probe"

    /// What the probe saw on a connection: `nil` in `locales` for a call without a locale. Kept
    /// on the connection: FTS5 gives a BASE made by a wrapper no other way back.
    struct Log: ConnectionNoteKey {
        static let defaultValue = Log()
        var created = 0
        var locales: [String?] = []
    }

    private let connection: EngineConnection

    init(connection: EngineConnection, arguments: [String]) throws {
        // Arguments would mean the wrapper handed the probe some of its own words.
        guard arguments.isEmpty else {
            throw TokenBenchError.invalidArgument(
                name: Self.name, value: arguments.joined(separator: " "), reason: "the probe takes no argument")
        }
        self.connection = connection
        connection.updateNote(Log.self) { $0.created += 1 }
    }

    /// The log since the last call, emptied.
    static func takeLog(for connection: EngineConnection) -> Log { connection.takeNote(Log.self) }

    func tokenize(
        context: UnsafeMutableRawPointer?, tokenization: FTS5Tokenization, pText: UnsafePointer<CChar>?, nText: CInt,
        tokenCallback: @escaping FTS5TokenCallback
    ) -> CInt {
        connection.updateNote(Log.self) { $0.locales.append(nil) }
        return Self.words(context: context, pText: pText, nText: nText, tokenCallback: tokenCallback)
    }

    func tokenize(
        context: UnsafeMutableRawPointer?, tokenization: FTS5Tokenization, pText: UnsafePointer<CChar>?, nText: CInt,
        locale: UnsafeBufferPointer<UInt8>, tokenCallback: @escaping FTS5TokenCallback
    ) -> CInt {
        connection.updateNote(Log.self) { $0.locales.append(String(decoding: locale, as: UTF8.self)) }
        return Self.words(context: context, pText: pText, nText: nText, tokenCallback: tokenCallback)
    }

    /// The runs of bytes between ASCII spaces, each a token with its own offsets.
    private static func words(
        context: UnsafeMutableRawPointer?, pText: UnsafePointer<CChar>?, nText: CInt,
        tokenCallback: FTS5TokenCallback
    ) -> CInt {
        guard let pText, nText > 0 else { return SQLITE_OK }
        var start: CInt = 0
        while start < nText {
            while start < nText && pText[Int(start)] == 0x20 { start += 1 }
            var end = start
            while end < nText && pText[Int(end)] != 0x20 { end += 1 }
            if end > start {
                let code = tokenCallback(context, 0, pText + Int(start), end - start, start, end)
                guard code == SQLITE_OK else { return code }
            }
            start = end
        }
        return SQLITE_OK
    }
}
