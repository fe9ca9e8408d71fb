import GRDB
import GRDBSQLite

/// Text with Turkish and Azerbaijani I and İ mapped before a fold that has no Turkic form
/// (NFKC_Casefold): I (U+0049) to ı (U+0131) and İ (U+0130) to i, so that the fold that follows
/// keeps them apart as the Turkic case folding does (IĞDIR → ığdır, İSTANBUL → istanbul). An
/// NFD İ, I + U+0307, is i too, as SpecialCasing.txt's `tr` and `az` lowercasing has it (the
/// dot above is removed after I); only when the dot follows the I directly, which it does in
/// NFD unless another mark of a lower combining class, such as a dot below, comes between. A
/// token's offsets in the mapped text are mapped back to the original bytes.
struct TurkicDottedI {
    /// The mapped text.
    private(set) var text: [UInt8] = []
    /// For each offset of `text` (and its end), the original offset: the start of the original
    /// character that the byte belongs to.
    private var original: [CInt] = []

    /// The mapped form of `input`, or nil when it holds neither I nor İ (nothing to map).
    init?(_ input: UnsafeBufferPointer<UInt8>) {
        // I is 0x49; İ is C4 B0.
        guard
            input.contains(0x49)
                || input.indices.contains(where: { input[$0] == 0xC4 && $0 + 1 < input.count && input[$0 + 1] == 0xB0 })
        else { return nil }
        text.reserveCapacity(input.count + input.count / 8)
        original.reserveCapacity(input.count + input.count / 8 + 1)
        var index = 0
        while index < input.count {
            if input[index] == 0x49, index + 2 < input.count, input[index + 1] == 0xCC, input[index + 2] == 0x87 {
                // I + U+0307 (CC 87).
                text.append(0x69)
                original.append(CInt(index))
                index += 3
            } else if input[index] == 0x49 {
                text += [0xC4, 0xB1]
                original += [CInt(index), CInt(index)]
                index += 1
            } else if input[index] == 0xC4, index + 1 < input.count, input[index + 1] == 0xB0 {
                text.append(0x69)
                original.append(CInt(index))
                index += 2
            } else {
                text.append(input[index])
                original.append(CInt(index))
                index += 1
            }
        }
        original.append(CInt(input.count))
    }

    /// The original offsets of a token at `start..<end` in the mapped text; nil outside it.
    func originalOffsets(start: CInt, end: CInt) -> (start: CInt, end: CInt)? {
        guard start >= 0, start <= end, Int(end) < original.count else { return nil }
        // An end inside a mapped character (never a token boundary here) ends after it.
        var endIndex = Int(end)
        while endIndex < original.count - 1, endIndex > 0, original[endIndex] == original[endIndex - 1] {
            endIndex += 1
        }
        return (original[Int(start)], original[endIndex])
    }

    /// Per-call state of `mapOffsets`, reached through a raw pointer to a stack value: FTS5's
    /// context and callback, and the mapping.
    struct CallState {
        let context: UnsafeMutableRawPointer?
        let callback: FTS5TokenCallback
        let mapping: TurkicDottedI
    }

    /// Maps a token's offsets in the mapped text back to the original, for `CallState`.
    static let mapOffsets: FTS5TokenCallback = { statePointer, flags, pToken, nToken, start, end in
        let state = statePointer.unsafelyUnwrapped.assumingMemoryBound(to: CallState.self)
        guard let offsets = state.pointee.mapping.originalOffsets(start: start, end: end) else { return SQLITE_ERROR }
        return state.pointee.callback(state.pointee.context, flags, pToken, nToken, offsets.start, offsets.end)
    }
}
