import Foundation

/// The documents `tokenbench advise` reads: as `quality` reads them (JSON Lines or TSV), or one
/// document a line. A line that is not UTF-8 is skipped, and named; the run goes on.
public struct AdviceCorpus: Sendable {
    /// How the documents file is laid out.
    public enum Format: String, Sendable, CaseIterable {
        /// JSON Lines (`_id`, `title`, `text`) or TSV (`id<TAB>text`), as `quality --documents`.
        case records
        /// One document a line, its id `L` and the line number; blank lines are no documents.
        case lines
    }

    /// The file the documents were read from.
    public let path: String
    package let documents: [QualityDocument]
    /// The lines skipped because they are not UTF-8.
    package let linesNotUTF8: [SourceLocation]

    package init(path: String, documents: [QualityDocument], linesNotUTF8: [SourceLocation] = []) {
        self.path = path
        self.documents = documents
        self.linesNotUTF8 = linesNotUTF8
    }

    /// Reads `path`. Throws for an unreadable file, a malformed record (naming its line) and a
    /// corpus of fewer than two documents: advice compares documents.
    public static func read(path: String, format: Format = .records) throws -> AdviceCorpus {
        try FileAccess.checkReadable(path)
        var documents: [QualityDocument] = []
        var skipped: [SourceLocation] = []
        switch format {
        case .records:
            var seen: [String: Int] = [:]
            let skip: (SourceLocation) -> Void = { skipped.append($0) }
            try QualityFileFormat.forEachRecord(ofFile: path, kind: .document, skippingLineNotUTF8: skip) {
                record, location in
                try QualityCollection.checkIdentifier(record.id, of: "document", at: location)
                if let first = seen.updateValue(location.line, forKey: record.id) {
                    throw TokenBenchError.invalidFixture(
                        file: path, line: location.line,
                        reason: "duplicate document id '\(record.id)' (first at line \(first))")
                }
                documents.append(
                    QualityDocument(id: record.id, title: record.title, text: record.text, locale: record.locale))
            }
        case .lines:
            try FileLines.forEach(ofFile: path) { number, line in
                var text = line
                if text.last == UInt8(ascii: "\r") { text = text.dropLast() }
                guard text.contains(where: { $0 != UInt8(ascii: " ") && $0 != UInt8(ascii: "\t") }) else { return }
                guard String(validating: text, as: UTF8.self) != nil else {
                    skipped.append(SourceLocation(file: path, line: number))
                    return
                }
                documents.append(QualityDocument(id: "L\(number)", title: [], text: Array(text)))
            }
        }
        guard documents.count >= 2 else {
            throw TokenBenchError.invalidFixture(
                file: path, line: 0,
                reason: documents.isEmpty
                    ? "the corpus has no document"
                    : "the corpus has one document: advice ranks documents, and needs two or more")
        }
        return AdviceCorpus(path: path, documents: documents, linesNotUTF8: skipped)
    }
}
