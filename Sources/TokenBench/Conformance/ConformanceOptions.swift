/// How `tokenbench conformance` runs.
public struct ConformanceOptions: Sendable {
    /// The seed of the random inputs and of the 1 MB random-text input.
    public var seed: UInt64
    /// How many random inputs to generate.
    public var iterations: Int
    /// Whether to add the 1 MB inputs and the 100 kB single words.
    public var largeInputs: Bool
    /// How many threads tokenize at once in the threads check (0 skips it).
    public var threadCount: Int
    /// At most this many findings per tokenizer, check and mode are listed; the last says how many more there were.
    public var findingsPerCheck: Int

    public static let defaultSeed: UInt64 = 20_261_121

    public init(seed: UInt64 = defaultSeed, iterations: Int = 200, largeInputs: Bool = true, threadCount: Int = 4, findingsPerCheck: Int = 3) {
        self.seed = seed
        self.iterations = iterations
        self.largeInputs = largeInputs
        self.threadCount = threadCount
        self.findingsPerCheck = findingsPerCheck
    }
}
