/// One token as a tokenizer reported it through its xToken callback.
public struct Token: Hashable, Sendable {
    /// The FTS5 position: it advances on every token that is not colocated with the previous one.
    public internal(set) var position: Int
    /// The token's bytes exactly as reported (not necessarily valid UTF-8).
    public internal(set) var bytes: [UInt8]
    /// UTF-8 byte offset of the token's start in the tokenized input.
    public internal(set) var start: Int
    /// UTF-8 byte offset just past the token's end in the tokenized input.
    public internal(set) var end: Int
    /// Whether the tokenizer set FTS5_TOKEN_COLOCATED (a synonym at the previous position).
    public internal(set) var isColocated: Bool

    public init(position: Int, bytes: [UInt8], start: Int, end: Int, isColocated: Bool) {
        self.position = position
        self.bytes = bytes
        self.start = start
        self.end = end
        self.isColocated = isColocated
    }

    /// The token as text, with bytes that are not valid UTF-8 shown as `\xNN`.
    public var text: String { ByteEscaping.display(bytes) }

    /// The token as a `tokendata=1` table reads it (SQLite 3.45 and later): the bytes before its
    /// first NUL are the key it matches on, the bytes after it the data `xInstToken` returns
    /// (nil without a NUL).
    public var tokendata: (key: ArraySlice<UInt8>, data: ArraySlice<UInt8>?) { Self.tokendata(of: bytes[...]) }

    /// Token bytes split as a `tokendata=1` table reads them: the key before the first NUL, and
    /// the data after it (nil without a NUL).
    package static func tokendata(of bytes: ArraySlice<UInt8>) -> (key: ArraySlice<UInt8>, data: ArraySlice<UInt8>?) {
        guard let nul = bytes.firstIndex(of: 0) else { return (bytes, nil) }
        return (bytes[..<nul], bytes[(nul + 1)...])
    }
}

extension Array where Element == Token {
    /// Tokens as one field: space-separated, colocated tokens joined to their predecessor by `|`.
    /// Spaces, `|` and backslashes inside a token are escaped so the field splits unambiguously.
    package var joinedForDisplay: String {
        var result = ""
        for (index, token) in enumerated() {
            if index > 0 { result += token.isColocated ? "|" : " " }
            result += ByteEscaping.display(token.bytes, escaping: [0x20, 0x7C])
        }
        return result
    }
}
