import Foundation
import GRDB
import TokenBenchEngines

/// Reads the word files of `synonyms file PATH` and `stopwords file PATH`: UTF-8 text, one
/// entry per line, `#` starting a comment line, blank lines ignored.
enum WordListFile {
    static func lines(at path: String, tokenizer: String) throws -> [String] {
        guard let data = FileManager.default.contents(atPath: path) else {
            throw DatabaseError(message: "\(tokenizer): cannot read file '\(path)'")
        }
        guard let text = String(data: data, encoding: .utf8) else {
            throw DatabaseError(message: "\(tokenizer): file '\(path)' is not valid UTF-8")
        }
        return text.split(whereSeparator: \.isNewline)
            .map { $0.trimmingCharacters(in: .whitespaces) }
            .filter { !$0.isEmpty && !$0.hasPrefix("#") }
    }
}
