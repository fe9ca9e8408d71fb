import CUnicode61Words
import GRDB
import GRDBSQLite
import TokenBenchEngines

/// `stopwords [file PATH] [BASE...]`: drops stop words in every mode, so a query made only of
/// stop words has no token and matches nothing. The file lists one word per line; words are run
/// through BASE first. BASE defaults to `unicode61`.
final class StopwordsTokenizer: ShippedWrapper {
    static let tokenTrampoline: FTS5TokenCallback = {
        WrappedTokenization.forward(StopwordsTokenizer.self, $0, $1, $2, $3, $4, $5)
    }
    static let name = "stopwords"

    /// A short English list: articles, pronouns, auxiliaries, conjunctions and prepositions.
    static let defaultWords: [String] = """
        a an and are as at be been but by for from had has have he her his i if in into is it its \
        me my no not of on or our she so such that the their them then there these they this to \
        was we were what when where which who will with you your
        """.split(separator: " ").map(String.init)

    let base: any FTS5Tokenizer
    let baseWordTable: Unmanaged<Unicode61WordTable>?
    /// A `let`: read on every token, so no exclusivity check or copy on access.
    private let words: WordSet
    /// Whether the last token of the wrapped tokenizer was dropped: its colocated followers go too.
    private var droppedPrevious = false

    static let declaredArguments = DeclaredArguments(pathOptions: ["file"], defaultBase: ["unicode61"])

    init(connection: EngineConnection, arguments: [String]) throws {
        let parsed = try WrapperArguments(arguments, declared: Self.declaredArguments, tokenizer: Self.name)
        base = try parsed.makeBase(connection)
        baseWordTable = Unicode61WordTable.unmanaged(of: base)
        let list =
            try parsed.options["file"].map { try WordListFile.lines(at: $0, tokenizer: Self.name) } ?? Self.defaultWords
        words = WordSet(list.flatMap { [base] in base.documentTokenBytes(of: $0) ?? [] })
    }

    func startInput(tokenization: FTS5Tokenization) {
        droppedPrevious = false
    }

    func filter(
        _ token: UnsafeBufferPointer<UInt8>, flags: CInt, start: CInt, end: CInt,
        tokenization: FTS5Tokenization, emit: inout TokenEmitter
    ) -> CInt {
        if flags & FTS5_TOKEN_COLOCATED != 0 {
            return droppedPrevious ? SQLITE_OK : emit.emit(token, flags: flags, start: start, end: end)
        }
        droppedPrevious = words.contains(token)
        return droppedPrevious ? SQLITE_OK : emit.emit(token, flags: flags, start: start, end: end)
    }

    /// Finds the words to keep first, then emits them: a branch per word on whether it is a stop
    /// word would be guessed wrong every few words.
    func filter(
        replayed words: UnsafeBufferPointer<tb_u61_word>, folded: UnsafePointer<UInt8>,
        tokenization: FTS5Tokenization, emit: inout TokenEmitter
    ) -> CInt {
        guard !words.isEmpty else { return SQLITE_OK }
        return withUnsafeTemporaryAllocation(of: Int32.self, capacity: words.count) { kept in
            let keptIndices = kept.baseAddress.unsafelyUnwrapped
            guard let keptCount = self.words.wordsOutside(words, folded: folded, kept: keptIndices) else {
                // A list the buckets do not hold (a long word, or many words): a lookup per word.
                return filterOneByOne(replayed: words, folded: folded, tokenization: tokenization, emit: &emit)
            }
            droppedPrevious = keptCount == 0 || Int(keptIndices[keptCount - 1]) != words.count - 1
            for index in UnsafeBufferPointer(start: keptIndices, count: keptCount) {
                let word = words[Int(index)]
                let code = emit.emit(word.foldedBytes(in: folded), flags: 0, start: word.start, end: word.end)
                guard code == SQLITE_OK else { return code }
            }
            return SQLITE_OK
        }
    }
}
