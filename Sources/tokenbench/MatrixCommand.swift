import ArgumentParser
import Foundation
import TokenBench

struct MatrixCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "matrix",
        abstract: "Run every fixture case on a real FTS5 table per tokenizer and print the match matrix.",
        discussion: """
            Exit status: 0 when every fixture expectation holds, 1 when one fails (the failing \
            cells are listed on stderr), 2 on bad usage or input.
            """)

    enum Layout: String, CaseIterable, ExpressibleByArgument {
        case long
        case wide
    }

    @OptionGroup var workbenchOptions: WorkbenchOptions

    @OptionGroup var selection: FixtureOptions

    @OptionGroup var matrixOptions: MatrixOptions

    @Option(help: "long: one row per cell; wide: one column per tokenizer (per tokenizer@engine with several engines).")
    var layout: Layout = .long

    @Flag(
        name: .customLong("only-disagreements"),
        help: "Print only the cells whose verdict differs between engines (needs two engines).")
    var onlyDisagreements = false

    func validate() throws {
        if onlyDisagreements && workbenchOptions.engines.count < 2 {
            throw ValidationError("--only-disagreements compares engines: give two --engine values, or none for both")
        }
    }

    @OptionGroup var output: OutputOptions

    func run() throws {
        let workbench = try workbenchOptions.makeWorkbench()
        let matrix = try matrixOptions.computeMatrix(
            on: workbench, workbenchOptions: workbenchOptions, selection: selection)
        let shown = onlyDisagreements ? matrix.engineDisagreements() : matrix
        try output.emit(layout == .long ? shown.longTable() : shown.wideTable())
        if onlyDisagreements {
            let coordinates = Set(shown.cells.map(\.coordinate.ignoringEngine)).count
            printError(
                "tokenbench: engines \(matrix.engines.joined(separator: " and ")) disagree on \(coordinates) of the \(matrix.sharedCoordinateCount) cells they both ran"
            )
        }

        try Self.reportViolations(of: matrix)
    }

    /// Lists the cells that contradict the fixtures on stderr and exits 1, if there are any.
    static func reportViolations(of matrix: MatchMatrix) throws {
        let violations = matrix.violations
        guard violations.isEmpty else {
            for cell in violations {
                printError(cell.failureDescription)
            }
            printError("tokenbench: \(violations.count) of \(matrix.cells.count) cells contradict the fixtures")
            throw ExitCode(1)
        }
    }
}
