import Foundation

/// Address ranges known to be readable: the input text of the current call (its caller owns it),
/// and the pages of a judged tokenizer's tokens that were checked once with `readablePrefix`. A
/// token inside them is read without a system call, so the check costs one call per new page,
/// not one per token.
///
/// The pages are remembered in a small direct-mapped table, not as one range: a tokenizer may
/// hand out tokens from many buffers (`icu` emits each cached case folding from its own array),
/// and remembering only the last range made every such token a system call (translit over icu
/// ran at a quarter of its speed, half of it in the kernel, when the wrappers still checked their
/// BASE this way).
///
/// Not safe for concurrent use: one per xTokenize call, in its `TokenReadCheck`.
package final class ReadablePages {
    private var text: (start: UInt, end: UInt) = (0, 0)
    /// The table's size - 1: the size is a power of two, so a page's slot is a mask, not a division.
    private var slotMask: UInt
    /// The size the table may grow to when two readable pages want one slot.
    private let maximumSlotCount: Int
    // Ownership: allocated here (and again when the table grows, freeing the old one), freed in
    // deinit. Slot i holds page number + 1 (0: empty) of a page found readable whose number is i
    // modulo the table size.
    private var table: UnsafeMutablePointer<UInt>
    private let pageShift = UInt(UInt(sysconf(Int32(_SC_PAGESIZE))).trailingZeroBitCount)

    /// About `tableSize` pages are remembered (rounded up to a power of two), growing up to
    /// `maximumTableSize` when two pages found readable collide. A checker lives for one
    /// xTokenize call: it starts small, so that clearing the table costs less than the system
    /// calls it saves, and grows when a tokenizer hands out tokens from many pages: `japanese` emits
    /// them from its morpheme cache, megabytes of slots, and a fixed 64 pages made that one
    /// `process_vm_readv` per token (2.5 million in one `conformance` of it on one engine).
    package init(tableSize: Int, maximumTableSize: Int) {
        let size = Self.powerOfTwo(atLeast: tableSize)
        slotMask = UInt(size - 1)
        maximumSlotCount = max(size, Self.powerOfTwo(atLeast: maximumTableSize))
        table = .allocate(capacity: size)
        table.initialize(repeating: 0, count: size)
    }

    private static func powerOfTwo(atLeast count: Int) -> Int {
        1 << (Int.bitWidth - max(count - 1, 1).leadingZeroBitCount)
    }

    deinit { table.deallocate() }

    /// The number of the page that holds `address`.
    @inline(__always)
    package func page(of address: UInt) -> UInt { address >> pageShift }

    /// The first address of page number `page`.
    package func address(ofPage page: UInt) -> UInt { page << pageShift }

    /// Records the caller's input text as readable for this call.
    package func trust(_ pointer: UnsafePointer<CChar>?, count: Int) {
        let start = UInt(bitPattern: pointer)
        text = (start, start &+ UInt(count))
    }

    /// Whether the `count` bytes at `pointer` can be read, checking their pages when they are
    /// outside what is already known.
    @inline(__always)
    package func canRead(_ pointer: UnsafePointer<CChar>, count: Int) -> Bool {
        let start = UInt(bitPattern: pointer)
        let (end, overflow) = start.addingReportingOverflow(UInt(count))
        guard !overflow else { return false }
        if start >= text.start && end <= text.end { return true }
        let firstPage = start >> pageShift
        let lastPage = (end - 1) >> pageShift
        if firstPage == lastPage && table[Int(firstPage & slotMask)] == firstPage + 1 { return true }
        return checkPages(pointer, count: count, firstPage: firstPage, lastPage: lastPage)
    }

    private func checkPages(_ pointer: UnsafePointer<CChar>, count: Int, firstPage: UInt, lastPage: UInt) -> Bool {
        var page = firstPage
        while page <= lastPage && table[Int(page & slotMask)] == page + 1 { page += 1 }
        if page > lastPage { return true }
        guard readablePrefix(pointer, count) == count else { return false }
        for known in firstPage...lastPage {
            let held = table[Int(known & slotMask)]
            if held != 0 && held != known + 1 && Int(slotMask) + 1 < maximumSlotCount { grow() }
            table[Int(known & slotMask)] = known + 1
        }
        return true
    }

    /// Four times the slots, up to the maximum, with the pages already known moved over.
    private func grow() {
        let oldCount = Int(slotMask) + 1
        let newCount = min(oldCount * 4, maximumSlotCount)
        let newTable = UnsafeMutablePointer<UInt>.allocate(capacity: newCount)
        newTable.initialize(repeating: 0, count: newCount)
        let newMask = UInt(newCount - 1)
        for slot in 0..<oldCount where table[slot] != 0 {
            newTable[Int((table[slot] - 1) & newMask)] = table[slot]
        }
        table.deallocate()
        table = newTable
        slotMask = newMask
    }
}
