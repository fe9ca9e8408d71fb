import CStemmerShim
import GRDB

/// One Snowball stemming algorithm from libstemmer, with a cache of the words it has stemmed:
/// words repeat, and a cache lookup costs less than running the algorithm.
///
/// Layers: `tb_stemmer_*` (C, in CStemmerShim) → this class (owns the stemmer, throws on an
/// unknown algorithm, caches) → `SnowballTokenizer`.
final class SnowballStemmer {
    // Ownership: created by tb_stemmer_open, released exactly once in deinit.
    private let handle: OpaquePointer
    private var cache = ByteKeyedTable<[UInt8]>()
    private let cacheLimit = 100_000

    /// The algorithms libstemmer offers, by their canonical names.
    static var algorithms: [String] {
        (0 ..< tb_stemmer_algorithm_count()).compactMap { tb_stemmer_algorithm_name($0).map { String(cString: $0) } }
    }

    init(algorithm: String, tokenizer: String) throws {
        guard let handle = tb_stemmer_open(algorithm) else {
            throw DatabaseError(
                message: "\(tokenizer): unknown language '\(algorithm)' (languages: \(Self.algorithms.joined(separator: ", ")))")
        }
        self.handle = handle
    }

    deinit {
        tb_stemmer_close(handle)
    }

    /// The stem of `word`, composed to NFC first so that an NFD spelling stems like the NFC one;
    /// nil when the word is not valid UTF-8 or libstemmer fails, so the caller can keep the word.
    func stem(_ word: UnsafeBufferPointer<UInt8>) -> [UInt8]? {
        if let cached = cache.value(for: word) { return cached }
        guard let composed = word.isASCII ? Array(word) : ICUNormalization.nfc.apply(word) else { return nil }
        var stem: UnsafePointer<CChar>?
        let length = composed.withUnsafeBufferPointer { composed in
            composed.withMemoryRebound(to: CChar.self) { tb_stemmer_stem(handle, $0.baseAddress, CInt($0.count), &stem) }
        }
        guard length >= 0, let stem else { return nil }
        let result = Array(UnsafeRawBufferPointer(start: stem, count: Int(length)))
        if cache.count >= cacheLimit { cache.removeAll() }
        cache.insert(Array(word), result)
        return result
    }
}
