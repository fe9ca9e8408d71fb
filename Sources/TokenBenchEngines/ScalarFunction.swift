import CSQLiteEngines
import GRDBSQLite

/// What a scalar SQL function registered with `EngineConnection.createScalarFunction` returns
/// for one call.
package enum ScalarFunctionResult: Equatable, Sendable {
    /// SQL NULL.
    case null
    /// Text, as UTF-8.
    case text(String)
    /// The statement fails with this message (sqlite3_result_error).
    case error(String)
}

extension EngineConnection {
    /// Registers `name` as a scalar SQL function of `argumentCount` arguments on this connection,
    /// through this engine's sqlite3_create_function_v2 (UTF-8, deterministic). `body` is given
    /// each argument's bytes as SQLite's sqlite3_value_text gives them (numbers as their text, a
    /// blob's bytes as they are: not necessarily UTF-8), nil for NULL. It runs on the thread
    /// that steps the statement, with no other call of it on this connection meanwhile.
    ///
    /// Registering the same name and count again replaces the function (SQLite destroys the old
    /// registration). Throws SQLite's code when it refuses, or when the engine has no
    /// trampoline for scalar functions.
    package func createScalarFunction(
        _ name: String, argumentCount: Int, _ body: @escaping (_ arguments: [[UInt8]?]) -> ScalarFunctionResult
    ) throws(SQLiteFailure) {
        guard let trampoline = functions.function_trampoline else {
            throw SQLiteFailure(
                code: SQLITE_ERROR,
                message: "cannot register \(name): this engine has no scalar-function trampoline left")
        }
        // Ownership: the tb_function and the box it holds (retained here) belong to SQLite from
        // the call on: it calls xDestroy with the tb_function when the function is replaced, when
        // the connection closes, or at once when the registration fails; xDestroy releases the
        // box and frees the tb_function.
        let function = UnsafeMutablePointer<tb_function>.allocate(capacity: 1)
        function.initialize(
            to: tb_function(
                call: ScalarFunctionBox.call,
                state: Unmanaged.passRetained(ScalarFunctionBox(functions: functions, body: body)).toOpaque()))
        let code = functions.create_function_v2(
            handle, name, CInt(argumentCount), SQLITE_UTF8 | SQLITE_DETERMINISTIC, function, trampoline, nil, nil,
            ScalarFunctionBox.destroy)
        guard code == SQLITE_OK else { throw SQLiteFailure(code: code, message: lastErrorMessage) }
    }
}

/// A scalar function's state: the engine's functions, to read its arguments and set its result
/// with, and the Swift body.
private final class ScalarFunctionBox {
    let functions: tb_sqlite_functions
    let body: ([[UInt8]?]) -> ScalarFunctionResult

    init(functions: tb_sqlite_functions, body: @escaping ([[UInt8]?]) -> ScalarFunctionResult) {
        self.functions = functions
        self.body = body
    }

    /// What the engine's trampoline calls: `state` is the box, borrowed from its tb_function.
    static let call:
        @convention(c) (
            UnsafeMutableRawPointer?, UnsafeMutableRawPointer?, CInt, UnsafeMutablePointer<UnsafeMutableRawPointer?>?
        ) -> Void = { state, context, count, values in
            let box = Unmanaged<ScalarFunctionBox>.fromOpaque(state!).takeUnretainedValue()
            let functions = box.functions
            var arguments: [[UInt8]?] = []
            for index in 0..<Int(count) {
                // Ownership: SQLite's value and its text belong to SQLite during this call; copied.
                let value = values![index]
                guard functions.value_type(value) != SQLITE_NULL else {
                    arguments.append(nil)
                    continue
                }
                // sqlite3_value_text before sqlite3_value_bytes, as SQLite's documentation asks.
                guard let text = functions.value_text(value) else {
                    functions.result_error(context, "out of memory", -1)
                    return
                }
                arguments.append(Array(UnsafeBufferPointer(start: text, count: Int(functions.value_bytes(value)))))
            }
            switch box.body(arguments) {
            case .null:
                functions.result_null(context)
            case .text(var text):
                text.withUTF8 { bytes in
                    bytes.withMemoryRebound(to: CChar.self) {
                        // An empty string's buffer may have no address: "" is a non-NULL empty text.
                        functions.result_text(
                            context, $0.baseAddress ?? SQLiteConstants.emptyText, CInt($0.count),
                            SQLiteConstants.transient)
                    }
                }
            case .error(let message):
                // SQLite copies the message.
                functions.result_error(context, message, -1)
            }
        }

    /// xDestroy: `app` is the tb_function the registration allocated.
    static let destroy: @convention(c) (UnsafeMutableRawPointer?) -> Void = { app in
        guard let function = app?.assumingMemoryBound(to: tb_function.self) else { return }
        Unmanaged<ScalarFunctionBox>.fromOpaque(function.pointee.state).release()
        function.deinitialize(count: 1)
        function.deallocate()
    }
}
