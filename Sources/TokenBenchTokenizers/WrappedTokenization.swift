import CReadableMemory
import Foundation
import GRDB
import GRDBSQLite
import TokenBenchEngines

/// What a shipped wrapper tokenizer does with each token of the tokenizer it wraps: emit zero,
/// one or several tokens, working on the token's bytes (no Swift String per token).
protocol TokenFilter: AnyObject {
    /// The pages of the wrapped tokenizer's token memory found readable so far, kept across
    /// calls because a tokenizer's token buffer usually stays where it is.
    var baseTokenPages: ReadablePages { get }
    func filter(
        _ token: UnsafeBufferPointer<UInt8>, flags: CInt, start: CInt, end: CInt,
        tokenization: FTS5Tokenization, emit: inout TokenEmitter
    ) -> CInt
}

/// A tokenizer that wraps `base` and filters its tokens: its xTokenize is the base's, routed
/// through `filter`. The shipped wrappers (`FilteringWrapper`) and the adapter of users'
/// `TokenFilteringTokenizer` types share this xTokenize.
protocol BaseTokenFilter: FTS5Tokenizer, TokenFilter {
    var base: any FTS5Tokenizer { get }
    /// The xToken callback that forwards the base's tokens to this type's `filter`. Each type
    /// spells it `{ WrappedTokenization.forward(Type.self, $0, $1, $2, $3, $4, $5) }`: a C
    /// function pointer cannot be generic, and one per type makes `filter` a direct call.
    static var tokenTrampoline: FTS5TokenCallback { get }
    /// Called before each input is tokenized, to reset per-input state (none by default).
    func startInput(tokenization: FTS5Tokenization)
}

/// A shipped tokenizer that wraps `base` and filters its tokens, registered by name.
protocol FilteringWrapper: RegisteredTokenizerType, BaseTokenFilter {}

extension BaseTokenFilter {
    func startInput(tokenization: FTS5Tokenization) {}

    func tokenize(
        context: UnsafeMutableRawPointer?, tokenization: FTS5Tokenization, pText: UnsafePointer<CChar>?, nText: CInt,
        tokenCallback: @escaping FTS5TokenCallback
    ) -> CInt {
        startInput(tokenization: tokenization)
        return WrappedTokenization.run(
            filter: self, base: base, context: context, tokenization: tokenization,
            pText: pText, nText: nText, tokenCallback: tokenCallback, trampoline: Self.tokenTrampoline)
    }
}

/// Runs a wrapped tokenizer's xTokenize and routes every token through a filter.
///
/// This sits on the path of every token, so it avoids what Swift would otherwise do per call:
/// the per-call state is a stack value reached through a raw pointer (no retain/release of a
/// context object, no dynamic exclusivity check on the emitter), and the filter is reached
/// unretained because the caller keeps it alive for the whole call.
enum WrappedTokenization {
    /// Per-call state reached from the C callback through its context pointer.
    struct CallState<Filter: TokenFilter> {
        /// Unmanaged: the caller keeps the filter alive, and a strong or unowned reference would
        /// cost a retain and a release on every token.
        let filter: Unmanaged<Filter>
        let tokenization: FTS5Tokenization
        var emitter: TokenEmitter
        /// Unmanaged for the same reason: the filter that owns it outlives the call.
        let pages: Unmanaged<ReadablePages>
    }

    static func run<Filter: TokenFilter>(
        filter: Filter, base: any FTS5Tokenizer, context: UnsafeMutableRawPointer?,
        tokenization: FTS5Tokenization, pText: UnsafePointer<CChar>?, nText: CInt,
        tokenCallback: @escaping FTS5TokenCallback, trampoline: FTS5TokenCallback
    ) -> CInt {
        var state = CallState(
            filter: Unmanaged.passUnretained(filter), tokenization: tokenization,
            emitter: TokenEmitter(context: context, callback: tokenCallback),
            pages: Unmanaged.passUnretained(filter.baseTokenPages))
        filter.baseTokenPages.trust(pText, count: Int(max(nText, 0)))
        // Ownership: `filter` is kept alive until xTokenize returns; `state` lives on this stack
        // frame and the callback only borrows it through the pointer, during the call.
        return withExtendedLifetime(filter) {
            withUnsafeMutablePointer(to: &state) { statePointer in
                base.tokenize(
                    context: UnsafeMutableRawPointer(statePointer), tokenization: tokenization, pText: pText,
                    nText: nText,
                    tokenCallback: trampoline)
            }
        }
    }

    /// The body of every `tokenTrampoline`: hands one base token to `Filter.filter`.
    @inline(__always)
    static func forward<Filter: TokenFilter>(
        _: Filter.Type, _ statePointer: UnsafeMutableRawPointer?, _ flags: CInt, _ pToken: UnsafePointer<CChar>?,
        _ nToken: CInt, _ start: CInt, _ end: CInt
    ) -> CInt {
        // A broken BASE (an extension tokenizer, say) must not crash the wrapper: a negative
        // length, no bytes behind a positive one, or a length that runs into memory that cannot
        // be read stops the call with an error that `tokenbench conformance` reports, instead of
        // reading what is not there.
        guard nToken >= 0, pToken != nil || nToken == 0 else { return SQLITE_ERROR }
        let state = statePointer.unsafelyUnwrapped.assumingMemoryBound(to: CallState<Filter>.self)
        if nToken > 0,
            !state.pointee.pages._withUnsafeGuaranteedRef({ $0.canRead(pToken.unsafelyUnwrapped, count: Int(nToken)) })
        {
            return SQLITE_ERROR
        }
        let token = UnsafeBufferPointer(
            start: UnsafeRawPointer(pToken)?.assumingMemoryBound(to: UInt8.self), count: Int(nToken))
        return state.pointee.filter._withUnsafeGuaranteedRef { filter in
            filter.filter(
                token, flags: flags, start: start, end: end, tokenization: state.pointee.tokenization,
                emit: &state.pointee.emitter)
        }
    }
}

extension FTS5Tokenizer {
    /// The document-mode tokens of `text`, as bytes, for a constructor that runs its word list
    /// through BASE; nil when BASE fails on `text` or reports a token that cannot be read.
    ///
    /// GRDB's `tokenize(document:)` builds a String from whatever pointer and length BASE
    /// reports, and traps on a negative length: this checks them, and copies tokens without
    /// faulting. A word BASE fails on is left out of the word list rather than failing the
    /// constructor: BASE fails the same way on that word in a text, where the wrapper's xTokenize
    /// fails the call and `tokenbench conformance` names the fault. BASE runs twice, and a word
    /// whose tokens differ between the runs is left out too: a word list cannot rest on them.
    func documentTokenBytes(of text: String) -> [[UInt8]]? {
        guard let tokens = documentTokenBytesOnce(of: text), documentTokenBytesOnce(of: text) == tokens else {
            return nil
        }
        return tokens
    }

    private func documentTokenBytesOnce(of text: String) -> [[UInt8]]? {
        let collector = DocumentTokenCollector()
        // A NUL after nText: a BASE that measures with strlen() (tbtest_strlen) stops there
        // instead of reading past the buffer, in the constructor where no checker watches. In
        // text it gets from FTS5 or `conformance`, that overread is the finding.
        let bytes = Array(text.utf8) + [0]
        // Ownership: `collector` outlives the synchronous xTokenize; the callback borrows it.
        let code = withExtendedLifetime(collector) {
            bytes.withUnsafeBufferPointer { buffer in
                buffer.withMemoryRebound(to: CChar.self) { chars in
                    tokenize(
                        context: Unmanaged.passUnretained(collector).toOpaque(), tokenization: .document,
                        pText: chars.baseAddress, nText: CInt(chars.count - 1),
                        tokenCallback: { context, _, pToken, nToken, _, _ in
                            let collector = Unmanaged<DocumentTokenCollector>.fromOpaque(context!).takeUnretainedValue()
                            guard nToken >= 0, pToken != nil || nToken == 0 else {
                                collector.isBroken = true
                                return SQLITE_ERROR
                            }
                            guard nToken == 0 || tb_readable_prefix(pToken, Int(nToken)) == Int(nToken) else {
                                collector.isBroken = true
                                return SQLITE_ERROR
                            }
                            collector.tokens.append(
                                nToken == 0 ? [] : Array(UnsafeRawBufferPointer(start: pToken, count: Int(nToken))))
                            return SQLITE_OK
                        })
                }
            }
        }
        guard code == SQLITE_OK, !collector.isBroken else { return nil }
        return collector.tokens
    }
}

/// Address ranges known to be readable: the input text of the current call (its caller owns it),
/// and the pages of a wrapped tokenizer's tokens that were checked once with
/// `tb_readable_prefix`. A token inside them is read without a system call, so the check costs
/// one call per new page, not one per token.
///
/// The pages are remembered in a small direct-mapped table, not as one range: a BASE may hand
/// out tokens from many buffers (`icu` emits each cached case folding from its own array), and
/// remembering only the last range made every such token a system call (translit over icu ran at
/// a quarter of its speed, half of it in the kernel). 4096 pages (16 MiB of address space, 32 KiB
/// of table) cover the heap span of a tokenizer's caches without collisions.
///
/// The pages are trusted from one call to the next: a tokenizer that frees its buffer and then
/// reports a token in it has a use-after-free of its own, which this does not try to catch.
/// Not safe for concurrent use: one per tokenizer instance, as FTS5 uses an instance.
final class ReadablePages {
    private var text: (start: UInt, end: UInt) = (0, 0)
    private static let tableSize = 4096
    // Ownership: allocated here, freed in deinit. Slot i holds page number + 1 (0: empty) of a
    // page found readable whose number is i modulo the table size.
    private let table: UnsafeMutablePointer<UInt>
    private let pageShift = UInt(UInt(sysconf(Int32(_SC_PAGESIZE))).trailingZeroBitCount)

    init() {
        table = .allocate(capacity: Self.tableSize)
        table.initialize(repeating: 0, count: Self.tableSize)
    }

    deinit { table.deallocate() }

    /// Records the caller's input text as readable for this call.
    func trust(_ pointer: UnsafePointer<CChar>?, count: Int) {
        let start = UInt(bitPattern: pointer)
        text = (start, start &+ UInt(count))
    }

    /// Whether the `count` bytes at `pointer` can be read, checking their pages when they are
    /// outside what is already known.
    @inline(__always)
    func canRead(_ pointer: UnsafePointer<CChar>, count: Int) -> Bool {
        let start = UInt(bitPattern: pointer)
        let (end, overflow) = start.addingReportingOverflow(UInt(count))
        guard !overflow else { return false }
        if start >= text.start && end <= text.end { return true }
        let firstPage = start >> pageShift
        let lastPage = (end - 1) >> pageShift
        if firstPage == lastPage && table[Int(firstPage % UInt(Self.tableSize))] == firstPage + 1 { return true }
        return checkPages(pointer, count: count, firstPage: firstPage, lastPage: lastPage)
    }

    private func checkPages(_ pointer: UnsafePointer<CChar>, count: Int, firstPage: UInt, lastPage: UInt) -> Bool {
        var page = firstPage
        while page <= lastPage && table[Int(page % UInt(Self.tableSize))] == page + 1 { page += 1 }
        if page > lastPage { return true }
        guard tb_readable_prefix(pointer, count) == count else { return false }
        for known in firstPage...lastPage { table[Int(known % UInt(Self.tableSize))] = known + 1 }
        return true
    }
}

/// The tokens `documentTokenBytes` collects, and whether BASE reported a bad one.
private final class DocumentTokenCollector {
    var tokens: [[UInt8]] = []
    var isBroken = false
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

    /// How deep shipped wrappers may nest (`synonyms german nfkc …`): each level is a constructor
    /// calling the next through SQLite, and a spec of hundreds of wrapper names (the `spec` fuzz
    /// target made one) would otherwise overflow the stack.
    static let maximumNesting = 16
    private static let nestingKey = "TokenBench.wrapperNesting"
    private static let nestingExceededKey = "TokenBench.wrapperNestingExceeded"

    func makeBase(_ connection: EngineConnection) throws -> any FTS5Tokenizer {
        // Constructors run synchronously on the thread that creates the outermost tokenizer.
        let thread = Thread.current.threadDictionary
        let depth = thread[Self.nestingKey] as? Int ?? 0
        let tooDeep = "\(tokenizer): wrappers nest more than \(Self.maximumNesting) deep"
        guard depth < Self.maximumNesting else {
            thread[Self.nestingExceededKey] = true
            throw DatabaseError(message: tooDeep)
        }
        thread[Self.nestingKey] = depth + 1
        defer {
            thread[Self.nestingKey] = depth
            if depth == 0 { thread[Self.nestingExceededKey] = nil }
        }
        do {
            return try EngineTokenizerInstance(components: base, in: connection)
        } catch  where thread[Self.nestingExceededKey] as? Bool == true {
            // A level below hit the limit: every level reports that, not "cannot create its base".
            throw DatabaseError(message: tooDeep)
        } catch {
            throw DatabaseError(
                message: "\(tokenizer): cannot create the wrapped tokenizer '\(base.joined(separator: " "))'")
        }
    }
}

extension UnsafeBufferPointer where Element == UInt8 {
    var isASCII: Bool { allSatisfy { $0 < 0x80 } }
}
