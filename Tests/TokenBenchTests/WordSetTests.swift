import CUnicode61Words
import Testing

@testable import TokenBench
@testable import TokenBenchTokenizers

/// `stopwords`' set: each word of a scan is looked up by a key of its first 7 bytes and its
/// length, in C, without a branch; each row pins a neighbour that must not be taken for a member.
struct WordSetTests {
    static let members: [String] = ["", "a", "ab", "abc", "abcdefg", "the", "ß", "日本", "\u{0}", "x\u{0}"]

    @Test(arguments: [
        ("a", true), // one byte
        ("b", false), // one byte, absent
        ("abd", false), // last byte differs
        ("abcdefg", true), // 7 bytes: the longest key
        ("abcdefgh", false), // 8 bytes: a member's 7 bytes and more, never a member
        ("abcdefgabcdefg", false), // 14 bytes: its top byte must not make it "abcdefg"
        ("\u{0}", true), // a NUL member is not the empty word
        ("", true),
        ("\u{0}\u{0}", false), // zero bytes of another length
        ("x", false), // "x\u{0}" zero-filled is "x": the length tells them apart
        ("ß", true), ("ss", false), // multi-byte UTF-8
        ("日本", true), ("日", false),
    ])
    func lookupsFindExactlyTheMembers(probe: String, member: Bool) {
        let set = WordSet(Self.members.map { Array($0.utf8) })
        let bytes = Array(probe.utf8)
        #expect(bytes.withUnsafeBufferPointer(set.contains) == member)
        #expect(Self.outside(set, [bytes]) == (member ? [] : [0]))
    }

    /// Random word lists of 1 to 2,000 members of 0 to 12 bytes (buckets grown past four keys
    /// each), probed with every member and with words one byte off: the scan's batch lookup and
    /// the one-word lookup agree with a Swift `Set`, and a list with a member of 8 bytes or more
    /// is not looked up in batches.
    @Test func randomListsAgreeWithASet() throws {
        var random = SplitMix64(seed: 2026)
        func word(_ count: Int) -> [UInt8] { (0..<count).map { _ in UInt8(random.below(4)) + 0x61 } }
        for round in 0..<60 {
            let size = [1, 3, 10, 60, 500, 2_000][round % 6]
            let maximumLength = round % 2 == 0 ? 7 : 12
            let words = (0..<size).map { _ in word(random.below(maximumLength + 1)) }
            let expected = Set(words)
            let set = WordSet(words)
            #expect(set.looksUpBatches == !words.contains { $0.count > WordSet.shortLength })
            var probes = words
            for member in words.prefix(200) {
                var near = member
                if near.isEmpty { near = [0x61] } else { near[random.below(near.count)] ^= 0x20 }
                probes.append(near)
                probes.append(member + [0x61])
            }
            for probe in probes {
                #expect(probe.withUnsafeBufferPointer(set.contains) == expected.contains(probe), "\(probe)")
            }
            if set.looksUpBatches {
                for start in stride(from: 0, to: probes.count, by: 48) {
                    let batch = Array(probes[start..<min(start + 48, probes.count)])
                    let outside = batch.indices.filter { !expected.contains(batch[$0]) }
                    #expect(Self.outside(set, batch) == outside, "round \(round)")
                }
            }
        }
    }

    /// A list of more short words than `WordSet.maximumKeys` is not put in buckets (they would
    /// take memory much faster than the list grows), and is looked up a word at a time.
    @Test func longListsAreLookedUpAWordAtATime() {
        var random = SplitMix64(seed: 7)
        let words = (0..<WordSet.maximumKeys * 2).map { _ in (0..<7).map { _ in UInt8(random.below(26)) + 0x61 } }
        let set = WordSet(words)
        #expect(!set.looksUpBatches)
        #expect(Self.outside(set, [Array("abc".utf8)]) == nil)
        let members = Set(words)
        for probe in words.prefix(500) + words.prefix(500).map({ [0x7A] + $0.dropLast() }) {
            #expect(probe.withUnsafeBufferPointer(set.contains) == members.contains(probe))
        }
    }

    /// The indices `wordsOutside` keeps of `batch`, laid out as `tb_u61_scan` lays out its words:
    /// back to back, 8 bytes of padding after the last.
    static func outside(_ set: WordSet, _ batch: [[UInt8]]) -> [Int]? {
        var folded: [UInt8] = []
        var words: [tb_u61_word] = []
        for word in batch {
            words.append(
                tb_u61_word(
                    start: 0, end: 0, folded_start: Int32(folded.count), folded_length: Int32(word.count),
                    is_lowercase_ascii: 0))
            folded += word
        }
        folded += [UInt8](repeating: 0xFF, count: 8)
        var kept = [Int32](repeating: -1, count: max(batch.count, 1))
        let count = words.withUnsafeBufferPointer { words in
            folded.withUnsafeBufferPointer { folded in
                set.wordsOutside(words, folded: folded.baseAddress!, kept: &kept)
            }
        }
        return count.map { kept.prefix($0).map(Int.init) }
    }
}
