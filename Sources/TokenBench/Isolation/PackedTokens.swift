import Foundation

/// Tokens on their way from a worker to the bench: one byte string, base64 in JSON, instead of
/// an object per token (which made JSON a fifth of a matrix run's time). Each token is its
/// position, start, end and length as 32-bit little-endian integers, a colocated byte, then its
/// bytes.
struct PackedTokens: Codable, Sendable {
    var tokens: [Token]

    init(_ tokens: [Token]) { self.tokens = tokens }

    func encode(to encoder: any Encoder) throws {
        var bytes: [UInt8] = []
        bytes.reserveCapacity(tokens.reduce(0) { $0 + 17 + $1.bytes.count })
        func append(_ value: Int) {
            withUnsafeBytes(of: Int32(truncatingIfNeeded: value).littleEndian) { bytes += $0 }
        }
        for token in tokens {
            append(token.position)
            append(token.start)
            append(token.end)
            append(token.bytes.count)
            bytes.append(token.isColocated ? 1 : 0)
            bytes += token.bytes
        }
        var container = encoder.singleValueContainer()
        try container.encode(Data(bytes))
    }

    init(from decoder: any Decoder) throws {
        let bytes = [UInt8](try decoder.singleValueContainer().decode(Data.self))
        var offset = 0
        func next() throws -> Int {
            guard offset + 4 <= bytes.count else { throw Self.corrupt(decoder) }
            defer { offset += 4 }
            return Int(
                Int32(littleEndian: bytes[offset..<(offset + 4)].withUnsafeBytes { $0.loadUnaligned(as: Int32.self) }))
        }
        var tokens: [Token] = []
        while offset < bytes.count {
            let (position, start, end, count) = (try next(), try next(), try next(), try next())
            guard count >= 0, offset + 1 + count <= bytes.count else { throw Self.corrupt(decoder) }
            let colocated = bytes[offset] != 0
            tokens.append(
                Token(
                    position: position, bytes: Array(bytes[(offset + 1)..<(offset + 1 + count)]), start: start,
                    end: end, isColocated: colocated))
            offset += 1 + count
        }
        self.tokens = tokens
    }

    private static func corrupt(_ decoder: any Decoder) -> DecodingError {
        .dataCorrupted(.init(codingPath: decoder.codingPath, debugDescription: "packed tokens are cut short"))
    }
}
