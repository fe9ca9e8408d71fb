/// What one xTokenize call's consumer checks before it reads a token: that the call's
/// `TokenByteBudget` still holds it, and that its pages can be read (`ReadablePages`, which
/// knows the input and the pages already found readable). One per call: the budget is the call's.
/// The checker, the token collector and the wrappers' word-list constructor share it; the
/// wrappers' own xToken path does the same two checks inline, on its per-call stack state.
package final class TokenReadCheck {
    package enum Verdict {
        case readable
        /// Past what is left of the budget: nothing of it may be read.
        case overBudget
        /// Within the budget, but not every byte can be read at the pointer.
        case unreadable
    }

    package let pages = ReadablePages(tableSize: 64)
    private var remainingBytes: Int

    /// A check for a call on `textCount` bytes of text.
    package init(textCount: Int) {
        remainingBytes = TokenByteBudget.bytes(forTextOf: textCount)
    }

    /// Checks the `count` bytes at `pointer`, and takes them from the budget unless they are past it.
    package func check(_ pointer: UnsafePointer<CChar>, count: Int) -> Verdict {
        guard count <= remainingBytes else { return .overBudget }
        remainingBytes -= count
        return pages.canRead(pointer, count: count) ? .readable : .unreadable
    }
}
