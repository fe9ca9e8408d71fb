import GRDB

/// Keeps the reason a shipped tokenizer's constructor failed. FTS5 reduces a failing xCreate to
/// "error in tokenizer constructor"; the workbench appends the reason kept here, per connection.
package enum ConstructorDiagnostics {
    private static let reasons = ConnectionMailbox<String>()

    /// Keeps the message of a constructor's error for `connection`.
    package static func record(_ error: any Error, for connection: EngineConnection) {
        reasons.put((error as? DatabaseError)?.message ?? "\(error)", for: connection)
    }

    /// The reason kept for `connection`, removed as it is read.
    package static func takeReason(for connection: EngineConnection) -> String? {
        reasons.take(for: connection)
    }
}
