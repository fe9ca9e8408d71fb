import Foundation

/// One query's figures, defined as trec_eval defines its measures (and named as ir_measures
/// names them). A document judged 0 or less is not relevant; a query with no result scores 0
/// everywhere (trec_eval `-c`).
package struct RankingMetrics: Sendable, Equatable {
    /// nDCG@10 (trec_eval `ndcg_cut_10`): the gain of a document is its relevance value itself
    /// (not 2^rel − 1), discounted by log2(rank + 1); divided by the same sum over the judged
    /// documents in decreasing relevance. 0 when no document is relevant.
    package var nDCG10: Double
    /// RR@10: 1 / rank of the first relevant document when it ranks 10th or better, else 0
    /// (trec_eval `recip_rank` on the run cut at 10).
    package var reciprocalRank10: Double
    /// R@10 and R@100 (trec_eval `recall_10`, `recall_100`): the share of the relevant
    /// documents (judged ones the collection lacks included) in the top 10 or 100.
    package var recall10: Double
    package var recall100: Double
    /// P@1 (trec_eval `P_1`): 1 when the first document is relevant.
    package var precision1: Double
    /// The rank of the first relevant document in the ranking, if any is in it.
    package var firstRelevantRank: Int?

    /// The figures of `ranking` (document ids, best first) against `relevance` (document id →
    /// relevance value).
    package init(ranking: [String], relevance: [String: Int]) {
        func gain(_ id: String) -> Int { max(relevance[id] ?? 0, 0) }
        let relevantCount = relevance.values.filter { $0 > 0 }.count
        let firstRelevant = ranking.firstIndex { gain($0) > 0 }
        firstRelevantRank = firstRelevant.map { $0 + 1 }
        reciprocalRank10 = firstRelevant.map { $0 < 10 ? 1 / Double($0 + 1) : 0 } ?? 0
        precision1 = ranking.first.map { gain($0) > 0 ? 1 : 0 } ?? 0
        func recall(at depth: Int) -> Double {
            guard relevantCount > 0 else { return 0 }
            return Double(ranking.prefix(depth).filter { gain($0) > 0 }.count) / Double(relevantCount)
        }
        recall10 = recall(at: 10)
        recall100 = recall(at: 100)
        func discountedGain(_ gains: some Sequence<Int>) -> Double {
            zip(gains, 1...).reduce(0) { sum, pair in sum + Double(pair.0) / log2(Double(pair.1 + 1)) }
        }
        let ideal = discountedGain(relevance.values.filter { $0 > 0 }.sorted(by: >).prefix(10))
        nDCG10 = ideal > 0 ? discountedGain(ranking.prefix(10).map(gain)) / ideal : 0
    }

    /// The figures of a query that retrieved nothing.
    package static let zero = RankingMetrics(ranking: [], relevance: [:])

    /// The mean of each figure over `queries` (0 for none); `firstRelevantRank` is nil.
    package static func mean(of queries: [RankingMetrics]) -> RankingMetrics {
        var mean = RankingMetrics.zero
        guard !queries.isEmpty else { return mean }
        let count = Double(queries.count)
        mean.nDCG10 = queries.map(\.nDCG10).reduce(0, +) / count
        mean.reciprocalRank10 = queries.map(\.reciprocalRank10).reduce(0, +) / count
        mean.recall10 = queries.map(\.recall10).reduce(0, +) / count
        mean.recall100 = queries.map(\.recall100).reduce(0, +) / count
        mean.precision1 = queries.map(\.precision1).reduce(0, +) / count
        return mean
    }
}
