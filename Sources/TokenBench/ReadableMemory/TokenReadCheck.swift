/// What one xTokenize call's consumer checks before it reads a token: that the call's
/// `TokenByteBudget` still holds it, and that its pages can be read (`ReadablePages`, which
/// knows the input and the pages already found readable). One per call: the budget is the call's,
/// and so is the one page remembered as unreadable, so that a tokenizer that points every token
/// at memory that cannot be read costs one system call per call, not two per token.
/// The bench's alone: `conformance`'s checker (`RecordedTokenization`) and the collector of
/// `tokens` (`TokenizerOnConnection`). The shipped wrappers check the budget only, and trust
/// their BASE's pointers.
package final class TokenReadCheck {
    package enum Verdict: Equatable {
        case readable
        /// Past what is left of the budget: nothing of it may be read.
        case overBudget
        /// Within the budget, but not every byte can be read at the pointer.
        case unreadable
        /// Within the budget, and it starts on the page this call already found unreadable: not
        /// one byte can be read.
        case unreadableFromItsStart
        /// Within the budget, and it runs into the page this call already found unreadable: the
        /// bytes before that page, `readable` of them, can be read (they are on known pages), and
        /// no byte after.
        case unreadableAfter(readable: Int)
    }

    package let pages = ReadablePages(tableSize: 64, maximumTableSize: 4096)
    private var remainingBytes: Int
    /// The page number + 1 of the first page found unreadable in this call (0: none yet).
    private var unreadablePage: UInt = 0

    /// A check for a call on `textCount` bytes of text.
    package init(textCount: Int) {
        remainingBytes = TokenByteBudget.bytes(forTextOf: textCount)
    }

    /// Checks the `count` bytes at `pointer`, and takes them from the budget unless they are past it.
    package func check(_ pointer: UnsafePointer<CChar>, count: Int) -> Verdict {
        guard count <= remainingBytes else { return .overBudget }
        remainingBytes -= count
        let start = UInt(bitPattern: pointer)
        if unreadablePage != 0 {
            let firstPage = pages.page(of: start)
            if firstPage == unreadablePage - 1 { return .unreadableFromItsStart }
            // A token that starts before the unreadable page and runs into it (a length that lies
            // by a little) is cut there: only its first part is checked, without a system call
            // once its pages are known.
            let (end, overflow) = start.addingReportingOverflow(UInt(count))
            if !overflow && firstPage < unreadablePage - 1 && pages.page(of: end - 1) >= unreadablePage - 1 {
                let readable = Int(pages.address(ofPage: unreadablePage - 1) - start)
                if pages.canRead(pointer, count: readable) { return .unreadableAfter(readable: readable) }
            }
        }
        if pages.canRead(pointer, count: count) { return .readable }
        if unreadablePage == 0 {
            // The page of the first byte that cannot be read (none when the bytes were refused
            // only for running past the end of the address space).
            let readable = max(readablePrefix(pointer, count), 0)
            if readable < count { unreadablePage = pages.page(of: start &+ UInt(readable)) + 1 }
        }
        return .unreadable
    }
}
