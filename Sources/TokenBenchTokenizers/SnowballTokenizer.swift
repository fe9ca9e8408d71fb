import GRDB
import GRDBSQLite
import TokenBenchEngines

/// `snowball LANGUAGE [BASE...]`: each token of BASE stemmed by libstemmer's Snowball algorithm
/// for LANGUAGE (any name or alias libstemmer knows: german, de, …), in every mode, so
/// "Häuser" finds "Haus" under `snowball german` and "canciones" finds "canción" under
/// `snowball spanish`.
///
/// BASE defaults to `unicode61 remove_diacritics 0`: the Snowball algorithms are written for the
/// language's own spelling, and several read its diacritics (French tells é from e to find
/// suffixes, German folds ä/ö/ü itself after stemming, Spanish removes its acute accents at the
/// end). Non-ASCII tokens are composed to NFC first, so an NFD spelling stems like the NFC one.
final class SnowballTokenizer: FilteringWrapper {
    static let tokenTrampoline: FTS5TokenCallback = {
        WrappedTokenization.forward(SnowballTokenizer.self, $0, $1, $2, $3, $4, $5)
    }
    static let name = "snowball"

    let base: any FTS5Tokenizer
    let baseTokenPages = ReadablePages()
    let baseWordTable: Unmanaged<Unicode61WordTable>?
    private let stemmer: SnowballStemmer

    init(connection: EngineConnection, arguments: [String]) throws {
        guard let language = arguments.first else {
            throw DatabaseError(
                message:
                    "\(Self.name): needs a language (languages: \(SnowballStemmer.algorithms.joined(separator: ", ")))")
        }
        stemmer = try SnowballStemmer(algorithm: language, tokenizer: Self.name)
        let parsed = try WrapperArguments(
            Array(arguments.dropFirst()), optionKeys: [], defaultBase: ["unicode61", "remove_diacritics", "0"],
            tokenizer: Self.name)
        base = try parsed.makeBase(connection)
        baseWordTable = Unicode61WordTable.unmanaged(of: base)
    }

    func filter(
        _ token: UnsafeBufferPointer<UInt8>, flags: CInt, start: CInt, end: CInt,
        tokenization: FTS5Tokenization, emit: inout TokenEmitter
    ) -> CInt {
        stemmer.withStem(of: token) { Self.emitStem($0, of: token, flags: flags, start: start, end: end, emit: &emit) }
    }

    static var filtersLowercaseASCIIApart: Bool { true }

    func filter(
        lowercaseASCII token: UnsafeBufferPointer<UInt8>, flags: CInt, start: CInt, end: CInt,
        tokenization: FTS5Tokenization, emit: inout TokenEmitter
    ) -> CInt {
        stemmer.withCachedStem(of: token) {
            Self.emitStem($0, of: token, flags: flags, start: start, end: end, emit: &emit)
        }
    }

    /// Static: as a method it made the closures above capture `self`, a retain and a release
    /// around every token that is not ASCII.
    @inline(__always)
    private static func emitStem(
        _ stem: UnsafeBufferPointer<UInt8>?, of token: UnsafeBufferPointer<UInt8>, flags: CInt, start: CInt,
        end: CInt, emit: inout TokenEmitter
    ) -> CInt {
        // Invalid UTF-8 has no stem and is indexed as it is, and so is a word stemmed to nothing.
        guard let stem, !stem.isEmpty else { return emit.emit(token, flags: flags, start: start, end: end) }
        return emit.emit(stem, flags: flags, start: start, end: end)
    }
}
