import GRDB
import GRDBSQLite
import TokenBenchEngines

/// `nfkc [BASE...]`: the text is NFKC case folded (ICU's NFKC_Casefold, from tables generated from
/// ICU: no ICU at run time) before BASE sees it, so
/// ligatures (ﬁ), fullwidth forms (ＡＢＣ), superscripts (x²), the Kelvin and Ångström signs and
/// NFD input all reach BASE in one canonical form. Offsets still point into the original bytes:
/// the text is folded one normalization segment at a time, and each token's offsets are mapped
/// back to the segments it came from.
///
/// BASE defaults to `unicode61`: NFKC folds compatibility forms and case, not diacritics, so
/// unicode61's diacritic removal stays useful. All-ASCII input goes to BASE unchanged.
/// Each value's locale goes on to BASE; under `tr` and `az`, I and İ fold the Turkic way.
final class NfkcTokenizer: RegisteredTokenizerType, LocalePassingWrapper {
    static let name = "nfkc"

    let base: any FTS5Tokenizer
    private let folder: NfkcFolder

    init(connection: EngineConnection, arguments: [String]) throws {
        base = try Self.wrapperArguments(arguments).makeBase(connection)
        folder = NfkcFolder()
    }

    /// The locale-aware xTokenize: the locale goes on to BASE; under `tr` and `az`, I and İ are
    /// mapped to ı and i first (`TurkicDottedI`), since NFKC_Casefold has no Turkic form.
    func tokenize(
        context: UnsafeMutableRawPointer?, tokenization: FTS5Tokenization, pText: UnsafePointer<CChar>?,
        nText: CInt,
        locale: UnsafeBufferPointer<UInt8>, tokenCallback: @escaping FTS5TokenCallback
    ) -> CInt {
        let input = UnsafeBufferPointer(
            start: pText.map { UnsafeRawPointer($0).assumingMemoryBound(to: UInt8.self) }, count: Int(max(nText, 0))
        )
        guard LocaleLanguage.isTurkic(locale), let mapping = TurkicDottedI(input) else {
            return passingLocale(locale) {
                self.tokenize(
                    context: context, tokenization: tokenization, pText: pText, nText: nText,
                    tokenCallback: tokenCallback)
            }
        }
        var state = TurkicDottedI.CallState(context: context, callback: tokenCallback, mapping: mapping)
        // Ownership: `state` and the mapped text live until this call returns.
        return mapping.text.withUnsafeBufferPointer { mapped in
            withUnsafeMutablePointer(to: &state) { statePointer in
                mapped.withMemoryRebound(to: CChar.self) { mappedText in
                    passingLocale(locale) {
                        self.tokenize(
                            context: UnsafeMutableRawPointer(statePointer), tokenization: tokenization,
                            pText: mappedText.baseAddress, nText: CInt(mappedText.count),
                            tokenCallback: TurkicDottedI.mapOffsets)
                    }
                }
            }
        }
    }

    /// The spec's arguments, `[BASE...]` with BASE unicode61 by default; the tokenizer and its C
    /// limit loop read them alike.
    static func wrapperArguments(_ arguments: [String]) throws -> WrapperArguments {
        try WrapperArguments(arguments, declared: declaredArguments, tokenizer: name)
    }

    static let declaredArguments = DeclaredArguments(defaultBase: ["unicode61"])

    /// Per-call state reached from the C callback through a raw pointer to this stack value
    /// (no retain or release per token): FTS5's callback and the offset maps.
    private struct CallState {
        let context: UnsafeMutableRawPointer?
        let callback: FTS5TokenCallback
        let offsets: NfkcFolder.OffsetMap
    }

    /// Maps a BASE token's offsets in the folded text back to the original bytes.
    private static let mapOffsets: FTS5TokenCallback = { statePointer, flags, pToken, nToken, start, end in
        // A broken BASE's token (negative length, no bytes) must not reach FTS5, which would crash on it.
        guard nToken >= 0, pToken != nil || nToken == 0 else { return SQLITE_ERROR }
        let state = statePointer.unsafelyUnwrapped.assumingMemoryBound(to: CallState.self)
        // BASE's offsets outside the folded text cannot be mapped: the call fails, and
        // `tokenbench conformance` reports it, rather than inventing offsets for BASE's bug.
        guard let original = state.pointee.offsets.original(start: start, end: end) else { return SQLITE_ERROR }
        return state.pointee.callback(state.pointee.context, flags, pToken, nToken, original.start, original.end)
    }

    func tokenize(
        context: UnsafeMutableRawPointer?, tokenization: FTS5Tokenization, pText: UnsafePointer<CChar>?,
        nText: CInt,
        tokenCallback: @escaping FTS5TokenCallback
    ) -> CInt {
        guard let pText, nText > 0 else { return SQLITE_OK }
        let text = UnsafeBufferPointer(
            start: UnsafeRawPointer(pText).assumingMemoryBound(to: UInt8.self), count: Int(nText))
        // ASCII: NFKC case folding of ASCII is lower-casing, which BASE does itself. Text that is
        // folded already (most text of a language without case): BASE reads the input itself.
        if text.isASCII || NfkcFolder.isFolded(pText, nText) {
            return base.tokenize(
                context: context, tokenization: tokenization, pText: pText, nText: nText,
                tokenCallback: tokenCallback)
        }
        guard let length = folder.fold(pText, nText) else { return SQLITE_ERROR }
        return folder.folded.withUnsafeBufferPointer { foldedText in
            folder.withOffsetMap { offsets in
                var state = CallState(context: context, callback: tokenCallback, offsets: offsets)
                // Ownership: `state` and the folder's buffers live until BASE's xTokenize returns.
                return withUnsafeMutablePointer(to: &state) { statePointer in
                    base.tokenize(
                        context: UnsafeMutableRawPointer(statePointer), tokenization: tokenization,
                        pText: foldedText.baseAddress, nText: length, tokenCallback: Self.mapOffsets)
                }
            }
        }
    }
}
