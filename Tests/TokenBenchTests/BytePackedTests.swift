import Foundation
import Testing

@testable import TokenBench

/// A `BytePacked` output skips the JSON encoder and decoder on its way from a worker, so what it
/// writes must be what the encoder would have written, byte for byte, and read back the same.
struct BytePackedTests {
    @Test(
        arguments: [
            // Bytes whose base64 holds both '+' and '/', the two characters JSON might escape.
            [
                Token(
                    position: 0, bytes: [0xFF, 0xFB, 0xFF, 0xBF, 0xFB, 0xFF, 0xBF], start: 0, end: 7, isColocated: false
                )
            ],
            // Several tokens, one colocated, with UTF-8 beyond ASCII.
            [
                Token(position: 0, bytes: Array("aimé".utf8), start: 0, end: 5, isColocated: false),
                Token(position: 0, bytes: Array("aime".utf8), start: 0, end: 5, isColocated: true),
            ],
            // No token: an empty string.
            [],
        ] as [[Token]])
    func packedJSONIsTheEncodersJSON(tokens: [Token]) throws {
        let packed = PackedTokens(tokens)
        let encoded = Array(try WorkerProtocol.encoder.encode(packed))
        #expect(packed.packedJSON == encoded, "\(String(decoding: encoded, as: UTF8.self))")
        if tokens.first?.bytes.first == 0xFF {
            #expect(encoded.contains(UInt8(ascii: "+")) && encoded.contains(UInt8(ascii: "/")))
        }
        let read = try PackedTokens(packedJSON: encoded[...])
        #expect(read.tokens == tokens)
    }
}
