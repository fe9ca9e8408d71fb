import Foundation

/// A worker's output that packs itself into bytes (`ByteWriter`). Its `Codable` form is one JSON
/// string, those bytes in base64; the worker writes that string and the bench reads it directly
/// (`packedJSON`, `init(packedJSON:)`), without a JSON encoder and decoder per output, which
/// were a tenth of the CPU of a `--jobs 1` matrix (perf). The bytes on the pipe are the same.
protocol BytePacked: Codable {
    func pack(into writer: inout ByteWriter)
    init(unpacking reader: inout ByteReader) throws
}

extension BytePacked {
    func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(Data(packedBytes))
    }

    init(from decoder: any Decoder) throws {
        let data = try decoder.singleValueContainer().decode(Data.self)
        var reader = ByteReader([UInt8](data), codingPath: decoder.codingPath)
        try self.init(unpacking: &reader)
    }

    private var packedBytes: [UInt8] {
        var writer = ByteWriter()
        pack(into: &writer)
        return writer.bytes
    }

    /// What `WorkerProtocol.encoder` writes for the value: a JSON string of base64, whose
    /// alphabet (with slashes unescaped) needs no JSON escape.
    var packedJSON: [UInt8] {
        [UInt8(ascii: "\"")] + Array(Data(packedBytes).base64EncodedData()) + [UInt8(ascii: "\"")]
    }

    /// Reads `packedJSON`; anything else (not a quoted base64 string, or bytes that do not
    /// unpack) throws.
    init(packedJSON json: ArraySlice<UInt8>) throws {
        guard json.count >= 2, json.first == UInt8(ascii: "\""), json.last == UInt8(ascii: "\""),
            let data = Data(base64Encoded: Data(json.dropFirst().dropLast()))
        else {
            throw DecodingError.dataCorrupted(
                .init(codingPath: [], debugDescription: "a worker's packed output is not a base64 string"))
        }
        var reader = ByteReader([UInt8](data))
        try self.init(unpacking: &reader)
    }
}

/// Little-endian integers, strings and tokens, appended: how a unit's output packs itself.
struct ByteWriter {
    var bytes: [UInt8] = []

    mutating func append(_ value: Int) {
        withUnsafeBytes(of: Int32(truncatingIfNeeded: value).littleEndian) { bytes += $0 }
    }

    mutating func append(_ byte: UInt8) { bytes.append(byte) }

    mutating func append(_ text: String) {
        append(text.utf8.count)
        bytes += text.utf8
    }

    /// The tokens, after their byte count, so that a reader knows where they end.
    mutating func appendCounted(_ tokens: [Token]) {
        var inner = ByteWriter()
        inner.append(tokens)
        append(inner.bytes.count)
        bytes += inner.bytes
    }

    mutating func append(_ tokens: [Token]) {
        bytes.reserveCapacity(bytes.count + tokens.reduce(0) { $0 + 17 + $1.bytes.count })
        for token in tokens {
            append(token.position)
            append(token.start)
            append(token.end)
            append(token.bytes.count)
            append(token.isColocated ? 1 as UInt8 : 0)
            bytes += token.bytes
        }
    }
}

/// Reads what `ByteWriter` wrote; a cut or malformed string is a decoding error.
struct ByteReader {
    private let bytes: [UInt8]
    private var offset = 0
    private let codingPath: [any CodingKey]

    init(_ bytes: [UInt8], codingPath: [any CodingKey] = []) {
        self.bytes = bytes
        self.codingPath = codingPath
    }

    var isAtEnd: Bool { offset >= bytes.count }

    mutating func int() throws -> Int {
        guard offset + 4 <= bytes.count else { throw corrupt() }
        defer { offset += 4 }
        return Int(
            Int32(littleEndian: bytes[offset..<(offset + 4)].withUnsafeBytes { $0.loadUnaligned(as: Int32.self) }))
    }

    mutating func byte() throws -> UInt8 {
        guard offset < bytes.count else { throw corrupt() }
        defer { offset += 1 }
        return bytes[offset]
    }

    mutating func string() throws -> String {
        let count = try int()
        guard count >= 0, offset + count <= bytes.count else { throw corrupt() }
        defer { offset += count }
        return String(decoding: bytes[offset..<(offset + count)], as: UTF8.self)
    }

    mutating func countedTokens() throws -> [Token] {
        let count = try int()
        guard count >= 0, offset + count <= bytes.count else { throw corrupt() }
        return try tokens(until: offset + count)
    }

    /// Tokens up to byte `end` (the end of the bytes when nil).
    mutating func tokens(until end: Int?) throws -> [Token] {
        let end = end ?? bytes.count
        var tokens: [Token] = []
        while offset < end {
            let (position, start, tokenEnd, count) = (try int(), try int(), try int(), try int())
            let colocated = try byte() != 0
            guard count >= 0, offset + count <= end else { throw corrupt() }
            tokens.append(
                Token(
                    position: position, bytes: Array(bytes[offset..<(offset + count)]), start: start, end: tokenEnd,
                    isColocated: colocated))
            offset += count
        }
        return tokens
    }

    /// The error for a byte that no writer puts where it was read.
    func unknownTag(_ tag: UInt8) -> DecodingError {
        .dataCorrupted(.init(codingPath: codingPath, debugDescription: "a worker's packed output has tag \(tag)"))
    }

    private func corrupt() -> DecodingError {
        .dataCorrupted(.init(codingPath: codingPath, debugDescription: "a worker's packed output is cut short"))
    }
}
