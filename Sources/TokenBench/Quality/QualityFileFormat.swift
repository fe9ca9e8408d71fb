import Foundation

/// The file formats the IR world already uses for collections, read line by line so that a
/// bad line is reported with its file and line number:
/// - documents and queries: JSON Lines (BEIR's `corpus.jsonl` and `queries.jsonl`: `_id` or
///   `id`, `text`, for documents an optional `title`, and for either an optional `locale`), or
///   TSV (`id<TAB>text`). A file is
///   JSON Lines when its first non-blank line starts with `{`. Blank lines are skipped.
/// - judgments: TREC qrels (`qid iter docid rel`) or BEIR's TSV (`query-id corpus-id score`,
///   after a header line), fields separated by tabs or spaces, relevance an integer.
enum QualityFileFormat {
    enum RecordKind: String {
        case document
        case query
    }

    /// One document or query line: for a query, `title` is empty.
    struct Record {
        var id: String
        var title: [UInt8]
        var text: [UInt8]
        var locale: String? = nil
    }

    /// Calls `body` with every record of a documents or queries file. With `skippingLineNotUTF8`,
    /// a line that is not UTF-8 is passed to it and skipped instead of read.
    static func forEachRecord(
        ofFile path: String, kind: RecordKind, skippingLineNotUTF8: ((SourceLocation) -> Void)? = nil,
        _ body: (Record, SourceLocation) throws -> Void
    ) throws {
        var isJSONLines: Bool?
        try FileLines.forEach(ofFile: path) { number, line in
            guard line.contains(where: { !isBlank($0) }) else { return }
            let location = SourceLocation(file: path, line: number)
            if let skip = skippingLineNotUTF8, String(validating: line, as: UTF8.self) == nil {
                skip(location)
                return
            }
            if isJSONLines == nil { isJSONLines = line.first(where: { !isBlank($0) }) == UInt8(ascii: "{") }
            let record =
                isJSONLines == true
                ? try jsonRecord(line, kind: kind, at: location) : try tsvRecord(line, kind: kind, at: location)
            try body(record, location)
        }
    }

    private static func isBlank(_ byte: UInt8) -> Bool {
        byte == UInt8(ascii: " ") || byte == UInt8(ascii: "\t") || byte == UInt8(ascii: "\r")
    }

    private static func tsvRecord(_ line: ArraySlice<UInt8>, kind: RecordKind, at location: SourceLocation) throws
        -> Record
    {
        guard let tab = line.firstIndex(of: UInt8(ascii: "\t")) else {
            throw TokenBenchError.invalidFixture(
                file: location.file, line: location.line,
                reason: "expected a \(kind.rawValue) as id<TAB>text (or a JSON object), found no tab")
        }
        guard let id = String(validating: line[..<tab], as: UTF8.self), !id.isEmpty else {
            throw TokenBenchError.invalidFixture(
                file: location.file, line: location.line,
                reason: "the \(kind.rawValue) id before the tab is empty or not UTF-8")
        }
        return Record(id: id, title: [], text: Array(line[(tab + 1)...]))
    }

    private static func jsonRecord(_ line: ArraySlice<UInt8>, kind: RecordKind, at location: SourceLocation) throws
        -> Record
    {
        func failure(_ reason: String) -> TokenBenchError {
            .invalidFixture(file: location.file, line: location.line, reason: reason)
        }
        let object: [String: Any]
        do {
            guard let parsed = try JSONSerialization.jsonObject(with: Data(line)) as? [String: Any] else {
                throw failure("expected one JSON object per line")
            }
            object = parsed
        } catch let error as TokenBenchError {
            throw error
        } catch {
            throw failure("not valid JSON: \(Self.reason(of: error))")
        }
        guard let id = identifier(object["_id"] ?? object["id"]), !id.isEmpty else {
            throw failure("the \(kind.rawValue) has no '_id' (or 'id') string")
        }
        guard let text = object["text"] as? String else {
            throw failure("the \(kind.rawValue) '\(id)' has no 'text' string")
        }
        var title = ""
        if kind == .document, let value = object["title"], !(value is NSNull) {
            guard let string = value as? String else {
                throw failure("the document '\(id)' has a 'title' that is not a string")
            }
            title = string
        }
        var locale: String?
        if let value = object["locale"], !(value is NSNull) {
            guard let string = value as? String, !string.isEmpty, !string.contains("\0") else {
                throw failure("the \(kind.rawValue) '\(id)' has a 'locale' that is not a locale string (such as tr)")
            }
            locale = string
        }
        return Record(id: id, title: Array(title.utf8), text: Array(text.utf8), locale: locale)
    }

    /// An id as JSON gives it: a string, or an integer (some collections number their ids).
    private static func identifier(_ value: Any?) -> String? {
        if let string = value as? String { return string }
        if let number = value as? Int { return String(number) }
        return nil
    }

    /// Foundation's JSON error, reduced to its one-line description.
    private static func reason(of error: any Error) -> String {
        let nsError = error as NSError
        let detail = nsError.userInfo[NSDebugDescriptionErrorKey] as? String ?? nsError.localizedDescription
        return detail.replacingOccurrences(of: "\n", with: " ")
    }

    /// Every judgment of a TREC qrels file or a BEIR qrels TSV, with its line.
    static func judgments(ofFile path: String) throws -> [(QualityJudgment, SourceLocation)] {
        var judgments: [(QualityJudgment, SourceLocation)] = []
        try FileLines.forEach(ofFile: path) { number, line in
            guard let text = String(validating: line, as: UTF8.self) else {
                throw TokenBenchError.invalidFixture(file: path, line: number, reason: "the line is not UTF-8")
            }
            let fields = text.split(whereSeparator: { $0 == " " || $0 == "\t" }).map(String.init)
            if fields.isEmpty { return }
            let location = SourceLocation(file: path, line: number)
            switch fields.count {
            case 4:
                judgments.append((try judgment(fields[0], fields[2], fields[3], at: location), location))
            case 3:
                // BEIR's header (query-id corpus-id score): a first line whose score is not a number.
                if judgments.isEmpty && number == 1 && Int(fields[2]) == nil { return }
                judgments.append((try judgment(fields[0], fields[1], fields[2], at: location), location))
            default:
                throw TokenBenchError.invalidFixture(
                    file: path, line: number,
                    reason:
                        "expected 'qid iter docid rel' (TREC) or 'query-id corpus-id score' (BEIR), found \(fields.count) fields"
                )
            }
        }
        return judgments
    }

    private static func judgment(_ query: String, _ document: String, _ relevance: String, at location: SourceLocation)
        throws -> QualityJudgment
    {
        guard let value = Int(relevance) else {
            throw TokenBenchError.invalidFixture(
                file: location.file, line: location.line,
                reason: "the relevance '\(relevance)' is not an integer")
        }
        return QualityJudgment(queryID: query, documentID: document, relevance: value)
    }
}
