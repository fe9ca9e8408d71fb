extension Sequence where Element: Hashable {
    /// The elements without repeats, each where it first appears.
    package func uniquedInOrder() -> [Element] {
        var seen: Set<Element> = []
        return filter { seen.insert($0).inserted }
    }
}

extension Sequence {
    /// The elements without a later one whose key an earlier one has, each where it first appears.
    package func uniqued<Key: Hashable>(by key: (Element) -> Key) -> [Element] {
        var seen: Set<Key> = []
        return filter { seen.insert(key($0)).inserted }
    }
}
