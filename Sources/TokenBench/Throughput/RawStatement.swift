import TokenBenchEngines
/// A prepared statement for the timed loops of the index and query operations, on any engine:
/// binding a document's bytes in place (no Swift String, no copy) keeps the harness's cost out
/// of the figures. Errors name the statement's purpose.
final class RawStatement {
    private let statement: EngineStatement
    private let purpose: String

    init(sql: String, purpose: String, in connection: EngineConnection) throws {
        self.purpose = purpose
        do {
            statement = try connection.prepare(sql)
        } catch {
            throw Self.error(error, purpose: purpose)
        }
    }

    /// Binds `count` bytes at `text` as parameter 1 without copying them. The caller keeps the
    /// bytes alive and unchanged until the statement is reset (SQLITE_STATIC).
    func bindStaticText(_ text: UnsafePointer<CChar>, count: Int) throws {
        do { try statement.bindStatic(text, count: count, at: 1) } catch { throw Self.error(error, purpose: purpose) }
    }

    /// Binds a copy of `text` as parameter 1.
    func bindText(_ text: String) throws {
        do { try statement.bind(text, at: 1) } catch { throw Self.error(error, purpose: purpose) }
    }

    /// Steps until SQLITE_DONE, discarding rows, then resets the statement for the next run.
    func run() throws {
        do { try statement.run() } catch { throw Self.error(error, purpose: purpose) }
    }

    /// A statement's failure, with SQLite's message and code.
    private static func error(_ failure: SQLiteFailure, purpose: String) -> TokenBenchError {
        .sqlite(context: purpose, message: "\(failure.message) (code \(failure.code))")
    }
}
