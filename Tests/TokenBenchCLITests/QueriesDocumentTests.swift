import Foundation
import Testing

/// Documentation/Queries.md's table of hazards is the output of the command it names: run here
/// again, as a real process, it must print the table the page shows.
struct QueriesDocumentTests {
    static let page = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("Documentation/Queries.md")

    /// The lines between two marker comments of the page.
    static func lines(of text: String, after start: String, before end: String) throws -> [Substring] {
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false)
        let first = try #require(lines.firstIndex(of: Substring(start)))
        let last = try #require(lines[first...].firstIndex(of: Substring(end)))
        return Array(lines[(first + 1)..<last])
    }

    @Test func theHazardTableIsWhatItsCommandPrints() throws {
        let text = try String(contentsOf: Self.page, encoding: .utf8)
        let block = try Self.lines(
            of: text, after: "<!-- hazards: the command -->", before: "<!-- hazards: the table -->")
        // The fenced block's one line: `tokenbench` and its arguments, none of them quoted.
        let command = try #require(block.first { $0.hasPrefix("tokenbench ") })
        let arguments = command.split(separator: " ").dropFirst().map(String.init)
        let table = try Self.lines(of: text, after: "<!-- hazards: the table -->", before: "<!-- hazards: end -->")
            .filter { !$0.isEmpty }
        let run = try CLITests.run(arguments)
        #expect(run.status == 0, "\(run.stderr)")
        #expect(run.stdout.split(separator: "\n") == table)
    }
}
