import Foundation
import GRDB
import GRDBSQLite
import TokenBenchEngines
import TokenBenchTokenizers

/// A tokenizer spec that FTS5 accepted, instantiated on a connection through the FTS5 API
/// (`xFindTokenizer` then `xCreate`), ready to run its own xTokenize.
///
/// It is only valid inside the database access that created it: GRDB's tokenizer object
/// borrows the connection's FTS5 API.
struct TokenizerOnConnection {
    let spec: TokenizerSpec
    /// The words FTS5 split the spec into: the tokenizer name, then its arguments.
    let components: [String]
    let instance: any FTS5Tokenizer

    /// With a `locale`, the instance is made through the engine's v2 tokenizer API and given
    /// that locale on every call, as FTS5 gives a `locale=1` table's values theirs.
    init(spec: TokenizerSpec, locale: String? = nil, in connection: EngineConnection) throws {
        try self.init(
            spec: spec, components: try Self.components(of: spec, in: connection), locale: locale, in: connection)
    }

    /// Creates an instance through xCreate from words FTS5 already split and accepted, without
    /// probing the spec again: how a check gets a fresh instance of the same tokenizer.
    init(spec: TokenizerSpec, components: [String], locale: String? = nil, in connection: EngineConnection) throws {
        self.spec = spec
        self.components = components
        _ = connection.takeNote(ConstructorFailureNote.self)
        do {
            if let locale {
                instance = try EngineLocaleTokenizerInstance(components: components, locale: locale, in: connection)
            } else {
                instance = try EngineTokenizerInstance(components: components, in: connection)
            }
        } catch {
            var reason = Self.message(of: error)
            if let detail = connection.takeNote(ConstructorFailureNote.self) { reason += " (\(detail))" }
            throw TokenBenchError.invalidTokenizerSpec(spec: spec.description, reason: reason)
        }
    }

    /// Lets FTS5 itself split the spec into words, then checks that FTS5 accepts the spec in a
    /// real table. FTS5's own parser is the reference: a hand-written copy would drift from it on
    /// quoting rules.
    static func components(of spec: TokenizerSpec, in connection: EngineConnection) throws -> [String] {
        if let problem = spec.quotingProblem() {
            throw TokenBenchError.invalidTokenizerSpec(spec: spec.description, reason: problem)
        }
        let captureSpec = TokenizerSpec(label: spec.label, text: SpecArgumentCapture.name + " " + spec.text)
        do {
            let words = try withProbeTable(spec: captureSpec, reportedAs: spec, in: connection) {
                SpecArgumentCapture.takeArguments(for: connection)
            }
            guard let words, !words.isEmpty else {
                throw TokenBenchError.invalidTokenizerSpec(
                    spec: spec.description, reason: "the spec names no tokenizer")
            }
            try withProbeTable(spec: spec, reportedAs: spec, in: connection) {}
            return words
        } catch TokenBenchError.invalidTokenizerSpec(let reported, let reason) {
            throw TokenBenchError.invalidTokenizerSpec(
                spec: reported, reason: unknownNameReason(of: spec, in: connection) ?? reason)
        }
    }

    /// When the spec's first word is a name (the characters of a label) that names no tokenizer
    /// on this connection, FTS5's reason with the catalog's nearest names:
    /// `no such tokenizer: porter-ascii2; nearest: porter-ascii`. FTS5 itself says
    /// `no such tokenizer: X` only for a name it can parse; for a misspelt label such as
    /// `porter-ascii2` it says `parse error in tokenize directive` (`-` ends a bare word), which
    /// points away from the mistake. Nil when the first word is registered here (a built-in, an
    /// extension's, a custom type), or is no name (`unicode61)`): then the reason is FTS5's or
    /// the constructor's.
    private static func unknownNameReason(of spec: TokenizerSpec, in connection: EngineConnection) -> String? {
        guard var name = spec.text.split(whereSeparator: \.isWhitespace).first.map(String.init) else { return nil }
        // A quoted name (`'porter' ascii`) is looked up without its quotes, as FTS5 does.
        if let quote = name.first, "'\"`".contains(quote), name.count >= 2, name.last == quote {
            name = String(name.dropFirst().dropLast())
        }
        guard TokenizerSpec.isValidLabel(name), connection.nativeTokenizerAPI(of: name) == nil else { return nil }
        let nearest = NearestNames.nearest(to: name, among: TokenizerCatalog.all.map(\.spec.name))
        return "no such tokenizer: \(name)" + (nearest.isEmpty ? "" : "; nearest: \(nearest.joined(separator: ", "))")
    }

    /// Creates a temporary FTS5 table tokenized by `spec`, inserts one empty row (SQLite versions
    /// that create tokenizers lazily only run the constructor then), runs `body`, and drops the
    /// table. The row is empty so that no token reaches FTS5 here: a broken tokenizer's token (a
    /// NULL pointer, a negative length) crashes FTS5 itself, and the bench must judge such a
    /// tokenizer, not die of it.
    @discardableResult
    private static func withProbeTable<T>(
        spec: TokenizerSpec, reportedAs reported: TokenizerSpec, in connection: EngineConnection, _ body: () throws -> T
    ) throws -> T {
        let table: FTS5TableRecipe
        do {
            table = FTS5TableRecipe(schema: "temp", name: "tokenbench_probe", tokenizer: try spec.tokenizeOption())
        } catch {
            throw TokenBenchError.invalidTokenizerSpec(
                spec: reported.description, reason: "the spec contains a NUL character")
        }
        // A reason left by a constructor that failed earlier, outside a probe, must not be
        // blamed on this spec.
        _ = connection.takeNote(ConstructorFailureNote.self)
        do {
            try connection.execute(table.dropIfExists)
            try connection.execute(table.create)
            defer { try? connection.execute(table.dropIfExists) }
            try connection.execute(table.insert(withRowid: false), "")
            return try body()
        } catch let error as TokenBenchError {
            throw error
        } catch {
            var reason = message(of: error)
            if let detail = connection.takeNote(ConstructorFailureNote.self) { reason += " (\(detail))" }
            throw TokenBenchError.invalidTokenizerSpec(spec: reported.description, reason: reason)
        }
    }

    /// SQLite's own message for a GRDB error, without GRDB's SQL echo.
    static func message(of error: any Error) -> String {
        if let error = error as? SQLiteFailure { return error.message }
        if let error = error as? DatabaseError {
            return error.message ?? "\(error.resultCode)"
        }
        return "\(error)"
    }

    /// Tokenizes `text` in `mode` and collects every token with its offsets.
    func tokens(of text: [UInt8], mode: TokenizationMode) throws -> [Token] {
        let collector = TokenCollector(textCount: text.count)
        let code = Self.withUnterminatedBuffer(text) { pText, nText -> CInt in
            collector.readCheck.pages.trust(pText, count: Int(nText))
            // Ownership: the collector outlives this synchronous call; the callback only
            // borrows it through the unretained context pointer.
            return withExtendedLifetime(collector) {
                instance.tokenize(
                    context: Unmanaged.passUnretained(collector).toOpaque(),
                    tokenization: mode.tokenization,
                    pText: pText,
                    nText: nText,
                    tokenCallback: TokenCollector.callback)
            }
        }
        if let brokenToken = collector.brokenToken {
            throw TokenBenchError.brokenToken(spec: spec.description, mode: mode.rawValue, reason: brokenToken)
        }
        guard code == SQLITE_OK else {
            throw TokenBenchError.tokenizeFailed(spec: spec.description, mode: mode.rawValue, code: code)
        }
        return collector.tokens
    }

    /// The typed builder's pieces of `text` (`Database.makeFTS5Pattern(typed:…)`), cut with this
    /// instance's own query-mode tokens.
    func typedPatternPieces(of text: [UInt8]) throws -> [Range<Int>] {
        try TypedPatternBuilder.pieces(of: text) { piece in
            try tokens(of: piece, mode: .query).map {
                TypedPatternBuilder.Token(bytes: $0.bytes, start: $0.start, end: $0.end, isColocated: $0.isColocated)
            }
        }
    }

    /// The typed builder's pattern of `text` in `kind`; nil when it has no token.
    func typedPattern(of text: String, kind: TypedQueryKind) throws -> String? {
        let bytes = Array(text.utf8)
        return TypedPatternBuilder.pattern(of: bytes, pieces: try typedPatternPieces(of: bytes), kind: kind)
    }

    /// Calls `body` with a pointer to exactly `text.count` bytes: not NUL-terminated, as FTS5's
    /// own input is not, and never a null pointer (even for empty input).
    static func withUnterminatedBuffer<R>(
        _ text: [UInt8], _ body: (UnsafePointer<CChar>, CInt) throws -> R
    ) rethrows -> R {
        if text.isEmpty {
            // Ownership: a one-byte scratch buffer freed when `body` returns.
            let scratch = UnsafeMutablePointer<CChar>.allocate(capacity: 1)
            defer { scratch.deallocate() }
            scratch.pointee = 0x7E
            return try body(scratch, 0)
        }
        return try text.withUnsafeBufferPointer { buffer in
            try buffer.baseAddress!.withMemoryRebound(to: CChar.self, capacity: buffer.count) { pText in
                try body(pText, CInt(buffer.count))
            }
        }
    }
}

/// Collects tokens from an xToken callback, numbering FTS5 positions.
final class TokenCollector {
    var tokens: [Token] = []
    private var nextPosition = 0
    /// Why the call was stopped: the first token that could not be read as reported.
    private(set) var brokenToken: String?
    /// The call's budget and readable pages: a lying tokenizer stops the call instead of
    /// crashing the bench.
    let readCheck: TokenReadCheck

    init(textCount: Int) {
        readCheck = TokenReadCheck(textCount: textCount)
    }

    static let callback: FTS5TokenCallback = { context, flags, pToken, nToken, iStart, iEnd in
        guard let context else { return SQLITE_ERROR }
        let collector = Unmanaged<TokenCollector>.fromOpaque(context).takeUnretainedValue()
        let isColocated = (flags & FTS5_TOKEN_COLOCATED) != 0
        let bytes: [UInt8]
        if let pToken, nToken > 0 {
            var name: String { "token \(collector.tokens.count + 1) at \(iStart)-\(iEnd) has nToken \(nToken)" }
            switch collector.readCheck.check(pToken, count: Int(nToken)) {
            case .readable: break
            case .overBudget:
                collector.brokenToken = "\(name), past what all the tokens of the input may have together"
                return SQLITE_ERROR
            case .unreadable, .unreadableFromItsStart, .unreadableAfter:
                collector.brokenToken = "\(name), but not that many bytes can be read at its pointer"
                return SQLITE_ERROR
            }
            bytes = Array(UnsafeRawBufferPointer(start: pToken, count: Int(nToken)))
        } else {
            bytes = []
        }
        // A colocated token shares the previous token's position (FTS5 synonym method 3).
        let position = isColocated && !collector.tokens.isEmpty ? collector.nextPosition - 1 : collector.nextPosition
        if !(isColocated && !collector.tokens.isEmpty) { collector.nextPosition += 1 }
        collector.tokens.append(
            Token(
                position: position, bytes: bytes, start: Int(iStart), end: Int(iEnd), isColocated: isColocated))
        return SQLITE_OK
    }
}
