import Foundation
import TokenBenchEngines

/// The `index-integrity` check of one tokenizer on one engine: indexes every input in a real
/// FTS5 table of the tokenizer and runs FTS5's `integrity-check`, which tokenizes the stored text
/// again and compares the tokens with the index. When the whole index fails (or kills its
/// worker), each input is indexed alone to name the ones that fail, or that FTS5 crashes on.
///
/// Input 0 is all the inputs together; input `1 + k` is input `k` alone. The bench runs it only
/// when the contract checks found no token FTS5 cannot read safely (a NULL or unreadable
/// pointer, a negative length or one over the call's budget) and no error code (the insert
/// would just fail).
struct IntegrityUnit: WorkerUnit {
    static let kind = "integrity"

    var judged: JudgedTokenizer
    var inputs: [WireConformanceInput]
    /// Inputs that killed a worker in the contract checks: left out of every index.
    var excluded: [Int]
    /// Whether the table is a `tokendata=1` table, where a NUL in a token separates its key
    /// from its data.
    var tokendata = false

    /// nil when FTS5 indexed the input(s) and its integrity-check passed; else what failed.
    struct Output: Codable, Sendable {
        var failure: String?
    }

    var inputCount: Int { inputs.count + 1 }

    func label(ofInput index: Int) -> String {
        index == 0 ? "all inputs" : inputs[index - 1].label
    }

    /// The input as a matrix case's document: indexing it is what killed the worker.
    func reproduction(ofInput index: Int) -> CrashReproduction? {
        guard index > 0, let document = String(validating: inputs[index - 1].bytes, as: UTF8.self) else {
            return nil
        }
        return CrashReproduction(
            fileExtension: "csv",
            contents: JudgedTokenizer.fixture(id: "input", document: document, query: "x", tokendata: tokendata),
            arguments: ["matrix"] + judged.arguments + ["--forms", "asis:asis", "--fixtures", "FILE"])
    }

    func run(
        on workbench: Workbench, from start: Int, skipping: Set<Int>,
        progress: (Int, WorkerPhase) -> Void, output: (Int, Output) throws -> Void
    ) throws {
        let inputs = self.inputs.map(\.input)
        let excluded = Set(excluded)
        try judged.withTokenizer(on: workbench, progress: progress) { tokenizer, connection in
            let schema = "tokenbench_integrity"
            let table = FTS5TableRecipe(
                schema: schema, name: "docs", tokenizer: try tokenizer.spec.tokenizeOption(), tokendata: tokendata)
            try connection.withScratchDatabase(schema: schema, path: ":memory:", purpose: "the index-integrity check") {
                /// Indexes `documents` in a new table and runs the check: nil when it passes. The
                /// tokenizer returned no error code in the other checks, so an insert that fails
                /// is FTS5's own failure (3.40.1 reports some tokens as a malformed index already
                /// there). Each step says first which input it is on.
                func failure(indexing documents: [ConformanceInput], as input: Int) -> String? {
                    do {
                        progress(input, .indexing)
                        try connection.execute(table.dropIfExists)
                        try connection.execute(table.create)
                        let insert = try connection.prepare(table.insert(withRowid: false))
                        try connection.execute("BEGIN")
                        defer { try? connection.execute("COMMIT") }
                        for document in documents {
                            try insert.bind(bytes: document.bytes, at: 1)
                            try insert.run()
                        }
                    } catch {
                        return "FTS5 fails to index it: \(error.message)"
                    }
                    do {
                        progress(input, .integrityCheck)
                        try connection.execute(table.command(.integrityCheck))
                        return nil
                    } catch {
                        return "FTS5's integrity-check fails on its index: \(error.message)"
                    }
                }
                if start == 0 && !skipping.contains(0) {
                    let kept = inputs.enumerated().filter { !excluded.contains($0.offset) }.map(\.element)
                    let whole = failure(indexing: kept, as: 0)
                    try output(0, Output(failure: whole))
                    guard whole != nil else { return }
                }
                for (index, input) in inputs.enumerated() where !excluded.contains(index) {
                    guard index + 1 >= start, !skipping.contains(index + 1) else { continue }
                    guard let message = failure(indexing: [input], as: index + 1) else {
                        try output(index + 1, Output(failure: nil))
                        continue
                    }
                    // SQLite 3.40.1's check fails on every index holding a token with a NUL byte
                    // (the sqlite3 shell agrees; 3.54.1's does not), so such a token is named;
                    // in a tokendata=1 table a NUL is the separator, not a suspect.
                    progress(index + 1, .tokenizing)
                    let nulToken =
                        tokendata
                        ? nil
                        : (try? tokenizer.tokens(of: input.bytes, mode: .document))?.first { $0.bytes.contains(0) }
                    try output(
                        index + 1,
                        Output(
                            failure: "\(message) (this input alone)"
                                + (nulToken.map { "; its token '\(ByteEscaping.display($0.bytes))' holds a NUL byte" }
                                    ?? "")))
                }
            }
        }
    }
}

/// A conformance input on its way to a worker: its bytes as base64, not an array of numbers.
struct WireConformanceInput: Codable, Sendable {
    var label: String
    var bytes: Data

    init(_ input: ConformanceInput) {
        label = input.label
        bytes = Data(input.bytes)
    }

    var input: ConformanceInput { ConformanceInput(label: label, bytes: Array(bytes)) }
}
