import Testing

@testable import TokenBench

/// `--shard K/N`: contiguous, balanced blocks that cover the cases once, in order.
struct ShardTests {
    /// One row per parse: the text and the shard it gives, or nil for a refusal.
    @Test(
        arguments: [
            ("1/1", 1, 1),
            ("2/4", 2, 4),
            // K out of 1…N, N below 1, and text that is not K/N are refused.
            ("0/3", nil, nil),
            ("4/3", nil, nil),
            ("1/0", nil, nil),
            ("1/2/3", nil, nil),
            ("a/2", nil, nil),
        ] as [(String, Int?, Int?)])
    func parsing(text: String, index: Int?, count: Int?) {
        let shard = Shard(parsing: text)
        #expect(shard?.index == index && shard?.count == count)
    }

    /// For every count of items and of shards here, the blocks joined in shard order are the
    /// items, and no two differ in size by more than one.
    @Test(arguments: [0, 1, 5, 7, 166])
    func blocksCoverTheItemsInOrder(items: Int) throws {
        let all = Array(0..<items)
        for count in 1...8 {
            let blocks = try (1...count).map { try #require(Shard(parsing: "\($0)/\(count)")).slice(all) }
            #expect(blocks.flatMap { $0 } == all, "\(items) items in \(count) shards")
            let sizes = blocks.map(\.count)
            #expect(sizes.max()! - sizes.min()! <= 1, "\(items) items in \(count) shards: \(sizes)")
        }
    }
}
