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
    // Reused between calls: folded text and, per folded byte, the original segment it came from.
    private var folded: [CChar] = []
    private var segmentStart: [CInt] = []
    private var segmentEnd: [CInt] = []

    init(db: Database, arguments: [String]) throws {
        do {
            base = try WrapperArguments(arguments, optionKeys: [], defaultBase: ["unicode61"], tokenizer: Self.name).makeBase(db)
        } catch {
            throw ConstructorDiagnostics.recorded(error, for: db)
        }
    }

    /// Per-call state reached from the C callback: FTS5's callback and the offset maps.
    private final class Call {
        let context: UnsafeMutableRawPointer?
        let callback: FTS5TokenCallback
        let starts: UnsafePointer<CInt>
        let ends: UnsafePointer<CInt>
        let foldedLength: CInt
        let originalLength: CInt

        init(context: UnsafeMutableRawPointer?, callback: @escaping FTS5TokenCallback, starts: UnsafePointer<CInt>,
             ends: UnsafePointer<CInt>, foldedLength: CInt, originalLength: CInt) {
            self.context = context
            self.callback = callback
            self.starts = starts
            self.ends = ends
            self.foldedLength = foldedLength
            self.originalLength = originalLength
        }
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
                    let call = Call(context: context, callback: tokenCallback, starts: starts.baseAddress!, ends: ends.baseAddress!,
                                    foldedLength: length, originalLength: nText)
                    // Ownership: `call` and the buffers live until BASE's xTokenize returns.
                    return withExtendedLifetime(call) {
                        base.tokenize(
                            context: Unmanaged.passUnretained(call).toOpaque(), tokenization: tokenization,
                            pText: foldedText.baseAddress, nText: length,
                            tokenCallback: { callPointer, flags, pToken, nToken, start, end in
                                guard let callPointer else { return SQLITE_ERROR }
                                let call = Unmanaged<Call>.fromOpaque(callPointer).takeUnretainedValue()
                                // A token's original span: from its first folded byte's segment
                                // start to its last folded byte's segment end.
                                let originalStart = start < call.foldedLength ? call.starts[Int(start)] : call.originalLength
                                let originalEnd = end > start ? call.ends[Int(end) - 1] : originalStart
                                return call.callback(call.context, flags, pToken, nToken, originalStart, originalEnd)
                            })
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
            let length = tb_nfkc_casefold_utf8(pText, nText, &folded, &segmentStart, &segmentEnd, CInt(capacity))
            if length < 0 { return nil }
            if Int(length) <= capacity { return length }
            capacity = Int(length)
        }
    }
}
