import CUnicode61Words

/// A set of byte strings (`stopwords`' words) that can tell which of the words of one
/// `tb_u61_scan` it does not hold without a branch per word (`tb_u61_words_outside`).
///
/// Whether a word of running text is a stop word cannot be predicted, and in `ByteKeyedTable`
/// each step of a lookup is a branch on it (first byte and length, slot, key), which the
/// processor guesses wrong every few words: `perf` put `stopwords` at 0.78 of unicode61 on Latin
/// text, most of the difference on the instructions after those branches. Here a member of at
/// most 7 bytes is one 64-bit key in a bucket of four (`tb_u61_short_word_key`). Stop word lists
/// are short: a list with a longer member, or with more short members than `maximumKeys` or than
/// buckets of `keyBuckets` times their number hold, goes to a `ByteKeyedTable` whole and is
/// looked up a word at a time (buckets that no five keys share take memory much faster than the
/// list grows: 17 MB for 100,000 words). Read-only after init.
final class WordSet {
    static let shortLength = 7
    /// The most short members kept in buckets.
    static let maximumKeys = 4_096
    /// Buckets per key at most: more, and the list is looked up a word at a time.
    private static let keyBuckets = 8
    private static let bucketWidth = 4
    /// An empty place: no key has it (its top byte, a length, is 255).
    private static let empty = UInt64.max

    // Ownership: allocated by `makeBuckets`, freed in deinit (or when `init` needs more).
    private var buckets: UnsafeMutablePointer<UInt64>
    private var bucketBits: Int
    /// The members `buckets` does not hold: the long ones, or all of them.
    private let others = ByteKeyedTable<Void>()
    /// Whether `buckets` holds every member: `wordsOutside` answers only then.
    let looksUpBatches: Bool

    init(_ words: [[UInt8]]) {
        let shortKeys = Set(
            words.filter { $0.count <= Self.shortLength }.map { tb_u61_short_word_key($0, CInt($0.count)) })
        // Half a bucket per key at first, more until every bucket holds at most four.
        bucketBits = 1
        while 1 << bucketBits < shortKeys.count / 2 { bucketBits += 1 }
        buckets = Self.makeBuckets(bits: bucketBits)
        var fits = shortKeys.count <= Self.maximumKeys
        while fits && !Self.fill(buckets, bits: bucketBits, with: shortKeys) {
            buckets.deallocate()
            bucketBits += 1
            buckets = Self.makeBuckets(bits: bucketBits)
            fits = 1 << bucketBits <= max(shortKeys.count, 1) * Self.keyBuckets
        }
        if !fits {
            buckets.deallocate()
            bucketBits = 1
            buckets = Self.makeBuckets(bits: bucketBits)
        }
        for word in words where !fits || word.count > Self.shortLength { others.insert(word, ()) }
        looksUpBatches = others.count == 0
    }

    deinit { buckets.deallocate() }

    private static func makeBuckets(bits: Int) -> UnsafeMutablePointer<UInt64> {
        let count = (1 << bits) * bucketWidth
        let buckets = UnsafeMutablePointer<UInt64>.allocate(capacity: count)
        buckets.initialize(repeating: empty, count: count)
        return buckets
    }

    /// Puts every key in its bucket; false when one has no room left.
    private static func fill(_ buckets: UnsafeMutablePointer<UInt64>, bits: Int, with keys: Set<UInt64>) -> Bool {
        for key in keys {
            let bucket = Self.bucket(of: key, in: buckets, bits: bits)
            guard let place = (0..<bucketWidth).first(where: { bucket[$0] == empty }) else { return false }
            bucket[place] = key
        }
        return true
    }

    /// The bucket of `key` among 2^`bits`, found as `tb_u61_words_outside` finds it.
    private static func bucket(of key: UInt64, in buckets: UnsafeMutablePointer<UInt64>, bits: Int)
        -> UnsafeMutablePointer<UInt64>
    {
        buckets + Int(truncatingIfNeeded: (key &* 0x9E37_79B9_7F4A_7C15) >> UInt64(64 - bits)) * bucketWidth
    }

    /// Whether `bytes` is a member.
    func contains(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        if others.count > 0, others.contains(bytes) { return true }
        if bytes.count > Self.shortLength { return false }
        let key = tb_u61_short_word_key(bytes.baseAddress, CInt(bytes.count))
        let bucket = Self.bucket(of: key, in: buckets, bits: bucketBits)
        return (0..<Self.bucketWidth).contains { bucket[$0] == key }
    }

    /// Writes into `kept` the indices of the `words` that are not members, their folded bytes in
    /// `folded` (with 8 bytes to read past the last one), and returns how many; nil when some
    /// member is not in the buckets (`looksUpBatches`).
    @inline(__always)
    func wordsOutside(
        _ words: UnsafeBufferPointer<tb_u61_word>, folded: UnsafePointer<UInt8>, kept: UnsafeMutablePointer<Int32>
    ) -> Int? {
        guard looksUpBatches else { return nil }
        return Int(
            tb_u61_words_outside(
                words.baseAddress, CInt(words.count), folded, buckets, CInt(bucketBits), kept))
    }
}
