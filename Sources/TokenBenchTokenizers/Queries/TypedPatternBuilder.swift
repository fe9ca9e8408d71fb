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

    /// The most positions a piece is checked over before the rest of its run of text is taken
    /// as one piece: keeps the checks linear in the text's length.
    static let checkedPositions = 16

    /// The pattern of `kind` for `text`, or nil when no piece has a token. `tokenize` runs the
    /// table's tokenizer on some bytes in query mode.
    package static func pattern(
        of text: [UInt8], kind: TypedQueryKind, tokenize: ([UInt8]) throws -> [Token]
    ) rethrows -> String? {
        pattern(of: text, pieces: try pieces(of: text, tokenize: tokenize), kind: kind)
    }

    /// The pattern of `kind` over `pieces` of `text` (from `pieces(of:tokenize:)`).
    package static func pattern(of text: [UInt8], pieces: [Range<Int>], kind: TypedQueryKind) -> String? {
        kind.pattern(of: pieces.map { quoted(text[$0]) })
    }

    /// `"…"`, inner quotes doubled.
    static func quoted(_ bytes: ArraySlice<UInt8>) -> String {
        "\"" + String(decoding: bytes, as: UTF8.self).replacing("\"", with: "\"\"") + "\""
    }

    /// The byte ranges of `text`'s pieces, in order.
    package static func pieces(of text: [UInt8], tokenize: ([UInt8]) throws -> [Token]) rethrows -> [Range<Int>] {
        let tokens = try tokenize(text)
        guard !tokens.isEmpty else { return [] }
        // Offsets outside the text cannot be cut at: the whole text is the one piece.
        guard tokens.allSatisfy({ 0 <= $0.start && $0.start <= $0.end && $0.end <= text.count }) else {
            return text.contains(0) ? [] : [0..<text.count]
        }
        // Positions: a token and the tokens colocated with it, with the bytes they span.
        var positions: [(tokens: Range<Int>, span: Range<Int>)] = []
        for (index, token) in tokens.enumerated() {
            if token.isColocated, let last = positions.last {
                positions[positions.count - 1] = (
                    last.tokens.lowerBound..<(index + 1),
                    min(last.span.lowerBound, token.start)..<max(last.span.upperBound, token.end)
                )
            } else {
                positions.append((index..<(index + 1), token.start..<token.end))
            }
        }
        positions.removeAll { text[$0.span].contains(0) }
        var pieces: [Range<Int>] = []
        var first = 0
        while first < positions.count {
            // The run of positions this piece may span: up to a NUL between two of them.
            var runEnd = first + 1
            var spanEnd = positions[first].span.upperBound
            while runEnd < positions.count {
                let next = positions[runEnd].span
                if text[min(spanEnd, next.lowerBound)..<max(spanEnd, next.lowerBound)].contains(0) { break }
                spanEnd = max(spanEnd, next.upperBound)
                runEnd += 1
            }
            var last = runEnd - 1
            var end = positions[first].span.upperBound
            for candidate in first..<min(runEnd - 1, first + checkedPositions) {
                end = max(end, positions[candidate].span.upperBound)
                // A cut inside the next position's text would split its tokens.
                guard end <= positions[candidate + 1].span.lowerBound else { continue }
                let start = positions[first].span.lowerBound
                let expected = tokens[positions[first].tokens.lowerBound..<positions[candidate].tokens.upperBound].map {
                    Token(bytes: $0.bytes, start: $0.start - start, end: $0.end - start, isColocated: $0.isColocated)
                }
                if try tokenize(Array(text[start..<end])) == expected {
                    last = candidate
                    break
                }
            }
            let start = positions[first].span.lowerBound
            let pieceEnd = positions[first...last].map(\.span.upperBound).max()!
            pieces.append(start..<pieceEnd)
            first = last + 1
        }
        return pieces
    }
}
