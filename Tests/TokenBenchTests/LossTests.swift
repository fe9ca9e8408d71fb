import Foundation
import Testing

@testable import TokenBench

/// A lost input's `Loss`: the code each death gets, the wordings, and the `loss` column that
/// carries the code in the long matrix, with the one reader of files written before it.
struct LossTests {
    /// One row per way a worker dies: the code, and the words the CSV's error column holds.
    @Test(
        arguments: [
            // A signal, a Swift trap, or AddressSanitizer's report: all crashes.
            (
                WorkerDeath.Cause.signal(SIGSEGV), WorkerPhase.indexing, Loss.Code.crashed,
                "crashed (SIGSEGV while indexing)"
            ),
            (
                .sanitizer("heap-buffer-overflow"), .tokenizing, .crashed,
                "crashed (AddressSanitizer: heap-buffer-overflow while tokenizing)"
            ),
            (.timeout(.seconds(10)), .querying, .timedOut, "timed out (over 10 s while querying)"),
            (.memory(limit: 512 << 20), .indexing, .outOfMemory, "out of memory (over 512 MiB while indexing)"),
            (.exit(7), .creating, .exited, "exited (status 7 while creating the tokenizer)"),
            (.garbage("hello"), .tokenizing, .protocol, "broke the worker protocol (wrote 'hello' while tokenizing)"),
        ] as [(WorkerDeath.Cause, WorkerPhase, Loss.Code, String)])
    func eachDeathHasItsCode(cause: WorkerDeath.Cause, phase: WorkerPhase, code: Loss.Code, wording: String) {
        let loss = WorkerDeath(cause: cause, phase: phase, input: "case x", frame: nil).loss
        #expect(loss.code == code)
        #expect(loss.wording == wording)
        // The wide matrix shows the headline alone.
        #expect(MatchVerdict.lost(loss).wideMatrixField == code.headline)
        // The deprecated reader finds the same code in the words alone.
        #expect(Loss.fromLegacyWording(wording) == loss)
    }

    /// The inputs a unit did not reach: the two not-run codes, and their words.
    @Test func notRunLossesSayWhy() {
        let constructor = Loss.notRun(constructorDied: Loss(.crashed, detail: "SIGABRT while creating the tokenizer"))
        #expect(constructor.code == .notRunConstructor)
        #expect(
            constructor.wording
                == "not run (the tokenizer could not be made on this engine: crashed (SIGABRT while creating the tokenizer))"
        )
        #expect(Loss.fromLegacyWording(constructor.wording) == constructor)
        let deaths = Loss.notRun(afterDeaths: 3)
        #expect(deaths.code == .notRunDeaths)
        #expect(Loss.fromLegacyWording(deaths.wording) == deaths)
        #expect(MatchVerdict.lost(deaths).wideMatrixField == "not run")
    }

    /// FTS5's own errors are never read as losses, even by the deprecated reader.
    @Test(arguments: ["fts5: syntax error near \"\"", "no such tokenizer: crashed", "crashed", ""])
    func errorsAreNotLosses(text: String) {
        #expect(Loss.fromLegacyWording(text) == nil)
    }

    private static func record(_ id: String, _ result: MatchVerdict) -> MatrixRecord {
        MatrixRecord(
            cell: MatrixCell(
                matchCase: MatchCase(id: id, category: "c", document: "d", query: "q"), tokenizer: "t",
                queryKind: .phrase, formPair: FormPair.defaults[0], document: "d", query: "q", result: result,
                expected: nil, documentTokens: [], queryTokens: []))
    }

    /// The long matrix writes `loss` after `error` only when a cell was lost, and reads the code
    /// back from it; a file without the column reads its lost cells from their words.
    @Test func theLossColumnCarriesTheCode() throws {
        let lost = Self.record("a", .lost(.notRun(afterDeaths: 3)))
        let answered = Self.record("b", .notMatched)
        let failed = Self.record("c", .error("fts5: syntax error near \"\""))

        let plain = MatrixRecord.longTable([answered, failed])
        #expect(!plain.header.contains("loss"))

        let table = MatrixRecord.longTable([lost, answered, failed])
        #expect(table.header.last == "loss")
        #expect(table.header.dropLast().last == "error")
        #expect(table.rows.map(\.last) == ["not-run-deaths", "", ""])
        let read = try MatrixBaseline.parse(table.csv(), source: "new.csv").records
        #expect(read.map(\.result) == [lost.result, answered.result, failed.result])

        // A file from before the column: the same rows without it.
        let old = CSVTable(header: Array(table.header.dropLast()), rows: table.rows.map { Array($0.dropLast()) })
        let legacy = try MatrixBaseline.parse(old.csv(), source: "old.csv").records
        #expect(legacy.map(\.result) == [lost.result, answered.result, failed.result])

        // A code that is not a loss's is refused, naming the file and line.
        var wrong = table
        wrong.rows[0][wrong.rows[0].count - 1] = "exploded"
        #expect {
            try MatrixBaseline.parse(wrong.csv(), source: "wrong.csv")
        } throws: { error in
            "\(error)".hasPrefix("wrong.csv:2: loss 'exploded' is not one of crashed, timed-out")
        }
    }

    /// Quality's `--per-query` file: `loss` is its last column, written only when a query was
    /// lost, and read back; a file from before it reads a lost query's code from its words.
    @Test func thePerQueryFileCarriesTheCode() throws {
        func outcome(_ id: String, _ status: QueryOutcome.Status, _ message: String, _ loss: Loss.Code?) -> QueryOutcome
        {
            QueryOutcome(
                queryID: id, tokenizer: "t", engine: "system", queryKind: .any, detail: .full, status: status,
                message: message, results: 0, metrics: .zero, matchExpression: "", tokens: "", loss: loss)
        }
        let lost = outcome("q1", .lost, Loss.notRun(afterDeaths: 3).wording, .notRunDeaths)
        let rejected = outcome("q2", .rejected, "fts5: syntax error near \"\"", nil)
        #expect(QueryOutcome.table([rejected]).header.last == "message")
        let table = QueryOutcome.table([lost, rejected])
        #expect(table.header.last == "loss")
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("tokenbench-loss-\(UUID())")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let new = directory.appendingPathComponent("new.csv")
        try Data(table.csv().utf8).write(to: new)
        #expect(try QueryOutcome.outcomes(ofFile: new.path) == [lost, rejected])
        let old = directory.appendingPathComponent("old.csv")
        let withoutLoss = CSVTable(
            header: Array(table.header.dropLast()), rows: table.rows.map { Array($0.dropLast()) })
        try Data(withoutLoss.csv().utf8).write(to: old)
        #expect(try QueryOutcome.outcomes(ofFile: old.path) == [lost, rejected])
    }
}
