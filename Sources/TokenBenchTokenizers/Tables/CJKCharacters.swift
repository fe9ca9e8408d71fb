/// The characters the `cjk` tokenizer joins into bigrams, and the width folding it applies first,
/// as data: no ICU at run time. `CJKCharactersTests` checks every table against Unicode's own
/// files (Scripts.txt, WordBreakProperty.txt, UnicodeData.txt).
enum CJKCharacters {
    /// Han, Hiragana, Katakana and Hangul in Unicode 15's Scripts.txt, plus what UAX #29 gives
    /// Word_Break=Katakana though its script is Common (ー U+30FC, ゛゜ U+309B–309C, ゠ U+30A0, the
    /// vertical kana repeat marks U+3031–3035): the characters Lucene's StandardTokenizer types
    /// IDEOGRAPHIC, HIRAGANA, KATAKANA or HANGUL, which its CJKBigramFilter joins. Sorted, disjoint.
    static let joiningRanges: [ClosedRange<UInt32>] = [
        0x1100...0x11FF, 0x2E80...0x2E99, 0x2E9B...0x2EF3, 0x2F00...0x2FD5, 0x3005...0x3005, 0x3007...0x3007,
        0x3021...0x3029, 0x302E...0x302F, 0x3031...0x3035, 0x3038...0x303B, 0x3041...0x3096, 0x309B...0x30FA,
        0x30FC...0x30FF, 0x3131...0x318E, 0x31F0...0x321E, 0x3260...0x327E, 0x32D0...0x32FE, 0x3300...0x3357,
        0x3400...0x4DBF, 0x4E00...0x9FFF, 0xA960...0xA97C, 0xAC00...0xD7A3, 0xD7B0...0xD7C6, 0xD7CB...0xD7FB,
        0xF900...0xFA6D, 0xFA70...0xFAD9, 0xFF66...0xFF9D, 0xFFA0...0xFFBE, 0xFFC2...0xFFC7, 0xFFCA...0xFFCF,
        0xFFD2...0xFFD7, 0xFFDA...0xFFDC, 0x16FE2...0x16FE3, 0x16FF0...0x16FF1, 0x1AFF0...0x1AFF3,
        0x1AFF5...0x1AFFB, 0x1AFFD...0x1AFFE, 0x1B000...0x1B122, 0x1B132...0x1B132, 0x1B150...0x1B152,
        0x1B155...0x1B155, 0x1B164...0x1B167, 0x1F200...0x1F200, 0x20000...0x2A6DF, 0x2A700...0x2B739,
        0x2B740...0x2B81D, 0x2B820...0x2CEA1, 0x2CEB0...0x2EBE0, 0x2F800...0x2FA1D, 0x30000...0x3134A,
        0x31350...0x323AF,
    ]

    /// Whether `scalar` is a character the `cjk` tokenizer joins into bigrams.
    @inline(__always)
    static func joins(_ scalar: UInt32) -> Bool {
        guard scalar >= 0x1100 else { return false }
        var low = 0
        var high = joiningRanges.count
        while low < high {
            let middle = (low + high) / 2
            let range = joiningRanges[middle]
            if scalar < range.lowerBound {
                high = middle
            } else if scalar > range.upperBound {
                low = middle + 1
            } else {
                return true
            }
        }
        return false
    }

    /// What U+FF61…U+FF9F (halfwidth CJK punctuation and katakana) fold to: their `<narrow>`
    /// decompositions in UnicodeData.txt. The last two are the combining voiced and semi-voiced
    /// marks, which `composed(_:with:)` then joins to the kana before them.
    static let halfwidthFolding: [UInt32] = [
        0x3002, 0x300C, 0x300D, 0x3001, 0x30FB, 0x30F2, 0x30A1, 0x30A3, 0x30A5, 0x30A7, 0x30A9, 0x30E3, 0x30E5,
        0x30E7, 0x30C3, 0x30FC, 0x30A2, 0x30A4, 0x30A6, 0x30A8, 0x30AA, 0x30AB, 0x30AD, 0x30AF, 0x30B1, 0x30B3,
        0x30B5, 0x30B7, 0x30B9, 0x30BB, 0x30BD, 0x30BF, 0x30C1, 0x30C4, 0x30C6, 0x30C8, 0x30CA, 0x30CB, 0x30CC,
        0x30CD, 0x30CE, 0x30CF, 0x30D2, 0x30D5, 0x30D8, 0x30DB, 0x30DE, 0x30DF, 0x30E0, 0x30E1, 0x30E2, 0x30E4,
        0x30E6, 0x30E8, 0x30E9, 0x30EA, 0x30EB, 0x30EC, 0x30ED, 0x30EF, 0x30F3, 0x3099, 0x309A,
    ]

    /// Lucene's CJKWidthFilter: fullwidth ASCII (U+FF01–FF5E) to ASCII, halfwidth katakana and
    /// punctuation to their usual forms; every other scalar as it is.
    @inline(__always)
    static func widthFolded(_ scalar: UInt32) -> UInt32 {
        switch scalar {
        case 0xFF01...0xFF5E: scalar - 0xFEE0
        case 0xFF61...0xFF9F: halfwidthFolding[Int(scalar - 0xFF61)]
        default: scalar
        }
    }

    static let combiningVoicedMark: UInt32 = 0x3099
    static let combiningSemiVoicedMark: UInt32 = 0x309A

    /// Each kana that has a precomposed form with the voiced mark, and that form (か → が):
    /// UnicodeData.txt's canonical decompositions `K 3099`.
    private static let voicedForms: [UInt32: UInt32] = [
        0x3046: 0x3094, 0x304B: 0x304C, 0x304D: 0x304E, 0x304F: 0x3050, 0x3051: 0x3052, 0x3053: 0x3054,
        0x3055: 0x3056, 0x3057: 0x3058, 0x3059: 0x305A, 0x305B: 0x305C, 0x305D: 0x305E, 0x305F: 0x3060,
        0x3061: 0x3062, 0x3064: 0x3065, 0x3066: 0x3067, 0x3068: 0x3069, 0x306F: 0x3070, 0x3072: 0x3073,
        0x3075: 0x3076, 0x3078: 0x3079, 0x307B: 0x307C, 0x309D: 0x309E, 0x30A6: 0x30F4, 0x30AB: 0x30AC,
        0x30AD: 0x30AE, 0x30AF: 0x30B0, 0x30B1: 0x30B2, 0x30B3: 0x30B4, 0x30B5: 0x30B6, 0x30B7: 0x30B8,
        0x30B9: 0x30BA, 0x30BB: 0x30BC, 0x30BD: 0x30BE, 0x30BF: 0x30C0, 0x30C1: 0x30C2, 0x30C4: 0x30C5,
        0x30C6: 0x30C7, 0x30C8: 0x30C9, 0x30CF: 0x30D0, 0x30D2: 0x30D3, 0x30D5: 0x30D6, 0x30D8: 0x30D9,
        0x30DB: 0x30DC, 0x30EF: 0x30F7, 0x30F0: 0x30F8, 0x30F1: 0x30F9, 0x30F2: 0x30FA, 0x30FD: 0x30FE,
    ]
    /// The same for the semi-voiced mark (は → ぱ): `K 309A`.
    private static let semiVoicedForms: [UInt32: UInt32] = [
        0x306F: 0x3071, 0x3072: 0x3074, 0x3075: 0x3077, 0x3078: 0x307A, 0x307B: 0x307D, 0x30CF: 0x30D1,
        0x30D2: 0x30D4, 0x30D5: 0x30D7, 0x30D8: 0x30DA, 0x30DB: 0x30DD,
    ]

    /// The one scalar that `previous` followed by `next` composes to in NFC, among the joining
    /// characters: a kana and a combining voiced or semi-voiced mark (か + U+3099 → が, as a
    /// halfwidth ｶﾞ folds), or Hangul jamo into a syllable (ᄒ + ᅡ → 하, 하 + ᆫ → 한), so that NFD
    /// Japanese and Korean (macOS file names) give the same bigrams as NFC.
    static func composed(_ previous: UInt32, _ next: UInt32) -> UInt32? {
        switch next {
        case combiningVoicedMark: voicedForms[previous]
        case combiningSemiVoicedMark: semiVoicedForms[previous]
        case hangulVowels where hangulLeadingConsonants.contains(previous):
            // Unicode's Hangul composition (chapter 3.12), arithmetic rather than a table.
            hangulSyllables.lowerBound
                + ((previous - hangulLeadingConsonants.lowerBound) * 21
                    + (next - hangulVowels.lowerBound)) * 28
        case hangulTrailingConsonants
        where hangulSyllables.contains(previous) && (previous - hangulSyllables.lowerBound) % 28 == 0:
            previous + (next - hangulTrailingConsonants.lowerBound + 1)
        default: nil
        }
    }

    private static let hangulLeadingConsonants: ClosedRange<UInt32> = 0x1100...0x1112
    private static let hangulVowels: ClosedRange<UInt32> = 0x1161...0x1175
    private static let hangulTrailingConsonants: ClosedRange<UInt32> = 0x11A8...0x11C2
    private static let hangulSyllables: ClosedRange<UInt32> = 0xAC00...0xD7A3

    /// Whether `scalar` belongs to the character before it rather than starting one: the
    /// combining kana marks and the variation selectors (ideographic variation sequences).
    @inline(__always)
    static func attachesToPrevious(_ scalar: UInt32) -> Bool {
        scalar == combiningVoicedMark || scalar == combiningSemiVoicedMark || (0xFE00...0xFE0F).contains(scalar)
            || (0xE0100...0xE01EF).contains(scalar)
    }
}
