import GRDB
import GRDBSQLite
import TokenBenchEngines

/// `cjk [unigrams 0|1] [BASE...]`: Chinese, Japanese and Korean as overlapping bigrams, as Lucene's
/// CJK analyzer and Elasticsearch's `cjk` index them, so that any two-character word is found
/// without a dictionary: 我爱北京 → 我爱 爱北 北京.
///
/// Each token of BASE (default `unicode61`, with the combining kana marks as token characters)
/// is width-folded first (fullwidth ASCII to ASCII, halfwidth katakana to fullwidth), its NFD kana
/// and Hangul jamo composed, then cut where a run of Han, Hiragana, Katakana or Hangul
/// (`CJKCharacters.joins`) starts or ends: `iphone用户` gives `iphone`, then 用户. Other parts go
/// on as BASE made them. A run of one character is that character.
///
/// A one-character query must find a character inside a run: documents also index every
/// character of a run, colocated with the bigram it starts (the last one with the last bigram;
/// `unigrams 0` turns that off).
/// Queries hold bigrams only, so positions stay one per bigram on both sides and phrases across
/// runs (`"北京 天安门"`) still line up.
final class CjkTokenizer: ShippedWrapper {
    static var lowercaseASCII: LowercaseASCIIPath { .keptAsIs }

    static let tokenTrampoline: FTS5TokenCallback = {
        WrappedTokenization.forward(CjkTokenizer.self, $0, $1, $2, $3, $4, $5)
    }
    static let name = "cjk"

    let base: any FTS5Tokenizer
    let baseWordTable: Unmanaged<Unicode61WordTable>?
    /// unicode61, keeping the combining kana marks in its tokens (it splits NFD が = か + U+3099
    /// there otherwise), so that the scan composes them with their kana.
    static let defaultBase = ["unicode61", "tokenchars", "\u{3099}\u{309A}"]

    /// Whether documents index each character of a run beside its bigrams.
    let indexesUnigrams: Bool

    /// The input of the xTokenize in progress, to find where in it each character of a token
    /// is: BASE's folded token can differ from the text in length (case folding, diacritics).
    /// Set and cleared by `tokenize`; FTS5 never calls one tokenizer instance from two threads.
    private var text = UnsafeBufferPointer<UInt8>(start: nil, count: 0)
    /// Scratch, reused from token to token: the folded token's characters and bytes, and the
    /// same for the part of the text the token stands for.
    private var tokenScan = CJKScan()
    private var textScan = CJKScan()

    static let declaredArguments = DeclaredArguments(optionKeys: ["unigrams"], defaultBase: defaultBase)

    init(connection: EngineConnection, arguments: [String]) throws {
        let parsed = try WrapperArguments(arguments, declared: Self.declaredArguments, tokenizer: Self.name)
        indexesUnigrams = try parsed.flag("unigrams", default: true)
        base = try parsed.makeBase(connection)
        baseWordTable = Unicode61WordTable.unmanaged(of: base)
    }

    func tokenize(
        context: UnsafeMutableRawPointer?, tokenization: FTS5Tokenization, pText: UnsafePointer<CChar>?, nText: CInt,
        tokenCallback: @escaping FTS5TokenCallback
    ) -> CInt {
        text = UnsafeBufferPointer(
            start: pText.map { UnsafeRawPointer($0).assumingMemoryBound(to: UInt8.self) }, count: Int(max(nText, 0)))
        defer { text = UnsafeBufferPointer(start: nil, count: 0) }
        return WrappedTokenization.run(
            filter: self, base: base, context: context, tokenization: tokenization,
            pText: pText, nText: nText, tokenCallback: tokenCallback, trampoline: Self.tokenTrampoline)
    }

    func filter(
        _ token: UnsafeBufferPointer<UInt8>, flags: CInt, start: CInt, end: CInt,
        tokenization: FTS5Tokenization, emit: inout TokenEmitter
    ) -> CInt {
        // Every character this tokenizer joins or folds is U+1100 or above, whose UTF-8 starts
        // with 0xE1 or more: a token without such a byte goes on as it is.
        guard !token.isASCII, token.contains(where: { $0 >= 0xE1 }) else {
            return emit.emit(token, flags: flags, start: start, end: end)
        }
        tokenScan.scan(token)
        let joiningCount = tokenScan.characters.count(where: \.joins)
        guard joiningCount > 0 else {
            return tokenScan.folded.withUnsafeBufferPointer { emit.emit($0, flags: flags, start: start, end: end) }
        }
        let located = locateJoiningCharacters(of: token, count: joiningCount, start: start, end: end)
        let isQuery = tokenization.rawValue & FTS5_TOKENIZE_QUERY != 0
        return tokenScan.folded.withUnsafeBufferPointer { folded in
            var pieces = PieceEmitter(
                folded: folded, flags: flags, tokenStart: start, tokenEnd: end, textStart: located ? start : nil)
            let characters = tokenScan.characters
            let textCharacters = textScan.characters
            var joiningIndex = 0
            var index = 0
            while index < characters.count {
                let joins = characters[index].joins
                var runEnd = index + 1
                while runEnd < characters.count, characters[runEnd].joins == joins { runEnd += 1 }
                let code: CInt
                if joins {
                    let run = characters[index..<runEnd]
                    let runInText = located ? textCharacters[joiningIndex..<joiningIndex + run.count] : nil
                    code = emitRun(run, inText: runInText, isQuery: isQuery, pieces: &pieces, emit: &emit)
                    joiningIndex += run.count
                } else {
                    // The text between the joining characters around this part stands for it.
                    let textStart = located && joiningIndex > 0 ? textCharacters[joiningIndex - 1].sourceEnd : nil
                    let textEnd =
                        located && joiningIndex < joiningCount ? textCharacters[joiningIndex].sourceStart : nil
                    code = pieces.emitOther(
                        characters[index].foldedStart..<characters[runEnd - 1].foldedEnd,
                        textStart: textStart, textEnd: textEnd, emit: &emit)
                }
                guard code == SQLITE_OK else { return code }
                index = runEnd
            }
            return SQLITE_OK
        }
    }

    /// Scans the text BASE says `token` stands for into `textScan`; whether it holds as many
    /// joining characters as the token, so that the n-th of one is the n-th of the other. When
    /// not (offsets out of the text, a BASE that changes CJK text), every piece of the token gets
    /// the token's own offsets.
    private func locateJoiningCharacters(
        of token: UnsafeBufferPointer<UInt8>, count: Int, start: CInt, end: CInt
    ) -> Bool {
        guard start >= 0, start <= end, Int(end) <= text.count else { return false }
        let source = UnsafeBufferPointer(rebasing: text[Int(start)..<Int(end)])
        if source.elementsEqual(token) {
            // BASE passed the text on as it is (unicode61 folds no CJK character): the token's
            // own characters are where they are in the text, and a second scan would find the same.
            textScan.characters.removeAll(keepingCapacity: true)
            for character in tokenScan.characters where character.joins { textScan.characters.append(character) }
            return true
        }
        textScan.scan(source)
        textScan.characters.removeAll { !$0.joins }
        return textScan.characters.count == count
    }

    /// Emits one run of joining characters: its bigrams, and in documents each character
    /// colocated with the bigram it starts (the last with the last bigram).
    private func emitRun(
        _ run: ArraySlice<CJKScan.Character>, inText: ArraySlice<CJKScan.Character>?, isQuery: Bool,
        pieces: inout PieceEmitter, emit: inout TokenEmitter
    ) -> CInt {
        let first = run.startIndex
        func offsets(_ from: Int, _ through: Int) -> (CInt, CInt)? {
            inText.map { ($0[$0.startIndex + from - first].sourceStart, $0[$0.startIndex + through - first].sourceEnd) }
        }
        guard run.count > 1 else {
            return pieces.emit(run[first].foldedStart..<run[first].foldedEnd, at: offsets(first, first), emit: &emit)
        }
        for index in first..<run.endIndex - 1 {
            let left = run[index]
            let right = run[index + 1]
            var code = pieces.emit(left.foldedStart..<right.foldedEnd, at: offsets(index, index + 1), emit: &emit)
            guard code == SQLITE_OK else { return code }
            guard !isQuery, indexesUnigrams else { continue }
            code = pieces.emit(
                left.foldedStart..<left.foldedEnd, at: offsets(index, index), colocated: true, emit: &emit)
            if code == SQLITE_OK, index + 1 == run.endIndex - 1 {
                code = pieces.emit(
                    right.foldedStart..<right.foldedEnd, at: offsets(index + 1, index + 1), colocated: true,
                    emit: &emit)
            }
            guard code == SQLITE_OK else { return code }
        }
        return SQLITE_OK
    }
}

/// Emits the pieces one token of BASE is cut into: the first keeps the token's flags (a synonym
/// of BASE stays colocated), the others start positions of their own unless colocated.
private struct PieceEmitter {
    let folded: UnsafeBufferPointer<UInt8>
    var flags: CInt
    let tokenStart: CInt
    let tokenEnd: CInt
    /// Where the token starts in the text, when its characters were located there; nil when
    /// every piece gets the token's offsets.
    let textStart: CInt?

    mutating func emit(
        _ bytes: Range<Int>, at offsets: (start: CInt, end: CInt)?, colocated: Bool = false,
        emit: inout TokenEmitter
    ) -> CInt {
        let pieceFlags = colocated ? flags | FTS5_TOKEN_COLOCATED : flags
        if !colocated { flags = 0 }
        let (start, end) =
            offsets.map { ($0.start + (textStart ?? 0), $0.end + (textStart ?? 0)) } ?? (tokenStart, tokenEnd)
        return emit.emit(UnsafeBufferPointer(rebasing: folded[bytes]), flags: pieceFlags, start: start, end: end)
    }

    /// A part of the token that is not CJK: from the end of the joining character before it (or
    /// the token's start) to the start of the one after it (or the token's end).
    mutating func emitOther(_ bytes: Range<Int>, textStart: CInt?, textEnd: CInt?, emit: inout TokenEmitter) -> CInt {
        let offsets: (CInt, CInt)? =
            self.textStart == nil ? nil : (textStart ?? 0, textEnd ?? (tokenEnd - tokenStart))
        return self.emit(bytes, at: offsets, emit: &emit)
    }
}
