import CICUShim
import GRDB
import GRDBSQLite

/// `nfkc [BASE...]`: the text is NFKC case folded (ICU's NFKC_Casefold) before BASE sees it, so
/// ligatures (ﬁ), fullwidth forms (ＡＢＣ), superscripts (x²), the Kelvin and Ångström signs and
/// NFD input all reach BASE in one canonical form. Offsets still point into the original bytes:
/// the text is folded one normalization segment at a time, and each token's offsets are mapped
/// back to the segments it came from.
///
/// BASE defaults to `unicode61`: NFKC folds compatibility forms and case, not diacritics, so
/// unicode61's diacritic removal stays useful. All-ASCII input goes to BASE unchanged.
final class NfkcTokenizer: FTS5CustomTokenizer {
    static let name = "nfkc"

    private let base: any FTS5Tokenizer
    /// Ownership: created in init, released exactly once in deinit; used by one call at a time,
    /// as FTS5 uses a tokenizer instance.
    private let folder: OpaquePointer
    // Reused between calls: folded text and, per folded byte, the original segment it came from.
    private var folded: [CChar] = []
    private var segmentStart: [CInt] = []
    private var segmentEnd: [CInt] = []

    init(db: Database, arguments: [String]) throws {
        do {
            base = try WrapperArguments(arguments, optionKeys: [], defaultBase: ["unicode61"], tokenizer: Self.name).makeBase(db)
            guard let folder = tb_nfkc_folder_open() else {
                throw DatabaseError(message: "\(Self.name): ICU's NFKC_Casefold data cannot be loaded")
            }
            self.folder = folder
        } catch {
            throw ConstructorDiagnostics.recorded(error, for: db)
        }
    }

    deinit { tb_nfkc_folder_close(folder) }

    /// Per-call state reached from the C callback through a raw pointer to this stack value
    /// (no retain or release per token): FTS5's callback and the offset maps.
    private struct CallState {
        let context: UnsafeMutableRawPointer?
        let callback: FTS5TokenCallback
        let starts: UnsafePointer<CInt>
        let ends: UnsafePointer<CInt>
        let foldedLength: CInt
        let originalLength: CInt
    }

    /// Maps a BASE token's offsets in the folded text back to the original bytes: from its first
    /// folded byte's segment start to its last folded byte's segment end.
    private static let mapOffsets: FTS5TokenCallback = { statePointer, flags, pToken, nToken, start, end in
        let state = statePointer.unsafelyUnwrapped.assumingMemoryBound(to: CallState.self)
        let originalStart = start < state.pointee.foldedLength ? state.pointee.starts[Int(start)] : state.pointee.originalLength
        let originalEnd = end > start ? state.pointee.ends[Int(end) - 1] : originalStart
        return state.pointee.callback(state.pointee.context, flags, pToken, nToken, originalStart, originalEnd)
    }

    func tokenize(
        context: UnsafeMutableRawPointer?, tokenization: FTS5Tokenization, pText: UnsafePointer<CChar>?, nText: CInt,
        tokenCallback: @escaping FTS5TokenCallback
    ) -> CInt {
        guard let pText, nText > 0 else { return SQLITE_OK }
        let text = UnsafeBufferPointer(start: UnsafeRawPointer(pText).assumingMemoryBound(to: UInt8.self), count: Int(nText))
        if text.isASCII {
            // ASCII fast path: NFKC case folding of ASCII is lower-casing, which BASE does itself.
            return base.tokenize(context: context, tokenization: tokenization, pText: pText, nText: nText, tokenCallback: tokenCallback)
        }
        guard let length = fold(pText, nText) else { return SQLITE_ERROR }
        return folded.withUnsafeBufferPointer { foldedText in
            segmentStart.withUnsafeBufferPointer { starts in
                segmentEnd.withUnsafeBufferPointer { ends in
                    var state = CallState(
                        context: context, callback: tokenCallback, starts: starts.baseAddress!, ends: ends.baseAddress!,
                        foldedLength: length, originalLength: nText)
                    // Ownership: `state` and the buffers live until BASE's xTokenize returns.
                    return withUnsafeMutablePointer(to: &state) { statePointer in
                        base.tokenize(
                            context: UnsafeMutableRawPointer(statePointer), tokenization: tokenization,
                            pText: foldedText.baseAddress, nText: length, tokenCallback: Self.mapOffsets)
                    }
                }
            }
        }
    }

    /// Folds `nText` bytes into the reused buffers; returns the folded length, nil if ICU fails.
    private func fold(_ pText: UnsafePointer<CChar>, _ nText: CInt) -> CInt? {
        var capacity = max(folded.count, Int(nText) * 2 + 16)
        while true {
            if folded.count < capacity {
                folded = [CChar](repeating: 0, count: capacity)
                segmentStart = [CInt](repeating: 0, count: capacity)
                segmentEnd = [CInt](repeating: 0, count: capacity)
            }
            let length = tb_nfkc_folder_fold(folder, pText, nText, &folded, &segmentStart, &segmentEnd, CInt(capacity))
            if length < 0 { return nil }
            if Int(length) <= capacity { return length }
            capacity = Int(length)
        }
    }
}
