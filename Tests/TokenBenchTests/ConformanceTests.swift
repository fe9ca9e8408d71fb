import Foundation
import GRDB
import Testing

@testable import TokenBench
@testable import TokenBenchEngines
@testable import TokenBenchTokenizers

/// Every conformance check fires on a tokenizer that breaks its rule, and stays silent on one
/// that keeps them all.
struct ConformanceTests {
    /// Some scripts' fixture cases (Latin with diacritics, Japanese, Chinese, emoji), the edge
    /// cases and 40 random inputs, plus one input with a 'z': every check fires on these, in half
    /// the time all the fixtures took (the suite runs twice in CI, once under ASan).
    static let inputs: [ConformanceInput] = {
        let categories: Set = ["seed-example", "german", "japanese", "cjk", "emoji"]
        let cases = try! FixtureSet.defaults().cases.filter { categories.contains($0.category) }
        return ConformanceCorpus.make(fixtures: try! FixtureSet(cases: cases), seed: 7, iterations: 40, large: false)
            + [ConformanceInput(label: "has z", bytes: Array("amaze z".utf8))]
    }()

    static func report(_ fault: BrokenTokenizer.Fault) throws -> ConformanceReport {
        let workbench = try Workbench(options: Workbench.Options(customTokenizers: [BrokenTokenizer.self]))
        return try workbench.conformance(
            of: TokenizerSpec(label: fault.rawValue, text: "broken '\(fault.rawValue)'"), inputs: inputs,
            options: ConformanceOptions(threadCount: 4))
    }

    /// One broken tokenizer and the checks that must fire on it, no more and no fewer.
    struct Row: Sendable, CustomTestStringConvertible {
        var fault: BrokenTokenizer.Fault
        var errors: Set<ConformanceCheck>
        var warnings: Set<ConformanceCheck> = []
        var testDescription: String { fault.rawValue }
    }

    static let rows: [Row] = [
        // The unbroken splitter: no finding at all, so no check fires spuriously.
        Row(fault: .none, errors: []),
        // iEnd = nText + 1 on the last token.
        Row(fault: .endPastText, errors: [.offsetRange]),
        // A start offset one byte into a multi-byte character, on valid UTF-8.
        Row(fault: .insideCharacter, errors: [.characterBoundary]),
        // Tokens last first: starts decrease.
        Row(fault: .reversed, errors: [.startOrder]),
        // nToken 0 after each token; a document token then comes back with an extra empty one.
        Row(fault: .emptyTokens, errors: [.emptyToken], warnings: [.queryRoundTrip]),
        // Flag 0x2, which FTS5 does not define.
        Row(fault: .undefinedFlag, errors: [.unknownFlag]),
        // The first token colocated with nothing (and, since it is so in every mode, both modes colocate).
        Row(fault: .colocatedFirst, errors: [.firstColocated], warnings: [.colocatedInBothModes]),
        // Reads the sentinel bytes after nText: tokens change with them, and offsets pass nText.
        Row(fault: .scansToNul, errors: [.readPastEnd, .offsetRange], warnings: [.queryRoundTrip]),
        // Per-call state in document mode: the second call differs. Fresh instances start on an odd
        // call like the first, and the threads compare only the consistent modes. FTS5's own
        // integrity-check, which tokenizes the stored text again, finds other tokens than the index's.
        Row(fault: .alternatesCalls, errors: [.repeatable, .indexIntegrity]),
        // Per-instance state: fresh instances, and the threads' instances, differ from the first.
        Row(fault: .dependsOnInstance, errors: [.freshInstance, .threads]),
        // Unlocked shared state: only concurrent calls see it.
        Row(fault: .sharesState, errors: [.threads]),
        // SQLITE_ERROR on input with a 'z': reported, and the other inputs still run.
        Row(fault: .failsOnZ, errors: [.errorCode]),
        // Colocated synonyms in document and in query mode.
        Row(fault: .synonymsEverywhere, errors: [], warnings: [.colocatedInBothModes]),
        // Query mode changes the token, so phrase queries on a document token fail.
        Row(fault: .queryDiffers, errors: [], warnings: [.queryRoundTrip]),
        // xCreate accepts the spec, then refuses it for the fresh and per-thread instances: a
        // finding, where it used to end the run as a bad spec.
        Row(fault: .refusesLaterInstances, errors: [.constructor]),
    ]

    @Test(arguments: rows)
    func eachCheckFiresOnItsBrokenTokenizer(row: Row) throws {
        let (fault, errors, warnings) = (row.fault, row.errors, row.warnings)
        let report = try Self.report(fault)
        let fired = Set(report.findings.map(\.check))
        #expect(fired.filter { $0.severity == .error } == errors, "\(report.findings.map(\.tableRow))")
        #expect(fired.filter { $0.severity == .warning } == warnings, "\(report.findings.map(\.tableRow))")
        #expect(report.inputCount == Self.inputs.count)
        for finding in report.findings {
            #expect(finding.tokenizer == fault.rawValue)
            #expect(Self.inputs.contains { $0.label == finding.input })
        }
    }

    @Test func errorCodesAreReportedAndTheRunGoesOn() throws {
        let report = try Self.report(.failsOnZ)
        let failing = Self.inputs.filter { $0.bytes.contains(UInt8(ascii: "z")) }
        #expect(!failing.isEmpty && failing.count < Self.inputs.count)
        let errorCodes = report.findings.filter { $0.check == .errorCode }
        #expect(errorCodes.allSatisfy { $0.detail.hasPrefix("xTokenize returned 1 (SQL logic error)") })
        // One finding per mode (further inputs are counted in the last detail), in all four modes.
        #expect(Set(errorCodes.map(\.mode)) == Set(TokenizationMode.allCases.map(\.rawValue)))
        // The run went on past the first failing input: in each mode, the findings listed plus the
        // count in the last one's "(and N more like this)" cover every failing input.
        for mode in TokenizationMode.allCases {
            let inMode = errorCodes.filter { $0.mode == mode.rawValue }
            let more =
                inMode.last.flatMap { finding in
                    finding.detail.firstMatch(of: #/\(and (\d+) more like this\)/#).flatMap { Int($0.1) }
                } ?? 0
            #expect(inMode.count + more >= failing.count, "\(mode.rawValue): \(inMode.count) listed + \(more) more")
        }
    }

    @Test func findingsAreCappedPerCheckAndModeWithACount() throws {
        let report = try Self.report(.reversed)
        let document = report.findings.filter { $0.check == .startOrder && $0.mode == "document" }
        #expect(document.count == 3)
        #expect(document.last?.detail.contains("more like this)") == true)
        #expect(document.first?.detail.contains("starts before token") == true)
    }

    @Test func randomInputsAreReproducibleFromTheSeed() {
        let first = (0..<50).map { ConformanceCorpus.random(seed: 99, iteration: $0).bytes }
        let again = (0..<50).map { ConformanceCorpus.random(seed: 99, iteration: $0).bytes }
        let other = (0..<50).map { ConformanceCorpus.random(seed: 100, iteration: $0).bytes }
        #expect(first == again)
        #expect(first != other)
        // The generator reaches invalid UTF-8 and NUL bytes.
        #expect(first.contains { String(validating: $0, as: UTF8.self) == nil })
        #expect(first.contains { $0.contains(0) })
    }

    /// The random inputs draw from these pools, so a change in them changes every seed's inputs
    /// (and the known-issues file's input labels): they must stay every scalar grouped by general
    /// category, in the order of the categories' names, as a dictionary grouping gives them.
    @Test func scalarPoolsGroupEveryScalarByCategoryInNameOrder() {
        var byCategory: [String: [UInt32]] = [:]
        for value in UInt32(0)...0x10FFFF {
            guard let scalar = Unicode.Scalar(value) else { continue }
            byCategory["\(scalar.properties.generalCategory)", default: []].append(value)
        }
        let expected = byCategory.sorted { $0.key < $1.key }.map(\.value)
        #expect(ScalarPools.shared.pools == expected)
        #expect(ScalarPools.categories.indices.allSatisfy { ScalarPools.index(of: ScalarPools.categories[$0]) == $0 })
    }

    @Test func largeInputsHaveTheirAdvertisedSizes() {
        let large = ConformanceCorpus.largeInputs(seed: 1)
        #expect(large.filter { $0.label.hasPrefix("1MB") }.allSatisfy { $0.bytes.count >= (1 << 20) - 3 })
        // The natural text is cut at a character boundary, so the boundary checks apply to it.
        #expect(large.first { $0.label.hasPrefix("1MB corpus") }?.isValidUTF8 == true)
        #expect(
            large.filter { $0.label.hasPrefix("100kB") }.allSatisfy {
                (99_000...101_000).contains($0.bytes.count) && !$0.bytes.contains(0x20)
            })
    }

    @Test func knownIssuesFileIsParsedAndRejectsUnknownChecks() throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent(
            "tokenbench-known-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let good = directory.appendingPathComponent("good.csv")
        try Data("tokenizer,check,reason\ntrigram,offset-range,SQLite's own bug\n".utf8).write(to: good)
        let known = try ConformanceKnownIssues.load(path: good.path)
        let finding = ConformanceFinding(
            tokenizer: "trigram", check: .offsetRange, mode: "document", input: "x", detail: "")
        #expect(known.entry(for: finding)?.reason == "SQLite's own bug")
        #expect(
            known.entry(
                for: ConformanceFinding(
                    tokenizer: "trigram", check: .startOrder, mode: "document", input: "x", detail: "")) == nil)

        // Without an engine column, the entries belong to the system engine.
        #expect(
            known.entry(
                for: ConformanceFinding(
                    tokenizer: "trigram", engine: "bundled", check: .offsetRange, mode: "document", input: "x",
                    detail: "")) == nil)
        let scoped = directory.appendingPathComponent("scoped.csv")
        try Data("tokenizer,engine,check,reason\ntrigram,bundled,offset-range,only there\n".utf8).write(to: scoped)
        let bundledOnly = try ConformanceKnownIssues.load(path: scoped.path)
        #expect(bundledOnly.entry(for: finding) == nil)
        #expect(
            bundledOnly.entry(
                for: ConformanceFinding(
                    tokenizer: "trigram", engine: "bundled", check: .offsetRange, mode: "document", input: "x",
                    detail: ""))?.reason == "only there")

        for (name, text) in [
            ("bad-check.csv", "tokenizer,check,reason\ntrigram,offsets,why\n"),
            ("bad-engine.csv", "tokenizer,engine,check,reason\ntrigram,oracle,offset-range,why\n"),
        ] {
            let bad = directory.appendingPathComponent(name)
            try Data(text.utf8).write(to: bad)
            #expect(throws: TokenBenchError.self) { try ConformanceKnownIssues.load(path: bad.path) }
        }
    }

    /// The verdict a CI run acts on, computed by the library: unknown errors fail, known ones do
    /// not, warnings never do, and a known issue not seen is reported only when its tokenizer ran
    /// on its engine.
    @Test func knownIssuesJudgeReports() {
        let known = ConformanceKnownIssues(entries: [
            .init(tokenizer: "trigram", engine: "system", check: .offsetRange, reason: "SQLite 3.40.1"),
            .init(tokenizer: "trigram", engine: "system", check: .characterBoundary, reason: "not hit this time"),
            .init(tokenizer: "trigram", engine: "bundled", check: .offsetRange, reason: "bundled did not run"),
        ])
        func finding(_ tokenizer: String, _ engine: String, _ check: ConformanceCheck) -> ConformanceFinding {
            ConformanceFinding(
                tokenizer: tokenizer, engine: engine, check: check, mode: "document", input: "x", detail: "")
        }
        func report(_ tokenizer: String, _ engine: String, _ findings: [ConformanceFinding]) -> ConformanceReport {
            ConformanceReport(
                tokenizer: tokenizer, engine: engine, findings: findings, inputCount: 1, tokenizeCalls: 1,
                indexIntegrity: .passed)
        }
        let reports = [
            report(
                "trigram", "system",
                [
                    finding("trigram", "system", .offsetRange), // known: listed, does not fail
                    finding("trigram", "system", .startOrder), // unknown: fails
                    finding("trigram", "system", .queryRoundTrip), // a warning: never fails
                ]),
            report("ascii", "system", []),
        ]
        let verdict = known.verdict(on: reports)
        #expect(verdict.knownErrors.map(\.check) == [.offsetRange])
        #expect(verdict.unknownErrors.map(\.check) == [.startOrder])
        #expect(!verdict.passes)
        #expect(verdict.knownIssuesNotFound.map(\.reason) == ["not hit this time"])
        // Known errors alone pass.
        #expect(known.verdict(on: [report("trigram", "system", [finding("trigram", "system", .offsetRange)])]).passes)
    }
}
/// The locale-passing check on the bundled 3.54.1, run directly: one row per spec, how many
/// calls it made (four, one per mode, when a cut of the spec's words takes the probe as BASE;
/// none for a tokenizer that takes no BASE) and whether the probe saw the locale dropped.
struct LocalePassingCheckTests {
    @Test(arguments: [
        // FTS5's porter, v2 since 3.47: passes it on.
        ("porter", 4),
        ("porter ascii", 4),
        // The shipped wrappers, with and without arguments before the BASE.
        ("synonyms stopwords", 4),
        ("snowball english", 4),
        ("nfkc", 4),
        ("german", 4),
        ("latinascii", 4),
        ("translit", 4),
        ("cjk", 4),
        // Not wrappers: no cut of their words takes the probe.
        ("unicode61", 0),
        ("icu", 0),
        ("trigram", 0),
    ])
    func theCheckRunsOnWrappersAndFindsNothingInOursOrPorter(spec: String, calls: Int) throws {
        let workbench = try Workbench()
        try workbench.withConnection(.bundled) { connection in
            let main = try TokenizerOnConnection(spec: TokenizerSpec(parsing: spec), in: connection)
            var findings = ConformanceFindingList(tokenizer: spec, engine: "bundled", limit: 3)
            #expect(Workbench.checkLocalePassing(of: main, connection: connection, findings: &findings) == calls)
            #expect(!findings.hasFinding(of: [.localePassing]))
        }
        // 3.40.1 has no v2 API: nothing to check.
        try workbench.withConnection(.system) { connection in
            let main = try TokenizerOnConnection(spec: TokenizerSpec(parsing: spec), in: connection)
            var findings = ConformanceFindingList(tokenizer: spec, engine: "system", limit: 3)
            #expect(Workbench.checkLocalePassing(of: main, connection: connection, findings: &findings) == 0)
        }
    }
}

/// The built-in and shipped tokenizers keep FTS5's contract, checked by `swift test` itself
/// (`.ci/run` also runs the full `tokenbench conformance`): the first Japanese and stemming cases
/// of the fixtures, the edge cases and a few random inputs, without the 1 MB ones.
struct CatalogConformanceTests {
    static let inputs: [ConformanceInput] = {
        let cases = ((try? FixtureSet.defaults().cases) ?? []).filter {
            $0.category == "japanese" || $0.category.hasPrefix("stemming") || $0.category == "german"
        }
        return ConformanceCorpus.make(
            fixtures: (try? FixtureSet(cases: cases)) ?? (try! FixtureSet(cases: [])), seed: 7, iterations: 10,
            large: false)
    }()

    @Test(arguments: TokenizerCatalog.all.map(\.spec), SQLiteEngine.builtIn)
    func catalogTokenizerKeepsTheContract(spec: TokenizerSpec, engine: SQLiteEngine) throws {
        let workbench = try Workbench()
        if let reason = workbench.unsupportedReason(spec, engine: engine) {
            // Only trigram-rd on SQLite < 3.45 may be missing (VocabAgreementTests pins why); any
            // other gap fails here rather than passing by returning.
            #expect(spec.name == "trigram-rd" && engine == .system, "\(spec.name) on \(engine.name): \(reason)")
            return
        }
        #expect(Self.inputs.count > 60)
        let report = try workbench.conformance(
            of: spec, inputs: Self.inputs, options: ConformanceOptions(engine: engine))
        #expect(report.engine == engine.name)
        let errors = report.findings.filter { $0.severity == .error }
        // SQLite 3.40.1's own trigram (results/conformance-known.csv gives the reasons); 3.54.1
        // fixed it, so the bundled engine has no known issue at all.
        let known: Set<ConformanceCheck> =
            spec.name.hasPrefix("trigram") && engine == .system ? [.characterBoundary, .offsetRange] : []
        #expect(errors.allSatisfy { known.contains($0.check) }, "\(spec.name): \(errors.prefix(3).map(\.detail))")
        // FTS5's own integrity-check agrees, on each engine. (It found that japanese kept a NUL
        // inside some tokens, which 3.40.1's check rejects; japanese now drops it.)
        #expect(report.indexIntegrity == .passed)
    }
}
