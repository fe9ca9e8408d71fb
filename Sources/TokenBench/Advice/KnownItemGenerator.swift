import Foundation

/// One simulated known-item query: a user remembers a document and types some of its words.
package struct KnownItemQuery: Sendable, Equatable {
    package var id: String
    package var text: String
    /// The document the user looks for: the query's only relevant document.
    package var documentID: String
    package var variant: TypingVariant
}

/// Simulated known-item queries, as Azzopardi, de Rijke and Balog built them (SIGIR 2007):
/// pick a document, draw 1 + Poisson(1.5) terms of it (at most 6), each from a mix of the
/// document's discriminative model and the collection's,
/// (1 − λ)·p(t|d) + λ·p(t|C) with λ = `collectionWeight`, where p(t|d) ∝ 1 / p(t|C) over the
/// document's distinct words (rare words are the ones a user remembers), and p(t|C) a word's
/// share of the collection (a term not in the document is the user's mistake). Terms are spans
/// of the document's own text; then the class types them.
struct KnownItemGenerator {
    /// λ: the share of terms drawn from the whole collection.
    static let collectionWeight = 0.1
    static let meanExtraTerms = 1.5
    static let maximumTerms = 6
    /// Each class used gets at least this many queries (fewer when the run has fewer).
    static let minimumPerClass = 10
    /// Documents tried for one query before the class gives up on it.
    static let attemptsPerQuery = 20

    private let analysis: CorpusAnalysis
    private let splitter: CorpusWordSplitter
    private var random: SplitMix64

    init(analysis: CorpusAnalysis, splitter: CorpusWordSplitter, seed: UInt64) {
        self.analysis = analysis
        self.splitter = splitter
        random = SplitMix64(seed: seed)
    }

    /// How many of `count` queries each class gets: at least `minimumPerClass`, the rest by
    /// weight (largest remainders first), in the order of `weights`.
    static func allocate(_ count: Int, over weights: [(variant: TypingVariant, weight: Double)]) -> [Int] {
        guard !weights.isEmpty else { return [] }
        let floor = min(minimumPerClass, count / weights.count)
        let rest = count - floor * weights.count
        let exact = weights.map { $0.weight * Double(rest) }
        var counts = exact.map { floor + Int($0) }
        let order = exact.indices.sorted {
            (exact[$0] - exact[$0].rounded(.down)) > (exact[$1] - exact[$1].rounded(.down))
        }
        for index in order.prefix(count - counts.reduce(0, +)) { counts[index] += 1 }
        return counts
    }

    /// `count` queries over `documents` (the corpus analysed), the classes in proportion to
    /// `weights`. A class without a document to draw from gets none.
    mutating func queries(count: Int, documents: [QualityDocument], weights: [(variant: TypingVariant, weight: Double)])
        -> [KnownItemQuery]
    {
        var queries: [KnownItemQuery] = []
        for ((variant, _), classCount) in zip(weights, Self.allocate(count, over: weights)) {
            let pool = documents.indices.filter { analysis.canBeKnownItem($0, of: variant) }
            guard !pool.isEmpty else { continue }
            for _ in 0..<classCount {
                // A document may have no word of the class (an inflection is known only once
                // drawn): another is tried, a few times.
                for _ in 0..<Self.attemptsPerQuery {
                    let index = pool[random.below(pool.count)]
                    guard let text = query(of: documents[index], variant: variant) else { continue }
                    queries.append(
                        KnownItemQuery(
                            id: String(format: "K%05d", queries.count + 1), text: text,
                            documentID: documents[index].id, variant: variant))
                    break
                }
            }
        }
        return queries
    }

    /// A drawn term: one word, or a piece of a CJK run.
    private struct Term {
        var word: CorpusWord
        var key: String
        /// For a CJK run, where the piece starts (in characters).
        var offset: Int = 0

        func text(length: Int) -> String {
            guard word.kind == .cjkRun else { return word.text }
            return String(Array(word.text)[offset..<min(offset + length, word.text.count)])
        }
    }

    /// One query for `document` typed as `variant`, or nil when its words give none.
    private mutating func query(of document: QualityDocument, variant: TypingVariant) -> String? {
        let words =
            splitter.words(of: String(decoding: document.title, as: UTF8.self))
            + splitter.words(of: String(decoding: document.text, as: UTF8.self))
        var terms: [Term] = []
        for word in words {
            if word.kind == .cjkRun {
                let characters = Array(word.text)
                guard characters.count >= 2 else { continue }
                for offset in 0..<(characters.count - 1) {
                    terms.append(
                        Term(
                            word: word, key: CorpusAnalysis.key(of: String(characters[offset...(offset + 1)])),
                            offset: offset))
                }
            } else {
                terms.append(Term(word: word, key: CorpusAnalysis.key(of: word.text)))
            }
        }
        guard !terms.isEmpty else { return nil }
        let forcedPool: [Term]
        switch variant {
        case .asWritten: forcedPool = []
        case .inflection:
            forcedPool = terms.filter { $0.word.kind == .word && !analysis.inflections.forms(of: $0.word.text).isEmpty }
        default: forcedPool = terms.filter { variant.applies(to: $0.word) }
        }
        if variant != .asWritten && forcedPool.isEmpty { return nil }
        let termCount = min(Self.maximumTerms, 1 + poisson(mean: Self.meanExtraTerms))
        var drawn: [Term] = []
        var keys: Set<String> = []
        let documentPool = TermPool(terms, frequencies: analysis.collectionFrequency)
        let classPool = TermPool(forcedPool, frequencies: analysis.collectionFrequency)
        if let forced = draw(from: classPool) {
            drawn.append(forced)
            keys.insert(forced.key)
        }
        // An unspaced phrase has two pieces at least: a second is drawn from the class's terms.
        if variant == .cjkUnspaced {
            var attempts = 0
            while drawn.count < 2 && attempts < 8 * Self.maximumTerms {
                attempts += 1
                if let term = draw(from: classPool), keys.insert(term.key).inserted { drawn.append(term) }
            }
            guard drawn.count == 2 else { return nil }
        }
        var attempts = 0
        while drawn.count < termCount && attempts < 8 * Self.maximumTerms {
            attempts += 1
            let next: Term?
            if Double(random.next() >> 11) / Double(1 << 53) < Self.collectionWeight, !analysis.sample.isEmpty {
                next = noiseTerm()
            } else {
                next = draw(from: documentPool)
            }
            guard let term = next, keys.insert(term.key).inserted else { continue }
            drawn.append(term)
        }
        // The forced term goes last for type-ahead (the word being typed), anywhere otherwise;
        // for cjk-unspaced, the CJK pieces go first, together, in the order drawn.
        var forcedIndex = 0
        if variant == .cjkUnspaced {
            drawn = drawn.filter { $0.word.kind == .cjkRun } + drawn.filter { $0.word.kind != .cjkRun }
        } else if variant != .asWritten && variant != .typeAhead && drawn.count > 1 {
            forcedIndex = random.below(drawn.count)
            drawn.swapAt(0, forcedIndex)
        } else if variant == .typeAhead {
            drawn.append(drawn.removeFirst())
            forcedIndex = drawn.count - 1
        }
        var texts: [String] = []
        for (index, term) in drawn.enumerated() {
            let length = variant == .cjk2 ? 2 : 2 + random.below(3)
            let text = term.text(length: length)
            let piece = CorpusWord(text: text, kind: term.word.kind, script: term.word.script)
            switch variant {
            case .cjkUnspaced where index > 0 && term.word.kind == .cjkRun && drawn[index - 1].word.kind == .cjkRun:
                texts[texts.count - 1] += text
            case .asWritten, .cjk2, .cjkUnspaced, .emoji: texts.append(text)
            case .inflection:
                let forms = index == forcedIndex ? analysis.inflections.forms(of: text) : []
                texts.append(forms.isEmpty ? text : forms[random.below(forms.count)])
            case .typeAhead: texts.append(index == forcedIndex ? (variant.typed(piece) ?? text) : text)
            default: texts.append(variant.typed(piece) ?? text)
            }
        }
        return texts.joined(separator: " ")
    }

    /// The distinct words of a document's terms, each with its occurrences and its weight in
    /// the document model: p(t|d) ∝ 1 / its collection frequency (rare words first).
    private struct TermPool {
        var keys: [String] = []
        var occurrences: [String: [Term]] = [:]
        var weights: [Double] = []
        var total = 0.0

        init(_ terms: [Term], frequencies: [String: Int]) {
            for term in terms {
                if occurrences[term.key] == nil { keys.append(term.key) }
                occurrences[term.key, default: []].append(term)
            }
            weights = keys.map { 1 / Double(max(frequencies[$0] ?? 1, 1)) }
            total = weights.reduce(0, +)
        }
    }

    /// A distinct word of `pool` by its weight, then one of its occurrences at random.
    private mutating func draw(from pool: TermPool) -> Term? {
        guard !pool.keys.isEmpty else { return nil }
        var target = Double(random.next() >> 11) / Double(1 << 53) * pool.total
        var chosen = pool.keys[pool.keys.count - 1]
        for (key, weight) in zip(pool.keys, pool.weights) {
            target -= weight
            if target < 0 {
                chosen = key
                break
            }
        }
        let candidates = pool.occurrences[chosen]!
        return candidates[random.below(candidates.count)]
    }

    /// A term drawn from the whole collection: a word of the corpus's sample.
    private mutating func noiseTerm() -> Term {
        let word = analysis.sample[random.below(analysis.sample.count)]
        let characters = Array(word.text)
        guard word.kind == .cjkRun, characters.count >= 2 else {
            return Term(word: word, key: CorpusAnalysis.key(of: word.text))
        }
        let offset = random.below(characters.count - 1)
        return Term(word: word, key: CorpusAnalysis.key(of: String(characters[offset...(offset + 1)])), offset: offset)
    }

    /// A Poisson variate by Knuth's product of uniforms: fine for a small mean.
    private mutating func poisson(mean: Double) -> Int {
        let limit = exp(-mean)
        var product = 1.0
        var count = -1
        repeat {
            count += 1
            product *= Double(random.next() >> 11) / Double(1 << 53)
        } while product > limit
        return count
    }
}
