import Foundation
import TokenBenchEngines

/// One direction of an upgrade check: the engine that builds an index file, and the one that
/// opens it afterwards.
package struct UpgradeDirection: Hashable, Sendable, CustomStringConvertible {
    package var from: SQLiteEngine
    package var to: SQLiteEngine

    package init(from: SQLiteEngine, to: SQLiteEngine) {
        self.from = from
        self.to = to
    }

    /// The direction and its reverse: an upgrade and the downgrade back.
    package static func bothWays(_ from: SQLiteEngine, _ to: SQLiteEngine) -> [UpgradeDirection] {
        [UpgradeDirection(from: from, to: to), UpgradeDirection(from: to, to: from)]
    }

    package var description: String { "\(from.name) → \(to.name)" }
}

extension Workbench {
    /// Whether an FTS5 index made with each of `specs` survives a change of SQLite, in each
    /// direction: the `from` engine builds an index of `inputs` in a database file and answers
    /// every query, then closes the file; the `to` engine opens the same file, runs FTS5's
    /// `integrity-check` (which tokenizes the stored text again and compares it with the index)
    /// and answers the same queries. The first document whose tokens differ between the engines
    /// is found once per tokenizer, and is the same in both directions.
    ///
    /// Each tokenizer is an `UpgradeUnit`, in a worker when the workbench isolates: a document on
    /// which the tokenizer (or FTS5 on its output) crashes or hangs is left out, and the row's
    /// `error` says so. Rows come by tokenizer, then direction. The files go in `directory` and
    /// are deleted afterwards.
    package func upgrade(
        of specs: [TokenizerSpec], inputs: UpgradeInputs, directions: [UpgradeDirection],
        directory: URL = FileManager.default.temporaryDirectory, progress: ((String) -> Void)? = nil
    ) throws -> UpgradeReport {
        guard !directions.isEmpty else { return UpgradeReport(rows: []) }
        let units = specs.map {
            UpgradeUnit(spec: $0, inputs: inputs, directions: directions, directory: directory.path)
        }
        progress?(
            "upgrade: \(specs.count) tokenizers, \(inputs.documents.count) documents, \(directions.count) directions")
        // A worker that died leaves its index file behind.
        defer {
            for unit in units {
                for index in directions.indices {
                    EngineConnection.removeDatabaseFiles(at: unit.path(ofDirection: index))
                }
            }
        }
        var report = UpgradeReport(rows: [])
        for (unit, result) in zip(units, try run(units)) {
            let outputs = try result.get()
            let engines = "\(directions[0].from.name) and \(directions[0].to.name)"
            report.losses.record(result, tokenizer: unit.spec.name, engine: engines)
            for (index, direction) in directions.enumerated() {
                let row = Self.upgradeRow(
                    of: unit, direction: direction, index: index, result: result, outputs: outputs)
                progress?("upgrade: \(unit.spec.name): \(direction): \(row.isIntact ? "intact" : "not intact")")
                report.rows.append(row)
            }
        }
        return report
    }

    /// The row of one direction, from the unit's outputs, with the deaths on its inputs (and on
    /// the engines' comparison) in `error`.
    private static func upgradeRow(
        of unit: UpgradeUnit, direction: UpgradeDirection, index: Int, result: UnitResult<UpgradeUnit.Output>,
        outputs: [Int: UpgradeUnit.Output]
    ) -> UpgradeRow {
        let inputs = unit.inputs(ofDirection: index)
        var row = UpgradeRow(
            tokenizer: unit.spec.name, from: direction.from.name, to: direction.to.name,
            fromVersion: direction.from.sqliteVersion, toVersion: direction.to.sqliteVersion, wasBuilt: false,
            isIntact: false, integrityError: "", rebuildRepairs: nil, queriesDiffering: [], firstDifference: "",
            documents: unit.documents.count, queries: unit.queries.count, error: "", locale: unit.locale ?? "",
            tokendata: unit.tokendata)
        if case .difference(let difference) = outputs[unit.comparisonInput] { row.firstDifference = difference ?? "" }
        let deaths = result.deaths.filter { death in
            death.input.map { $0 <= unit.comparisonInput || inputs.contains($0) } ?? true
        }.map(\.death)
        var errors = deaths.map(\.description)
        row.losses = deaths.map(\.loss.code)
        if case .built(.failed(let message)) = outputs[unit.queriesInput(ofDirection: index)] {
            row.integrityError = "indexing on \(direction.from.name) fails: \(message)"
        } else if case .built(.unsupported(let reason)) = outputs[unit.queriesInput(ofDirection: index)] {
            errors.append("not built on \(direction.from.name): \(reason)")
        } else if case .opened(let opened) = outputs[unit.openingInput(ofDirection: index)] {
            // The verdict stands without the queries on `from` (a death there): only the
            // comparison of answers is then missing.
            row.wasBuilt = true
            row.isIntact = opened.integrityError == nil
            row.integrityError = opened.integrityError ?? ""
            row.rebuildRepairs = opened.rebuildRepairs
            if case .built(.answered(let before)) = outputs[unit.queriesInput(ofDirection: index)] {
                row.queriesDiffering = zip(unit.queries, zip(before, opened.answers)).filter { $1.0 != $1.1 }.map(
                    \.0.label)
            }
        }
        if row.integrityError.isEmpty, !row.wasBuilt, errors.isEmpty {
            errors.append(result.stopLoss.wording)
            row.losses.append(result.stopLoss.code)
        }
        row.error = errors.joined(separator: "; ")
        return row
    }
}

/// What `Workbench.upgrade` found: a row per tokenizer and direction, and every worker death.
package struct UpgradeReport: Sendable, ReportsRunLosses {
    package internal(set) var rows: [UpgradeRow]
    package internal(set) var losses = RunLosses()
}

extension Workbench {
    /// The first document whose document-mode tokens differ between `a` and `b` in what the
    /// index stores (bytes, positions, colocation), described with the bytes around the first
    /// differing token; when there is none, the first whose offsets alone differ (they change
    /// highlight() and snippet(), not the index), marked `offsets only`; nil when the engines
    /// tokenize every document alike. A call that fails on one engine only differs too.
    /// Documents whose index is in `skipping` are left out; `progress` hears each one's index
    /// before it is tokenized. With a `locale`, both tokenizers are given it on every call, as a
    /// `locale=1` table's values are (both engines must take locales).
    func firstTokenDifference(
        of spec: TokenizerSpec, locale: String? = nil, in documents: [UpgradeInputs.Document],
        between a: SQLiteEngine, and b: SQLiteEngine, skipping: Set<Int> = [], progress: (Int) -> Void = { _ in }
    ) throws -> String? {
        try withConnection(a) { connectionA in
            let tokenizerA = try TokenizerOnConnection(spec: spec, locale: locale, in: connectionA)
            return try withConnection(b) { connectionB in
                let tokenizerB = try TokenizerOnConnection(spec: spec, locale: locale, in: connectionB)
                var offsetsOnly: String?
                for (index, document) in documents.enumerated() where !skipping.contains(index) {
                    progress(index)
                    let tokensA = Result { try tokenizerA.tokens(of: document.bytes, mode: .document) }
                    let tokensB = Result { try tokenizerB.tokens(of: document.bytes, mode: .document) }
                    if let difference = Self.describeDifference(
                        in: document, a: (a, tokensA), b: (b, tokensB), comparing: Self.indexedContent)
                    {
                        return difference
                    }
                    if offsetsOnly == nil {
                        offsetsOnly = Self.describeDifference(
                            in: document, a: (a, tokensA), b: (b, tokensB), comparing: { $0 }
                        ).map { "offsets only: " + $0 }
                    }
                }
                return offsetsOnly
            }
        }
    }

    /// What an FTS5 index keeps of a token: its bytes, position and colocation, not its offsets.
    private static func indexedContent(_ token: Token) -> Token {
        Token(position: token.position, bytes: token.bytes, start: 0, end: 0, isColocated: token.isColocated)
    }

    private static func describeDifference(
        in document: UpgradeInputs.Document, a: (SQLiteEngine, Result<[Token], any Error>),
        b: (SQLiteEngine, Result<[Token], any Error>), comparing key: (Token) -> Token
    ) -> String? {
        func side(_ engine: SQLiteEngine, _ result: Result<[Token], any Error>, from index: Int) -> String {
            let name = "\(engine.name) (\(engine.sqliteVersion))"
            switch result {
            case .failure(let error): return "\(name) fails: \(TokenizerOnConnection.message(of: error))"
            case .success(let tokens):
                let shown = tokens.dropFirst(index).prefix(4).map {
                    "\(ByteEscaping.display($0.bytes, escaping: [0x20]))@\($0.start)-\($0.end)"
                }
                let more = tokens.count > index + 4 ? " …" : ""
                return
                    "\(name) \(tokens.count) tokens, from token \(index + 1) [\(shown.joined(separator: " "))\(more)]"
            }
        }
        switch (a.1, b.1) {
        case (.success(let tokensA), .success(let tokensB)):
            guard tokensA.map(key) != tokensB.map(key) else { return nil }
            let shared = min(tokensA.count, tokensB.count)
            let index = (0..<shared).first { key(tokensA[$0]) != key(tokensB[$0]) } ?? shared
            let offset =
                (index < tokensA.count ? tokensA[index].start : nil)
                ?? (index < tokensB.count ? tokensB[index].start : 0)
            let clamped = min(max(0, offset), document.bytes.count)
            let window = document.bytes[max(0, clamped - 8)..<min(document.bytes.count, clamped + 16)]
            return "\(document.label), byte \(clamped) '\(ByteEscaping.display(window))': "
                + "\(side(a.0, a.1, from: index)); \(side(b.0, b.1, from: index))"
        case (.failure, .failure):
            return nil
        default:
            let window = document.bytes.prefix(24)
            return
                "\(document.label) '\(ByteEscaping.display(window))': \(side(a.0, a.1, from: 0)); \(side(b.0, b.1, from: 0))"
        }
    }
}
