/// One of `count` fixed shares of a run (`--shard K/N`): the `index`-th of `count` contiguous,
/// balanced blocks of its cases. The matrix lists cells case by case, so the shards' outputs,
/// joined in shard order (`tokenbench merge`), are the unsharded run's.
package struct Shard: Sendable, Equatable, CustomStringConvertible {
    /// 1-based.
    package let index: Int
    package let count: Int

    /// Reads `K/N` with 1 ≤ K ≤ N; nil otherwise.
    package init?(parsing text: String) {
        let parts = text.split(separator: "/", omittingEmptySubsequences: false)
        guard parts.count == 2, let index = Int(parts[0]), let count = Int(parts[1]), count >= 1,
            (1...count).contains(index)
        else { return nil }
        self.index = index
        self.count = count
    }

    package var description: String { "\(index)/\(count)" }

    /// This shard's block of `items`: the shards' blocks cover `items` in order, without
    /// overlap, and differ in size by at most one.
    package func slice<T>(_ items: [T]) -> [T] {
        let start = items.count * (index - 1) / count
        let end = items.count * index / count
        return Array(items[start..<end])
    }
}
