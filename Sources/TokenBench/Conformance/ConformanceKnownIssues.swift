import Foundation

/// Errors already known and accepted for an environment, each with its reason: a CSV with the
/// header `tokenizer,check,reason`. Known findings are still printed, but do not fail the run,
/// so that CI fails on new breaches only (SQLite's own tokenizers have some; see README).
public struct ConformanceKnownIssues: Sendable {
    public struct Entry: Sendable, Equatable {
        public var tokenizer: String
        public var check: ConformanceCheck
        public var reason: String
    }

    public var entries: [Entry]

    public init(entries: [Entry] = []) {
        self.entries = entries
    }

    public static func load(path: String) throws -> ConformanceKnownIssues {
        var entries: [Entry] = []
        for record in try CSV.records(ofFile: path, header: ["tokenizer", "check", "reason"], writtenBy: "a known-issues file") {
            guard let check = ConformanceCheck(rawValue: record.fields[1]) else {
                throw TokenBenchError.invalidFixture(
                    file: path, line: record.line,
                    reason: "unknown check '\(record.fields[1])' (one of \(ConformanceCheck.allCases.map(\.rawValue).joined(separator: ", ")))")
            }
            guard !record.fields[2].trimmingCharacters(in: .whitespaces).isEmpty else {
                throw TokenBenchError.invalidFixture(file: path, line: record.line, reason: "a known issue needs a reason")
            }
            entries.append(Entry(tokenizer: record.fields[0], check: check, reason: record.fields[2]))
        }
        return ConformanceKnownIssues(entries: entries)
    }

    /// The entry that covers `finding`, if any.
    public func entry(for finding: ConformanceFinding) -> Entry? {
        entries.first { $0.tokenizer == finding.tokenizer && $0.check == finding.check }
    }
}
