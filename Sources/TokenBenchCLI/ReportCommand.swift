import ArgumentParser
import Foundation
import TokenBench

struct ReportCommand: OwnTokenizerCommand {
    static let configuration = CommandConfiguration(
        commandName: "report",
        abstract:
            "Write one self-contained HTML page: the match matrix, tokens side by side, throughput and quality charts.",
        discussion: """
            The page is built from the same match matrix as 'tokenbench matrix' (and takes its \
            options), plus the tokenize rows of a 'tokenbench throughput' CSV when --throughput \
            is given (an env.csv beside that CSV names the environment it was measured in), and \
            the rows of a 'tokenbench quality' CSV when --quality is, and the advice of a \
            'tokenbench advise' CSV when --advice is. It has inline CSS, SVG and \
            one inline script (which draws the matrix from the data embedded in the page), and \
            fetches nothing.
            Exit status: 0 written and every fixture expectation holds; 1 written, but some cell \
            contradicts the fixtures (listed on stderr); 2 bad usage or input.
            """)

    @OptionGroup var workbenchOptions: TokenizerAndEngineOptions<CatalogDefaults>

    @OptionGroup var isolationOptions: IsolationOptions

    @OptionGroup var selection: FixtureOptions

    @OptionGroup var matrixOptions: MatrixOptions

    @Option(
        help:
            "A CSV written by 'tokenbench throughput' to chart; repeatable (results/throughput.csv, results/throughput-scripts.csv)."
    )
    var throughput: [String] = []

    @Option(help: "A summary CSV written by 'tokenbench quality' to chart (results/quality.csv).")
    var quality: String?

    @Option(
        name: .customLong("quality-per-query"),
        help: "The per-query CSV of the same quality run: lists the queries each tokenizer fixes and breaks.")
    var qualityPerQuery: String?

    @Option(help: "A CSV written by 'tokenbench advise': adds the advice and its figures.")
    var advice: String?

    @Option(name: .shortAndLong, help: "The HTML file to write (atomically).")
    var output: String

    func validate() throws {
        if qualityPerQuery != nil && quality == nil {
            throw ValidationError("--quality-per-query goes with --quality, the summary of the same run")
        }
    }

    func run(registering own: OwnTokenizers) throws {
        let workbench = try workbenchOptions.makeWorkbench(registering: own, isolation: isolationOptions.isolation)
        // Read the throughput figures first: a bad file should fail before the matrix is computed.
        let figures = try throughput.map(ThroughputFigures.load(path:))
        let qualityFigures = try quality.map { try QualityFigures.load(summary: $0, perQuery: qualityPerQuery) }
        let adviceFigures = try advice.map(AdviceFigures.load(path:))
        var figuresEnvironment: [(key: String, value: String)]?
        if let throughput = throughput.first {
            let beside = EnvironmentFingerprint.path(beside: throughput)
            if FileManager.default.fileExists(atPath: beside) {
                figuresEnvironment = try EnvironmentFingerprint.load(path: beside).pairs
            }
        }
        let matrix = try computeMatrix(
            on: workbench, workbenchOptions: workbenchOptions, selection: selection, matrixOptions: matrixOptions)
        let environment = try workbench.environment(engines: workbenchOptions.engines)
        printLosses(RunLosses(merging: [matrix.losses, environment.losses]))
        let report = HTMLReport(
            matrix: matrix, environment: environment.pairs,
            command: Self.commandLine(),
            throughput: figures, throughputEnvironment: figuresEnvironment, quality: qualityFigures,
            advice: adviceFigures)
        try OutputDestination.write(report.render(), to: output)
        try exitOnViolations(of: matrix)
    }

    /// This process's command line as a shell would take it back.
    static func commandLine() -> String {
        let arguments = ["tokenbench"] + CommandLine.arguments.dropFirst()
        return arguments.map { argument in
            let plain =
                !argument.isEmpty
                && argument.unicodeScalars.allSatisfy {
                    CharacterSet.alphanumerics.contains($0) || "-_./=:,@+".unicodeScalars.contains($0)
                }
            return plain ? argument : "'" + argument.replacingOccurrences(of: "'", with: "'\\''") + "'"
        }.joined(separator: " ")
    }
}
