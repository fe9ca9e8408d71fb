import Foundation

/// A unit of work that runs judged code: a tokenizer × engine of a command, over inputs
/// numbered from 0. It runs the same in a worker process and in this one; in a worker, it says
/// which input it is on before it runs it, so that a death is pinned to that input.
package protocol WorkerUnit: Codable, Sendable {
    /// What one input gives.
    associatedtype Output: Codable, Sendable

    /// The unit's name in the workers' protocol.
    static var kind: String { get }
    var inputCount: Int { get }
    /// The input as a user finds it again: "input 3 (query mode)", "case seed-aime, nfc:nfd".
    func label(ofInput index: Int) -> String

    /// A file that holds the input, and the `tokenbench` arguments that run it alone (`FILE`
    /// stands for the file's path); nil when the input cannot be written so.
    func reproduction(ofInput index: Int) -> CrashReproduction?

    /// Runs the inputs from `start` on, leaving out those in `skipping` (they killed a worker
    /// before), and hands each input's output to `output`, in input order. `progress` comes
    /// first, each time the unit moves on to an input or a phase of it.
    func run(
        on workbench: Workbench, from start: Int, skipping: Set<Int>,
        progress: (_ input: Int, _ phase: WorkerPhase) -> Void,
        output: (_ input: Int, _ value: Output) throws -> Void
    ) throws
}

/// What a unit gave: every input's output, or how it died, or that it was not run.
package struct UnitResult<Output: Sendable>: Sendable {
    /// The outputs, by input.
    package var outputs: [Int: Output] = [:]
    /// Each death, by the input it was on (nil: before any input, when the whole unit is lost).
    package var deaths: [(input: Int?, death: WorkerDeath)] = []
    /// The inputs left after the unit used up its deaths (or died before any input), ascending.
    package var notRun: [Int] = []
    /// Why the unit failed as a whole (a spec the engine refuses): what it threw.
    package var failure: (any Error)?

    package init() {}

    /// The death on `input`, if it killed a worker.
    package func death(on input: Int) -> WorkerDeath? {
        deaths.first { $0.input == input }?.death
    }

    /// The outputs by input, or the unit's failure.
    package func get() throws -> [Int: Output] {
        if let failure { throw failure }
        return outputs
    }
}

/// How to run an input that killed a worker again, alone: `--crash-dir` writes it.
package struct CrashReproduction: Sendable {
    /// The file's extension (`txt`, `csv`) and contents.
    var fileExtension: String
    var contents: [UInt8]
    /// `tokenbench`'s arguments, with `FILE` where the file's path goes.
    var arguments: [String]
}

extension WorkerUnit {
    package func reproduction(ofInput index: Int) -> CrashReproduction? { nil }

    /// Runs the unit in this process, on `workbench`: what a workbench without isolation does.
    package func runInProcess(on workbench: Workbench) -> UnitResult<Output> {
        var result = UnitResult<Output>()
        do {
            try run(on: workbench, from: 0, skipping: [], progress: { _, _ in }, output: { result.outputs[$0] = $1 })
        } catch {
            result.failure = error
        }
        return result
    }
}
