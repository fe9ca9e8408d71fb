/// A paired, two-sided randomization (permutation) test on per-query differences, as Smucker,
/// Allan and Carterette compared IR systems: under the null hypothesis the two systems are
/// interchangeable on each query, so each difference's sign is a coin flip. The p-value is the
/// share of sign assignments whose mean difference is at least as far from 0 as the observed one.
@usableFromInline package struct RandomizationTest: Sendable, Equatable {
    /// The two-sided p-value.
    package var pValue: Double
    /// Queries where the first system scores higher, lower, or the same.
    package var wins: Int
    package var losses: Int
    package var ties: Int
    /// Whether every sign assignment was tried (2^n ≤ permutations): the p-value is then exact.
    package var isExact: Bool

    /// The default number of random sign assignments, and the default seed: a fixed seed makes
    /// the p-value the same on every run.
    @usableFromInline package static let defaultPermutations = 10_000
    @usableFromInline package static let defaultSeed: UInt64 = 20_261_124

    /// Compares paired scores (`scores[i]` and `baseline[i]` are one query's). With n queries,
    /// all 2^n sign assignments are enumerated when that is at most `permutations`; otherwise
    /// `permutations` random ones are drawn and p = (hits + 1) / (permutations + 1), which
    /// counts the observed assignment and so is never 0.
    package init(
        _ scores: [Double], against baseline: [Double], permutations: Int = defaultPermutations,
        seed: UInt64 = defaultSeed
    ) {
        precondition(scores.count == baseline.count, "paired scores")
        let differences = zip(scores, baseline).map { $0 - $1 }
        // Differences this small are rounding, not a difference in ranking.
        let tolerance = 1e-12
        wins = differences.filter { $0 > tolerance }.count
        losses = differences.filter { $0 < -tolerance }.count
        ties = differences.count - wins - losses
        let observed = abs(differences.reduce(0, +))
        let n = differences.count
        // A sum reached by another order of additions may differ in its last bits.
        let threshold = observed - 1e-9
        if n < 63, (1 << n) <= permutations {
            var hits = 0
            for signs in 0..<(1 << n) {
                var sum = 0.0
                for index in 0..<n { sum += signs & (1 << index) == 0 ? differences[index] : -differences[index] }
                if abs(sum) >= threshold { hits += 1 }
            }
            pValue = Double(hits) / Double(1 << n)
            isExact = true
        } else {
            // Query i's sign is bit i % 64 of the (i / 64)-th draw. A zero difference adds
            // nothing whatever its sign (x + 0 and x − 0 are x), so only the others are summed,
            // in the same order: the same sums, bit for bit, where most queries tie.
            let nonzero = differences.indices.filter { differences[$0] != 0 }
            let words = (n + 63) / 64
            var draws = [UInt64](repeating: 0, count: words)
            var generator = SplitMix64(seed: seed)
            var hits = 0
            for _ in 0..<permutations {
                for word in 0..<words { draws[word] = generator.next() }
                var sum = 0.0
                for index in nonzero {
                    let negative = draws[index >> 6] >> UInt64(index & 63) & 1 != 0
                    sum += negative ? -differences[index] : differences[index]
                }
                if abs(sum) >= threshold { hits += 1 }
            }
            pValue = Double(hits + 1) / Double(permutations + 1)
            isExact = false
        }
    }
}
