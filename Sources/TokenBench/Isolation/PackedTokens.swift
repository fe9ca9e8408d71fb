import Foundation

/// Tokens on their way from a worker to the bench: one byte string, base64 in JSON, instead of
/// an object per token (which made JSON a fifth of a matrix run's time). Each token is its
/// position, start, end and length as 32-bit little-endian integers, a colocated byte, then its
/// bytes.
struct PackedTokens: BytePacked, Sendable {
    var tokens: [Token]

    init(_ tokens: [Token]) { self.tokens = tokens }

    func pack(into writer: inout ByteWriter) { writer.append(tokens) }

    init(unpacking reader: inout ByteReader) throws { tokens = try reader.tokens(until: nil) }
}
