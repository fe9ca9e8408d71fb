import Foundation

/// The match matrix as the report's script reads it: compact JSON, embedded once in the page.
///
/// Arrays rather than objects keep the page small. The members:
/// - `kinds`, `pairs`: the query kinds and form pairs. A cell's sub-cells are kind-major, as in
///   the matrix: sub-cell `k * pairs.count + p`.
/// - `engines`, `tokenizers` (one column each, whatever the engines), `categories`.
/// - `cases`: `[id, category index, document, query, note, [document locale, query locale]]`
///   (a locale is "" for none), categories together.
/// - `streams`: every distinct token stream once, each token `[text, start, end, colocated,
///   position]` (colocated is 0 or 1; offsets are UTF-8 byte offsets into the text).
/// - `cells[case][tokenizer]`: `[[engine indices], record]` entries. One entry names every engine
///   that ran the cell when they agree on it; when they differ, one entry per engine. An empty
///   list: no engine ran it.
/// - a record: `[results, expected, violations, document streams, query streams, errors]`:
///   `results` one letter per sub-cell (`m` match, `n` no match, `e` error); `expected` the same
///   or `-` for none; `violations` `1` where the sub-cell contradicts the fixture; the streams per
///   form pair (indices into `streams`); `errors` FTS5's message per sub-cell, "" for none.
/// - `invisible`: per code point (hex) that the texts hold and that does not show, `[label,
///   name]`: the label to show (empty for a combining mark, drawn on a dotted circle) and its
///   Unicode name, so the script needs no Unicode tables.
struct ReportMatrixData {
    private(set) var json: [String: Any] = [:]

    init(matrix: MatchMatrix, groups: [HTMLReport.CaseGroup]) {
        let engines = matrix.engines
        let tokenizers = matrix.tokenizers.filter { name in matrix.columns.contains { $0.tokenizer == name } }
        var categories: [String] = []
        var streamIndex: [[Token]: Int] = [:]
        var streams: [[Any]] = []
        var invisible: [String: [String]] = [:]

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
            streams.append(tokens.map { [$0.text, $0.start, $0.end, $0.isColocated ? 1 : 0, $0.position] as [Any] })
            for token in tokens { noteInvisible(token.text) }
            return streams.count - 1
        }

        var cases: [[Any]] = []
        var cells: [[[[Any]]]] = []
        for group in groups {
            let matchCase = group.matchCase
            if !categories.contains(matchCase.category) { categories.append(matchCase.category) }
            let document = group.byColumn.first?.first?.document ?? matchCase.document
            let query = group.byColumn.first?.first?.query ?? matchCase.query
            for text in [document, query, matchCase.note] { noteInvisible(text) }
            cases.append([
                matchCase.id, categories.firstIndex(of: matchCase.category)!, document, query, matchCase.note,
                [matchCase.documentLocale ?? "", matchCase.queryLocale ?? ""],
            ])
            var row: [[[Any]]] = []
            for tokenizer in tokenizers {
                // The record of each engine that ran this case with this tokenizer, in engine order.
                var records: [(engine: Int, record: Record)] = []
                for (engineIndex, engine) in engines.enumerated() {
                    guard
                        let column = matrix.columns.firstIndex(where: {
                            $0.tokenizer == tokenizer && $0.engine == engine
                        })
                    else { continue }
                    records.append((engineIndex, Record(group.byColumn[column], pairs: matrix.formPairs.count)))
                }
                // An engine that could run none of the case (a locale before SQLite 3.47) gave no
                // verdict to differ from: the cell shows the others' ("bundled only"), and the
                // engine's own cell only when no engine could run it.
                let judged = records.filter { !$0.record.isUnsupported }
                if !judged.isEmpty { records = judged }
                let agree = records.dropFirst().allSatisfy { $0.record == records[0].record }
                let entries: [[Any]] =
                    agree
                    ? (records.first.map { [[records.map(\.engine), $0.record.json(intern)]] } ?? [])
                    : records.map { [[$0.engine], $0.record.json(intern)] }
                row.append(entries)
            }
            cells.append(row)
        }
        json = [
            "kinds": matrix.queryKinds.map(\.rawValue), "pairs": matrix.formPairs.map(\.description),
            "engines": engines, "tokenizers": tokenizers, "categories": categories, "cases": cases,
            "streams": streams, "cells": cells, "invisible": invisible,
        ]
    }

    /// What one engine's cells of one case and tokenizer say: two engines agree when these are
    /// equal.
    private struct Record: Equatable {
        var results = ""
        var expected = ""
        var violations = ""
        var documentTokens: [[Token]] = []
        var queryTokens: [[Token]] = []
        var errors: [String] = []

        /// Whether no sub-cell was run (`CellResult.unsupported`).
        var isUnsupported: Bool { results.allSatisfy { $0 == "s" } }

        init(_ cells: [MatrixCell], pairs: Int) {
            for cell in cells {
                switch cell.result {
                case .matched: results += "m"
                case .notMatched: results += "n"
                case .error, .lost: results += "e"
                case .unsupported: results += "s"
                }
                switch cell.expected {
                case .match?: expected += "m"
                case .nomatch?: expected += "n"
                case .error?: expected += "e"
                case nil: expected += "-"
                }
                violations += cell.violatesExpectation ? "1" : "0"
                errors.append(cell.result.errorColumn)
            }
            // Tokens depend on the form pair only: the first query kind's cells hold them.
            documentTokens = cells.prefix(pairs).map(\.documentTokens)
            queryTokens = cells.prefix(pairs).map(\.queryTokens)
        }

        func json(_ intern: ([Token]) -> Int) -> [Any] {
            [
                results, expected, violations, documentTokens.map(intern), queryTokens.map(intern),
                errors.allSatisfy(\.isEmpty) ? [String]() : errors,
            ]
        }
    }

    /// The JSON text, safe inside a `<script>` element: every `<`, `>` and `&` (which JSON only
    /// holds inside strings) is written as a `\u` escape, so no text can close the element.
    func embeddableText() -> String {
        let data = (try? JSONSerialization.data(withJSONObject: json, options: [.sortedKeys])) ?? Data("{}".utf8)
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
