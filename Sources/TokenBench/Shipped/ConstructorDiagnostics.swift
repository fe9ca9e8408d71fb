import GRDB

/// Keeps the reason a shipped tokenizer's constructor failed. FTS5 reduces a failing xCreate to
/// "error in tokenizer constructor"; the workbench appends the reason kept here, per connection.
enum ConstructorDiagnostics {
    private static let reasons = ConnectionMailbox<String>()

    /// Keeps the message of a constructor's error for `db`, and returns the error to rethrow.
    static func recorded(_ error: any Error, for db: Database) -> any Error {
        reasons.put((error as? DatabaseError)?.message ?? "\(error)", for: db)
        return error
    }

    /// The reason kept for `db`, removed as it is read.
    static func takeReason(for db: Database) -> String? {
        reasons.take(for: db)
    }
}
