import ArgumentParser
import TokenBench

struct TokensCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "tokens",
        abstract: "Print every token a tokenizer produces for each TEXT, with positions and UTF-8 byte offsets.")

    @OptionGroup var workbench: WorkbenchOptions

    @Option(name: .customLong("mode"), help: "FTS5 tokenization reason: document, query, prefix or aux; repeatable, default all four.")
    var modes: [TokenizationMode] = []

    @Option(help: "Present each TEXT as written (asis) or in a normalization form: nfc, nfd, nfkc, nfkd.")
    var form: NormalizationForm = .asis

    @Flag(name: .customLong("escapes"), help: "Read \\u{HEX}, \\n, \\t and \\\\ escapes in each TEXT, as fixtures do.")
    var decodesEscapes = false

    @OptionGroup var output: OutputOptions

    @Argument(help: "The texts to tokenize; each is an input, numbered from 1.")
    var texts: [String]

    func validate() throws {
        guard !texts.isEmpty else { throw ValidationError("give at least one TEXT to tokenize") }
    }

    func run() throws {
        let bench = try workbench.makeWorkbench()
        let tokenizers = workbench.tokenizers(on: bench)
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
        var table = Table(header: TokenTrace.tableHeader)
        for spec in tokenizers {
            try workbench.forEachEngine(running: spec, on: bench) { engine in
                for trace in try bench.traces(of: inputs, spec: spec, modes: modes, form: form, engine: engine) {
                    table.rows += trace.tableRows
                }
            }
        }
        try output.emit(table)
    }
}
