/// Builds an FTS5 pattern from what a user typed, with the table's own tokenizer, so that the
/// pattern finds what the text's tokens find: GRDB's `FTS5Pattern` builders split the text with
/// FTS5's `ascii` tokenizer whatever the table's is, and a bare word such as `don` of "don't"
/// then asks an `icu` table for a token it never indexed.
///
/// The text is tokenized once in query mode, then cut at token boundaries as finely as it can
/// be, such that each piece, tokenized alone, gives exactly the tokens the whole text gave for
/// that span: the same bytes, colocated flags, order and offsets (relative to the piece). A
/// piece runs from its first token's start to its last token's end; it never overlaps the next
/// one (trigram's and `cjk`'s overlapping tokens keep their text together), and a piece that
/// would change alone (MeCab's context, trigram under three characters) grows until it does
/// not, the rest of the text being one piece in the worst case. The gaps between pieces hold no
/// token, so the pieces' tokens in order are the whole text's.
///
/// A cut falls between characters, so that each piece is the text it was checked as.
///
/// Each piece is quoted, with inner `"` doubled: every input gives a valid pattern or none,
/// FTS5's operators and characters included. A NUL ends a piece, since FTS5 reads a MATCH
/// expression up to its first NUL; a token whose own text holds one cannot be written and is
/// left out.
package enum TypedPatternBuilder {
    /// One token as the builder compares it.
    package struct Token: Equatable, Sendable {
        package var bytes: [UInt8]
        package var start: Int
        package var end: Int
        package var isColocated: Bool

        package init(bytes: [UInt8], start: Int, end: Int, isColocated: Bool) {
            self.bytes = bytes
            self.start = start
            self.end = end
            self.isColocated = isColocated
        }
    }

    /// The most cuts a piece is checked at (each a tokenization of the piece) before the rest of
    /// its run of text is taken as one piece, and the most times the last piece is joined to the
    /// one before it: keeps the work linear in the text's length.
    static let checkedPositions = 16

    /// The pattern of `kind` for `text`, or nil when no piece has a token. `tokenize` runs the
    /// table's tokenizer on some bytes in query mode.
    package static func pattern(
        of text: [UInt8], kind: TypedQueryKind, tokenize: ([UInt8]) throws -> [Token]
    ) rethrows -> String? {
        pattern(of: text, pieces: try pieces(of: text, tokenize: tokenize), kind: kind)
    }

    /// The pattern of `kind` over `pieces` of `text` (from `pieces(of:tokenize:)`). The pieces of
    /// one typed name go together as one phrase (`"3" + "14"` for unicode61's `3.14`): the user
    /// asked for the name, not for its pieces anywhere in the row.
    package static func pattern(of text: [UInt8], pieces: [Range<Int>], kind: TypedQueryKind) -> String? {
        kind.pattern(ofWords: words(of: text, pieces: pieces).map { $0.map { quoted(text[$0]) } })
    }

    /// `pieces` grouped by typed name: a piece joins the one before it when one character that
    /// joins a name stands between them (`wordJoiners`: `SERVICE_UNAVAILABLE`, `2.3.13`,
    /// `me@example.com` for unicode61). Anything else parts them: white space; an apostrophe or a
    /// hyphen, whose pieces a user may remember apart or in another form (`l'option` for `les
    /// options`, `post-installation`: as phrases, judged descriptions of manual pages lost
    /// 0.034 nDCG@10 in French and 0.055 in German with `typed-prefixes`); an operator character
    /// a user did not mean as part of a word (`NEAR(river`, `body:text`); and nothing at all, as
    /// `icu` cuts an unspaced Chinese sentence into words, each looked for on its own.
    static func words(of text: [UInt8], pieces: [Range<Int>]) -> [[Range<Int>]] {
        var words: [[Range<Int>]] = []
        for piece in pieces {
            if let previous = words.last?.last, previous.upperBound < piece.lowerBound,
                case let gap = String(decoding: text[previous.upperBound..<piece.lowerBound], as: UTF8.self),
                gap.count == 1, wordJoiners.contains(gap.first!)
            {
                words[words.count - 1].append(piece)
            } else {
                words.append([piece])
            }
        }
        return words
    }

    /// The characters that join two pieces into one typed name: the full stop, the low line, the
    /// middle dot (Catalan l·l) and @.
    static let wordJoiners: Set<Character> = [".", "_", "\u{00B7}", "@"]

    /// `"…"`, inner quotes doubled: an FTS5 string, whatever `text` holds. By code point: a `"`
    /// followed by a combining mark is one Character, which a search by Character would miss.
    package static func quoted(_ text: String) -> String {
        var quoted = String.UnicodeScalarView()
        quoted.append("\"")
        for scalar in text.unicodeScalars {
            if scalar == "\"" { quoted.append(scalar) }
            quoted.append(scalar)
        }
        quoted.append("\"")
        return String(quoted)
    }

    static func quoted(_ bytes: ArraySlice<UInt8>) -> String { quoted(String(decoding: bytes, as: UTF8.self)) }

    /// The byte ranges of `text`'s pieces, in order.
    package static func pieces(of text: [UInt8], tokenize: ([UInt8]) throws -> [Token]) rethrows -> [Range<Int>] {
        let tokens = try tokenize(text)
        guard !tokens.isEmpty else { return [] }
        // Offsets outside the text cannot be cut at: each stretch of it between NULs is a piece.
        guard tokens.allSatisfy({ 0 <= $0.start && $0.start <= $0.end && $0.end <= text.count }) else {
            return text.indices.split { text[$0] == 0 }.map { $0.startIndex..<$0.endIndex }
        }
        // Positions: a token and the tokens colocated with it, with the bytes they span.
        var positions: [Position] = []
        for (index, token) in tokens.enumerated() {
            if token.isColocated, let last = positions.last {
                positions[positions.count - 1] = Position(
                    tokens: last.tokens.lowerBound..<(index + 1),
                    span: min(last.span.lowerBound, token.start)..<max(last.span.upperBound, token.end))
            } else {
                positions.append(Position(tokens: index..<(index + 1), span: token.start..<token.end))
            }
        }
        positions.removeAll { text[$0.span].contains(0) }
        let cutter = Cutter(text: text, tokens: tokens, positions: positions)
        // Runs of positions without a NUL between two of them, each cut on its own: found in one
        // pass over the positions.
        var pieces: [Range<Int>] = []
        var runStart = 0
        while runStart < positions.count {
            var runEnd = runStart + 1
            var spanEnd = positions[runStart].span.upperBound
            while runEnd < positions.count {
                let next = positions[runEnd].span
                if text[min(spanEnd, next.lowerBound)..<max(spanEnd, next.lowerBound)].contains(0) { break }
                spanEnd = max(spanEnd, next.upperBound)
                runEnd += 1
            }
            pieces += try cutter.pieces(ofRun: runStart..<runEnd, tokenize: tokenize)
            runStart = runEnd
        }
        return pieces
    }

    /// A position: a token and the tokens colocated with it, with the bytes they span.
    struct Position {
        var tokens: Range<Int>
        var span: Range<Int>
    }

    /// Cuts one run of positions into pieces.
    private struct Cutter {
        let text: [UInt8]
        let tokens: [Token]
        let positions: [Position]

        /// The bytes from position `first`'s start to the end of the last of `first...last`.
        func span(_ first: Int, _ last: Int) -> Range<Int> {
            positions[first].span.lowerBound..<positions[first...last].map(\.span.upperBound).max()!
        }

        /// Whether a cut at byte `offset` falls between characters: a piece is written as text.
        func isCharacterBoundary(_ offset: Int) -> Bool {
            offset == text.count || text[offset] & 0xC0 != 0x80
        }

        /// Whether the text of positions `first...last`, tokenized alone, gives exactly their
        /// tokens: the same bytes, flags and order, at the same offsets within it.
        func holds(_ first: Int, _ last: Int, tokenize: ([UInt8]) throws -> [Token]) rethrows -> Bool {
            let bytes = span(first, last)
            guard isCharacterBoundary(bytes.lowerBound), isCharacterBoundary(bytes.upperBound) else { return false }
            let expected = tokens[positions[first].tokens.lowerBound..<positions[last].tokens.upperBound].map {
                Token(
                    bytes: $0.bytes, start: $0.start - bytes.lowerBound, end: $0.end - bytes.lowerBound,
                    isColocated: $0.isColocated)
            }
            return try tokenize(Array(text[bytes])) == expected
        }

        /// The pieces of the run: each the shortest that holds, found in at most `checkedPositions`
        /// checks; where no piece can start, the piece before it grows (at most `checkedPositions`
        /// times), else the rest of the run is one piece. Then the last piece, which may have
        /// been taken without a check, is joined to the one before it until it holds (at most
        /// `checkedPositions` times, then the whole run is one piece).
        func pieces(ofRun run: Range<Int>, tokenize: ([UInt8]) throws -> [Token]) rethrows -> [Range<Int>] {
            var cuts: [(first: Int, last: Int)] = []
            var first = run.lowerBound
            // The piece from `first` ends at `shortest` or later: after a step back, past the
            // position no piece could start at.
            var shortest = first
            var stepsBack = 0
            while first < run.upperBound {
                var found: Int?
                var checks = 0
                var end = positions[first].span.upperBound
                var candidate = first
                // A cut inside the next position's text would split its tokens: only cuts after
                // every token so far is over count as checks.
                while candidate < run.upperBound - 1, checks < TypedPatternBuilder.checkedPositions {
                    end = max(end, positions[candidate].span.upperBound)
                    if candidate >= shortest, end <= positions[candidate + 1].span.lowerBound {
                        checks += 1
                        if try holds(first, candidate, tokenize: tokenize) {
                            found = candidate
                            break
                        }
                    }
                    candidate += 1
                }
                if let last = found {
                    cuts.append((first, last))
                    first = last + 1
                    shortest = first
                } else if checks > 0, let previous = cuts.last, stepsBack < TypedPatternBuilder.checkedPositions,
                    try !holds(first, run.upperBound - 1, tokenize: tokenize)
                {
                    // No piece starts here, not even the rest of the run (its first token needs
                    // the text before it, as MeCab's context can): the piece before grows past it.
                    stepsBack += 1
                    cuts.removeLast()
                    shortest = first
                    first = previous.first
                } else {
                    cuts.append((first, run.upperBound - 1))
                    first = run.upperBound
                }
            }
            var joins = 0
            while cuts.count > 1, try !holds(cuts[cuts.count - 1].first, cuts[cuts.count - 1].last, tokenize: tokenize)
            {
                joins += 1
                guard joins <= TypedPatternBuilder.checkedPositions else {
                    cuts = [(run.lowerBound, run.upperBound - 1)]
                    break
                }
                let tail = cuts.removeLast()
                cuts[cuts.count - 1].last = tail.last
            }
            return cuts.map { span($0.first, $0.last) }
        }
    }
}
