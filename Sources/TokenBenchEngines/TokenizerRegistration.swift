import CSQLiteEngines
import Foundation
import GRDB
import GRDBSQLite

/// The bridge between FTS5's C tokenizer interface and the tokenizer types TokenBench registers
/// (`RegisteredTokenizerType`, or any maker of `FTS5Tokenizer` instances).
package enum TokenizerRegistration {
    /// What FTS5 keeps as the tokenizer's user data: the type, and the connection it was
    /// registered on (unowned: the connection destroys this box when it closes).
    private final class Registered {
        let make: (EngineConnection, [String]) throws -> any FTS5Tokenizer
        unowned let connection: EngineConnection
        /// The same connection, kept alive by this box when nothing else keeps it: a connection
        /// that GRDB or the SQLite that loaded the extension owns. SQLite destroys the box when
        /// it closes the connection, which then releases the object. (A connection the bench
        /// opened closes in its deinit, so a box keeping it alive would keep it open forever.)
        let keptConnection: EngineConnection?
        init(
            make: @escaping (EngineConnection, [String]) throws -> any FTS5Tokenizer, connection: EngineConnection,
            keepingConnectionAlive: Bool
        ) {
            self.make = make
            self.connection = connection
            keptConnection = keepingConnectionAlive ? connection : nil
        }
    }

    /// What FTS5 keeps as one tokenizer instance.
    private final class Instance {
        let tokenizer: any FTS5Tokenizer
        /// The same tokenizer when it reads the locale, found once here rather than per call.
        let localeAware: (any LocaleAwareTokenizer)?
        init(_ tokenizer: any FTS5Tokenizer) {
            self.tokenizer = tokenizer
            localeAware = tokenizer as? any LocaleAwareTokenizer
        }
    }

    package static func register(
        _ type: any RegisteredTokenizerType.Type, on connection: EngineConnection, keepingConnectionAlive: Bool = false
    ) throws(SQLiteFailure) {
        try register(
            name: type.name, on: connection, keepingConnectionAlive: keepingConnectionAlive,
            readsLocale: type is any LocaleAwareTokenizer.Type
        ) { connection, arguments in
            try type.init(connection: connection, arguments: arguments)
        }
    }

    /// Registers under `name` a tokenizer whose instances `make` creates from the connection and
    /// the words of the spec after the name. One that `readsLocale` (its instances are
    /// `LocaleAwareTokenizer`s) is registered through the v2 API where the engine has it.
    package static func register(
        name: String, on connection: EngineConnection, keepingConnectionAlive: Bool = false, readsLocale: Bool = false,
        make: @escaping (EngineConnection, [String]) throws -> any FTS5Tokenizer
    ) throws(SQLiteFailure) {
        let api = connection.fts5
        // Ownership: retained here, released by xDestroy when the connection closes.
        let userData = Unmanaged.passRetained(
            Registered(make: make, connection: connection, keepingConnectionAlive: keepingConnectionAlive)
        ).toOpaque()
        let destroy: @convention(c) (UnsafeMutableRawPointer?) -> Void = {
            Unmanaged<AnyObject>.fromOpaque($0!).release()
        }
        let code: CInt
        if readsLocale, let v3 = connection.fts5V3, let createV2 = v3.pointee.xCreateTokenizer_v2 {
            var methods = tb_fts5_tokenizer_v2(
                iVersion: 2, xCreate: createV2Instance, xDelete: deleteV2Instance,
                xTokenize: tokenizeV2)
            code = createV2(v3, name, userData, &methods, destroy)
        } else {
            var methods = fts5_tokenizer(xCreate: create, xDelete: delete, xTokenize: tokenize)
            code = api.pointee.xCreateTokenizer!(api, name, userData, &methods, destroy)
        }
        guard code == SQLITE_OK else {
            Unmanaged<Registered>.fromOpaque(userData).release()
            throw SQLiteFailure(
                code: code, message: "registering tokenizer \(name) on the \(connection.engine.name) engine failed")
        }
    }

    private static let create:
        @convention(c) (
            UnsafeMutableRawPointer?, UnsafeMutablePointer<UnsafePointer<CChar>?>?, CInt,
            UnsafeMutablePointer<OpaquePointer?>?
        ) -> CInt = { userData, arguments, count, instanceOut in
            guard let userData, let instanceOut else { return SQLITE_ERROR }
            let registered = Unmanaged<Registered>.fromOpaque(userData).takeUnretainedValue()
            var list: [String] = []
            for index in 0..<Int(count) {
                guard let word = arguments?[index] else { return SQLITE_ERROR }
                list.append(String(cString: word))
            }
            do {
                let tokenizer = try registered.make(registered.connection, list)
                // Ownership: retained here, released by xDelete.
                instanceOut.pointee = OpaquePointer(Unmanaged.passRetained(Instance(tokenizer)).toOpaque())
                return SQLITE_OK
            } catch {
                registered.connection[note: ConstructorFailureNote.self] =
                    (error as? DatabaseError)?.message ?? "\(error)"
                return SQLITE_ERROR
            }
        }

    private static let delete: @convention(c) (OpaquePointer?) -> Void = { instance in
        guard let instance else { return }
        Unmanaged<Instance>.fromOpaque(UnsafeRawPointer(instance)).release()
    }

    /// The v2 xCreate: the v1 one, its instance out-parameter typed as the v2 struct has it.
    private static let createV2Instance:
        @convention(c) (
            UnsafeMutableRawPointer?, UnsafeMutablePointer<UnsafePointer<CChar>?>?, CInt,
            UnsafeMutablePointer<UnsafeMutableRawPointer?>?
        ) -> CInt = { userData, arguments, count, instanceOut in
            // The same pointer-sized slot, read as FTS5's opaque tokenizer pointer.
            create(
                userData, arguments, count,
                instanceOut.map { UnsafeMutableRawPointer($0).assumingMemoryBound(to: OpaquePointer?.self) })
        }

    private static let deleteV2Instance: @convention(c) (UnsafeMutableRawPointer?) -> Void = { instance in
        delete(instance.map(OpaquePointer.init))
    }

    /// The v2 xTokenize: a value's locale goes to a tokenizer that reads it; a value without
    /// one, or a tokenizer that does not, takes the v1 path.
    private static let tokenizeV2:
        @convention(c) (
            UnsafeMutableRawPointer?, UnsafeMutableRawPointer?, CInt, UnsafePointer<CChar>?, CInt,
            UnsafePointer<CChar>?, CInt, FTS5TokenCallback?
        ) -> CInt = { instance, context, flags, pText, nText, pLocale, nLocale, callback in
            guard let instance, let callback else { return SQLITE_ERROR }
            // Guaranteed, as in the v1 xTokenize.
            return Unmanaged<Instance>.fromOpaque(UnsafeRawPointer(instance))._withUnsafeGuaranteedRef { held in
                let tokenization = FTS5Tokenization(rawValue: flags)
                guard let reader = held.localeAware, let pLocale, nLocale > 0 else {
                    return held.tokenizer.tokenize(
                        context: context, tokenization: tokenization, pText: pText, nText: nText,
                        tokenCallback: callback)
                }
                // Borrowed: FTS5 keeps the locale's bytes for the duration of the call.
                let locale = UnsafeBufferPointer(
                    start: UnsafeRawPointer(pLocale).assumingMemoryBound(to: UInt8.self), count: Int(nLocale))
                return reader.tokenize(
                    context: context, tokenization: tokenization, pText: pText, nText: nText, locale: locale,
                    tokenCallback: callback)
            }
        }

    private static let tokenize:
        @convention(c) (
            OpaquePointer?, UnsafeMutableRawPointer?, CInt, UnsafePointer<CChar>?, CInt, FTS5TokenCallback?
        ) -> CInt = { instance, context, flags, pText, nText, callback in
            guard let instance, let callback else { return SQLITE_ERROR }
            // Guaranteed: FTS5 keeps the instance until xDelete, and taking it as a strong
            // reference cost a retain and a release per call (per document).
            return Unmanaged<Instance>.fromOpaque(UnsafeRawPointer(instance))._withUnsafeGuaranteedRef {
                $0.tokenizer.tokenize(
                    context: context, tokenization: FTS5Tokenization(rawValue: flags), pText: pText, nText: nText,
                    tokenCallback: callback)
            }
        }
}
