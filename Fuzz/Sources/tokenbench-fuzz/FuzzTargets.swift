import Foundation
@_spi(Fuzzing) import TokenBench

/// The fuzz targets, chosen by the environment variable TOKENBENCH_FUZZ_TARGET: one binary, so
/// that the instrumented build of GRDB and TokenBench is made once. Each target feeds the bytes
/// libFuzzer gives to one reader or tokenizer. A thrown error is a fine answer to bad input; a
/// crash, a trap or a broken invariant (checked with `precondition`) is a finding.
enum FuzzTarget: String, CaseIterable {
    /// `.cases` fixture files.
    case cases
    /// CSV fixture files.
    case fixtureCSV = "fixture-csv"
    /// Tokenizer specs: label parsing, SQL quoting, and FTS5's own parse in a real table.
    case spec
    /// The golden matrix reader (`tokenbench check --baseline`).
    case matrixBaseline = "matrix-baseline"
    /// The throughput baseline and figures readers (`throughput --baseline`, `report --throughput`).
    case throughputBaseline = "throughput-baseline"
    /// The quality collection readers: the bytes as a documents, a queries and a judgments file
    /// at once (JSON Lines or TSV records, TREC or BEIR qrels).
    case qualityFiles = "quality-files"
    /// The shipped tokenizers' xTokenize: byte 0 picks the tokenizer, byte 1 the modes, and the
    /// rest is the text, any bytes at all (invalid UTF-8, NUL, huge tokens).
    case tokenizers

    static let current: FuzzTarget = {
        let name = ProcessInfo.processInfo.environment["TOKENBENCH_FUZZ_TARGET"] ?? ""
        guard let target = FuzzTarget(rawValue: name) else {
            fatalError(
                "set TOKENBENCH_FUZZ_TARGET to one of: \(FuzzTarget.allCases.map(\.rawValue).joined(separator: ", "))")
        }
        return target
    }()

    /// The shipped tokenizers with the option sets that change their code paths.
    static let tokenizerSpecs = [
        "synonyms", "stopwords", "latinascii", "german", "nfkc", "icu", "icu locale tr", "translit", "japanese",
        "snowball english", "snowball german", "snowball russian", "snowball greek", "snowball turkish",
        "german porter ascii",
        "nfkc unicode61 remove_diacritics 0", "translit unicode61", "snowball french nfkc",
    ].map { TokenizerSpec(text: $0) }
}

/// One workbench for the whole run: opening a connection per input would measure SQLite, not us.
nonisolated(unsafe) let workbench = try! Workbench()

/// One instance per shipped tokenizer spec, made on first use: creating one per input ran
/// `japanese`'s dictionary load and `translit`'s rule compilation on every input (2 to 6 inputs
/// a second under AddressSanitizer). The target is xTokenize on any bytes; constructors have
/// the `spec` target and `tokenbench conformance`.
nonisolated(unsafe) var tokenizerInstances: [Int: TokenizerInstance] = [:]
/// unicode61 itself, which `synonyms`' tokens are compared with.
nonisolated(unsafe) var unicode61Instance: TokenizerInstance?

/// The file the quality-files target writes each input to.
let qualityScratchFile = FileManager.default.temporaryDirectory.appendingPathComponent(
    "tokenbench-fuzz-quality-\(ProcessInfo.processInfo.processIdentifier)"
).path

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzOneInput(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    let bytes = size > 0 && data != nil ? Array(UnsafeBufferPointer(start: data, count: size)) : []
    let text = String(decoding: bytes, as: UTF8.self)
    switch FuzzTarget.current {
    case .cases:
        try? FuzzingEntryPoints.parseFixtures(bytes, asCSV: false)
    case .fixtureCSV:
        try? FuzzingEntryPoints.parseFixtures(bytes, asCSV: true)
    case .spec:
        let spec = TokenizerSpec(parsing: text)
        _ = try? workbench.validate(spec)
    case .matrixBaseline:
        try? FuzzingEntryPoints.parseMatrixBaseline(text)
    case .throughputBaseline:
        FuzzingEntryPoints.parseThroughputCSV(text)
    case .qualityFiles:
        // The readers stream from a file: one scratch file per process, rewritten per input.
        FileManager.default.createFile(atPath: qualityScratchFile, contents: Data(bytes))
        _ = try? QualityCollection.files(
            documents: qualityScratchFile, queries: qualityScratchFile, judgments: qualityScratchFile)
    case .tokenizers:
        guard bytes.count >= 2 else { return 0 }
        let specIndex = Int(bytes[0]) % FuzzTarget.tokenizerSpecs.count
        let spec = FuzzTarget.tokenizerSpecs[specIndex]
        let modes = TokenizationMode.allCases.enumerated().filter { bytes[1] & (1 << $0.offset) != 0 }.map(\.element)
        let input = Array(bytes.dropFirst(2))
        if tokenizerInstances[specIndex] == nil {
            tokenizerInstances[specIndex] = try! workbench.instantiate(spec)
        }
        let instance = tokenizerInstances[specIndex]!
        let traces = (modes.isEmpty ? [.document] : modes).compactMap { mode in
            (try? instance.tokens(of: input, mode: mode)).map { (mode: mode, tokens: $0) }
        }
        for trace in traces {
            // The contract TokenBench's own tokenizers keep on any bytes (`tokenbench conformance`
            // checks the rest): offsets inside the input, in order, and no colocated first token.
            var previousStart = 0
            for (index, token) in trace.tokens.enumerated() {
                precondition(
                    0 <= token.start && token.start <= token.end && token.end <= input.count,
                    "\(spec) \(trace.mode): token \(index) at \(token.start)..<\(token.end) of \(input.count) bytes")
                precondition(
                    token.start >= previousStart, "\(spec) \(trace.mode): token \(index) starts before the previous one"
                )
                precondition(index > 0 || !token.isColocated, "\(spec) \(trace.mode): the first token is colocated")
                previousStart = token.start
            }
        }
        // `synonyms` replays unicode61 from a table learnt from it (`Unicode61WordTable`) and only
        // adds colocated tokens to BASE's: without them, its tokens must be unicode61's own.
        if spec.text == "synonyms" {
            if unicode61Instance == nil {
                unicode61Instance = try! workbench.instantiate(TokenizerSpec(text: "unicode61"))
            }
            for trace in traces {
                let own = try! unicode61Instance!.tokens(of: input, mode: trace.mode)
                let replayed = trace.tokens.filter { !$0.isColocated }
                precondition(
                    own.map(\.bytes) == replayed.map(\.bytes) && own.map(\.start) == replayed.map(\.start)
                        && own.map(\.end) == replayed.map(\.end),
                    "synonyms \(trace.mode): the replayed unicode61 differs from unicode61 on \(input)")
            }
        }
    }
    return 0
}

// SwiftPM links an executable's entry point as `<module>_main`. libFuzzer's driver is started
// from there, with the callback above: the binary then takes libFuzzer's usual arguments.
@_silgen_name("LLVMFuzzerRunDriver")
func runFuzzerDriver(
    _ argc: UnsafeMutablePointer<CInt>,
    _ argv: UnsafeMutablePointer<UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?>,
    _ callback: @convention(c) (UnsafePointer<UInt8>?, Int) -> CInt
) -> CInt

@_cdecl("tokenbench_fuzz_main")
public func fuzzMain(_ argc: CInt, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?) -> CInt {
    var argc = argc
    var argv = argv
    return runFuzzerDriver(&argc, &argv) { data, size in fuzzOneInput(data, size) }
}
