import Foundation
import TokenBenchEngines

/// Errors already known and accepted for an environment, each with its reason: a CSV with the
/// header `tokenizer,engine,check,reason` (or `tokenizer,check,reason`, whose entries belong to
/// the system engine, as written before engines existed). Known findings are still printed, but do not fail the run,
/// so that CI fails on new breaches only (SQLite's own tokenizers have some; see Documentation/Conformance.md).
package struct ConformanceKnownIssues: Sendable {
    package struct Entry: Sendable, Equatable {
        package var tokenizer: String
        package var engine: String
        package var check: ConformanceCheck
        package var reason: String

        /// Whether this entry accepts `finding`: same tokenizer, engine and check.
        package func covers(_ finding: ConformanceFinding) -> Bool {
            tokenizer == finding.tokenizer && engine == finding.engine && check == finding.check
        }
    }

    package var entries: [Entry]

    package init(entries: [Entry] = []) {
        self.entries = entries
    }

    package static func load(path: String) throws -> ConformanceKnownIssues {
        let (header, records) = try CSV.records(
            ofFile: path, headers: [["tokenizer", "engine", "check", "reason"], ["tokenizer", "check", "reason"]],
            writtenBy: "a known-issues file")
        var entries: [Entry] = []
        for record in records {
            var fields = record.fields
            if !header.contains("engine") { fields.insert(SQLiteEngine.system.name, at: 1) }
            // A built-in engine, the path a library engine is named by, or a version built with
            // `tokenbench engine build` (here or not: an entry counts only where its engine ran).
            let engine = fields[1]
            guard
                SQLiteEngine.builtIn.contains(where: { $0.name == engine }) || engine.contains("/")
                    || engine.versionOrder != [Int.max]
                    || EngineCache(directory: EngineCache.defaultDirectory).library(named: engine) != nil
            else {
                throw TokenBenchError.invalidFixture(
                    file: path, line: record.line,
                    reason:
                        "unknown engine '\(engine)' (one of \(SQLiteEngine.builtIn.map(\.name).joined(separator: ", ")), a built engine's version or name, or a library path)"
                )
            }
            guard let check = ConformanceCheck(rawValue: fields[2]) else {
                throw TokenBenchError.invalidFixture(
                    file: path, line: record.line,
                    reason:
                        "unknown check '\(fields[2])' (one of \(ConformanceCheck.allCases.map(\.rawValue).joined(separator: ", ")))"
                )
            }
            guard !fields[3].trimmingCharacters(in: .whitespaces).isEmpty else {
                throw TokenBenchError.invalidFixture(
                    file: path, line: record.line, reason: "a known issue needs a reason")
            }
            entries.append(Entry(tokenizer: fields[0], engine: fields[1], check: check, reason: fields[3]))
        }
        return ConformanceKnownIssues(entries: entries)
    }

    /// The entry that covers `finding`, if any.
    package func entry(for finding: ConformanceFinding) -> Entry? {
        entries.first { $0.covers(finding) }
    }
}
