import Dispatch
import Foundation
import GRDB
import GRDBSQLite
import Synchronization
import TokenBenchEngines
import TokenBenchTokenizers

extension Workbench {
    /// The contract checks of one input on `main` (every mode), adding what they find to
    /// `findings`; returns how many xTokenize calls they made. `roundTripped` holds the document
    /// tokens already tried in query mode; `references` gets the input's consistent results when
    /// it is small, for the threads check. `step` is called before each mode's calls and every
    /// 64 query round trips: a worker says it is still on the input, so that the timeout bounds a
    /// few calls, not the hundreds a 1 MB input takes (8.7 s in a debug build on a busy machine).
    /// With `tokendata`, the round trip is on keys: a document token's key, tokenized in query
    /// mode, must give that key back, as a `tokendata=1` table matches.
    static func checkContract(
        of input: ConformanceInput, index: Int, main: TokenizerOnConnection, connection: EngineConnection,
        tokendata: Bool = false, findings: inout ConformanceFindingList, roundTripped: inout Set<ArraySlice<UInt8>>,
        references: inout [Int: [TokenizationMode: RecordedTokenization]], step: () -> Void = {}
    ) -> Int {
        var calls = 0
        let spec = main.spec
        let buffers = SentinelBuffer.sentinels.map { SentinelBuffer(input.bytes, sentinel: $0) }
        // Only the first instance may reject the spec (exit 2); a later refusal of the
        // same spec is the tokenizer's fault, and a finding.
        let fresh: TokenizerOnConnection?
        do {
            fresh = try TokenizerOnConnection(spec: spec, components: main.components, in: connection)
        } catch {
            fresh = nil
            findings.add(
                .constructor, mode: "create", input: input,
                "xCreate failed for a fresh instance after it succeeded once: \(error)")
        }
        var consistent: [TokenizationMode: RecordedTokenization] = [:]
        for mode in TokenizationMode.allCases {
            step()
            let first = main.record(buffers[0], mode: mode)
            calls += 1
            guard first.code == SQLITE_OK else {
                findings.add(
                    .errorCode, mode: mode.rawValue, input: input,
                    "xTokenize returned \(Self.describe(code: first.code))")
                continue
            }
            for (check, detail) in Self.structuralProblems(of: first, input: input) {
                findings.add(check, mode: mode.rawValue, input: input, detail)
            }
            let second = main.record(buffers[0], mode: mode)
            calls += 1
            if second != first {
                findings.add(
                    .repeatable, mode: mode.rawValue, input: input,
                    "first call [\(first.display)], second call [\(second.display)]")
            } else {
                // Same instance, same input, only the bytes after nText differ.
                let other = main.record(buffers[1], mode: mode)
                calls += 1
                if other != first {
                    findings.add(
                        .readPastEnd, mode: mode.rawValue, input: input,
                        "with 'Q' bytes after nText [\(first.display)], with '7' bytes [\(other.display)]")
                } else {
                    consistent[mode] = first
                }
            }
            guard let fresh else { continue }
            let renewed = fresh.record(buffers[0], mode: mode)
            calls += 1
            if renewed != first {
                findings.add(
                    .freshInstance, mode: mode.rawValue, input: input,
                    "first instance [\(first.display)], fresh instance [\(renewed.display)]")
            }
        }
        if let document = consistent[.document], let query = consistent[.query],
            document.tokens.contains(where: \.isColocated), query.tokens.contains(where: \.isColocated)
        {
            findings.add(
                .colocatedInBothModes, mode: "document+query", input: input,
                "document [\(document.display)], query [\(query.display)]: synonyms belong in one mode only")
        }
        if input.isValidUTF8, let document = consistent[.document] {
            // Under tokendata, a token is its key: what a table matches on, and what a user types.
            let key = { (bytes: ArraySlice<UInt8>) in tokendata ? Token.tokendata(of: bytes).key : bytes }
            for token in document.tokens {
                let bytes = key(token.bytes)
                guard !bytes.isEmpty, roundTripped.insert(bytes).inserted else { continue }
                guard String(validating: bytes, as: UTF8.self) != nil else { continue }
                if roundTripped.count % 64 == 0 { step() }
                let query = main.record(
                    SentinelBuffer(Array(bytes), sentinel: SentinelBuffer.sentinels[0]), mode: .query)
                calls += 1
                let givesItBack =
                    query.code == SQLITE_OK && query.tokens.first.map { key($0.bytes) } == bytes
                    && query.tokens.dropFirst().allSatisfy(\.isColocated)
                if !givesItBack {
                    findings.add(
                        .queryRoundTrip, mode: "query", input: input,
                        "document token \(tokendata ? "key " : "")'\(ByteEscaping.display(bytes))' gives [\(query.display)] in query mode"
                            + (query.code == SQLITE_OK ? "" : " (\(Self.describe(code: query.code)))"))
                }
            }
        }
        if input.isSmall, !consistent.isEmpty {
            references[index] = consistent
        }
        return calls
    }

    /// The `locale-passing` check: on an engine with the v2 API, `main`'s spec is made again with
    /// the bench's probe as its BASE (its words cut after the last that still makes the probe:
    /// `snowball english PROBE`, `porter PROBE`), called in every mode with a locale, and the
    /// probe tells whether each call reached it with that locale. A spec that takes no BASE (no
    /// cut makes the probe) is not a wrapper: nothing to check. Returns the xTokenize calls made.
    static func checkLocalePassing(
        of main: TokenizerOnConnection, connection: EngineConnection, findings: inout ConformanceFindingList
    ) -> Int {
        guard connection.fts5V3 != nil else { return 0 }
        let locale = "x-tokenbench-probe"
        for cut in stride(from: main.components.count, through: 1, by: -1) {
            let words = Array(main.components.prefix(cut)) + [LocaleProbeTokenizer.name]
            _ = LocaleProbeTokenizer.takeLog(for: connection)
            let wrapper: TokenizerOnConnection
            do {
                wrapper = try TokenizerOnConnection(
                    spec: TokenizerSpec(FTS5TokenizerDescriptor(components: words)), components: words, locale: locale,
                    in: connection)
            } catch {
                continue
            }
            guard LocaleProbeTokenizer.takeLog(for: connection).created > 0 else { continue }
            for mode in TokenizationMode.allCases {
                _ = wrapper.record(
                    SentinelBuffer(Array("probe words".utf8), sentinel: SentinelBuffer.sentinels[0]), mode: mode)
            }
            let seen = LocaleProbeTokenizer.takeLog(for: connection).locales
            let dropped = seen.filter { $0 != locale }
            if !dropped.isEmpty {
                let got = Set(dropped.map { $0.map { "'\($0)'" } ?? "none" }).sorted().joined(separator: ", ")
                findings.add(
                    .localePassing, mode: "all",
                    inputLabel: "'\(words.joined(separator: " "))' with locale '\(locale)'",
                    "\(dropped.count) of \(seen.count) calls reached BASE with the locale \(got), not the value's: a wrapper hands it on, as FTS5's porter does since SQLite 3.47"
                )
            }
            return TokenizationMode.allCases.count
        }
        return 0
    }

    /// Tokenizes the small inputs on `threadCount` threads at once, each with its own
    /// connection and instance, and compares with what one thread alone got.
    func checkThreads(
        spec: TokenizerSpec, engine: SQLiteEngine, components: [String], inputs: [ConformanceInput],
        references: [Int: [TokenizationMode: RecordedTokenization]], threadCount: Int,
        findings: inout ConformanceFindingList
    ) throws -> Int {
        let indices = references.keys.sorted()
        guard !indices.isEmpty else { return 0 }
        let buffers = Dictionary(
            uniqueKeysWithValues: indices.map {
                ($0, SentinelBuffer(inputs[$0].bytes, sentinel: SentinelBuffer.sentinels[0]))
            })
        let results = ThreadResults()
        let options = options
        // Each thread makes a workbench of its own, used by that thread alone. The workbench, its
        // connection (with the extensions loaded) and the tokenizer are made one thread at a time;
        // the calls, which the check is about, overlap. Set up all at once, the check of an
        // extension's tokenizer on the bundled engine once crashed in SQLite under
        // AddressSanitizer (sqlite3VdbeMemSetNull, in a CI run); the cause was not found, and this
        // rules the set-up out. Before 1fbe043 the workbenches were made one after another too.
        let setup = NSLock()
        WorkerThreads(count: threadCount).run { thread in
            do {
                let workbench = try setup.withLock {
                    let workbench = try Workbench(options: options)
                    try workbench.withConnection(engine) { _ in }
                    return workbench
                }
                try workbench.withConnection(engine) { connection in
                    let tokenizer: TokenizerOnConnection
                    do {
                        tokenizer = try setup.withLock {
                            try TokenizerOnConnection(spec: spec, components: components, in: connection)
                        }
                    } catch {
                        results.addConstructorFailure(
                            thread: thread,
                            "thread \(thread + 1) of \(threadCount): xCreate failed after it succeeded on one thread: \(error)"
                        )
                        return
                    }
                    // Each thread starts at a different input, so that different inputs overlap.
                    for step in 0..<indices.count {
                        let index = indices[(step + thread * indices.count / threadCount) % indices.count]
                        for (mode, reference) in references[index]!.sorted(by: { $0.key.rawValue < $1.key.rawValue }
                        ) {
                            let result = tokenizer.record(buffers[index]!, mode: mode)
                            results.add(calls: 1)
                            if result != reference {
                                results.addMismatch(
                                    index: index, mode: mode,
                                    "thread \(thread + 1) of \(threadCount) got [\(result.display)] where one thread alone got [\(reference.display)]"
                                )
                            }
                        }
                    }
                }
            } catch {
                results.add(error: error)
            }
        }
        if let error = results.firstError { throw error }
        for failure in results.constructorFailures.sorted(by: { $0.thread < $1.thread }) {
            findings.add(.constructor, mode: "create", input: inputs[indices[0]], failure.detail)
        }
        for mismatch in results.mismatches.sorted(by: { ($0.index, $0.mode.rawValue) < ($1.index, $1.mode.rawValue) }) {
            findings.add(.threads, mode: mismatch.mode.rawValue, input: inputs[mismatch.index], mismatch.detail)
        }
        return results.calls
    }

    /// The contract rules one tokenization breaks, with the first offending token of each.
    static func structuralProblems(of result: RecordedTokenization, input: ConformanceInput) -> [(
        ConformanceCheck, String
    )] {
        var problems: [ConformanceCheck: String] = [:]
        func note(_ check: ConformanceCheck, _ detail: @autoclosure () -> String) {
            if problems[check] == nil { problems[check] = detail() }
        }
        let count = input.bytes.count
        let bytes = input.bytes
        // The records are read directly, and a token is made only to name one that breaks a
        // rule: that loop is per token, and the tokens view costs more in a debug build.
        let records = result.records
        func splitsCharacter(_ offset: Int) -> Bool { offset < count && bytes[offset] & 0xC0 == 0x80 }
        for position in 0..<records.count {
            let token = records[position]
            // Built only for a token that breaks a rule: escaping every token's bytes was a
            // quarter of a conformance run.
            var name: String {
                "token \(position + 1) '\(ByteEscaping.display(result.tokens[position].bytes))' at \(token.start)-\(token.end)"
            }
            if token.flags & ~FTS5_TOKEN_COLOCATED != 0 {
                note(
                    .unknownFlag,
                    "\(name) has flags 0x\(String(token.flags, radix: 16)); only FTS5_TOKEN_COLOCATED (0x1) is defined")
            }
            if position == 0, token.flags & FTS5_TOKEN_COLOCATED != 0 {
                note(.firstColocated, "\(name) is the first token but is marked FTS5_TOKEN_COLOCATED")
            }
            let isNullPointer = token.status & TokenRecord.nullPointer != 0
            if token.nToken <= 0 || isNullPointer {
                note(.emptyToken, "\(name) has nToken \(token.nToken)\(isNullPointer ? " and a null pointer" : "")")
            }
            if token.status & TokenRecord.overBudget != 0 {
                note(
                    .tokenLength,
                    "\(name) has nToken \(token.nToken), past the \(TokenByteBudget.bytes(forTextOf: count)) bytes that all the tokens of a \(count)-byte input may have together (64 × nText + 64 KiB); not read"
                )
            }
            if token.status & TokenRecord.unreadable != 0 {
                note(
                    .unreadableToken,
                    "\(name) has nToken \(token.nToken), but only \(token.byteCount) bytes at its pointer can be read"
                )
            }
            if token.start < 0 || token.start > token.end || Int(token.end) > count {
                note(.offsetRange, "\(name) breaks 0 ≤ start ≤ end ≤ nText (nText \(count))")
            } else if input.isValidUTF8 {
                let start = Int(token.start)
                let end = Int(token.end)
                if let offset = splitsCharacter(start) ? start : splitsCharacter(end) ? end : nil {
                    note(
                        .characterBoundary,
                        "\(name): offset \(offset) falls inside a character (…\(excerpt(bytes, at: offset))…)")
                }
            }
            if position > 0, token.start < records[position - 1].start {
                note(.startOrder, "\(name) starts before token \(position) at \(records[position - 1].start)")
            }
        }
        return ConformanceCheck.allCases.compactMap { check in problems[check].map { (check, $0) } }
    }

    private static func excerpt(_ bytes: [UInt8], at offset: Int) -> String {
        ByteEscaping.display(bytes[max(0, offset - 6)..<min(bytes.count, offset + 6)])
    }

    static func describe(code: CInt) -> String {
        "\(code) (\(String(cString: sqlite3_errstr(code))))"
    }
}

/// The findings of one tokenizer in the order found.
struct ConformanceFindingList {
    let tokenizer: String
    let engine: String
    /// How many findings of each check and mode are kept; the rest are only counted.
    let limit: Int
    private struct Key: Hashable {
        var check: ConformanceCheck
        var mode: String
    }
    private var kept: [ConformanceFinding] = []
    private var totals: [Key: Int] = [:]

    init(tokenizer: String, engine: String, limit: Int) {
        self.tokenizer = tokenizer
        self.engine = engine
        self.limit = max(limit, 1)
    }

    /// Adds a finding; `detail` is made only for one that is kept. A tokenizer that breaks a
    /// rule on every input (strlen instead of nText, 4 kB tokens) had every token of every input
    /// escaped for messages that were then dropped: two thirds of its conformance run.
    mutating func add(
        _ check: ConformanceCheck, mode: String, input: ConformanceInput, _ detail: @autoclosure () -> String
    ) {
        add(check, mode: mode, inputLabel: input.label, detail())
    }

    mutating func add(_ check: ConformanceCheck, mode: String, inputLabel: String, _ detail: @autoclosure () -> String)
    {
        let key = Key(check: check, mode: mode)
        let count = totals[key, default: 0]
        totals[key] = count + 1
        guard count < limit else {
            journal.append(Entry(check: check, mode: mode, input: inputLabel, detail: nil))
            return
        }
        let finding = ConformanceFinding(
            tokenizer: tokenizer, engine: engine, check: check, mode: mode, input: inputLabel, detail: detail())
        kept.append(finding)
        journal.append(Entry(check: check, mode: mode, input: inputLabel, detail: finding.detail))
    }

    /// A finding as a worker hands it to the bench: its detail only when the worker kept it,
    /// every one counted.
    struct Entry: Codable, Sendable {
        var check: ConformanceCheck
        var mode: String
        var input: String
        var detail: String?
    }

    /// Every finding added since the last `takeJournal()`, in order.
    private var journal: [Entry] = []

    mutating func takeJournal() -> [Entry] {
        defer { journal = [] }
        return journal
    }

    /// Adds a finding a worker found. A worker that replaced a dead one starts its own counts
    /// again, so it sends details at least as far as this list keeps them.
    mutating func add(_ entry: Entry) {
        add(entry.check, mode: entry.mode, inputLabel: entry.input, entry.detail ?? "")
    }

    /// Whether any finding so far broke one of `checks`.
    func hasFinding(of checks: Set<ConformanceCheck>) -> Bool {
        totals.keys.contains { checks.contains($0.check) }
    }

    /// The first `limit` findings of each check and mode, in the order they were found; the last
    /// one kept says how many more findings broke the same rule, so a broken tokenizer does not
    /// print thousands of rows.
    func summarized() -> [ConformanceFinding] {
        var seen: [Key: Int] = [:]
        return kept.map { finding in
            let key = Key(check: finding.check, mode: finding.mode)
            let index = seen[key, default: 0]
            seen[key] = index + 1
            let total = totals[key]!
            guard index == limit - 1, total > limit else { return finding }
            var last = finding
            last.detail += " (and \(total - limit) more like this)"
            return last
        }
    }
}

/// What the threads of the threads check report, behind a lock.
private final class ThreadResults: Sendable {
    struct Mismatch {
        var index: Int
        var mode: TokenizationMode
        var detail: String
    }

    private struct State {
        var seen: Set<String> = []
        var mismatches: [Mismatch] = []
        var calls = 0
        var firstError: (any Error)?
        var constructorFailures: [(thread: Int, detail: String)] = []
    }

    private let state = Mutex(State())

    var mismatches: [Mismatch] { state.withLock { $0.mismatches } }
    var calls: Int { state.withLock { $0.calls } }
    var firstError: (any Error)? { state.withLock { $0.firstError } }
    var constructorFailures: [(thread: Int, detail: String)] { state.withLock { $0.constructorFailures } }

    func add(calls count: Int) {
        state.withLock { $0.calls += count }
    }

    func addMismatch(index: Int, mode: TokenizationMode, _ detail: String) {
        state.withLock { state in
            guard state.seen.insert("\(index) \(mode.rawValue)").inserted else { return }
            state.mismatches.append(Mismatch(index: index, mode: mode, detail: detail))
        }
    }

    func addConstructorFailure(thread: Int, _ detail: String) {
        state.withLock { $0.constructorFailures.append((thread, detail)) }
    }

    func add(error: any Error) {
        state.withLock { state in if state.firstError == nil { state.firstError = error } }
    }
}
