import ColourWrapper
import Foundation
import TokenBench

// Measures the example wrapper both ways, with unicode61 as the reference, in one interleaved
// `Workbench.throughput` run on the built-in corpus, and prints the CSV `tokenbench throughput`
// prints. Run from the repository root:
//     swift run -c release colour-wrapper-throughput > results/throughput-colour-wrapper.csv
let workbench = try Workbench(
    options: .init(
        customTokenizers: [ColourToColorGRDB.self], filteringTokenizers: [ColourToColor.self]))
let report = try workbench.throughput(
    ThroughputOptions(
        tokenizers: [TokenizerSpec(text: "colour"), TokenizerSpec(text: "colour_grdb")], operations: [.tokenize],
        runs: 5))
print(report.table.csv(), terminator: "")
