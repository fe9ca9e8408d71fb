import ArgumentParser
import GRDB
import TokenBench

/// The `tokenbench` command line as a library: the one front door of a package's own bench.
///
/// A package that depends on the `TokenBenchCLI` product makes its own `tokenbench` with a
/// `main.swift` of one line:
///
/// ```swift
/// TokenBenchCLI.main(customTokenizers: [MyTokenizer.self])
/// ```
///
/// That executable has every command of `tokenbench`, with the types registered beside the
/// built-in and shipped tokenizers. Its workers are that same executable, started again as
/// `worker`, so a type that traps or hangs on some input is a finding, as a C tokenizer's crash
/// is: the input, the phase, the signal and, with `--crash-dir`, a script that runs it again.
/// The `tokenbench` executable of this package is the same line, with no types.
public enum TokenBenchCLI {
    /// Parses the process's arguments, runs the command, and exits with its status (0 success;
    /// 1 an expectation failed or a tokenizer was lost on an input; 2 bad usage or input; 3 an
    /// unexpected SQLite or worker failure).
    ///
    /// - Parameters:
    ///   - customTokenizers: Your GRDB tokenizer types, registered under their `name` on the
    ///     system engine, as in an app on that SQLite; the other engines say so in one line.
    ///   - filteringTokenizers: Your byte-level wrapper tokenizers, registered under their
    ///     `name` on every engine.
    public static func main(
        customTokenizers: [any FTS5CustomTokenizer.Type] = [],
        filteringTokenizers: [any TokenFilteringTokenizer.Type] = []
    ) -> Never {
        TokenBenchCommand.main(
            registering: OwnTokenizers(custom: customTokenizers, filtering: filteringTokenizers))
    }
}

/// The user's own Swift tokenizer types an executable registers: passed from `TokenBenchCLI.main`
/// to the command that runs, and from it to every workbench it makes, its workers' included.
struct OwnTokenizers {
    var custom: [any FTS5CustomTokenizer.Type] = []
    var filtering: [any TokenFilteringTokenizer.Type] = []

    /// The workbench options that register them, with nothing else.
    var workbenchOptions: Workbench.Options {
        Workbench.Options(customTokenizers: custom, filteringTokenizers: filtering)
    }
}

/// A command that makes workbenches: `TokenBenchCLI.main` gives it the executable's own types.
protocol OwnTokenizerCommand: ParsableCommand {
    func run(registering own: OwnTokenizers) throws
}

extension OwnTokenizerCommand {
    /// ArgumentParser's entry point, for a command run without `TokenBenchCLI.main`: no types.
    func run() throws { try run(registering: OwnTokenizers()) }
}
