import CUnicodeFolding

/// The ICU and Unicode versions that the portable folds' tables (`latinascii`, `nfkc`) were
/// generated from, by `Sources/CUnicodeFolding/tools/generate-tables.c`: what those tokenizers
/// follow, whatever ICU the system has.
package enum FoldingTables {
    package static var icuVersion: String { String(cString: tb_folding_icu_version()) }
    package static var unicodeVersion: String { String(cString: tb_folding_unicode_version()) }
}
