import Foundation
import Testing

@testable import TokenBenchTokenizers

/// `japanese`'s morpheme cache keeps tokens in the slot or in its block store, and keys them on
/// the surface and the feature string's address. Each row pins one way a morpheme is stored; the
/// test reads every morpheme back after all were inserted (and the table grew), and checks that
/// the tokens are made once per morpheme.
struct MorphemeTokenCacheTests {
    static let features: [ContiguousArray<CChar>] = (0..<3).map { ContiguousArray("feature \($0)".utf8CString) }

    static let rows: [(surface: String, feature: Int, tokens: [String])] = [
        ("は", 0, ["ハ", "ha", "wa"]), // short surface, tokens in the slot
        ("は", 1, ["ハ"]), // the same surface, another dictionary entry: another morpheme
        ("東京", 0, ["東京", "トウキョウ", "toukyou", "tokyo", "東京都"]), // 48 bytes of tokens: past the slot's 40
        ("コンピュータ", 2, ["コンピュータ", "konpyuta"]), // a surface past 8 bytes, kept in the block store
        ("コンピューター", 2, ["コンピューター"]), // a longer surface with the same first bytes
        (String(repeating: "あ", count: 100), 0, [String(repeating: "ア", count: 100)]), // a token past 255 bytes
        ("x", 2, []), // no token at all
    ]

    static func read(_ tokens: MorphemeTokenCache.Tokens) -> [String] {
        var cursor = tokens.start
        let count = tokens.number(at: cursor)
        cursor += tokens.lengthSize
        var result: [String] = []
        for _ in 0..<count {
            let length = tokens.number(at: cursor)
            cursor += tokens.lengthSize
            result.append(String(decoding: UnsafeRawBufferPointer(start: cursor, count: length), as: UTF8.self))
            cursor += length
        }
        return result
    }

    static func lookUp(_ cache: MorphemeTokenCache, row: Int, made: inout Int) -> [String] {
        let (surface, feature, tokens) = rows[row]
        return Array(surface.utf8).withUnsafeBufferPointer { bytes in
            features[feature].withUnsafeBufferPointer { featureBytes in
                read(
                    cache.tokens(surface: bytes, feature: featureBytes.baseAddress!) { _, _ in
                        made += 1
                        return tokens.map { Array($0.utf8) }
                    })
            }
        }
    }

    @Test func everyMorphemeReadsBackItsOwnTokens() {
        let cache = MorphemeTokenCache()
        var made = 0
        for round in 0..<2 {
            for (index, row) in Self.rows.enumerated() {
                #expect(Self.lookUp(cache, row: index, made: &made) == row.tokens, "round \(round), row \(index)")
            }
            // Thousands more morphemes make the table grow between the two rounds.
            if round == 0 {
                for number in 0..<5000 {
                    let surface = Array("語\(number)".utf8)
                    _ = surface.withUnsafeBufferPointer { bytes in
                        Self.features[0].withUnsafeBufferPointer { feature in
                            cache.tokens(surface: bytes, feature: feature.baseAddress!) { _, _ in [surface] }
                        }
                    }
                }
            }
        }
        #expect(made == Self.rows.count, "each morpheme's tokens are made once")
    }

    /// Past its limit the cache starts again empty, and still answers right.
    @Test func aFullCacheStartsAgain() {
        let cache = MorphemeTokenCache(entryLimit: 4)
        var made = 0
        for index in Self.rows.indices {
            #expect(Self.lookUp(cache, row: index, made: &made) == Self.rows[index].tokens, "row \(index)")
        }
        #expect(Self.lookUp(cache, row: 0, made: &made) == Self.rows[0].tokens)
        #expect(made == Self.rows.count + 1, "the first morpheme was dropped when the cache started again")
    }
}
