import Foundation

/// One value per connection, put by code that FTS5 calls back (a tokenizer constructor) and
/// taken once by the workbench operation on that connection that asked for it. FTS5 gives a
/// constructor no other way to hand anything back than its return code.
package final class ConnectionMailbox<Value>: @unchecked Sendable {
    private let lock = NSLock()
    private var values: [UInt: Value] = [:]

    package init() {}

    package func put(_ value: Value, for connection: EngineConnection) {
        lock.withLock { values[connection.identity] = value }
    }

    /// The value put for `connection`, removed as it is read.
    package func take(for connection: EngineConnection) -> Value? {
        lock.withLock { values.removeValue(forKey: connection.identity) }
    }
}
