import Foundation
import TokenBenchEngines

extension AdviceReport {
    /// The profile, the classes, the answer and how to use it, as Markdown sections: what
    /// `tokenbench advise` prints on stderr (or on stdout with `--format markdown`).
    public var summary: String {
        var text = "## Corpus\n\n" + profile.lines.map { "- \($0)\n" }.joined()
        if !linesNotUTF8.isEmpty {
            text += "- lines skipped, not UTF-8: \(linesNotUTF8.prefix(5).map(\.description).joined(separator: ", "))"
            text += linesNotUTF8.count > 5 ? " and \(linesNotUTF8.count - 5) more\n" : "\n"
        }
        text += "\n## Known-item queries\n\n"
        text += "\(queries.count) queries, by how users type (class: weight in the score, queries):\n\n"
        for (variant, weight) in weights {
            text +=
                "- \(variant.rawValue): \(String(format: "%.3f", weight)), \(queries.filter { $0.variant == variant }.count)\n"
        }
        text += "\n## Advice (decided on \(decidingEngine))\n\n"
        if let targetEngineNote { text += "- \(targetEngineNote)\n" }
        guard let recommended else {
            text += (noAnswer ?? "no answer") + "\n"
            return text
        }
        text += "- **recommended**: \(describe(recommended))\n"
        if let runnerUp { text += "- runner-up: \(describe(runnerUp))\n" }
        for sentence in classFailures { text += "- tied, but failing a typing class: \(sentence)\n" }
        if nothingMatched { text += "- warning: no candidate found any known item in its first ten results\n" }
        text += "\n" + usage(of: recommended)
        if !avoid.isEmpty {
            text += "\n### What to avoid, measured on this corpus\n\n" + avoid.map { "- \($0)\n" }.joined()
        }
        if logQueries > 0 { text += "\n" + logSection(recommended: recommended) }
        return text
    }

    /// The query log's figures for the recommended candidate and the runner-up, their
    /// agreement, and the queries where they disagree most.
    private func logSection(recommended: Choice) -> String {
        var text = "## The query log\n\n\(logQueries) queries, \(logSearches) searches.\n\n"
        if logMatchedNothing { text += "- warning: no candidate returns anything for any logged query\n" }
        for choice in [recommended, runnerUp].compactMap({ $0 }) {
            guard
                let row = rows.first(where: {
                    $0.tokenizer == choice.tokenizer && $0.queryKind == choice.queryKind && $0.engine == choice.engine
                        && $0.variant == "log"
                })
            else { continue }
            text +=
                "- \(choice.tokenizer) with \(choice.queryKind.rawValue): \(row.silentMisses) of \(logQueries) queries find nothing; \(row.overMatches ?? 0) find far more than the reference (NFKC case-folded, without diacritics, at word starts)\n"
        }
        if let runnerUp,
            let pair = agreement.first(where: { row in
                row.engine == recommended.engine && row.queryKind == recommended.queryKind
                    && Set([row.tokenizerA, row.tokenizerB]) == Set([recommended.tokenizer, runnerUp.tokenizer])
            }), recommended.queryKind == runnerUp.queryKind
        {
            text +=
                "- agreement of the two (top ten, weighted by searches): Jaccard \(String(format: "%.3f", pair.jaccard)), RBO \(String(format: "%.3f", pair.rankBiasedOverlap)), frequency-weighted \(String(format: "%.3f", pair.frequencyWeighted))\n"
        }
        if !disagreements.isEmpty {
            text += "\n### Where the two disagree most\n\n" + disagreements.map { "- \($0)\n" }.joined()
        }
        return text
    }

    private func row(of choice: Choice) -> AdviceRow? {
        rows.first {
            $0.tokenizer == choice.tokenizer && $0.queryKind == choice.queryKind && $0.engine == choice.engine
                && $0.variant == "all"
        }
    }

    private func describe(_ choice: Choice) -> String {
        guard let row = row(of: choice) else { return "\(choice.tokenizer) with \(choice.queryKind.rawValue)" }
        let bytes = row.indexBytes.map { "index \($0) bytes, " } ?? ""
        return
            "`\(choice.spec)` with \(choice.queryKind.rawValue): score \(String(format: "%.3f", row.score)), R@10 \(String(format: "%.3f", row.recall10 ?? 0)), \(row.silentMisses) silent misses, \(bytes)p50 \(String(format: "%.0f", row.p50Microseconds)) µs; needs SQLite \(row.needsSQLite)\(row.portable ? ", portable" : ", not portable"); \(row.why)"
    }

    /// The `tokenize=` text, GRDB code that registers, creates and queries, and the Python and
    /// sqlite3 shell lines that load the extension where the tokenizer is one TokenBench ships.
    private func usage(of choice: Choice) -> String {
        let builtIn = TokenizerCatalog.builtIns.contains { $0.spec.text == choice.spec }
        let components =
            TokenizeOptionWords.split(Array(choice.spec.utf8))?.map { String(decoding: $0, as: UTF8.self) }
            ?? [choice.spec]
        let swiftComponents = components.map { "\"" + $0.replacingOccurrences(of: "\"", with: "\\\"") + "\"" }
            .joined(separator: ", ")
        // The table the bench measured the tokenizer in, as an app's own schema writes it. A spec
        // holds no NUL: the bench made its tables with it.
        let table = FTS5TableRecipe(
            schema: "", name: "documents", columns: [.indexed("title"), .indexed("text")],
            tokenizer: try? FTS5TableRecipe.Tokenizer(choice.spec))
        var text = "### How to use it\n\nSQL:\n\n```sql\n\(table.create);\n```\n\n"
        text += "Swift, with GRDB:\n\n```swift\n"
        if !builtIn {
            text +=
                "// import TokenBenchTokenizers; on every connection:\nconfiguration.prepareDatabase { db in try db.addTokenBenchTokenizers() }\n"
        }
        text += "let tokenizer = FTS5TokenizerDescriptor(components: [\(swiftComponents)])\n"
        text +=
            "try db.create(virtualTable: \"documents\", using: FTS5()) { t in\n    t.tokenizer = tokenizer\n    t.column(\"title\")\n    t.column(\"text\")\n}\n"
        switch choice.queryKind {
        case .typedAll, .typedAny, .typedPrefixes, .typedPhrase:
            let kind = choice.queryKind.typedKind.map { "." + $0.rawValue } ?? ".all"
            text += "let pattern = try db.makeFTS5Pattern(typed: searchText, kind: \(kind), tokenizer: tokenizer)\n"
        case .grdbAll: text += "let pattern = FTS5Pattern(matchingAllTokensIn: searchText)\n"
        case .grdbAny: text += "let pattern = FTS5Pattern(matchingAnyTokenIn: searchText)\n"
        case .grdbPrefixes: text += "let pattern = FTS5Pattern(matchingAllPrefixesIn: searchText)\n"
        case .grdbPhrase: text += "let pattern = FTS5Pattern(matchingPhrase: searchText)\n"
        case .grdbPrefixPhrase: text += "let pattern = FTS5Pattern(matchingPrefixPhrase: searchText)\n"
        default: text += "// the query kind \(choice.queryKind.rawValue): Documentation/Queries.md\n"
        }
        text += "```\n"
        if !builtIn {
            text +=
                "\nPython and the sqlite3 shell load the extension (`swift build -c release --product TokenBenchFTS5`):\n\n"
            text +=
                "```python\ndb.enable_load_extension(True)\ndb.load_extension(\".build/release/libTokenBenchFTS5.so\")\n```\n\n"
            text += "```\nsqlite> .load .build/release/libTokenBenchFTS5.so\n```\n"
        }
        return text
    }
}
