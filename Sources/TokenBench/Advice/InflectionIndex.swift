/// The corpus's words by their first letters, to find another form of a word as the corpus
/// writes it: the `inflection` typing class. No stemmer is asked, so no candidate shapes the
/// forms: two words are forms of each other when, lowercased, they share all but the last three
/// letters of the longer one (and four letters at least) and differ in length by three at most.
struct InflectionIndex {
    /// Each distinct lowercased word of letters only, four or more, as UTF-8 sorted bytewise (so
    /// that the words sharing a prefix are neighbours), with a spelling the corpus uses.
    private let words: [(lowered: [UInt8], spelling: String)]

    static let minimumShared = 4
    static let maximumChanged = 3

    init(spellings: some Sequence<String>) {
        var byLowered: [[UInt8]: String] = [:]
        for spelling in spellings where spelling.count >= Self.minimumShared && spelling.allSatisfy(\.isLetter) {
            let lowered = Array(spelling.lowercased().utf8)
            if byLowered[lowered] == nil { byLowered[lowered] = spelling }
        }
        words = byLowered.map { ($0.key, $0.value) }.sorted { $0.lowered.lexicographicallyPrecedes($1.lowered) }
    }

    /// The corpus's other forms of `word`, as it spells them; none for a word this index does not
    /// hold (too short, or not all letters).
    func forms(of word: String) -> [String] {
        let lowered = word.lowercased()
        let characters = Array(lowered)
        guard characters.count >= Self.minimumShared, word.allSatisfy(\.isLetter) else { return [] }
        let shared = max(Self.minimumShared, characters.count - Self.maximumChanged)
        let prefix = Array(String(characters.prefix(shared)).utf8)
        let own = Array(lowered.utf8)
        var low = 0
        var high = words.count
        while low < high {
            let middle = (low + high) / 2
            if words[middle].lowered.lexicographicallyPrecedes(prefix) { low = middle + 1 } else { high = middle }
        }
        var forms: [String] = []
        var index = low
        while index < words.count, words[index].lowered.starts(with: prefix) {
            let other = words[index]
            index += 1
            guard other.lowered != own else { continue }
            let otherCount = String(decoding: other.lowered, as: UTF8.self).count
            // Both words keep all but their last three letters in common.
            guard abs(otherCount - characters.count) <= Self.maximumChanged,
                shared >= max(otherCount, characters.count) - Self.maximumChanged
            else { continue }
            forms.append(other.spelling)
        }
        return forms
    }
}
