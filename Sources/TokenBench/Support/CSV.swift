import Foundation

/// RFC 4180 CSV: reading with the source line of every record, and writing.
///
/// Written here rather than taken from CSV.swift or SwiftCSV (both on this machine) because a
/// bad fixture must be reported with its file and line, and neither library reports the line a
/// record starts on; the format is small enough that owning it costs less than working around that.
package enum CSV {
    /// One record and the 1-based line it starts on.
    package struct Record: Sendable, Equatable {
        package var line: Int
        package var fields: [String]
    }

    /// Why a CSV text could not be read, and the line where the problem is.
    package struct ParseError: Error, Sendable {
        package var line: Int
        package var reason: String
    }

    /// Parses CSV text: fields separated by commas, records by LF or CRLF, fields containing
    /// commas, quotes or line breaks enclosed in double quotes with inner quotes doubled.
    package static func parse(_ text: String) throws(ParseError) -> [Record] {
        var records: [Record] = []
        var fields: [String] = []
        var field = ""
        var line = 1
        var recordLine = 1
        var inQuotes = false
        var fieldWasQuoted = false
        var scalars = Array(text.unicodeScalars)[...]

        func endField() {
            fields.append(field)
            field = ""
            fieldWasQuoted = false
        }
        while let scalar = scalars.popFirst() {
            if inQuotes {
                if scalar == "\"" {
                    if scalars.first == "\"" {
                        scalars.removeFirst()
                        field.unicodeScalars.append("\"")
                    } else {
                        inQuotes = false
                    }
                } else {
                    if scalar == "\n" { line += 1 }
                    field.unicodeScalars.append(scalar)
                }
                continue
            }
            switch scalar {
            case ",":
                endField()
            case "\r" where scalars.first == "\n":
                continue
            case "\n":
                endField()
                records.append(Record(line: recordLine, fields: fields))
                fields = []
                line += 1
                recordLine = line
            case "\"":
                guard field.isEmpty, !fieldWasQuoted else {
                    throw ParseError(
                        line: line,
                        reason:
                            "a quote inside an unquoted field (enclose the field in quotes and double the inner quote)")
                }
                inQuotes = true
                fieldWasQuoted = true
            default:
                guard !fieldWasQuoted else {
                    throw ParseError(line: line, reason: "text after the closing quote of a field")
                }
                field.unicodeScalars.append(scalar)
            }
        }
        if inQuotes {
            throw ParseError(line: recordLine, reason: "a quoted field is not closed before the end of the file")
        }
        if !field.isEmpty || fieldWasQuoted || !fields.isEmpty {
            endField()
            records.append(Record(line: recordLine, fields: fields))
        }
        return records
    }

    /// Reads a UTF-8 file into text, naming the file when it cannot.
    static func readText(ofFile path: String) throws(TokenBenchError) -> String {
        guard let text = String(data: try FileAccess.contents(ofFile: path), encoding: .utf8) else {
            throw .invalidFixture(file: path, line: 0, reason: "the file is not UTF-8 text")
        }
        return text
    }

    /// Parses `text` read from `file`, reporting a syntax error with the file and line.
    static func records(of text: String, file: String) throws(TokenBenchError) -> [Record] {
        do {
            return try parse(text)
        } catch {
            throw .invalidFixture(file: file, line: error.line, reason: error.reason)
        }
    }

    /// Reads and parses a CSV file whose header must be exactly `expected`; every
    /// record must have as many fields.
    static func records(ofFile path: String, header expected: [String], writtenBy command: String)
        throws(TokenBenchError) -> [Record]
    {
        try records(ofFile: path, headers: [expected], writtenBy: command).records
    }

    /// Reads and parses a CSV file whose header must be exactly one of `accepted` (a format
    /// that gained a column, say); every record must have as many fields. Returns the header
    /// found, and the records after it.
    static func records(
        ofFile path: String, headers accepted: [[String]], writtenBy command: String
    ) throws(TokenBenchError) -> (header: [String], records: [Record]) {
        let records = try records(of: try readText(ofFile: path), file: path)
        guard let header = records.first?.fields, accepted.contains(header) else {
            let names = accepted.map { "'\($0.joined(separator: ","))'" }.joined(separator: " or ")
            throw .invalidFixture(file: path, line: 1, reason: "expected the header \(names) of \(command)")
        }
        for record in records.dropFirst() where record.fields.count != header.count {
            throw .invalidFixture(
                file: path, line: record.line,
                reason: "\(record.fields.count) fields where \(header.joined(separator: ",")) has \(header.count)")
        }
        return (header, Array(records.dropFirst()))
    }

    /// Where each of `required` stands in `header`. A missing column is an error naming the
    /// file and line: "no 'NAME' column; expected `expected`".
    static func columnIndices(of required: [String], in header: Record, file: String, expected: String)
        throws(TokenBenchError) -> [String: Int]
    {
        var indices: [String: Int] = [:]
        for name in required {
            guard let index = header.fields.firstIndex(of: name) else {
                throw .invalidFixture(
                    file: file, line: header.line, reason: "no '\(name)' column; expected \(expected)")
            }
            indices[name] = index
        }
        return indices
    }

    /// Checks that a data record has as many fields as the header.
    static func checkFieldCount(of record: Record, header: Record, file: String) throws(TokenBenchError) {
        guard record.fields.count == header.fields.count else {
            throw .invalidFixture(
                file: file, line: record.line,
                reason: "\(record.fields.count) fields where the header has \(header.fields.count)")
        }
    }

    /// A field as CSV: quoted when it holds a comma, quote or line break.
    ///
    /// The test looks at bytes and the quoting at scalars, never at Characters: a comma or a quote
    /// followed by a combining mark (",\u{308}") is one grapheme cluster that is not equal to
    /// "," or "\"", yet a CSV reader sees the comma and the quote.
    package static func escape(_ field: String) -> String {
        guard
            field.utf8.contains(where: {
                $0 == UInt8(ascii: ",") || $0 == UInt8(ascii: "\"") || $0 == 0x0A || $0 == 0x0D
            })
        else {
            return field
        }
        var quoted = "\""
        quoted.unicodeScalars.reserveCapacity(field.unicodeScalars.count + 2)
        for scalar in field.unicodeScalars {
            if scalar == "\"" { quoted.unicodeScalars.append("\"") }
            quoted.unicodeScalars.append(scalar)
        }
        quoted.unicodeScalars.append("\"")
        return quoted
    }

    /// One record as a CSV line, with its LF terminator.
    package static func line(_ fields: [String]) -> String {
        fields.map(escape).joined(separator: ",") + "\n"
    }
}
