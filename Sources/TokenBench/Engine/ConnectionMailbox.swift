import Foundation
import GRDB

/// One value per connection, put by code that FTS5 calls back (a tokenizer constructor) and
/// taken once by the workbench operation on that connection that asked for it. FTS5 gives a
/// constructor no other way to hand anything back than its return code.
final class ConnectionMailbox<Value>: @unchecked Sendable {
    private let lock = NSLock()
    private var values: [ObjectIdentifier: Value] = [:]

    func put(_ value: Value, for db: Database) {
        lock.withLock { values[ObjectIdentifier(db)] = value }
    }

    /// The value put for `db`, removed as it is read.
    func take(for db: Database) -> Value? {
        lock.withLock { values.removeValue(forKey: ObjectIdentifier(db)) }
    }
}
