import ArgumentParser
import Foundation
import TokenBench

struct TokensCommand: OwnTokenizerCommand {
    static let configuration = CommandConfiguration(
        commandName: "tokens",
        abstract: "Print every token a tokenizer produces for each TEXT, with positions and UTF-8 byte offsets.",
        discussion: """
            Exit status: 0 success; 1 a tokenizer crashed or timed out on an input (named on \
            standard error; the other inputs' tokens are printed); 2 bad usage or input.
            """)

    @OptionGroup var workbenchOptions: TokenizerAndEngineOptions<CatalogDefaults>

    @OptionGroup var isolationOptions: IsolationOptions

    @Option(
        name: .customLong("mode"),
        help: "FTS5 tokenization reason: document, query, prefix or aux; repeatable, default all four.")
    var modes: [TokenizationMode] = []

    @Option(help: "Present each TEXT as written (asis) or in a normalization form: nfc, nfd, nfkc, nfkd.")
    var form: NormalizationForm = .asis

    @Flag(
        name: .customLong("escapes"),
        help: "Read \\u{HEX}, \\n, \\r, \\t and \\\\ escapes in each TEXT and --input line, as fixtures do.")
    var decodesEscapes = false

    @Option(
        name: .customLong("input"),
        help:
            "A file with one text per line (- for standard input), read after the TEXT arguments; empty lines are skipped."
    )
    var inputFile: String?

    @Option(
        help: ArgumentHelp(
            "Give the tokenizer this locale on every call, as a locale=1 table gives each value its own.",
            discussion:
                "Through FTS5's v2 tokenizer API, which SQLite has from 3.47 (the bundled engine here); an engine without it is skipped, saying so."
        ))
    var locale: String?

    @Flag(
        help:
            "Show each token as a tokendata=1 table reads it (SQLite 3.45 and later): the key before its first NUL in 'token', the rest in a 'data' column."
    )
    var tokendata = false

    @OptionGroup var output: OutputOptions

    @Argument(help: "The texts to tokenize; each is an input, numbered from 1.")
    var texts: [String] = []

    func validate() throws {
        guard !texts.isEmpty || inputFile != nil else {
            throw ValidationError("give at least one TEXT to tokenize, or --input FILE")
        }
        if let locale, locale.isEmpty || locale.contains("\0") {
            throw ValidationError("--locale '\(locale)': give a locale such as tr or de_CH, without NUL")
        }
    }

    /// The lines of `path` (or of standard input for `-`) as bytes, exactly as written (a line
    /// need not be UTF-8 to be traced), without their LF or CRLF; empty lines are left out.
    static func lines(of path: String) throws -> [(line: Int, bytes: [UInt8])] {
        let data: Data
        if path == "-" {
            data = FileHandle.standardInput.readDataToEndOfFile()
        } else {
            data = try FileAccess.contents(ofFile: path)
        }
        return data.split(separator: 0x0A, omittingEmptySubsequences: false).enumerated().compactMap { index, line in
            let bytes = line.last == 0x0D ? Array(line.dropLast()) : Array(line)
            return bytes.isEmpty ? nil : (index + 1, bytes)
        }
    }

    /// The pairs whose engine takes a locale (`TokenizerArguments.pairs(_:having:…)`).
    static func enginesWithLocales(
        _ pairs: [(spec: TokenizerSpec, engine: SQLiteEngine)], locale: String
    ) throws -> [(spec: TokenizerSpec, engine: SQLiteEngine)] {
        try TokenizerArguments.pairs(
            pairs, having: .locale, named: "locales", option: "--locale", value: locale)
    }

    func run(registering own: OwnTokenizers) throws {
        let workbench = try workbenchOptions.makeWorkbench(registering: own, isolation: isolationOptions.isolation)
        let modes = modes.isEmpty ? TokenizationMode.allCases : TokenizationMode.allCases.filter(modes.contains)
        var inputs: [[UInt8]] = []
        for (index, text) in texts.enumerated() {
            var decoded = text
            if decodesEscapes {
                do { decoded = try ByteEscaping.decodeEscapes(text) } catch {
                    throw TokenBenchError.invalidArgument(name: "TEXT \(index + 1)", value: text, reason: error.reason)
                }
            }
            // The library puts each input in --form; the trace holds the bytes it tokenized.
            inputs.append(Array(decoded.utf8))
        }
        if let inputFile {
            let name = inputFile == "-" ? "standard input" : inputFile
            for (line, bytes) in try Self.lines(of: inputFile) {
                guard decodesEscapes else {
                    inputs.append(bytes)
                    continue
                }
                guard let text = String(validating: bytes, as: UTF8.self) else {
                    throw TokenBenchError.invalidFixture(
                        file: name, line: line, reason: "not valid UTF-8, so --escapes cannot read it")
                }
                do { inputs.append(Array(try ByteEscaping.decodeEscapes(text).utf8)) } catch {
                    throw TokenBenchError.invalidFixture(file: name, line: line, reason: error.reason)
                }
            }
            guard !inputs.isEmpty else {
                throw TokenBenchError.invalidFixture(
                    file: name, line: 0, reason: "no text to tokenize (every line is empty)")
            }
        }
        // A tokenizer whose constructor crashes or hangs runs too: its death is said on stderr.
        var pairs = try workbenchOptions.plan(on: workbench).pairs
        if let locale { pairs = try Self.enginesWithLocales(pairs, locale: locale) }
        // A trace read as a tokendata=1 table reads it means nothing on an engine without them.
        if tokendata { pairs = try TokenizerArguments.enginesWithTokendata(pairs) }
        let runs = try workbench.traceRuns(of: inputs, pairs: pairs, modes: modes, form: form, locale: locale)
        var table = CSVTable(header: TokenTrace.tableHeader(tokendata: tokendata))
        for run in runs {
            for trace in run.traces { table.rows += trace.tableRows(tokendata: tokendata) }
        }
        try output.emit(table)
        // A tokenizer's tokens are printed as it gave them; those that cannot be the text's are said.
        for run in runs { if let sentence = run.offsetsOutsideTheInput { printError("tokenbench: \(sentence)") } }
        // The tokens of every input that did not kill a worker are out; the rest is named.
        let losses = RunLosses(merging: runs.map(\.losses))
        printLosses(losses)
        if !losses.isEmpty { throw ExitCode(1) }
    }
}
