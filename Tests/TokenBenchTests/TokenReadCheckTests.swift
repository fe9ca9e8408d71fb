import Foundation
import Testing

@testable import TokenBench

/// One xTokenize call's check of its tokens, on two readable pages followed by one that cannot
/// be read (PROT_NONE). Each step of the table pins one verdict, in the order a call meets them.
struct TokenReadCheckTests {
    @Test func verdictsOfOneCall() throws {
        let pageSize = Int(sysconf(Int32(_SC_PAGESIZE)))
        let mapping = try #require(
            mmap(nil, 3 * pageSize, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0).flatMap {
                $0 == MAP_FAILED ? nil : $0
            })
        defer { munmap(mapping, 3 * pageSize) }
        #expect(mprotect(mapping + 2 * pageSize, pageSize, PROT_NONE) == 0)
        let first = UnsafePointer(mapping.assumingMemoryBound(to: CChar.self))
        let readable = first + pageSize
        let guarded = readable + pageSize

        let check = TokenReadCheck(textCount: 100)
        let steps: [(pointer: UnsafePointer<CChar>, count: Int, verdict: TokenReadCheck.Verdict, why: String)] = [
            (readable, 8, .readable, "a readable page"),
            (readable + pageSize - 4, 8, .unreadable, "runs into the guarded page: found with a system call"),
            (guarded, 4, .unreadableFromItsStart, "starts on the page the call found unreadable: no system call"),
            (guarded + 100, 4, .unreadableFromItsStart, "anywhere on that page"),
            (readable + 16, 8, .readable, "the readable page stays readable"),
            (
                first + pageSize - 4, pageSize + 8, .unreadableAfter(readable: pageSize + 4),
                "runs over readable pages into the unreadable one: cut where it starts"
            ),
            (readable + pageSize - 4, 8, .unreadableAfter(readable: 4), "now cut without a system call"),
            (readable, 64 * 100 + 64 * 1024, .overBudget, "past the call's budget, whatever the memory"),
        ]
        for step in steps {
            #expect(check.check(step.pointer, count: step.count) == step.verdict, "\(step.why)")
        }
    }
}

/// The table of pages found readable, observed through what it trusts: a remembered page is
/// read without a new check, so after it is made unreadable (PROT_NONE) it still counts as
/// readable, and a page that was dropped from the table does not.
struct ReadablePagesTests {
    @Test(arguments: [
        // Two pages 64 apart collide in a 64-slot table: the second evicts the first.
        (64, 64, false),
        // The same table allowed to grow keeps both: japanese's tokens come from megabytes of
        // cache, and a fixed 64 slots made nearly every token a system call.
        (64, 4096, true),
    ])
    func collidingPagesAreKeptWhenTheTableMayGrow(size: Int, maximum: Int, keepsTheFirst: Bool) throws {
        let pageSize = Int(sysconf(Int32(_SC_PAGESIZE)))
        let count = 65 * pageSize
        let mapping = try #require(
            mmap(nil, count, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0).flatMap {
                $0 == MAP_FAILED ? nil : $0
            })
        defer { munmap(mapping, count) }
        let first = UnsafePointer(mapping.assumingMemoryBound(to: CChar.self))
        let second = first + 64 * pageSize
        let pages = ReadablePages(tableSize: size, maximumTableSize: maximum)
        #expect(pages.canRead(first, count: 8))
        #expect(pages.canRead(second, count: 8))
        #expect(mprotect(mapping, pageSize, PROT_NONE) == 0)
        #expect(mprotect(mapping + 64 * pageSize, pageSize, PROT_NONE) == 0)
        #expect(pages.canRead(first, count: 8) == keepsTheFirst)
        // The page that came last is remembered either way.
        #expect(pages.canRead(second, count: 8))
    }
}
