import Foundation

/// A header and rows of text: the one shape every TokenBench output takes before it is
/// rendered as CSV or Markdown, so that both renderings come from the same data.
///
/// A report's `table` holds what the command line writes, so a program reads the same documented
/// columns a person reads: `report.table.column("nDCG@10")`.
public struct CSVTable: Equatable, Sendable {
    /// The column names: the CSV's first line.
    public internal(set) var header: [String]
    /// The rows, each with one cell per column of `header`.
    public var rows: [[String]]

    package init(header: [String], rows: [[String]] = []) {
        self.header = header
        self.rows = rows
    }

    package func render(_ format: TableFormat) -> String {
        switch format {
        case .csv: return csv()
        case .markdown: return markdown()
        }
    }

    /// The cells of the column named `name`, one per row (empty where a row is short); nil when
    /// no column or more than one has that name (a wide matrix's tokenizer labelled like one of
    /// its fixed columns).
    public func column(_ name: String) -> [String]? {
        guard let index = header.firstIndex(of: name), header.lastIndex(of: name) == index else { return nil }
        return rows.map { index < $0.count ? $0[index] : "" }
    }

    /// RFC 4180 CSV with a header line, LF line ends.
    public func csv() -> String {
        ([header] + rows).map(CSV.line).joined()
    }

    /// A GitHub-flavoured Markdown table; `|` is escaped and line breaks become `<br>`.
    package func markdown() -> String {
        func cell(_ text: String) -> String {
            text.replacingOccurrences(of: "\\", with: "\\\\")
                .replacingOccurrences(of: "|", with: "\\|")
                .replacingOccurrences(of: "\r\n", with: "<br>")
                .replacingOccurrences(of: "\n", with: "<br>")
        }
        func line(_ cells: [String]) -> String { "| " + cells.map(cell).joined(separator: " | ") + " |\n" }
        return line(header) + "|" + String(repeating: "---|", count: header.count) + "\n" + rows.map(line).joined()
    }
}

/// How a table is printed.
package enum TableFormat: String, CaseIterable, Sendable {
    case csv
    case markdown
}

/// Writes command output: to standard output, or atomically to a file (a temporary file in the
/// same directory renamed over the target), so a failed run never leaves half a file behind.
/// A target that exists and is not a regular file (`/dev/null`, a FIFO, a terminal) is written
/// in place: renaming over it would replace the device with a file (as root, `-o /dev/null` did).
/// A directory is refused, and a failed write says the operating system's reason (`FileAccess`).
package enum OutputDestination {
    package static func write(_ text: String, to path: String?) throws {
        guard let path else {
            FileHandle.standardOutput.write(Data(text.utf8))
            return
        }
        try FileAccess.checkWritable(path)
        do {
            var status = stat()
            let isSpecialFile = stat(path, &status) == 0 && (status.st_mode & S_IFMT) != S_IFREG
            try Data(text.utf8).write(to: URL(fileURLWithPath: path), options: isSpecialFile ? [] : .atomic)
        } catch {
            throw TokenBenchError.fileAccess(path: path, reason: FileAccess.reason(of: error))
        }
    }
}

/// The name `CSVTable` had before it said what it holds.
@available(*, deprecated, renamed: "CSVTable")
public typealias Table = CSVTable
