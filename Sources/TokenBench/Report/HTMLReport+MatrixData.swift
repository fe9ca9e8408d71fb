import Foundation

/// The match matrix as the report's script reads it: compact JSON, embedded once in the page.
///
/// Arrays rather than objects keep the page small: a case, a token, a cell's entry and a record
/// encode as arrays, in the order of their members below. Kinds and pairs: a cell's sub-cells
/// are kind-major, as in the matrix (sub-cell `k * pairs.count + p`).
struct ReportMatrixData: Codable, Equatable {
    var kinds: [String]
    var pairs: [String]
    var engines: [String]
    /// One column each, whatever the engines.
    var tokenizers: [String]
    var categories: [String]
    /// Every verdict code, in `MatchVerdict.Code`'s order: a record writes a sub-cell's verdict
    /// as its index in this list.
    var verdicts: [MatchVerdict.Code]
    /// What each mark a cell can show looks like, by CSS class: `[glyph, wording]`.
    var marks: [String: [String]]
    /// Categories together.
    var cases: [Case]
    /// Every distinct token stream once.
    var streams: [[StreamToken]]
    /// `cells[case][tokenizer]`: one entry naming every engine that ran the cell when they agree
    /// on it; when they differ, one entry per engine. None: no engine ran it.
    var cells: [[[Entry]]]
    /// Per code point (hex) that the texts hold and that does not show, `[label, name]`: the
    /// label to show (empty for a combining mark, drawn on a dotted circle) and its Unicode
    /// name, so the script needs no Unicode tables.
    var invisible: [String: [String]]

    struct Case: Codable, Equatable {
        var id: String
        var category: Int
        var document: String
        var query: String
        var note: String
        /// `[document locale, query locale]`, "" for none.
        var locales: [String]

        init(id: String, category: Int, document: String, query: String, note: String, locales: [String]) {
            (self.id, self.category, self.document, self.query, self.note) = (id, category, document, query, note)
            self.locales = locales
        }
        init(from decoder: any Decoder) throws {
            var array = try decoder.unkeyedContainer()
            self.init(
                id: try array.decode(String.self), category: try array.decode(Int.self),
                document: try array.decode(String.self), query: try array.decode(String.self),
                note: try array.decode(String.self), locales: try array.decode([String].self))
        }
        func encode(to encoder: any Encoder) throws {
            var array = encoder.unkeyedContainer()
            try array.encode(id)
            try array.encode(category)
            try array.encode(document)
            try array.encode(query)
            try array.encode(note)
            try array.encode(locales)
        }
    }

    /// A token: `[text, start, end, colocated (0 or 1), position]`, offsets in UTF-8 bytes.
    struct StreamToken: Codable, Equatable {
        var text: String
        var start: Int
        var end: Int
        var colocated: Bool
        var position: Int

        init(_ token: Token) {
            (text, start, end, colocated, position) = (
                token.text, token.start, token.end, token.isColocated, token.position
            )
        }
        init(from decoder: any Decoder) throws {
            var array = try decoder.unkeyedContainer()
            text = try array.decode(String.self)
            start = try array.decode(Int.self)
            end = try array.decode(Int.self)
            colocated = try array.decode(Int.self) != 0
            position = try array.decode(Int.self)
        }
        func encode(to encoder: any Encoder) throws {
            var array = encoder.unkeyedContainer()
            try array.encode(text)
            try array.encode(start)
            try array.encode(end)
            try array.encode(colocated ? 1 : 0)
            try array.encode(position)
        }
    }

    /// `[[engine indices], record]`.
    struct Entry: Codable, Equatable {
        var engines: [Int]
        var record: Record

        init(engines: [Int], record: Record) { (self.engines, self.record) = (engines, record) }
        init(from decoder: any Decoder) throws {
            var array = try decoder.unkeyedContainer()
            engines = try array.decode([Int].self)
            record = try array.decode(Record.self)
        }
        func encode(to encoder: any Encoder) throws {
            var array = encoder.unkeyedContainer()
            try array.encode(engines)
            try array.encode(record)
        }
    }

    /// What one engine's cells of one case and tokenizer say (two engines agree when these are
    /// equal): `[results, expected, violations, document streams, query streams, wordings]`, and
    /// `patterns` last when an app's query kind ran (a matrix of the bench's kinds leaves it out).
    struct Record: Codable, Equatable {
        /// Each sub-cell's verdict, as one digit: its index in `verdicts`.
        var results = ""
        /// The same for the fixture's expectation, or `-` for none.
        var expected = ""
        /// `1` where the sub-cell contradicts the fixture, else `0`.
        var violations = ""
        /// Per form pair, indices into `streams`.
        var documentTokens: [Int] = []
        var queryTokens: [Int] = []
        /// Each sub-cell's `MatchVerdict.wording` where its verdict has a message (an error, a
        /// lost or an unsupported cell), else ""; empty when no sub-cell has one.
        var wordings: [String] = []
        /// Each sub-cell's MATCH expression (`MatrixCell.pattern`, "" for none), when the matrix
        /// ran an app's query kind; empty otherwise, since the bench's own kinds quote the query.
        var patterns: [String] = []

        /// Whether no sub-cell was run (`MatchVerdict.unsupported`).
        var isUnsupported: Bool { results.allSatisfy { $0 == ReportMatrixData.digit(.unsupported) } }

        init(_ cells: [MatrixCell], pairs: Int, withPatterns: Bool, intern: ([Token]) -> Int) {
            for cell in cells {
                results.append(ReportMatrixData.digit(cell.result.code))
                expected.append(cell.expected.map(ReportMatrixData.digit) ?? "-")
                violations += cell.violatesExpectation ? "1" : "0"
                wordings.append(cell.result.message == nil ? "" : cell.result.wording)
            }
            if wordings.allSatisfy(\.isEmpty) { wordings = [] }
            if withPatterns { patterns = cells.map { $0.pattern ?? "" } }
            // Tokens depend on the form pair only: the first query kind's cells hold them.
            documentTokens = cells.prefix(pairs).map { intern($0.documentTokens) }
            queryTokens = cells.prefix(pairs).map { intern($0.queryTokens) }
        }
        init(from decoder: any Decoder) throws {
            var array = try decoder.unkeyedContainer()
            results = try array.decode(String.self)
            expected = try array.decode(String.self)
            violations = try array.decode(String.self)
            documentTokens = try array.decode([Int].self)
            queryTokens = try array.decode([Int].self)
            wordings = try array.decode([String].self)
            if !array.isAtEnd { patterns = try array.decode([String].self) }
        }
        func encode(to encoder: any Encoder) throws {
            var array = encoder.unkeyedContainer()
            try array.encode(results)
            try array.encode(expected)
            try array.encode(violations)
            try array.encode(documentTokens)
            try array.encode(queryTokens)
            try array.encode(wordings)
            if !patterns.isEmpty { try array.encode(patterns) }
        }
    }

    /// A verdict's digit in a record: its index in `MatchVerdict.Code.allCases`.
    static func digit(_ code: MatchVerdict.Code) -> Character {
        Character(String(MatchVerdict.Code.allCases.firstIndex(of: code)!))
    }

    init(matrix: MatchMatrix, groups: [HTMLReport.CaseGroup]) {
        engines = matrix.engines
        tokenizers = matrix.tokenizers.filter { name in matrix.columns.contains { $0.tokenizer == name } }
        kinds = matrix.queryKinds.map(\.rawValue)
        pairs = matrix.formPairs.map(\.description)
        verdicts = MatchVerdict.Code.allCases
        marks = Dictionary(
            uniqueKeysWithValues: HTMLReport.CellMark.all.map { ($0.className, [$0.glyph, $0.wording]) })
        categories = []
        cases = []
        streams = []
        cells = []
        invisible = [:]
        var streamIndex: [[Token]: Int] = [:]
        let withPatterns = matrix.queryKinds.contains { !$0.isBenchQuery }

        func noteInvisible(_ text: String) {
            for scalar in text.unicodeScalars {
                guard let label = HTML.invisibleLabel(scalar) else { continue }
                let code = CodePoint.hexDigits(scalar.value)
                if invisible[code] == nil {
                    invisible[code] = [label, scalar.properties.name ?? scalar.properties.nameAlias ?? ""]
                }
            }
        }
        func intern(_ tokens: [Token]) -> Int {
            if let index = streamIndex[tokens] { return index }
            streamIndex[tokens] = streams.count
            streams.append(tokens.map(StreamToken.init))
            for token in tokens { noteInvisible(token.text) }
            return streams.count - 1
        }

        for group in groups {
            let matchCase = group.matchCase
            if !categories.contains(matchCase.category) { categories.append(matchCase.category) }
            let document = group.byColumn.first?.first?.document ?? matchCase.document
            let query = group.byColumn.first?.first?.query ?? matchCase.query
            for text in [document, query, matchCase.note] { noteInvisible(text) }
            cases.append(
                Case(
                    id: matchCase.id, category: categories.firstIndex(of: matchCase.category)!, document: document,
                    query: query, note: matchCase.note,
                    locales: [matchCase.documentLocale ?? "", matchCase.queryLocale ?? ""]))
            var row: [[Entry]] = []
            for tokenizer in tokenizers {
                // The record of each engine that ran this case with this tokenizer, in engine order.
                var records: [(engine: Int, record: Record)] = []
                for (engineIndex, engine) in engines.enumerated() {
                    guard
                        let column = matrix.columns.firstIndex(where: {
                            $0.tokenizer == tokenizer && $0.engine == engine
                        })
                    else { continue }
                    records.append(
                        (
                            engineIndex,
                            Record(
                                group.byColumn[column], pairs: matrix.formPairs.count, withPatterns: withPatterns,
                                intern: intern)
                        ))
                }
                // An engine that could run none of the case (a locale before SQLite 3.47) gave no
                // verdict to differ from: the cell shows the others' ("bundled only"), and the
                // engine's own cell only when no engine could run it.
                let judged = records.filter { !$0.record.isUnsupported }
                if !judged.isEmpty { records = judged }
                let agree = records.dropFirst().allSatisfy { $0.record == records[0].record }
                row.append(
                    agree
                        ? (records.first.map { [Entry(engines: records.map(\.engine), record: $0.record)] } ?? [])
                        : records.map { Entry(engines: [$0.engine], record: $0.record) })
            }
            cells.append(row)
        }
    }

    /// The JSON text, safe inside a `<script>` element: every `<`, `>` and `&` (which JSON only
    /// holds inside strings) is written as a `\u` escape, so no text can close the element.
    func embeddableText() -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        let data = (try? encoder.encode(self)) ?? Data("{}".utf8)
        var text = ""
        text.reserveCapacity(data.count)
        for scalar in String(decoding: data, as: UTF8.self).unicodeScalars {
            switch scalar {
            case "<": text += "\\u003c"
            case ">": text += "\\u003e"
            case "&": text += "\\u0026"
            case "\u{2028}": text += "\\u2028"
            case "\u{2029}": text += "\\u2029"
            default: text.unicodeScalars.append(scalar)
            }
        }
        return text
    }
}
