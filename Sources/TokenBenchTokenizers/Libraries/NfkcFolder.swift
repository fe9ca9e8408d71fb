import CUnicodeFolding

/// NFKC case folding of a whole text (ICU's NFKC_Casefold, from tables generated from ICU: no ICU
/// at run time) that remembers, for every folded byte, the original bytes it came from, so that
/// offsets found in the folded text can be mapped back into the input.
///
/// Layers: `tb_portable_nfkc_fold` (C, in CUnicodeFolding) → this class (owns the reused buffers,
/// grows them) → `NfkcTokenizer` and `JapaneseTokenizer`. Not safe for concurrent use: one per
/// tokenizer instance, as FTS5 uses an instance.
final class NfkcFolder {
    // Reused between calls: the folded text and, per folded byte, the original segment.
    private(set) var folded: [CChar] = []
    private var segmentStart: [CInt] = []
    private var segmentEnd: [CInt] = []
    private(set) var foldedLength: CInt = 0
    private var originalLength: CInt = 0

    /// Folds `nText` bytes into `folded`; returns the folded length, nil when memory runs out.
    func fold(_ pText: UnsafePointer<CChar>, _ nText: CInt) -> CInt? {
        // Most text folds to about its own length; text that grows more (ß → ss, ﬃ → ffi) takes a
        // second pass with the exact size, rather than every call reserving twice the input.
        let length = retryingWithLargerCapacity(
            initialCapacity: max(folded.count, Int(nText) + Int(nText) / 8 + 16)
        ) {
            capacity in
            if folded.count < capacity {
                folded = [CChar](repeating: 0, count: capacity)
                segmentStart = [CInt](repeating: 0, count: capacity)
                segmentEnd = [CInt](repeating: 0, count: capacity)
            }
            return tb_portable_nfkc_fold(pText, nText, &folded, &segmentStart, &segmentEnd, CInt(capacity))
        }
        guard let length else { return nil }
        foldedLength = CInt(length)
        originalLength = nText
        return foldedLength
    }

    /// Whether `fold` would give `nText` bytes back unchanged (`tb_portable_nfkc_is_folded`: one
    /// flag per code point, where the fold looks each one up and writes its bytes and offsets).
    static func isFolded(_ pText: UnsafePointer<CChar>, _ nText: CInt) -> Bool {
        tb_portable_nfkc_is_folded(pText, nText) != 0
    }

    /// Calls `body` with the folded text, its length and the way back to the input's offsets; nil
    /// when memory runs out. Text that is folded already is passed as it is, with offsets that map to
    /// themselves: neither the fold nor its offset map is written.
    func withFoldedText<T>(
        _ pText: UnsafePointer<CChar>, _ nText: CInt, _ body: (UnsafePointer<CChar>, CInt, OffsetMap) -> T
    ) -> T? {
        if Self.isFolded(pText, nText) {
            return body(pText, nText, OffsetMap(starts: nil, ends: nil, foldedLength: nText, originalLength: nText))
        }
        guard let length = fold(pText, nText) else { return nil }
        return folded.withUnsafeBufferPointer { foldedText in
            withOffsetMap { body(foldedText.baseAddress!, length, $0) }
        }
    }

    /// Borrows the offset maps of the last `fold` for the duration of `body`.
    func withOffsetMap<T>(_ body: (OffsetMap) -> T) -> T {
        segmentStart.withUnsafeBufferPointer { starts in
            segmentEnd.withUnsafeBufferPointer { ends in
                body(
                    OffsetMap(
                        starts: starts.baseAddress!, ends: ends.baseAddress!, foldedLength: foldedLength,
                        originalLength: originalLength))
            }
        }
    }

    /// The offset maps of one fold, as raw pointers a C callback can reach without retains; nil
    /// pointers for text that was folded already, whose offsets map to themselves.
    struct OffsetMap {
        let starts: UnsafePointer<CInt>?
        let ends: UnsafePointer<CInt>?
        let foldedLength: CInt
        let originalLength: CInt

        /// Maps a span of the folded text back to the original bytes: from its first folded byte's
        /// segment start to its last folded byte's segment end. Nil for a span that does not lie
        /// in the folded text (a misbehaving BASE): it is never read out of bounds.
        func original(start: CInt, end: CInt) -> (start: CInt, end: CInt)? {
            guard start >= 0, start <= end, end <= foldedLength else { return nil }
            guard let starts, let ends else { return (start, end) }
            let originalStart = start < foldedLength ? starts[Int(start)] : originalLength
            let originalEnd = end > start ? ends[Int(end) - 1] : originalStart
            return (originalStart, originalEnd)
        }
    }
}
