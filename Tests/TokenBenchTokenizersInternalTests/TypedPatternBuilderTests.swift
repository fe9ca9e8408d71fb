import Testing

@testable import TokenBenchTokenizers

/// `TypedPatternBuilder.pieces` with tokenizers written here, each showing one rule of the cut:
/// what the shipped tokenizers (TypedPatternTests) and the catalog on real text
/// (TypedPatternPropertyTests) rest on.
struct TypedPatternBuilderTests {
    typealias Token = TypedPatternBuilder.Token

    /// Space-separated words, as they stand.
    static func words(_ text: [UInt8]) -> [Token] {
        var tokens: [Token] = []
        var start: Int?
        for index in 0...text.count {
            let isSpace = index == text.count || text[index] == 0x20
            if isSpace, let first = start {
                tokens.append(Token(bytes: Array(text[first..<index]), start: first, end: index, isColocated: false))
                start = nil
            } else if !isSpace, start == nil {
                start = index
            }
        }
        return tokens
    }

    /// A piece's text, for the rows below.
    static func texts(_ text: String, _ tokenize: ([UInt8]) -> [Token]) -> [String] {
        let bytes = Array(text.utf8)
        return TypedPatternBuilder.pieces(of: bytes, tokenize: tokenize).map {
            String(decoding: bytes[$0], as: UTF8.self)
        }
    }

    @Test func wordsAreOnePieceEach() {
        #expect(Self.texts("grey  cat sat", Self.words) == ["grey", "cat", "sat"])
        #expect(Self.texts("   ", Self.words) == [])
    }

    /// A synonym colocated with its word stays in the word's piece.
    @Test func colocatedTokensStayWithTheirWord() {
        let synonyms = { (text: [UInt8]) in
            Self.words(text).flatMap { word in
                word.bytes == Array("first".utf8)
                    ? [word, Token(bytes: Array("1st".utf8), start: word.start, end: word.end, isColocated: true)]
                    : [word]
            }
        }
        #expect(Self.texts("the first day", synonyms) == ["the", "first", "day"])
    }

    /// Overlapping tokens (bigrams across a space, as trigram's cross it) keep their text in one
    /// piece: a cut between them would split a token.
    @Test func overlappingTokensAreOnePiece() {
        let bigrams = { (text: [UInt8]) in
            text.count < 2
                ? []
                : (0..<(text.count - 1)).map {
                    Token(bytes: Array(text[$0..<($0 + 2)]), start: $0, end: $0 + 2, isColocated: false)
                }
        }
        #expect(Self.texts("ab cd", bigrams) == ["ab cd"])
    }

    /// Offsets outside the text give no cut: each stretch between NULs is a piece.
    @Test func offsetsOutsideTheTextCannotBeCut() {
        let lying = { (text: [UInt8]) in [Token(bytes: [0x61], start: 0, end: text.count + 1, isColocated: false)] }
        #expect(Self.texts("ab cd", lying) == ["ab cd"])
        #expect(Self.texts("ab\u{0}cd", lying) == ["ab", "cd"])
    }

    /// A token whose text holds a NUL cannot be written in a pattern (FTS5 reads it up to the
    /// NUL): it is left out, and the words around it are pieces of their own.
    @Test func aNulEndsAPiece() {
        #expect(Self.texts("ab\u{0}cd ef", Self.words) == ["ef"])
        let bigrams = { (text: [UInt8]) in
            text.count < 2
                ? []
                : (0..<(text.count - 1)).compactMap { index -> Token? in
                    let bytes = Array(text[index..<(index + 2)])
                    return bytes.contains(0)
                        ? nil : Token(bytes: bytes, start: index, end: index + 2, isColocated: false)
                }
        }
        // Bigrams never overlap across the NUL: the two sides are pieces apart.
        #expect(Self.texts("abc\u{0}def", bigrams) == ["abc", "def"])
    }

    /// A word whose token depends on the word before it (`de x` gives `de-x`, as MeCab's
    /// context does): the last piece is checked too, and joined to the one before it.
    @Test func aTailThatChangesAloneJoinsThePieceBeforeIt() {
        let compounds = { (text: [UInt8]) in
            var tokens = Self.words(text)
            for index in tokens.indices.dropFirst() where tokens[index - 1].bytes == Array("de".utf8) {
                tokens[index].bytes = Array("de-".utf8) + tokens[index].bytes
            }
            return tokens
        }
        #expect(Self.texts("la de x", compounds) == ["la", "de x"])
        #expect(Self.texts("de x la", compounds) == ["de x", "la"])
    }

    /// A text whose every cut changes a token (the first word of any text is capitalized) is one
    /// piece, after a bounded number of checks, steps back and joins: the tokenizer runs about
    /// as often on 400 words as on 40.
    @Test func aTextNoCutHoldsInIsOnePiece() {
        let capitalized = { (text: [UInt8]) in
            var tokens = Self.words(text)
            if !tokens.isEmpty { tokens[0].bytes = tokens[0].bytes.map { $0 &- 0x20 } }
            return tokens
        }
        var calls: [Int] = []
        for count in [40, 400] {
            let text = (0..<count).map { _ in "w" }.joined(separator: " ")
            var made = 0
            let pieces = TypedPatternBuilder.pieces(of: Array(text.utf8)) {
                made += 1
                return capitalized($0)
            }
            #expect(pieces.count <= 17 && pieces.last?.upperBound == text.utf8.count)
            calls.append(made)
        }
        #expect(calls[1] <= calls[0] + 20, "\(calls)")
    }

    /// A cut inside a character (offsets a lying tokenizer gives) is no cut: a piece is written
    /// as text, and half a character would not be the bytes it was checked as.
    @Test func cutsFallBetweenCharacters() {
        // "é" is C3 A9: a token ending after C3 leaves A9 to the next.
        let halves = { (text: [UInt8]) in
            text.count < 2
                ? []
                : [
                    Token(bytes: [text[0]], start: 0, end: 1, isColocated: false),
                    Token(bytes: Array(text[1...]), start: 1, end: text.count, isColocated: false),
                ]
        }
        #expect(Self.texts("\u{E9}", halves) == ["\u{E9}"])
    }

    /// Quotes are doubled by code point, so a quote with a combining mark on it is doubled too.
    @Test func quotesAreDoubledByCodePoint() {
        #expect(TypedPatternBuilder.quoted("a\"\u{301}b") == "\"a\"\"\u{301}b\"")
        #expect(TypedQueryKind.all.pattern(ofWords: [["\"a\""], ["\"b\""]]) == "\"a\" \"b\"")
        #expect(TypedQueryKind.phrase.pattern(ofWords: [["\"a\""], ["\"b\""]]) == "\"a\" + \"b\"")
        #expect(TypedQueryKind.any.pattern(ofWords: []) == nil)
    }

    /// Runs of ASCII letters and digits, a capital after a small letter starting a new one:
    /// `SERVICE_UNAVAILABLE` is two tokens with `_` between, `NewYork` two with nothing between.
    static func alphanumerics(_ text: [UInt8]) -> [Token] {
        func isAlphanumeric(_ byte: UInt8) -> Bool {
            (0x30...0x39).contains(byte) || (0x41...0x5A).contains(byte) || (0x61...0x7A).contains(byte)
        }
        var tokens: [Token] = []
        var start: Int?
        for index in 0...text.count {
            let splits =
                index == text.count || !isAlphanumeric(text[index])
                || (index > 0 && (0x61...0x7A).contains(text[index - 1]) && (0x41...0x5A).contains(text[index]))
            if splits, let first = start {
                tokens.append(Token(bytes: Array(text[first..<index]), start: first, end: index, isColocated: false))
                start = nil
            }
            if index < text.count, isAlphanumeric(text[index]), start == nil { start = index }
        }
        return tokens
    }

    /// The pieces of one typed name are one phrase in every kind; white space, an apostrophe, a
    /// hyphen, an operator character, and nothing at all, part words.
    @Test(arguments: [
        // `_` and `.` inside a word: one phrase each.
        (TypedQueryKind.all, "SERVICE_UNAVAILABLE 3.14", #""SERVICE" + "UNAVAILABLE" "3" + "14""#),
        // The prefix is the word's last piece.
        (.prefixes, "a.out ad", #""a" + "out"* "ad"*"#),
        (.any, "LC_ALL\tme", #""LC" + "ALL" OR "me""#),
        (.phrase, "LC_ALL me", #""LC" + "ALL" + "me""#),
        // Nothing between two pieces (as icu cuts an unspaced sentence): two words.
        (.all, "NewYork", #""New" "York""#),
        // A piece alone, with punctuation around it but not inside.
        (.all, "(grey) cat!", #""grey" "cat""#),
        // Characters a user did not mean inside a word: FTS5's operators, two joiners in a row.
        (.all, "NEAR(river body:text", #""NEAR" "river" "body" "text""#),
        (.all, "a..b", #""a" "b""#),
        // @ joins; an apostrophe and a hyphen part.
        (.all, "me@example l'option post-install", #""me" + "example" "l" "option" "post" "install""#),
    ])
    func piecesOfATypedWordAreOnePhrase(kind: TypedQueryKind, text: String, expected: String) {
        #expect(TypedPatternBuilder.pattern(of: Array(text.utf8), kind: kind, tokenize: Self.alphanumerics) == expected)
    }
}
