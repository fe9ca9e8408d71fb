import Foundation

/// What users searched: `tokenbench advise --query-log`. Each line is `QUERY` or
/// `QUERY<TAB>COUNT`; the same query on several lines counts once, its counts added. A line
/// that is not UTF-8 is skipped and named.
public struct QueryLog: Sendable {
    package struct Entry: Sendable, Equatable {
        package var text: String
        package var count: Int
    }

    public let path: String
    package let entries: [Entry]
    package let linesNotUTF8: [SourceLocation]

    package init(path: String, entries: [Entry], linesNotUTF8: [SourceLocation] = []) {
        self.path = path
        self.entries = entries
        self.linesNotUTF8 = linesNotUTF8
    }

    /// Reads `path`; a count that is not a positive integer is an error naming its line, and so
    /// is a log without a query.
    public static func read(path: String) throws -> QueryLog {
        try FileAccess.checkReadable(path)
        var order: [String] = []
        var counts: [String: Int] = [:]
        var skipped: [SourceLocation] = []
        try FileLines.forEach(ofFile: path) { number, line in
            var bytes = line
            if bytes.last == UInt8(ascii: "\r") { bytes = bytes.dropLast() }
            guard let text = String(validating: bytes, as: UTF8.self) else {
                skipped.append(SourceLocation(file: path, line: number))
                return
            }
            var query = Substring(text)
            var count = 1
            if let tab = text.lastIndex(of: "\t") {
                guard let value = Int(text[text.index(after: tab)...].trimmingCharacters(in: .whitespaces)), value >= 1
                else {
                    throw TokenBenchError.invalidFixture(
                        file: path, line: number,
                        reason:
                            "expected QUERY or QUERY<TAB>COUNT with a positive count, found '\(text[text.index(after: tab)...])' after the tab"
                    )
                }
                count = value
                query = text[..<tab]
            }
            let trimmed = query.trimmingCharacters(in: .whitespaces)
            guard !trimmed.isEmpty else { return }
            if counts[trimmed] == nil { order.append(trimmed) }
            counts[trimmed, default: 0] += count
        }
        guard !order.isEmpty else {
            throw TokenBenchError.invalidFixture(file: path, line: 0, reason: "the query log has no query")
        }
        return QueryLog(
            path: path, entries: order.map { Entry(text: $0, count: counts[$0]!) }, linesNotUTF8: skipped)
    }
}
