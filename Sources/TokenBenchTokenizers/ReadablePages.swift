import CReadableMemory
import Foundation

/// Address ranges known to be readable: the input text of the current call (its caller owns it),
/// and the pages of a wrapped tokenizer's tokens that were checked once with
/// `tb_readable_prefix`. A token inside them is read without a system call, so the check costs
/// one call per new page, not one per token.
///
/// The pages are remembered in a small direct-mapped table, not as one range: a BASE may hand
/// out tokens from many buffers (`icu` emits each cached case folding from its own array), and
/// remembering only the last range made every such token a system call (translit over icu ran at
/// a quarter of its speed, half of it in the kernel). 4096 pages (16 MiB of address space, 32 KiB
/// of table) cover the heap span of a tokenizer's caches without collisions.
///
/// The pages are trusted from one call to the next: a tokenizer that frees its buffer and then
/// reports a token in it has a use-after-free of its own, which this does not try to catch.
/// Not safe for concurrent use: one per tokenizer instance, as FTS5 uses an instance.
package final class ReadablePages {
    private var text: (start: UInt, end: UInt) = (0, 0)
    /// The table's size - 1: the size is a power of two, so a page's slot is a mask, not a division.
    private let slotMask: UInt
    // Ownership: allocated here, freed in deinit. Slot i holds page number + 1 (0: empty) of a
    // page found readable whose number is i modulo the table size.
    private let table: UnsafeMutablePointer<UInt>
    private let pageShift = UInt(UInt(sysconf(Int32(_SC_PAGESIZE))).trailingZeroBitCount)

    /// About `tableSize` pages are remembered (rounded up to a power of two); a short-lived
    /// checker (one per xTokenize call) asks for few, so that clearing the table costs less than
    /// the system calls it saves.
    package init(tableSize: Int = 4096) {
        let size = 1 << (Int.bitWidth - max(tableSize - 1, 1).leadingZeroBitCount)
        slotMask = UInt(size - 1)
        table = .allocate(capacity: size)
        table.initialize(repeating: 0, count: size)
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
        guard tb_readable_prefix(pointer, count) == count else { return false }
        for known in firstPage...lastPage { table[Int(known & slotMask)] = known + 1 }
        return true
    }
}
