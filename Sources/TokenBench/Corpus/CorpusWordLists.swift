import Foundation

/// The word lists the built-in corpus is generated from (`fixtures/corpus-words.txt`, embedded),
/// with each word's variants prepared once so that generation only copies bytes.
struct CorpusWordLists: Sendable {
    struct Word: Sendable {
        /// As written in the list (NFC).
        var nfc: [UInt8]
        /// Canonically decomposed, or nil when that changes nothing.
        var nfd: [UInt8]?
        /// First letter upper case, for sentence starts.
        var capitalized: [UInt8]
        var uppercased: [UInt8]
        /// The byte offset of "fi" or "fl", which the generator may write as a ligature.
        var ligatureSite: Int?
    }

    struct Language: Sendable {
        var code: String
        /// The share of the mixed corpus; 0 keeps the language to its script's corpus.
        var weight: Int
        var script: CorpusScript
        /// Chinese and Japanese: words follow each other without spaces.
        var joinsWithoutSpaces: Bool
        var words: [Word]
    }

    var languages: [Language]

    static let embedded: CorpusWordLists = {
        // The embedded list is part of the build and covered by tests: a parse error is a bug.
        do { return try parse(PackageResources.corpus_words_txt, file: "fixtures/corpus-words.txt") } catch {
            preconditionFailure("\(error)")
        }
    }()

    /// Parses the section format described at the top of `fixtures/corpus-words.txt`.
    static func parse(_ bytes: [UInt8], file: String) throws -> CorpusWordLists {
        guard let text = String(validating: bytes, as: UTF8.self) else {
            throw TokenBenchError.invalidFixture(file: file, line: 0, reason: "not valid UTF-8")
        }
        var languages: [Language] = []
        for (index, rawLine) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            let line = rawLine.trimmingCharacters(in: .whitespaces)
            if line.isEmpty || line.hasPrefix("#") { continue }
            if line.hasPrefix("[") {
                let header = "expected a section header [CODE WEIGHT SCRIPT] or [CODE WEIGHT SCRIPT nospace]"
                let fields = line.dropFirst().dropLast().split(separator: " ")
                guard line.hasSuffix("]"), fields.count >= 3, let weight = Int(fields[1]), weight >= 0,
                    fields.count == 3 || (fields.count == 4 && fields[3] == "nospace")
                else {
                    throw TokenBenchError.invalidFixture(file: file, line: index + 1, reason: header)
                }
                guard let script = CorpusScript(rawValue: String(fields[2])), script != .mixed else {
                    let names = CorpusScript.allCases.filter { $0 != .mixed }.map(\.rawValue).joined(separator: ", ")
                    throw TokenBenchError.invalidFixture(
                        file: file, line: index + 1, reason: "unknown script '\(fields[2])' (scripts: \(names))")
                }
                languages.append(
                    Language(
                        code: String(fields[0]), weight: weight, script: script, joinsWithoutSpaces: fields.count == 4,
                        words: []))
                continue
            }
            guard !languages.isEmpty else {
                throw TokenBenchError.invalidFixture(
                    file: file, line: index + 1, reason: "words before the first [CODE WEIGHT SCRIPT] section")
            }
            for word in line.split(whereSeparator: \.isWhitespace) {
                languages[languages.count - 1].words.append(makeWord(String(word)))
            }
        }
        if let empty = languages.first(where: { $0.words.isEmpty }) {
            throw TokenBenchError.invalidFixture(file: file, line: 0, reason: "section [\(empty.code)] has no words")
        }
        guard !languages.isEmpty else {
            throw TokenBenchError.invalidFixture(file: file, line: 0, reason: "no [CODE WEIGHT SCRIPT] section")
        }
        guard languages.contains(where: { $0.weight > 0 }) else {
            throw TokenBenchError.invalidFixture(
                file: file, line: 0, reason: "no section has a weight above 0, so the mixed corpus would be empty")
        }
        return CorpusWordLists(languages: languages)
    }

    private static func makeWord(_ word: String) -> Word {
        let nfc = Array(word.precomposedStringWithCanonicalMapping.utf8)
        let nfd = Array(word.decomposedStringWithCanonicalMapping.utf8)
        let capitalized = word.prefix(1).uppercased() + word.dropFirst()
        let ligatureSite = word.range(of: "fi") ?? word.range(of: "fl")
        return Word(
            nfc: nfc, nfd: nfd == nfc ? nil : nfd, capitalized: Array(capitalized.utf8),
            uppercased: Array(word.uppercased().utf8),
            ligatureSite: ligatureSite.map { word.utf8.distance(from: word.startIndex, to: $0.lowerBound) })
    }
}
