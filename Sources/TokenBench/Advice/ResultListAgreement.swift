import Foundation

/// How alike two candidates' top-10 lists are for one query ([Advice](Advice.md#a-query-log)).
/// Lists are document ids, best first; each holds an id once.
package enum ResultListAgreement {
    /// |A ∩ B| / |A ∪ B|; 1 for two empty lists.
    package static func jaccard(_ a: [String], _ b: [String]) -> Double {
        let union = Set(a).union(b)
        guard !union.isEmpty else { return 1 }
        return Double(Set(a).intersection(b).count) / Double(union.count)
    }

    /// Rank-biased overlap at depth 10 with persistence p: (1 − p) / (1 − p^10) ·
    /// Σ_{d=1..10} p^(d−1) · |A₁..d ∩ B₁..d| / max(|A₁..d|, |B₁..d|), where a list shorter than d
    /// is whole. The normalisation makes two identical lists of ten 1. This is not OpenSearch's
    /// `rbo90`, which goes to the longer list's depth.
    package static func rankBiasedOverlap(_ a: [String], _ b: [String], persistence p: Double = 0.9) -> Double {
        var sum = 0.0
        for depth in 1...10 {
            let prefixA = Set(a.prefix(depth))
            let prefixB = Set(b.prefix(depth))
            let larger = max(prefixA.count, prefixB.count)
            guard larger > 0 else { continue }
            sum += pow(p, Double(depth - 1)) * Double(prefixA.intersection(prefixB).count) / Double(larger)
        }
        return (1 - p) / (1 - pow(p, 10)) * sum
    }

    /// Frequency-weighted overlap: with w(x) = the count of x in its list / the list's length,
    /// Σ_{x ∈ A∩B} (w_A(x) + w_B(x)) / 2 ÷ Σ_{x ∈ A∪B} (w_A(x) + w_B(x)) / 2.
    package static func frequencyWeighted(_ a: [String], _ b: [String]) -> Double {
        func weights(_ list: [String]) -> [String: Double] {
            var counts: [String: Double] = [:]
            for id in list { counts[id, default: 0] += 1 }
            return counts.mapValues { $0 / Double(max(list.count, 1)) }
        }
        let weightsA = weights(a)
        let weightsB = weights(b)
        let union = Set(a).union(b)
        guard !union.isEmpty else { return 1 }
        // In id order: a Set's order changes from process to process, and with it a sum's last bits.
        func mass(_ ids: Set<String>) -> Double {
            ids.sorted().map { ((weightsA[$0] ?? 0) + (weightsB[$0] ?? 0)) / 2 }.reduce(0, +)
        }
        return mass(Set(a).intersection(b)) / mass(union)
    }
}

/// One line of `advise --agreement`: how alike two candidates' result lists are over the query
/// log, on one engine and query kind.
package struct AgreementRow: Sendable, Equatable {
    package var runA: String
    package var runB: String
    package var jaccard: Double
    package var rankBiasedOverlap: Double
    package var frequencyWeighted: Double
    /// The log's queries averaged over: those for which at least one of the two returns something.
    package var queries: Int
    /// The searches they stand for: their counts added.
    package var searches: Int
    /// The two candidates, and where they ran.
    package var tokenizerA: String
    package var tokenizerB: String
    package var engine: String
    package var queryKind: SearchQueryKind
}

extension AgreementRow: CSVRow {
    package enum Column: String, CaseIterable, Sendable {
        case runA = "run_a"
        case runB = "run_b"
        case jaccard = "jaccard@10"
        case rankBiasedOverlap = "rbo@10"
        case frequencyWeighted = "frequency_weighted@10"
        case queries, searches
        case tokenizerA = "tokenizer_a"
        case tokenizerB = "tokenizer_b"
        case engine
        case queryKind = "query_kind"
    }

    package func field(_ column: Column) -> String {
        switch column {
        case .runA: runA
        case .runB: runB
        case .jaccard: String(jaccard)
        case .rankBiasedOverlap: String(rankBiasedOverlap)
        case .frequencyWeighted: String(frequencyWeighted)
        case .queries: String(queries)
        case .searches: String(searches)
        case .tokenizerA: tokenizerA
        case .tokenizerB: tokenizerB
        case .engine: engine
        case .queryKind: queryKind.rawValue
        }
    }
}
