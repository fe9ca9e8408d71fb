import Foundation
import Testing

@testable import TokenBenchTokenizers

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
