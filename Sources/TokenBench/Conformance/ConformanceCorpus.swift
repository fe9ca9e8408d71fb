/// The inputs of a conformance run: the gotcha corpus (every fixture document and query), edge
/// cases, and seeded random input.
public enum ConformanceCorpus {
    /// The seed `tokenbench conformance` uses unless told otherwise.
    public static let defaultSeed: UInt64 = 20_261_121
    /// How many random inputs it generates unless told otherwise.
    package static let defaultIterations = 200

    /// Every input for `seed`: fixtures first, then the fixed edge cases, then `iterations`
    /// random inputs; with `large`, also two 1 MB inputs and three 100 kB single words.
    public static func make(fixtures: FixtureSet, seed: UInt64, iterations: Int, large: Bool) -> [ConformanceInput] {
        var inputs: [ConformanceInput] = []
        for matchCase in fixtures.cases {
            inputs.append(
                ConformanceInput(label: "\(matchCase.location) document", bytes: Array(matchCase.document.utf8)))
            inputs.append(ConformanceInput(label: "\(matchCase.location) query", bytes: Array(matchCase.query.utf8)))
        }
        inputs += edgeCases
        if large {
            inputs += largeInputs(seed: seed)
        }
        for iteration in 0..<iterations {
            inputs.append(random(seed: seed, iteration: iteration))
        }
        return inputs
    }

    /// Inputs that trip hand-written tokenizers: nothing, NUL bytes, lone marks, broken UTF-8.
    static let edgeCases: [ConformanceInput] = [
        ConformanceInput(label: "empty", bytes: []),
        ConformanceInput(label: "one space", bytes: [0x20]),
        ConformanceInput(label: "nul bytes", bytes: Array("a\u{0}b \u{0}\u{0} c\u{0}".utf8)),
        ConformanceInput(label: "only a nul byte", bytes: [0]),
        ConformanceInput(label: "lone combining mark", bytes: Array("\u{301}".utf8)),
        ConformanceInput(label: "mark after space", bytes: Array("a \u{301}b".utf8)),
        ConformanceInput(label: "zwj emoji sequence", bytes: Array("👩‍💻 a‍b".utf8)),
        ConformanceInput(label: "truncated 3-byte sequence at end", bytes: Array("abc".utf8) + [0xE2, 0x82]),
        ConformanceInput(label: "lone continuation bytes", bytes: [0x80, 0x61, 0xBF, 0x20, 0x62]),
        ConformanceInput(label: "overlong slash", bytes: [0x61, 0xC0, 0xAF, 0x62]),
        ConformanceInput(label: "encoded surrogate", bytes: [0x61, 0xED, 0xA0, 0x80, 0x62]),
        ConformanceInput(label: "beyond U+10FFFF", bytes: [0xF4, 0x90, 0x80, 0x80, 0x20, 0x61]),
        ConformanceInput(label: "0xFF bytes", bytes: [0xFF, 0xFE, 0x61, 0xFF]),
        ConformanceInput(label: "letters then cut 4-byte sequence", bytes: Array("word".utf8) + [0xF0, 0x9F, 0x98]),
    ]

    /// Two 1 MB inputs (natural text from the throughput corpus generator, random code points)
    /// and three 100 kB single words (Latin, Han, a letter with stacked marks).
    static func largeInputs(seed: UInt64) -> [ConformanceInput] {
        let megabyte = 1 << 20
        var generator = CorpusGenerator(seed: seed)
        var batch = CorpusBatch()
        while batch.bytes.count < megabyte {
            generator.appendDocument(to: &batch)
            batch.appendToDocument(UInt8(ascii: " "))
        }
        var randomText: [UInt8] = []
        var random = SplitMix64(seed: seed ^ 0x1_0000)
        while randomText.count < megabyte {
            appendRandomScalar(to: &randomText, random: &random)
            if random.below(8) == 0 { randomText.append(0x20) }
        }
        // Cut the natural text at a character boundary, so that it stays valid UTF-8.
        var corpusText = Array(batch.bytes.prefix(megabyte))
        while let last = corpusText.last, last & 0x80 != 0 {
            let lead = corpusText.lastIndex { $0 & 0xC0 != 0x80 } ?? 0
            let expected =
                corpusText[lead] >= 0xF0 ? 4 : corpusText[lead] >= 0xE0 ? 3 : corpusText[lead] >= 0xC0 ? 2 : 1
            if corpusText.count - lead == expected { break }
            corpusText.removeSubrange(lead...)
        }
        let word = 100_000
        return [
            ConformanceInput(label: "1MB corpus seed=\(seed)", bytes: corpusText),
            ConformanceInput(label: "1MB random seed=\(seed)", bytes: randomText),
            ConformanceInput(label: "100kB word latin", bytes: (0..<word).map { UInt8(ascii: "a") + UInt8($0 % 26) }),
            ConformanceInput(label: "100kB word han", bytes: Array(String(repeating: "漢字", count: word / 6).utf8)),
            ConformanceInput(
                label: "100kB word stacked marks",
                bytes: Array(("e" + String(repeating: "\u{301}\u{323}", count: word / 4)).utf8)),
        ]
    }

    /// Random input `iteration` of `seed`: up to 64 code points drawn from every general
    /// category, spaces and ASCII punctuation; some inputs also get NUL bytes or invalid UTF-8.
    package static func random(seed: UInt64, iteration: Int) -> ConformanceInput {
        var random = SplitMix64(seed: seed &+ UInt64(iteration) &* 0x9E37_79B9_7F4A_7C15)
        var bytes: [UInt8] = []
        let length = random.below(65)
        for _ in 0..<length {
            switch random.below(10) {
            case 0: bytes.append(0x20)
            case 1: bytes.append(Array(" .,-'_\t\n".utf8)[random.below(8)])
            default: appendRandomScalar(to: &bytes, random: &random)
            }
        }
        if random.below(5) == 0 {
            let corruptions: [[UInt8]] = [
                [0x80], [0xE2, 0x82], [0xC0, 0xAF], [0xED, 0xA0, 0x80], [0xFF], [0xF4, 0x90, 0x80, 0x80], [0xC3],
            ]
            for _ in 0...random.below(3) {
                let position = random.below(bytes.count + 1)
                bytes.insert(contentsOf: corruptions[random.below(corruptions.count)], at: position)
            }
        }
        if random.below(10) == 0 {
            bytes.insert(0, at: random.below(bytes.count + 1))
        }
        return ConformanceInput(label: "random seed=\(seed) #\(iteration)", bytes: bytes)
    }

    /// Appends one scalar from a general category chosen uniformly, so that rare categories
    /// (enclosing marks, line separators, surrogate-free private use…) come up as often as letters.
    private static func appendRandomScalar(to bytes: inout [UInt8], random: inout SplitMix64) {
        let pools = ScalarPools.shared.pools
        let pool = pools[random.below(pools.count)]
        let scalar = Unicode.Scalar(pool[random.below(pool.count)])!
        UTF8.encode(scalar) { bytes.append($0) }
    }
}

/// Every Unicode scalar grouped by general category, built once; the pools are in the order of
/// the categories' names, so that a seed draws the same inputs on every run.
final class ScalarPools: Sendable {
    static let shared = ScalarPools()
    let pools: [[UInt32]]

    private init() {
        // Two passes over raw memory, with a switch for the category's index: a debug build (the
        // CI's conformance run, each test's process) spent about a second here appending to
        // arrays in a dictionary, in generic code it does not specialize.
        let scalarCount = 0x11_0000
        let indexOfScalar = UnsafeMutablePointer<UInt8>.allocate(capacity: scalarCount)
        defer { indexOfScalar.deallocate() }
        let sizes = UnsafeMutablePointer<Int>.allocate(capacity: Self.categories.count)
        defer { sizes.deallocate() }
        sizes.initialize(repeating: 0, count: Self.categories.count)
        var value = 0
        while value < scalarCount {
            if let scalar = Unicode.Scalar(UInt32(value)) {
                let index = Self.index(of: scalar.properties.generalCategory)
                indexOfScalar[value] = UInt8(index)
                sizes[index] += 1
            } else {
                indexOfScalar[value] = UInt8.max
            }
            value += 1
        }
        // A counting sort: each category's scalars in one flat run, in code point order.
        let starts = UnsafeMutablePointer<Int>.allocate(capacity: Self.categories.count + 1)
        defer { starts.deallocate() }
        starts[0] = 0
        for index in Self.categories.indices { starts[index + 1] = starts[index] + sizes[index] }
        let sorted = UnsafeMutablePointer<UInt32>.allocate(capacity: starts[Self.categories.count])
        defer { sorted.deallocate() }
        sizes.update(repeating: 0, count: Self.categories.count)
        value = 0
        while value < scalarCount {
            let index = Int(indexOfScalar[value])
            if index != Int(UInt8.max) {
                sorted[starts[index] + sizes[index]] = UInt32(value)
                sizes[index] += 1
            }
            value += 1
        }
        let byCategory = Self.categories.indices.map {
            [UInt32](UnsafeBufferPointer(start: sorted + starts[$0], count: sizes[$0]))
        }
        pools = zip(Self.categories, byCategory).filter { !$0.1.isEmpty }.sorted { "\($0.0)" < "\($1.0)" }.map(\.1)
    }

    /// Every general category, in the order of `index(of:)`.
    static let categories: [Unicode.GeneralCategory] = [
        .uppercaseLetter, .lowercaseLetter, .titlecaseLetter, .modifierLetter, .otherLetter,
        .nonspacingMark, .spacingMark, .enclosingMark,
        .decimalNumber, .letterNumber, .otherNumber,
        .connectorPunctuation, .dashPunctuation, .openPunctuation, .closePunctuation, .initialPunctuation,
        .finalPunctuation, .otherPunctuation,
        .mathSymbol, .currencySymbol, .modifierSymbol, .otherSymbol,
        .spaceSeparator, .lineSeparator, .paragraphSeparator,
        .control, .format, .surrogate, .privateUse, .unassigned,
    ]

    static func index(of category: Unicode.GeneralCategory) -> Int {
        switch category {
        case .uppercaseLetter: 0
        case .lowercaseLetter: 1
        case .titlecaseLetter: 2
        case .modifierLetter: 3
        case .otherLetter: 4
        case .nonspacingMark: 5
        case .spacingMark: 6
        case .enclosingMark: 7
        case .decimalNumber: 8
        case .letterNumber: 9
        case .otherNumber: 10
        case .connectorPunctuation: 11
        case .dashPunctuation: 12
        case .openPunctuation: 13
        case .closePunctuation: 14
        case .initialPunctuation: 15
        case .finalPunctuation: 16
        case .otherPunctuation: 17
        case .mathSymbol: 18
        case .currencySymbol: 19
        case .modifierSymbol: 20
        case .otherSymbol: 21
        case .spaceSeparator: 22
        case .lineSeparator: 23
        case .paragraphSeparator: 24
        case .control: 25
        case .format: 26
        case .surrogate: 27
        case .privateUse: 28
        case .unassigned: 29
        @unknown default: 29
        }
    }
}
