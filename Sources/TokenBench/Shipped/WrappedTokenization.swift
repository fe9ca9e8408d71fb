import GRDB
import GRDBSQLite

/// What a shipped wrapper tokenizer does with each token of the tokenizer it wraps: emit zero,
/// one or several tokens, working on the token's bytes (no Swift String per token).
protocol TokenFilter: AnyObject {
    func filter(_ token: UnsafeBufferPointer<UInt8>, flags: CInt, start: CInt, end: CInt,
                tokenization: FTS5Tokenization, emit: inout TokenEmitter) -> CInt
}

/// A shipped tokenizer that wraps `base` and filters its tokens: its xTokenize is the base's,
/// routed through `filter`.
protocol FilteringWrapper: FTS5CustomTokenizer, TokenFilter {
    var base: any FTS5Tokenizer { get }
}

extension FilteringWrapper {
    func tokenize(
        context: UnsafeMutableRawPointer?, tokenization: FTS5Tokenization, pText: UnsafePointer<CChar>?, nText: CInt,
        tokenCallback: @escaping FTS5TokenCallback
    ) -> CInt {
        WrappedTokenization.run(filter: self, base: base, context: context, tokenization: tokenization,
                                pText: pText, nText: nText, tokenCallback: tokenCallback)
    }
}

/// Passes tokens on to FTS5's callback, keeping the rule that the first token of an input is
/// never colocated.
struct TokenEmitter {
    let context: UnsafeMutableRawPointer?
    let callback: FTS5TokenCallback
    private(set) var hasEmitted = false

    init(context: UnsafeMutableRawPointer?, callback: @escaping FTS5TokenCallback) {
        self.context = context
        self.callback = callback
    }

    mutating func emit(_ bytes: UnsafeBufferPointer<UInt8>, flags: CInt, start: CInt, end: CInt) -> CInt {
        var flags = flags
        if !hasEmitted { flags &= ~FTS5_TOKEN_COLOCATED }
        hasEmitted = true
        return bytes.withMemoryRebound(to: CChar.self) { chars in
            callback(context, flags, chars.baseAddress, CInt(chars.count), start, end)
        }
    }

    mutating func emit(_ bytes: [UInt8], flags: CInt, start: CInt, end: CInt) -> CInt {
        bytes.withUnsafeBufferPointer { emit($0, flags: flags, start: start, end: end) }
    }
}

/// Runs a wrapped tokenizer's xTokenize and routes every token through a filter.
enum WrappedTokenization {
    /// Per-call state reached from the C callback through its context pointer.
    private final class Call {
        unowned let filter: any TokenFilter
        let tokenization: FTS5Tokenization
        var emitter: TokenEmitter

        init(filter: any TokenFilter, tokenization: FTS5Tokenization, emitter: TokenEmitter) {
            self.filter = filter
            self.tokenization = tokenization
            self.emitter = emitter
        }
    }

    static func run(
        filter: any TokenFilter, base: any FTS5Tokenizer, context: UnsafeMutableRawPointer?,
        tokenization: FTS5Tokenization, pText: UnsafePointer<CChar>?, nText: CInt,
        tokenCallback: @escaping FTS5TokenCallback
    ) -> CInt {
        let call = Call(filter: filter, tokenization: tokenization, emitter: TokenEmitter(context: context, callback: tokenCallback))
        // Ownership: `call` lives until xTokenize returns; the callback borrows it unretained.
        return withExtendedLifetime(call) {
            base.tokenize(
                context: Unmanaged.passUnretained(call).toOpaque(), tokenization: tokenization, pText: pText, nText: nText,
                tokenCallback: { callPointer, flags, pToken, nToken, start, end in
                    guard let callPointer else { return SQLITE_ERROR }
                    let call = Unmanaged<Call>.fromOpaque(callPointer).takeUnretainedValue()
                    let token = UnsafeRawPointer(pToken).map {
                        UnsafeBufferPointer(start: $0.assumingMemoryBound(to: UInt8.self), count: Int(nToken))
                    } ?? UnsafeBufferPointer(start: nil, count: 0)
                    return call.filter.filter(token, flags: flags, start: start, end: end,
                                              tokenization: call.tokenization, emit: &call.emitter)
                })
        }
    }
}

/// The arguments of a shipped tokenizer: its own `key value` options first, then the spec of
/// the tokenizer it wraps (or a default).
struct WrapperArguments {
    var options: [String: String] = [:]
    var base: [String]
    let tokenizer: String

    init(_ arguments: [String], optionKeys: Set<String>, defaultBase: [String], tokenizer: String) throws {
        var rest = arguments[...]
        while let key = rest.first, optionKeys.contains(key) {
            rest = rest.dropFirst()
            guard let value = rest.first else {
                throw DatabaseError(message: "\(tokenizer): option '\(key)' needs a value")
            }
            options[key] = value
            rest = rest.dropFirst()
        }
        base = rest.isEmpty ? defaultBase : Array(rest)
        self.tokenizer = tokenizer
    }

    func makeBase(_ db: Database) throws -> any FTS5Tokenizer {
        do {
            return try db.makeTokenizer(FTS5TokenizerDescriptor(components: base))
        } catch {
            throw DatabaseError(message: "\(tokenizer): cannot create the wrapped tokenizer '\(base.joined(separator: " "))'")
        }
    }
}

extension UnsafeBufferPointer where Element == UInt8 {
    var isASCII: Bool { allSatisfy { $0 < 0x80 } }
}
