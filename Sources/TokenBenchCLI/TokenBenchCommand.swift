import ArgumentParser
import Foundation
import GRDB
import TokenBench

/// `tokenbench`: lists the subcommands; the work is done by the TokenBench library.
/// `TokenBenchCLI.main` runs it.
///
/// Exit status: 0 success; 1 a fixture expectation failed; 2 bad usage or bad input (an unknown
/// option, a malformed fixture, a tokenizer spec FTS5 rejects, an unreadable file); 3 an
/// unexpected SQLite failure.
struct TokenBenchCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "tokenbench",
        abstract: "Test and measure SQLite FTS5 tokenizers on the real FTS5 engine.",
        discussion: """
            Exit status: 0 success; 1 an expectation failed; 2 bad usage or input; 3 SQLite failure.
            """,
        subcommands: [
            MatrixCommand.self,
            CheckCommand.self,
            DiffCommand.self,
            MergeCommand.self,
            ConformanceCommand.self,
            ReportCommand.self,
            ThroughputCommand.self,
            TokensCommand.self,
            ServeCommand.self,
            QualityCommand.self,
            AdviseCommand.self,
            UpgradeCommand.self,
            ListCommand.self,
            EnvCommand.self,
            EngineCommand.self,
            WorkerCommand.self,
        ])

    /// Runs the command with `own` registered, mapping every error to one line on stderr and a
    /// documented status.
    static func main(registering own: OwnTokenizers) -> Never {
        // Past a file-size limit (ulimit -f), a write must fail with EFBIG, which SQLite reports
        // as a full disk (exit 3), rather than kill the process with SIGXFSZ.
        signal(SIGXFSZ, SIG_IGN)
        if let message = unknownSubcommandMessage(arguments: Array(CommandLine.arguments.dropFirst())) {
            printError("tokenbench: error: \(message)")
            Foundation.exit(2)
        }
        do {
            var command = try parseAsRoot()
            if let benchCommand = command as? any OwnTokenizerCommand {
                try benchCommand.run(registering: own)
            } else {
                try command.run()
            }
            Foundation.exit(0)
        } catch let error as TokenBenchError {
            printError("tokenbench: error: \(error.namingFlags)")
            Foundation.exit(error.exitStatus)
        } catch let error as DatabaseError {
            printError("tokenbench: SQLite error: \(error)")
            Foundation.exit(3)
        } catch let code as ExitCode {
            Foundation.exit(code.rawValue)
        } catch {
            let code = exitCode(for: error)
            let message = fullMessage(for: error)
            if code == .success {
                print(message)
                Foundation.exit(0)
            }
            printError(message)
            // Usage errors share status 2 with bad input, whatever ArgumentParser's default.
            Foundation.exit(code == .validationFailure ? 2 : code.rawValue)
        }
    }
}

extension TokenBenchError {
    /// The library names the option of its own API at fault (`corpus`, `engine`…); on the
    /// command line the user typed a flag, so the message names the flag.
    var namingFlags: TokenBenchError {
        let flags = [
            "corpus": "--corpus", "corpora": "--corpus", "engine": "--engine", "baseline": "--baseline",
            "runs": "--runs",
            "threads": "--threads", "queries": "--fixtures", "operations": "--operation",
            "tokenizer": "--tokenizer", "split": "--split", "permutations": "--permutations",
            "runDirectory": "--run-dir", "name": "--name",
        ]
        guard case .invalidArgument(let name, let value, let reason) = self, let flag = flags[name] else { return self }
        return .invalidArgument(name: flag, value: value, reason: reason)
    }

    /// The process exit status for this error: 2 for anything the user's input caused.
    var exitStatus: Int32 {
        switch self {
        case .sqlite, .workerFailed: return 3
        default: return 2
        }
    }
}

/// One line on standard error: every diagnostic goes there, never to standard output.
func printError(_ line: String) {
    FileHandle.standardError.write(Data((line + "\n").utf8))
}

/// What a run lost to its workers, a line each on standard error, in the library's words.
func printLosses(_ losses: RunLosses) {
    for sentence in losses.sentences { printError("tokenbench: \(sentence)") }
}
