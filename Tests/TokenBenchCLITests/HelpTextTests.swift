import Foundation
import Testing

/// Each `--help` says what the command does when an option is left out: its defaults are read
/// from the command's behaviour (a server's setup, an engine's version), not from a second copy.
struct HelpTextTests {
    typealias CLI = CLITests

    /// `help` with its line breaks and indentation folded to single spaces.
    static func help(_ command: String) throws -> String {
        let run = try CLI.run([command, "--help"])
        #expect(run.status == 0, "\(run.stderr)")
        return run.stdout.split(whereSeparator: \.isWhitespace).joined(separator: " ")
    }

    @Test(
        arguments: [
            // upgrade takes --from and --to, and refuses --engine: its help does not offer it.
            ("upgrade", "--engine <engine>", false),
            ("upgrade", "--from <from>", true),
            // check recomputes its baseline's tokenizers and engines unless told otherwise.
            ("check", "by default the baseline's", true),
            ("check", "default the baseline's.", true),
            ("check", "every catalog tokenizer", false),
            // The page has a script: the help says so.
            ("report", "no script", false),
            ("report", "one inline script", true),
            // matrix runs the catalog on the built-in engines.
            ("matrix", "by default every catalog tokenizer an engine supports", true),
            ("matrix", "default system and bundled.", true),
        ])
    func theHelpSays(_ command: String, _ phrase: String, _ present: Bool) throws {
        #expect(try Self.help(command).contains(phrase) == present, "tokenbench \(command) --help: \(phrase)")
    }

    @Test func serveNamesTheTokenizersItsPageRunsWithoutAChoice() throws {
        let server = try ServeCLITests.Server()
        let setup = try #require(try server.get("api/setup").json as? [String: Any])
        // Each as LABEL=SPEC: the help names the labels.
        let specs = try #require(setup["defaultTokenizers"] as? [String])
        let defaults = specs.map { String($0.prefix { $0 != "=" }) }
        #expect(defaults.count >= 2)
        #expect(try Self.help("serve").contains("by default \(defaults.joined(separator: ", ")) ("))
    }

    @Test func theBundledEnginesVersionIsTheOneItRuns() throws {
        let env = try CLI.run(["env", "--engine", "bundled"])
        let version = try #require(
            env.stdout.split(separator: "\n").first { $0.hasPrefix("bundled.sqlite_version,") }?
                .split(separator: ",").last)
        #expect(try Self.help("matrix").contains("bundled (sqlite-nio's SQLite \(version))"))
    }
}
