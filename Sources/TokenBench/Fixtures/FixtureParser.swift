import Foundation
import TokenBenchEngines

/// Reads match cases from fixture files: TokenBench's own `.cases` format, or RFC 4180 CSV.
///
/// `.cases`: one case per block of `key: value` lines, blocks separated by blank lines, `#`
/// starting a comment line. Keys: `id`, `category`, `document`, `query` (required), `note`,
/// `locale` (of both texts) or `document_locale` and `query_locale`, and expectations `match`, `nomatch`, `noquery`, `error`, each listing tokenizer labels and optionally scoped to a
/// form pair, query kind and/or engine: `nomatch[nfc:nfd prefix]: ascii`, `match[bundled]: trigram-rd`. Text may spell any code point
/// as `\u{HEX}`; leading and trailing white space of a value is dropped (spell it `\u{20}`).
///
/// CSV: a header with `id,category,document,query` and optionally `note`, the locale columns,
/// `match`, `nomatch`, `noquery`, `error` (unscoped label lists); the same escapes apply to every field.
package enum FixtureParser {
    /// Parses one fixture file's bytes; `file` names it in errors.
    package static func parse(_ bytes: [UInt8], file: String, format: FixtureFormat) throws -> [MatchCase] {
        let text = try decodeUTF8(bytes, file: file)
        switch format {
        case .cases: return try parseCases(text, file: file)
        case .csv: return try parseCSV(text, file: file)
        }
    }

    /// Decodes strict UTF-8, naming the line of the first invalid byte.
    static func decodeUTF8(_ bytes: [UInt8], file: String) throws -> String {
        var index = 0
        var line = 1
        while index < bytes.count {
            let length = ByteEscaping.validSequenceLength(bytes, at: index)
            guard length > 0 else {
                throw TokenBenchError.invalidFixture(
                    file: file, line: line,
                    reason: "invalid UTF-8 (byte \(ByteEscaping.hexEscape(bytes[index])) at offset \(index))")
            }
            if bytes[index] == 0x0A { line += 1 }
            index += length
        }
        var text = String(decoding: bytes, as: UTF8.self)
        if text.hasPrefix("\u{FEFF}") { text.removeFirst() }
        return text
    }

    // MARK: .cases

    private static let requiredKeys = ["id", "category", "document", "query"]
    /// The optional keys (and CSV columns) besides the expectations.
    private static let localeKeys = ["locale", "document_locale", "query_locale"]
    private static let optionalKeys = ["note", "tokendata"] + localeKeys

    /// The document's and the query's locale from a case's `locale`, `document_locale` and
    /// `query_locale` (empty when absent). A locale is a word without white space, NUL or `/`
    /// (the matrix CSV writes `DOCUMENT/QUERY`); `locale` cannot be combined with the others.
    private static func locales(_ field: (String) -> String, file: String, line: (String) -> Int) throws -> (
        String?, String?
    ) {
        for key in localeKeys {
            let value = field(key)
            if value.contains(where: { $0.isWhitespace || $0 == "\0" || $0 == "/" }) {
                throw TokenBenchError.invalidFixture(
                    file: file, line: line(key),
                    reason:
                        "\(key) '\(value)' is not a locale (one word such as tr or de_CH, without white space, NUL or /)"
                )
            }
        }
        let both = field("locale")
        if !both.isEmpty, !field("document_locale").isEmpty || !field("query_locale").isEmpty {
            throw TokenBenchError.invalidFixture(
                file: file, line: line("locale"),
                reason: "give either locale (for both texts) or document_locale and query_locale, not both")
        }
        func locale(_ key: String) -> String? {
            let value = both.isEmpty ? field(key) : both
            return value.isEmpty ? nil : value
        }
        return (locale("document_locale"), locale("query_locale"))
    }

    /// A case's `tokendata`: `1` for a `tokendata=1` table, `0` or nothing for a plain one.
    private static func tokendata(_ value: String, file: String, line: Int) throws -> Bool {
        switch value {
        case "", "0": return false
        case "1": return true
        default:
            throw TokenBenchError.invalidFixture(
                file: file, line: line, reason: "tokendata '\(value)' is not 0 or 1")
        }
    }

    static func parseCases(_ text: String, file: String) throws -> [MatchCase] {
        var cases: [MatchCase] = []
        var block: [(line: Int, key: String, value: String)] = []

        func flush() throws {
            guard let first = block.first else { return }
            cases.append(try makeCase(block, file: file, line: first.line))
            block = []
        }
        // Split on LF only: a lone CR, U+2028 or U+0085 inside a value is text, not a line break.
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false)
        for (offset, rawLine) in lines.enumerated() {
            let lineNumber = offset + 1
            var line = Substring(rawLine)
            if line.hasSuffix("\r") { line.removeLast() }
            let trimmed = line.trimmingCharacters(in: .whitespaces)
            if trimmed.isEmpty {
                try flush()
                continue
            }
            if trimmed.hasPrefix("#") { continue }
            guard let (key, value) = splitKeyValue(line) else {
                throw TokenBenchError.invalidFixture(
                    file: file, line: lineNumber, reason: "expected 'key: value', found '\(trimmed.prefix(40))'")
            }
            block.append((lineNumber, key, value))
        }
        try flush()
        return cases
    }

    /// Splits `key: value` or `key[scope]: value`. Only a scope right after the key's name is
    /// skipped over (it holds a colon: `match[nfc:nfd]`); a value may hold `]` and `:` in any order.
    private static func splitKeyValue(_ line: Substring) -> (String, String)? {
        let nameEnd = line.firstIndex { !($0.isLetter || $0.isNumber || $0 == "_") } ?? line.endIndex
        var searchStart = nameEnd
        if nameEnd < line.endIndex, line[nameEnd] == "[", let close = line[nameEnd...].firstIndex(of: "]") {
            searchStart = close
        }
        guard let colon = line[searchStart...].firstIndex(of: ":") else { return nil }
        let key = line[..<colon].trimmingCharacters(in: .whitespaces)
        guard !key.isEmpty, !key.contains(" ") || key.contains("[") else { return nil }
        let value = line[line.index(after: colon)...].trimmingCharacters(in: .whitespaces)
        return (key, value)
    }

    private static func makeCase(_ block: [(line: Int, key: String, value: String)], file: String, line: Int) throws
        -> MatchCase
    {
        var fields: [String: String] = [:]
        var lines: [String: Int] = [:]
        var expectations: [String: [ExpectationScope: MatchVerdict.Code]] = [:]
        for entry in block {
            let (baseKey, scopeText) = splitScope(entry.key)
            if let result = MatchVerdict.Code(fixtureKey: baseKey) {
                let scope = try parseScope(scopeText, file: file, line: entry.line)
                try addExpectations(
                    entry.value, result: result, scope: scope, to: &expectations, file: file, line: entry.line)
                continue
            }
            guard scopeText == nil, requiredKeys.contains(baseKey) || optionalKeys.contains(baseKey) else {
                throw TokenBenchError.invalidFixture(
                    file: file, line: entry.line,
                    reason:
                        "unknown key '\(entry.key)' (expected id, category, document, query, note, locale, document_locale, query_locale, tokendata, match, nomatch, noquery or error)"
                )
            }
            guard fields[baseKey] == nil else {
                throw TokenBenchError.invalidFixture(
                    file: file, line: entry.line, reason: "'\(baseKey)' given twice in one case")
            }
            fields[baseKey] = try unescape(entry.value, file: file, line: entry.line)
            lines[baseKey] = entry.line
        }
        for key in requiredKeys where (fields[key] ?? "").isEmpty {
            throw TokenBenchError.invalidFixture(file: file, line: line, reason: "the case has no '\(key)'")
        }
        let (documentLocale, queryLocale) = try locales(
            { fields[$0] ?? "" }, file: file, line: { lines[$0] ?? line })
        return MatchCase(
            id: fields["id"]!, category: fields["category"]!, document: fields["document"]!,
            query: fields["query"]!, note: fields["note"] ?? "", documentLocale: documentLocale,
            queryLocale: queryLocale,
            tokendata: try tokendata(fields["tokendata"] ?? "", file: file, line: lines["tokendata"] ?? line),
            expectations: expectations, location: SourceLocation(file: file, line: line))
    }

    private static func splitScope(_ key: String) -> (String, String?) {
        guard let open = key.firstIndex(of: "["), key.hasSuffix("]") else { return (key, nil) }
        let inner = key[key.index(after: open)..<key.index(before: key.endIndex)]
        return (String(key[..<open]).trimmingCharacters(in: .whitespaces), String(inner))
    }

    private static func parseScope(_ text: String?, file: String, line: Int) throws -> ExpectationScope {
        var scope = ExpectationScope()
        guard let text else { return scope }
        for word in text.split(whereSeparator: { $0 == " " || $0 == "," }) {
            if let kind = QueryKind(rawValue: String(word)), scope.queryKind == nil {
                scope.queryKind = kind
            } else if let pair = FormPair(parsing: word), scope.formPair == nil {
                scope.formPair = pair
            } else if let engine = SQLiteEngine.builtIn.first(where: { $0.name == word }), scope.engine == nil {
                scope.engine = engine.name
            } else {
                throw TokenBenchError.invalidFixture(
                    file: file, line: line,
                    reason:
                        "bad expectation scope '\(word)' (expected one form pair such as nfc:nfd, one query kind (\(QueryKind.allCases.map(\.rawValue).joined(separator: ", "))), and one engine: system, bundled)"
                )
            }
        }
        return scope
    }

    private static func addExpectations(
        _ value: String, result: MatchVerdict.Code, scope: ExpectationScope,
        to expectations: inout [String: [ExpectationScope: MatchVerdict.Code]], file: String, line: Int
    ) throws {
        let labels = value.split(whereSeparator: { $0 == " " || $0 == "," }).map(String.init)
        for label in labels {
            guard TokenizerSpec.isValidLabel(label) else {
                throw TokenBenchError.invalidFixture(
                    file: file, line: line, reason: "'\(label)' is not a tokenizer label (letters, digits, _ . - only)")
            }
            if let previous = expectations[label]?[scope] {
                throw TokenBenchError.invalidFixture(
                    file: file, line: line,
                    reason: "'\(label)' already has the expectation '\(previous.fixtureKey)' for the same scope")
            }
            expectations[label, default: [:]][scope] = result
        }
    }

    private static func unescape(_ text: String, file: String, line: Int) throws -> String {
        do {
            return try ByteEscaping.decodeEscapes(text)
        } catch {
            throw TokenBenchError.invalidFixture(file: file, line: line, reason: error.reason)
        }
    }

    // MARK: CSV

    static func parseCSV(_ text: String, file: String) throws -> [MatchCase] {
        let records: [CSV.Record]
        do {
            records = try CSV.parse(text)
        } catch {
            throw TokenBenchError.invalidFixture(file: file, line: error.line, reason: error.reason)
        }
        guard let header = records.first else {
            throw TokenBenchError.invalidFixture(
                file: file, line: 0, reason: "the file is empty (expected a header id,category,document,query)")
        }
        let known = requiredKeys + optionalKeys + MatchVerdict.Code.expectable.map(\.fixtureKey)
        var columns: [String: Int] = [:]
        for (index, name) in header.fields.enumerated() {
            let name = name.trimmingCharacters(in: .whitespaces)
            guard known.contains(name) else {
                throw TokenBenchError.invalidFixture(
                    file: file, line: header.line,
                    reason: "unknown column '\(name)' (expected \(known.joined(separator: ", ")))")
            }
            guard columns[name] == nil else {
                throw TokenBenchError.invalidFixture(
                    file: file, line: header.line, reason: "column '\(name)' appears twice")
            }
            columns[name] = index
        }
        for key in requiredKeys where columns[key] == nil {
            throw TokenBenchError.invalidFixture(file: file, line: header.line, reason: "missing column '\(key)'")
        }
        var cases: [MatchCase] = []
        for record in records.dropFirst() {
            if record.fields == [""] { continue }
            guard record.fields.count == header.fields.count else {
                throw TokenBenchError.invalidFixture(
                    file: file, line: record.line,
                    reason: "\(record.fields.count) fields where the header has \(header.fields.count)")
            }
            func field(_ name: String) throws -> String {
                guard let index = columns[name] else { return "" }
                return try unescape(record.fields[index], file: file, line: record.line)
            }
            for key in requiredKeys where try field(key).isEmpty {
                throw TokenBenchError.invalidFixture(file: file, line: record.line, reason: "empty '\(key)'")
            }
            var expectations: [String: [ExpectationScope: MatchVerdict.Code]] = [:]
            for result in MatchVerdict.Code.expectable {
                try addExpectations(
                    try field(result.fixtureKey), result: result, scope: ExpectationScope(),
                    to: &expectations, file: file, line: record.line)
            }
            var unescaped: [String: String] = [:]
            for key in optionalKeys { unescaped[key] = try field(key) }
            let (documentLocale, queryLocale) = try locales(
                { unescaped[$0] ?? "" }, file: file, line: { _ in record.line })
            cases.append(
                MatchCase(
                    id: try field("id"), category: try field("category"), document: try field("document"),
                    query: try field("query"), note: try field("note"), documentLocale: documentLocale,
                    queryLocale: queryLocale,
                    tokendata: try tokendata(unescaped["tokendata"] ?? "", file: file, line: record.line),
                    expectations: expectations,
                    location: SourceLocation(file: file, line: record.line)))
        }
        return cases
    }
}

/// The fixture file formats TokenBench reads.
package enum FixtureFormat: String, CaseIterable, Sendable {
    /// TokenBench's block format (`.cases`).
    case cases
    /// RFC 4180 CSV with a header (`.csv`).
    case csv

    /// The format a file name implies: `.csv` is CSV, anything else the block format.
    package init(path: String) {
        self = path.lowercased().hasSuffix(".csv") ? .csv : .cases
    }
}
