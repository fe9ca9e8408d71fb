import Foundation

/// A kind of note kept on a connection: what code that FTS5 calls back (a tokenizer's
/// constructor or xTokenize) leaves for the code running SQL on the same connection, or shares
/// with constructors nested under it. FTS5 hands a constructor the user data of its registration,
/// which holds the connection, and takes back only a return code; the notes travel with the
/// connection rather than through a global keyed by its address. Keyed by type, as SwiftUI's
/// `EnvironmentKey` is.
package protocol ConnectionNoteKey {
    associatedtype Value
    /// The note's value before anything is written, and after it is taken.
    static var defaultValue: Value { get }
}

/// The notes of one connection.
final class ConnectionNotes: @unchecked Sendable {
    // A lock, though a connection runs SQL on one thread at a time: `throughput --threads` calls
    // instances made on one connection from several threads.
    private let lock = NSLock()
    private var values: [ObjectIdentifier: Any] = [:]

    func value<Key: ConnectionNoteKey>(_ key: Key.Type) -> Key.Value {
        lock.withLock { values[ObjectIdentifier(key)] as? Key.Value ?? Key.defaultValue }
    }

    func set<Key: ConnectionNoteKey>(_ key: Key.Type, to value: Key.Value) {
        lock.withLock { values[ObjectIdentifier(key)] = value }
    }

    func update<Key: ConnectionNoteKey, T>(_ key: Key.Type, _ change: (inout Key.Value) throws -> T) rethrows -> T {
        try lock.withLock {
            var value = values[ObjectIdentifier(key)] as? Key.Value ?? Key.defaultValue
            defer { values[ObjectIdentifier(key)] = value }
            return try change(&value)
        }
    }
}

extension EngineConnection {
    /// The connection's note of kind `key`.
    package subscript<Key: ConnectionNoteKey>(note key: Key.Type) -> Key.Value {
        get { notes.value(key) }
        set { notes.set(key, to: newValue) }
    }

    /// Changes the note of kind `key` in place, under the notes' lock.
    package func updateNote<Key: ConnectionNoteKey, T>(_ key: Key.Type, _ change: (inout Key.Value) throws -> T)
        rethrows -> T
    {
        try notes.update(key, change)
    }

    /// The note of kind `key`, reset to its default as it is read.
    package func takeNote<Key: ConnectionNoteKey>(_ key: Key.Type) -> Key.Value {
        notes.update(key) { value in
            defer { value = Key.defaultValue }
            return value
        }
    }
}

/// Why the last constructor of a tokenizer registered through `TokenizerRegistration` failed on
/// the connection: FTS5 reduces it to "error in tokenizer constructor", and the workbench adds
/// this reason back.
package enum ConstructorFailureNote: ConnectionNoteKey {
    package static let defaultValue: String? = nil
}
