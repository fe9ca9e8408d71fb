import Testing

@testable import TokenBenchEngines
@testable import TokenBenchTokenizers

/// The table every shipped wrapper looks tokens up in. Keys of up to eight bytes are compared by
/// hash and length alone (the hash is a bijection of the packed bytes), longer ones byte by byte:
/// each row pins a neighbour that must not be mistaken for a key.
struct ByteKeyedTableTests {
    static let keys: [String] = [
        "", "a", "ab", "abc", "abcd", "abcde", "abcdefgh", "abcdefghi", "abcdefghij_0123456789",
        "the", "ß", "straße", "日本語", "\u{0}", "\u{0}\u{0}",
    ]

    @Test(arguments: [
        ("a", true), // one byte
        ("b", false), // one byte, absent
        ("abd", false), // three bytes, last differs
        ("bbc", false), // three bytes, first differs
        ("abcf", false), // four bytes: the overlapping loads meet
        ("abcdefgx", false), // eight bytes, last differs
        ("abcdefghx", false), // nine bytes: compared byte by byte
        ("abcdefghij_0123456788", false), // long, last byte differs
        ("abcdefghij_0123456789", true), // long, present
        ("\u{0}", true), // a NUL key is not the empty key
        ("", true),
        ("\u{0}\u{0}\u{0}", false), // zero bytes of another length
        ("straße", true), ("strasse", false), // multi-byte UTF-8
        ("日本語", true), ("日本", false),
    ])
    func lookupsFindExactlyTheKeys(probe: String, present: Bool) {
        let table = ByteKeyedTable<Int>()
        for (index, key) in Self.keys.enumerated() { table.insert(Array(key.utf8), index) }
        let bytes = Array(probe.utf8)
        bytes.withUnsafeBufferPointer { buffer in
            #expect(table.contains(buffer) == present)
            #expect(table.value(for: buffer) == Self.keys.firstIndex(of: probe))
        }
    }

    /// Growing past the initial slots and clearing keep every key findable, then none.
    @Test func growsAndClears() {
        let table = ByteKeyedTable<[UInt8]>()
        let words = (0..<5_000).map { Array("word\($0)".utf8) }
        for word in words { table.insert(word, word.reversed()) }
        #expect(table.count == words.count)
        for word in words {
            word.withUnsafeBufferPointer { key in
                #expect(table.withValue(for: key) { $0?.pointee } == word.reversed())
            }
        }
        table.removeAll()
        #expect(table.count == 0)
        words[0].withUnsafeBufferPointer { #expect(!table.contains($0)) }
    }

    /// The cache behind icu's case folding and the transliterations: values back to back in one
    /// arena that grows (moving earlier values), and a clear when the entry limit is reached.
    @Test func byteStringCacheKeepsValuesAcrossGrowthAndClearsAtItsLimit() {
        let cache = ByteStringCache(limit: 3_000)
        let words = (0..<2_500).map { Array("wörd\($0)".utf8) }
        for word in words {
            word.withUnsafeBufferPointer { key in
                let value = Array(repeating: word.last!, count: word.count * 3)
                #expect(value.withUnsafeBufferPointer { cache.insert(key, $0) { Array($0) } } == value)
            }
        }
        for word in words {
            word.withUnsafeBufferPointer { key in
                #expect(
                    cache.withValue(for: key) { $0.map(Array.init) }
                        == Array(repeating: word.last!, count: word.count * 3))
            }
        }
        // 500 more reach the limit: the cache starts over, and the old words are gone.
        for index in 0..<501 {
            Array("new\(index)".utf8).withUnsafeBufferPointer { key in _ = cache.insert(key, key) { _ in 0 } }
        }
        #expect(cache.count == 1)
        words[0].withUnsafeBufferPointer { key in #expect(cache.withValue(for: key) { $0 == nil }) }
    }
}
