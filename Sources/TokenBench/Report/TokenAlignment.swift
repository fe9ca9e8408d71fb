/// Several tokenizers' tokens of one text laid out on a shared grid of source segments, so that
/// tokens covering the same bytes line up in a column (the report's side-by-side view).
struct TokenAlignment {
    /// The text cut at every token boundary of every tokenizer: half-open byte ranges.
    let segments: [Range<Int>]
    /// Per tokenizer, lanes of non-overlapping tokens; colocated and overlapping tokens (trigram)
    /// go to the next free lane, so they stack.
    let lanes: [(tokenizer: String, lanes: [[Placed]])]
    /// Tokens whose offsets fall outside the text, which cannot be placed.
    let unplaced: [(tokenizer: String, token: Token)]

    /// A token on the grid: the segments it covers.
    struct Placed {
        var token: Token
        var segments: Range<Int>
    }

    init(text: [UInt8], streams: [(tokenizer: String, tokens: [Token])]) {
        var boundaries: Set<Int> = [0, text.count]
        var unplaced: [(tokenizer: String, token: Token)] = []
        for stream in streams {
            for token in stream.tokens {
                if Self.isPlaceable(token, in: text) {
                    boundaries.insert(token.start)
                    boundaries.insert(token.end)
                } else {
                    unplaced.append((stream.tokenizer, token))
                }
            }
        }
        let sorted = boundaries.sorted()
        segments = zip(sorted, sorted.dropFirst()).map { $0..<$1 }
        let segmentIndex = Dictionary(uniqueKeysWithValues: sorted.enumerated().map { ($1, $0) })
        lanes = streams.map { stream in
            var lanes: [[Placed]] = []
            // In start order (a broken tokenizer may not keep it), ties in emission order.
            let ordered = stream.tokens.enumerated().filter { Self.isPlaceable($0.element, in: text) }
                .sorted {
                    ($0.element.start, $0.element.end, $0.offset) < ($1.element.start, $1.element.end, $1.offset)
                }
                .map(\.element)
            for token in ordered {
                var start = segmentIndex[token.start]!
                // An empty token at the very end of the text sits in the last segment.
                if start == sorted.count - 1, start > 0 { start -= 1 }
                // An empty token still takes one column, the segment it starts.
                let end = max(segmentIndex[token.end]!, min(start + 1, sorted.count - 1))
                let placed = Placed(token: token, segments: start..<end)
                // A lane is free when its last token ends before this one starts.
                if let lane = lanes.firstIndex(where: {
                    ($0.last?.segments.upperBound ?? 0) <= placed.segments.lowerBound
                }) {
                    lanes[lane].append(placed)
                } else {
                    lanes.append([placed])
                }
            }
            return (stream.tokenizer, lanes)
        }
        self.unplaced = unplaced
    }

    private static func isPlaceable(_ token: Token, in text: [UInt8]) -> Bool {
        0 <= token.start && token.start <= token.end && token.end <= text.count
    }
}
