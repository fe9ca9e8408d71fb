import Foundation
import TokenBenchEngines

/// What `Workbench.advise` found: the corpus's profile, the typing classes and their weights,
/// a row per candidate × engine × query kind × class (and `all`), and the answer.
public struct AdviceReport: Sendable, ReportsRunLosses {
    /// One candidate: a tokenizer with a query kind, on an engine.
    package struct Choice: Sendable, Equatable {
        package var tokenizer: String
        package var spec: String
        package var queryKind: SearchQueryKind
        package var engine: String
    }

    package internal(set) var profile: CorpusProfile
    package internal(set) var weights: [(variant: TypingVariant, weight: Double)]
    package internal(set) var queries: [KnownItemQuery]
    package internal(set) var rows: [AdviceRow]
    package internal(set) var recommended: Choice?
    package internal(set) var runnerUp: Choice?
    /// The engine the answer was decided on, and why there is none when nothing qualified.
    package internal(set) var decidingEngine: String
    /// Where the advice is decided with targets or `--min-sqlite`: on an engine of the app's
    /// oldest SQLite, or, when none is built, why not.
    package internal(set) var targetEngineNote: String?
    package internal(set) var noAnswer: String?
    /// What to avoid, with the figure measured on this corpus, one sentence each.
    package internal(set) var avoid: [String]
    /// The tied candidates that fail a typing class, one sentence each.
    package internal(set) var classFailures: [String] = []
    package internal(set) var skipped: [TokenizerPlan.Skip]
    public internal(set) var losses: RunLosses
    package internal(set) var linesNotUTF8: [SourceLocation]
    /// With a query log: one row per pair of candidates on the same engine and kind, the log's
    /// size, and where the recommended and the runner-up disagree most, one sentence each.
    package internal(set) var agreement: [AgreementRow] = []
    package internal(set) var logQueries = 0
    package internal(set) var logSearches = 0
    package internal(set) var disagreements: [String] = []
    /// Whether a query log was given and no candidate returned anything for any of its queries.
    package internal(set) var logMatchedNothing = false
    /// Whether no candidate found any known item with any query kind.
    package var nothingMatched: Bool { !rows.contains { $0.variant == "all" && ($0.recall10 ?? 0) > 0 } }

    /// The rows as `tokenbench advise` writes them (Documentation/Advice.md defines each column).
    public var table: CSVTable { AdviceRow.csvTable(rows) }

    /// The agreement of each pair of candidates over the query log, as `--agreement` writes it.
    public var agreementTable: CSVTable { AgreementRow.csvTable(agreement) }

    /// The significance level below which a candidate is worse than the best.
    static let significance = 0.05
    /// A class with fewer queries is not tested on its own.
    static let minimumClassQueries = 5

    /// The query log as `decide` needs it: its queries (ranked after the known items, in this
    /// order), how many documents the reference matches for each, and a few words of each
    /// document to show.
    struct LogInput {
        var entries: [QueryLog.Entry] = []
        var referenceCounts: [Int] = []
        var snippets: [String: String] = [:]
    }

    /// One candidate × engine × kind as measured: its quality row, its outcomes on the known
    /// items and on the log, and its per-query RR@10 weighted by class, whose mean is its score.
    struct Measured {
        var row: QualityRow
        var outcomes: ArraySlice<QueryOutcome>
        var logOutcomes: ArraySlice<QueryOutcome>
        var weighted: [Double]
        var score: Double
    }

    static func decide(
        quality: QualityReport, queries: [KnownItemQuery], weights: [(TypingVariant, Double)],
        profile: CorpusProfile, options: AdviceOptions, target: (engine: String?, note: String?) = (nil, nil),
        linesNotUTF8: [SourceLocation], log: LogInput = LogInput()
    ) -> AdviceReport {
        let measured = measure(quality, queries: queries, weights: weights, log: log)
        let decidingEngine = decidingEngine(of: measured.map(\.row), target: target.engine)
        var report = AdviceReport(
            profile: profile, weights: weights.map { (variant: $0.0, weight: $0.1) }, queries: queries, rows: [],
            recommended: nil, runnerUp: nil, decidingEngine: decidingEngine, noAnswer: nil, avoid: [],
            skipped: quality.skipped, losses: quality.losses, linesNotUTF8: linesNotUTF8)
        report.targetEngineNote = target.note

        // The answer, on the deciding engine, among the candidates no target excludes.
        let eligible = measured.filter { $0.row.engine == decidingEngine && exclusion(of: $0.row, options) == nil }
        var advice: [String: (mark: String, why: String)] = [:]
        if let best = eligible.max(by: { $0.score < $1.score }) {
            let decision = choose(from: eligible, best: best, queries: queries, options: options)
            advice[decision.winner.row.key] = ("recommended", decision.winnerWhy)
            report.recommended = choice(decision.winner.row)
            report.classFailures = decision.classFailures
            if let second = decision.second {
                advice[second.row.key] = ("runner-up", decision.secondWhy)
                report.runnerUp = choice(second.row)
            }
            report.avoid = avoidances(
                measured: measured.map { ($0.row, $0.outcomes) }, winner: decision.winner.row, queries: queries)
        } else {
            report.noAnswer =
                measured.isEmpty
                ? "no candidate ran"
                : "every candidate on \(decidingEngine) is excluded by the targets or killed a worker"
        }

        // The best per engine and kind, for each row's p-value.
        var bestByGroup: [String: Measured] = [:]
        for candidate in measured {
            let group = "\(candidate.row.engine) \(candidate.row.queryKind.rawValue)"
            if bestByGroup[group].map({ candidate.score > $0.score }) ?? true { bestByGroup[group] = candidate }
        }
        for candidate in measured {
            let row = candidate.row
            let pValue = bestByGroup["\(row.engine) \(row.queryKind.rawValue)"].flatMap {
                Self.pValue(of: candidate, against: $0, options: options)
            }
            let mark = advice[row.key] ?? (exclusion(of: row, options).map { ("excluded", $0) } ?? ("", ""))
            report.rows += rows(
                of: candidate, pValue: pValue, advice: mark, queries: queries, weights: weights, log: log)
        }
        if !log.entries.isEmpty { report.addLogFigures(measured, log: log) }
        return report
    }

    /// Each quality row with its slices of the outcomes (the known items, then the log's queries),
    /// and its per-query RR@10 weighted by class, whose mean is its score.
    private static func measure(
        _ quality: QualityReport, queries: [KnownItemQuery], weights: [(TypingVariant, Double)], log: LogInput
    ) -> [Measured] {
        let weightOf = Dictionary(uniqueKeysWithValues: weights.map { ($0.0, $0.1) })
        let classCounts = Dictionary(grouping: queries, by: \.variant).mapValues(\.count)
        // Per query, its class's weight spread over the class's queries: the mean of RR@10 times
        // these is the score.
        let queryWeights = queries.map { query in
            weightOf[query.variant, default: 0] * Double(queries.count) / Double(classCounts[query.variant] ?? 1)
        }
        let count = queries.count
        let perRow = count + log.entries.count
        return quality.rows.enumerated().map { index, row -> Measured in
            let outcomes = quality.outcomes[(index * perRow)..<(index * perRow + count)]
            let logOutcomes = quality.outcomes[(index * perRow + count)..<((index + 1) * perRow)]
            let weighted = zip(outcomes, queryWeights).map { $0.metrics.reciprocalRank10 * $1 }
            return Measured(
                row: row, outcomes: outcomes, logOutcomes: logOutcomes, weighted: weighted,
                score: weighted.isEmpty ? 0 : weighted.reduce(0, +) / Double(weighted.count))
        }
    }

    /// Why the targets (or `--min-sqlite`) exclude a candidate on every engine, or that it killed a
    /// worker; nil when it may be recommended.
    private static func exclusion(of row: QualityRow, _ options: AdviceOptions) -> String? {
        let spec = TokenizerSpec(text: row.spec)
        let needs = SQLiteRequirement.minimumVersion(of: spec)
        if let oldest = options.oldestSQLite, oldest.versionOrder.lexicographicallyPrecedes(needs.versionOrder) {
            let which = options.targets.isEmpty ? "--min-sqlite" : "the oldest target"
            return "needs SQLite \(needs); \(which) has \(oldest)"
        }
        if options.needsPortable && !SQLiteRequirement.isPortable(spec) {
            let apple = options.targets.filter(\.portableOnly).map(\.name).joined(separator: ", ")
            return "not in the portable set, which is all \(apple) can ship"
        }
        if !row.error.isEmpty { return "killed a worker: \(row.error)" }
        return nil
    }

    /// The engine decided on: the app's oldest SQLite when it ran, else the oldest of the run.
    private static func decidingEngine(of rows: [QualityRow], target: String?) -> String {
        let engines = Set(rows.map(\.engine))
        if let target, engines.contains(target) { return target }
        return rows.min {
            $0.sqliteVersion.versionOrder.lexicographicallyPrecedes($1.sqliteVersion.versionOrder)
        }?.engine ?? engines.first ?? ""
    }

    /// A candidate's rows: `all`, each typing class, and with a query log, `log`.
    private static func rows(
        of candidate: Measured, pValue: Double?, advice: (mark: String, why: String), queries: [KnownItemQuery],
        weights: [(TypingVariant, Double)], log: LogInput
    ) -> [AdviceRow] {
        let row = candidate.row
        let spec = TokenizerSpec(text: row.spec)
        func line(_ variant: String, weight: Double, indices: [Int]) -> AdviceRow {
            let outcomes = indices.map { candidate.outcomes[candidate.outcomes.startIndex + $0] }
            let n = Double(max(outcomes.count, 1))
            return AdviceRow(
                tokenizer: row.tokenizer, spec: row.spec, engine: row.engine, sqliteVersion: row.sqliteVersion,
                queryKind: row.queryKind, variant: variant, weight: weight, queries: outcomes.count,
                recall10: Double(outcomes.filter { ($0.metrics.firstRelevantRank ?? 11) <= 10 }.count) / n,
                reciprocalRank10: outcomes.map(\.metrics.reciprocalRank10).reduce(0, +) / n,
                silentMisses: outcomes.filter(isSilentMiss).count,
                score: candidate.score, pValue: pValue, indexBytes: row.indexBytes,
                buildSeconds: row.buildSeconds, p50Microseconds: row.p50Microseconds,
                needsSQLite: SQLiteRequirement.minimumVersion(of: spec),
                portable: SQLiteRequirement.isPortable(spec), advice: advice.mark, why: advice.why,
                runFile: row.runFile, error: row.error)
        }
        var rows = [line("all", weight: 1, indices: Array(queries.indices))]
        for (variant, weight) in weights {
            rows.append(
                line(
                    variant.rawValue, weight: weight, indices: queries.indices.filter { queries[$0].variant == variant }
                ))
        }
        if !log.entries.isEmpty {
            var logRow = line("log", weight: 0, indices: [])
            logRow.queries = log.entries.count
            logRow.recall10 = nil
            logRow.reciprocalRank10 = nil
            logRow.silentMisses = candidate.logOutcomes.filter { $0.results == 0 }.count
            logRow.overMatches =
                zip(candidate.logOutcomes, log.referenceCounts).filter {
                    ReferenceMatcher.isOverMatch(results: $0.results, reference: $1)
                }.count
            rows.append(logRow)
        }
        return rows
    }

    /// The query log's size, whether anything matched it, each pair's agreement, and where the
    /// recommended and the runner-up disagree most.
    private mutating func addLogFigures(_ measured: [Measured], log: LogInput) {
        logQueries = log.entries.count
        logSearches = log.entries.map(\.count).reduce(0, +)
        logMatchedNothing = !measured.contains { $0.logOutcomes.contains { $0.results > 0 } }
        agreement = Self.agreementRows(measured.map { ($0.row, $0.logOutcomes) }, log: log)
        if let recommended, let runnerUp,
            let a = measured.first(where: { Self.choice($0.row) == recommended }),
            let b = measured.first(where: { Self.choice($0.row) == runnerUp })
        {
            disagreements = Self.disagreements(a.row, a.logOutcomes, b.row, b.logOutcomes, log: log)
        }
    }

    /// Each pair of candidates on the same engine and kind, their agreement averaged over the
    /// log's queries for which at least one returns something, weighted by the queries' counts.
    private static func agreementRows(_ rows: [(QualityRow, ArraySlice<QueryOutcome>)], log: LogInput) -> [AgreementRow]
    {
        var result: [AgreementRow] = []
        for i in rows.indices {
            for j in rows.indices where j > i {
                let (a, outcomesA) = rows[i]
                let (b, outcomesB) = rows[j]
                guard a.engine == b.engine, a.queryKind == b.queryKind else { continue }
                var figures = (jaccard: 0.0, rbo: 0.0, weighted: 0.0)
                var queries = 0
                var searches = 0
                for (index, entry) in log.entries.enumerated() {
                    let listA = outcomesA[outcomesA.startIndex + index].topDocumentIDs
                    let listB = outcomesB[outcomesB.startIndex + index].topDocumentIDs
                    guard !(listA.isEmpty && listB.isEmpty) else { continue }
                    let weight = Double(entry.count)
                    figures.jaccard += weight * ResultListAgreement.jaccard(listA, listB)
                    figures.rbo += weight * ResultListAgreement.rankBiasedOverlap(listA, listB)
                    figures.weighted += weight * ResultListAgreement.frequencyWeighted(listA, listB)
                    queries += 1
                    searches += entry.count
                }
                let total = Double(max(searches, 1))
                result.append(
                    AgreementRow(
                        runA: a.runFile.isEmpty ? a.key : a.runFile, runB: b.runFile.isEmpty ? b.key : b.runFile,
                        jaccard: figures.jaccard / total, rankBiasedOverlap: figures.rbo / total,
                        frequencyWeighted: figures.weighted / total, queries: queries, searches: searches,
                        tokenizerA: a.tokenizer, tokenizerB: b.tokenizer, engine: a.engine, queryKind: a.queryKind))
            }
        }
        return result
    }

    /// The logged queries on which two candidates' top tens overlap least (Jaccard@10, the more
    /// searched first among equals), with the first results of each: where a person should look.
    private static func disagreements(
        _ a: QualityRow, _ outcomesA: ArraySlice<QueryOutcome>, _ b: QualityRow, _ outcomesB: ArraySlice<QueryOutcome>,
        log: LogInput
    ) -> [String] {
        let scored = log.entries.indices.compactMap { index -> (Int, Double)? in
            let listA = outcomesA[outcomesA.startIndex + index].topDocumentIDs
            let listB = outcomesB[outcomesB.startIndex + index].topDocumentIDs
            guard !(listA.isEmpty && listB.isEmpty) else { return nil }
            return (index, ResultListAgreement.jaccard(listA, listB))
        }
        let least = scored.filter { $0.1 < 1 }.sorted {
            $0.1 != $1.1 ? $0.1 < $1.1 : log.entries[$0.0].count > log.entries[$1.0].count
        }.prefix(5)
        func top(_ outcomes: ArraySlice<QueryOutcome>, _ index: Int) -> String {
            let ids = outcomes[outcomes.startIndex + index].topDocumentIDs.prefix(3)
            guard let first = ids.first else { return "nothing" }
            return ids.joined(separator: ", ") + " (\(first): \"\(log.snippets[first] ?? "")\")"
        }
        return least.map { index, jaccard in
            let entry = log.entries[index]
            return
                "\"\(entry.text)\" (\(entry.count) searches, Jaccard@10 \(String(format: "%.2f", jaccard))): \(a.tokenizer) with \(a.queryKind.rawValue): \(top(outcomesA, index)) · \(b.tokenizer) with \(b.queryKind.rawValue): \(top(outcomesB, index))"
        }
    }

    /// The recommendation and the runner-up among `eligible` (the deciding engine's candidates no
    /// target excludes), `best` the highest score: the tied (p ≥ 0.05 against the best), those
    /// failing the fewest typing classes first, then the smallest index, then the faster p50
    /// (beyond timing noise: `ranked`), then the better score.
    private struct Decision {
        var winner: Measured
        var winnerWhy: String
        var second: Measured?
        var secondWhy: String
        var classFailures: [String]
    }

    /// The randomization test of a candidate's weighted per-query RR@10 against another's; nil
    /// for the candidate itself.
    private static func pValue(of candidate: Measured, against best: Measured, options: AdviceOptions) -> Double? {
        guard candidate.row.key != best.row.key else { return nil }
        return RandomizationTest(
            candidate.weighted, against: best.weighted, permutations: options.permutations, seed: options.seed
        ).pValue
    }

    private static func choose(
        from eligible: [Measured], best: Measured, queries: [KnownItemQuery], options: AdviceOptions
    ) -> Decision {
        func test(_ candidate: Measured, against best: Measured) -> Double? {
            pValue(of: candidate, against: best, options: options)
        }
        let tied = eligible.filter { candidate in
            test(candidate, against: best).map { $0 >= significance } ?? true
        }
        // A small class weighs little in the score, and a candidate that fails it can still
        // tie: among the tied, those that leave no typing class behind come first. Failing is
        // matching fewer known items, not ranking them lower: ranks differ alike in every class
        // whose queries are the words as written with a small change (lower, nfc-nfd,
        // punctuation), so counting them would count one difference several times.
        let classIndices = Dictionary(grouping: queries.indices, by: { queries[$0].variant })
        func matched(_ candidate: Measured, _ indices: [Int]) -> [Double] {
            indices.map { isSilentMiss(candidate.outcomes[candidate.outcomes.startIndex + $0]) ? 0 : 1 }
        }
        func failedClasses(_ candidate: Measured) -> [TypingVariant] {
            classIndices.keys.sorted { $0.rawValue < $1.rawValue }.filter { variant in
                let indices = classIndices[variant]!
                guard indices.count >= minimumClassQueries else { return false }
                let mine = matched(candidate, indices)
                let candidates: [[Double]] = tied.map { matched($0, indices) }
                let sums: [Double] = candidates.map { $0.reduce(0, +) }
                let bestInClass = candidates[sums.indices.max { sums[$0] < sums[$1] }!]
                guard mine.reduce(0, +) < bestInClass.reduce(0, +) else { return false }
                let pValue = RandomizationTest(
                    mine, against: bestInClass, permutations: options.permutations, seed: options.seed
                ).pValue
                return pValue < significance
            }
        }
        let failures = Dictionary(uniqueKeysWithValues: tied.map { ($0.row.key, failedClasses($0)) })
        let fewest = tied.map { failures[$0.row.key]!.count }.min() ?? 0
        let pool = tied.filter { failures[$0.row.key]!.count == fewest }
        let ranked = Self.ranked(pool)
        let winner = ranked[0]
        let fewestWording =
            pool.count == tied.count
            ? "" : fewest == 0 ? " that fail no typing class" : " that fail the fewest typing classes (\(fewest))"
        let winnerWhy =
            tied.count > 1
            ? "tied with the best score (\(tied.count) candidates at p ≥ \(significance)); the smallest index of the \(pool.count)\(fewestWording)\(Self.sizeTieWording(among: pool))"
            : "the best score"
        let classFailures = tied.filter { !(failures[$0.row.key] ?? []).isEmpty }.map { candidate in
            let classes = failures[candidate.row.key]!.map(\.rawValue).joined(separator: ", ")
            return
                "\(candidate.row.tokenizer) with \(candidate.row.queryKind.rawValue) finds significantly fewer known items of \(classes) than the best tied candidate"
        }
        // Stable: within a count of failed classes, the rule's order.
        let others = Dictionary(grouping: Self.ranked(tied), by: { failures[$0.row.key]!.count })
            .sorted { $0.key < $1.key }.flatMap(\.value)
            .filter { $0.row.tokenizer != winner.row.tokenizer }
        let second =
            others.first
            ?? eligible.filter { $0.row.tokenizer != winner.row.tokenizer }.max(by: { $0.score < $1.score })
        return Decision(
            winner: winner, winnerWhy: winnerWhy, second: second,
            secondWhy: others.isEmpty
                ? "the next best score of another tokenizer"
                : "tied; the next by failed typing classes, then index size",
            classFailures: classFailures)
    }

    /// How much slower a p50 may be than the fastest and still count as fast: one run's timings
    /// swing by ±30 % on a shared machine, and a tie must not go to whichever ran faster once.
    static let latencyTolerance = 1.3

    /// `candidates` in the order ties are broken: the smallest index first; among those of that
    /// size, the ones whose p50 is within `latencyTolerance` of the fastest count as equally fast,
    /// and the best score of them goes first (then the spec, so that equal scores are ordered
    /// too). Picked one at a time, so that the order never compares two timings that differ by
    /// noise alone.
    static func ranked(_ candidates: [Measured]) -> [Measured] {
        var rest = candidates
        var order: [Measured] = []
        while let next = smallestAndAsFast(rest)?.asFast.max(by: { a, b in
            a.score != b.score ? a.score < b.score : (a.row.spec, a.row.key) > (b.row.spec, b.row.key)
        }) {
            order.append(next)
            rest.removeAll { $0.row.key == next.row.key }
        }
        return order
    }

    /// Of `candidates`, those with the smallest index, and of those, the ones whose p50 is within
    /// `latencyTolerance` of the fastest; nil when there is none.
    private static func smallestAndAsFast(_ candidates: [Measured]) -> (smallest: [Measured], asFast: [Measured])? {
        guard let bytes = candidates.map({ $0.row.indexBytes ?? Int.max }).min() else { return nil }
        let smallest = candidates.filter { ($0.row.indexBytes ?? Int.max) == bytes }
        let fastest = smallest.map(\.row.p50Microseconds).min()!
        return (smallest, smallest.filter { $0.row.p50Microseconds <= fastest * latencyTolerance })
    }

    /// What broke the tie among `pool` (whose first in `ranked` order won) when another candidate's
    /// index is as small (a small corpus fills the same pages whatever the tokenizer): the p50,
    /// or the score among the equally fast.
    private static func sizeTieWording(among pool: [Measured]) -> String {
        guard let (smallest, asFast) = smallestAndAsFast(pool), smallest.count > 1 else { return "" }
        let percent = Int(((latencyTolerance - 1) * 100).rounded())
        let others = "as small as \(smallest.count - 1) other\(smallest.count > 2 ? "s" : "")"
        return asFast.count > 1
            ? ", \(others); the best score of the \(asFast.count) whose p50 is within \(percent) % of the fastest"
            : ", \(others); the fastest p50, by more than \(percent) %"
    }

    private static func choice(_ row: QualityRow) -> Choice {
        Choice(tokenizer: row.tokenizer, spec: row.spec, queryKind: row.queryKind, engine: row.engine)
    }

    /// What to avoid, measured: per other tokenizer, its class and kind on the deciding engine
    /// whose known items it leaves unmatched most often beyond what the recommended candidate misses;
    /// and, where both ran, GRDB's builder against the typed one with the recommended tokenizer.
    private static func avoidances(
        measured: [(QualityRow, ArraySlice<QueryOutcome>)], winner: QualityRow, queries: [KnownItemQuery]
    ) -> [String] {
        func missShare(_ outcomes: ArraySlice<QueryOutcome>, _ indices: [Int]) -> Double {
            guard !indices.isEmpty else { return 0 }
            let missed = indices.filter { isSilentMiss(outcomes[outcomes.startIndex + $0]) }.count
            return Double(missed) / Double(indices.count)
        }
        let onEngine = measured.filter { $0.0.engine == winner.engine }
        guard let winnerOutcomes = onEngine.first(where: { $0.0.key == winner.key })?.1 else { return [] }
        // In a fixed order, and ties by name below: the same run gives the same sentences.
        let classes = Dictionary(grouping: queries.indices, by: { queries[$0].variant }).sorted {
            $0.key.rawValue < $1.key.rawValue
        }
        var worst: [String: (gap: Double, sentence: String)] = [:]
        for (row, outcomes) in onEngine where row.tokenizer != winner.tokenizer {
            for (variant, indices) in classes where indices.count >= 5 {
                let share = missShare(outcomes, indices)
                let reference = missShare(winnerOutcomes, indices)
                let gap = share - reference
                guard share >= 0.25, gap >= 0.1, gap > (worst[row.tokenizer]?.gap ?? 0) else { continue }
                worst[row.tokenizer] = (
                    gap,
                    "\(row.tokenizer) with \(row.queryKind.rawValue): \(percent(share)) of the \(variant.rawValue) queries do not match their document at all (\(winner.tokenizer) with \(winner.queryKind.rawValue): \(percent(reference)))"
                )
            }
        }
        var sentences = worst.sorted { $0.value.gap != $1.value.gap ? $0.value.gap > $1.value.gap : $0.key < $1.key }
            .prefix(5).map(\.value.sentence)
        // GRDB's builder splits with FTS5's ascii tokenizer whatever the table's is.
        let sameTokenizer = onEngine.filter { $0.0.tokenizer == winner.tokenizer }
        if let typed = sameTokenizer.first(where: { $0.0.queryKind == .typedAll }),
            let grdb = sameTokenizer.first(where: { $0.0.queryKind == .grdbAll })
        {
            let found = queries.indices.filter { typed.1[typed.1.startIndex + $0].metrics.firstRelevantRank != nil }
            let lost = found.filter { isSilentMiss(grdb.1[grdb.1.startIndex + $0]) }
            if !found.isEmpty && !lost.isEmpty {
                sentences.append(
                    "GRDB's matchingAllTokensIn (grdb-all) with \(winner.tokenizer): \(percent(Double(lost.count) / Double(found.count))) of the known items typed-all finds are lost (\(lost.count) of \(found.count))"
                )
            }
        }
        return sentences
    }

    /// The depth every query is ranked to.
    static let depth = 100

    /// Whether a query's known item was not matched at all: its results, fewer than the depth
    /// (so every match is among them), do not hold it. An item beyond the first 100 of a longer
    /// list did match, and is no silent miss.
    static func isSilentMiss(_ outcome: QueryOutcome) -> Bool {
        outcome.metrics.firstRelevantRank == nil && outcome.results < depth
    }

    static func percent(_ share: Double) -> String { String(format: "%.0f %%", 100 * share) }
}
