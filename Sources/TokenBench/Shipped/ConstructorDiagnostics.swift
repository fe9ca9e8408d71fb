import Foundation
import GRDB

/// Keeps the reason a shipped tokenizer's constructor failed. FTS5 reduces a failing xCreate to
/// "error in tokenizer constructor"; the workbench appends the reason kept here, per connection.
enum ConstructorDiagnostics {
    private static let lock = NSLock()
    nonisolated(unsafe) private static var reasons: [ObjectIdentifier: String] = [:]

    /// Keeps the message of a constructor's error for `db`, and returns the error to rethrow.
    static func recorded(_ error: any Error, for db: Database) -> any Error {
        let message = (error as? DatabaseError)?.message ?? "\(error)"
        lock.withLock { reasons[ObjectIdentifier(db)] = message }
        return error
    }

    /// The reason kept for `db`, removed as it is read.
    static func takeReason(for db: Database) -> String? {
        lock.withLock { reasons.removeValue(forKey: ObjectIdentifier(db)) }
    }
}
