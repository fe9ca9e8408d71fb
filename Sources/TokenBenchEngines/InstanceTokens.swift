import CSQLiteEngines
import GRDBSQLite

/// The tokens of one phrase instance of a match as FTS5's `xInstToken` gives them (SQLite 3.45
/// and later): in a `tokendata=1` table, the whole `key\0data` token the document held, so a
/// prefix or key match shows what it matched.
package struct InstanceTokens: Sendable, Equatable {
    package var phrase: Int
    package var column: Int
    /// The token offset of the instance's first token in its column.
    package var offset: Int
    /// Each token of the phrase at this instance, as the index holds it.
    package var tokens: [[UInt8]]
}

extension EngineConnection {
    /// The auxiliary function's name: `tokenbench_insttokens(TABLE)` in a SELECT over a MATCH.
    package static let instanceTokensFunction = "tokenbench_insttokens"

    /// Runs `body` with `tokenbench_insttokens(TABLE)` registered: each call of it (one per row
    /// it is selected in) records the row's phrase instances, and `body`'s argument returns the
    /// calls recorded since it was last called, in order. The function itself returns NULL. A
    /// call records nil where FTS5's extension API is older than version 3 (no `xInstToken`).
    package func withInstanceTokens<T>(_ body: (_ takeCalls: () -> [[InstanceTokens]?]) throws -> T) throws -> T {
        let collector = try registeredInstanceTokens(counting: false)
        defer { collector.calls = [] }
        return try body {
            defer { collector.calls = [] }
            return collector.calls
        }
    }

    /// Runs `body` with `tokenbench_insttokens(TABLE)` registered to count instead of record:
    /// each call reads every token of the row's phrase instances through `xInstToken`, as
    /// `withInstanceTokens` does, but keeps only how many it read, without copying them, so
    /// that a timed query costs FTS5's work and not the bench's. `body`'s argument returns the
    /// tokens read since it was last called.
    package func withInstanceTokenCount<T>(_ body: (_ takeCount: () -> Int) throws -> T) throws -> T {
        let collector = try registeredInstanceTokens(counting: true)
        defer {
            collector.isCounting = false
            collector.tokensRead = 0
        }
        return try body {
            defer { collector.tokensRead = 0 }
            return collector.tokensRead
        }
    }

    /// The connection's collector, emptied and set to record or count, with the function
    /// registered.
    private func registeredInstanceTokens(counting: Bool) throws -> InstanceTokenCollector {
        let collector = instanceTokens
        if !collector.isRegistered {
            // Ownership: FTS5 holds the collector, retained here, until the connection closes and
            // it calls xDestroy, which releases it. Registered once: FTS5 keeps every
            // registration of a name.
            let userData = Unmanaged.passRetained(collector).toOpaque()
            let code = fts5.pointee.xCreateFunction(
                fts5, Self.instanceTokensFunction, userData, InstanceTokenCollector.function,
                { Unmanaged<InstanceTokenCollector>.fromOpaque($0!).release() })
            guard code == SQLITE_OK else {
                Unmanaged<InstanceTokenCollector>.fromOpaque(userData).release()
                throw SQLiteFailure(code: code, message: "cannot register \(Self.instanceTokensFunction)")
            }
            collector.isRegistered = true
        }
        collector.calls = []
        collector.tokensRead = 0
        collector.isCounting = counting
        return collector
    }
}

/// Where `tokenbench_insttokens` puts what it finds: the user data FTS5 hands it back, one per
/// connection (`EngineConnection.instanceTokens`).
final class InstanceTokenCollector {
    var calls: [[InstanceTokens]?] = []
    /// Whether the function is registered on the collector's connection.
    var isRegistered = false
    /// Whether calls only count the tokens they read (`tokensRead`) instead of recording them.
    var isCounting = false
    var tokensRead = 0

    /// The auxiliary function: every phrase instance of the row, each token through xInstToken.
    static let function: fts5_extension_function = { api, context, _, _, _ in
        guard let api, let context else { return }
        // The extension API as version 3 lays it out: read only from version 3 on.
        let version3 = UnsafeRawPointer(api).assumingMemoryBound(to: tb_fts5_extension_api_v3.self)
        let raw = UnsafeMutableRawPointer(context)
        guard let userData = version3.pointee.xUserData?(raw) else { return }
        let collector = Unmanaged<InstanceTokenCollector>.fromOpaque(userData).takeUnretainedValue()
        guard api.pointee.iVersion >= 3, let instToken = version3.pointee.xInstToken,
            let instCount = version3.pointee.xInstCount, let inst = version3.pointee.xInst,
            let phraseSize = version3.pointee.xPhraseSize
        else {
            if !collector.isCounting { collector.calls.append(nil) }
            return
        }
        var count: CInt = 0
        guard instCount(raw, &count) == SQLITE_OK else {
            if !collector.isCounting { collector.calls.append([]) }
            return
        }
        if collector.isCounting {
            for index in 0..<count {
                var (phrase, column, offset): (CInt, CInt, CInt) = (0, 0, 0)
                guard inst(raw, index, &phrase, &column, &offset) == SQLITE_OK else { continue }
                for token in 0..<phraseSize(raw, phrase) {
                    var bytes: UnsafePointer<CChar>?
                    var length: CInt = 0
                    if instToken(raw, index, token, &bytes, &length) == SQLITE_OK { collector.tokensRead += 1 }
                }
            }
            return
        }
        var instances: [InstanceTokens] = []
        for index in 0..<count {
            var (phrase, column, offset): (CInt, CInt, CInt) = (0, 0, 0)
            guard inst(raw, index, &phrase, &column, &offset) == SQLITE_OK else { continue }
            var tokens: [[UInt8]] = []
            for token in 0..<phraseSize(raw, phrase) {
                var bytes: UnsafePointer<CChar>?
                var length: CInt = 0
                guard instToken(raw, index, token, &bytes, &length) == SQLITE_OK, let bytes, length >= 0 else {
                    continue
                }
                // The bytes are FTS5's until the next call: copied.
                tokens.append(Array(UnsafeRawBufferPointer(start: bytes, count: Int(length))))
            }
            instances.append(
                InstanceTokens(phrase: Int(phrase), column: Int(column), offset: Int(offset), tokens: tokens))
        }
        collector.calls.append(instances)
    }
}
