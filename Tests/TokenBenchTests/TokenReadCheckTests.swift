import Foundation
import Testing

@testable import TokenBenchTokenizers

/// One xTokenize call's check of its tokens, on a readable page followed by one that cannot be
/// read (PROT_NONE). Each step of the table pins one verdict, in the order a call meets them.
struct TokenReadCheckTests {
    @Test func verdictsOfOneCall() throws {
        let pageSize = Int(sysconf(Int32(_SC_PAGESIZE)))
        let mapping = try #require(
            mmap(nil, 2 * pageSize, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0).flatMap {
                $0 == MAP_FAILED ? nil : $0
            })
        defer { munmap(mapping, 2 * pageSize) }
        #expect(mprotect(mapping + pageSize, pageSize, PROT_NONE) == 0)
        let readable = UnsafePointer(mapping.assumingMemoryBound(to: CChar.self))
        let guarded = readable + pageSize

        let check = TokenReadCheck(textCount: 100)
        let steps: [(pointer: UnsafePointer<CChar>, count: Int, verdict: TokenReadCheck.Verdict, why: String)] = [
            (readable, 8, .readable, "a readable page"),
            (readable + pageSize - 4, 8, .unreadable, "runs into the guarded page: found with a system call"),
            (guarded, 4, .unreadableFromItsStart, "starts on the page the call found unreadable: no system call"),
            (guarded + 100, 4, .unreadableFromItsStart, "anywhere on that page"),
            (readable + 16, 8, .readable, "the readable page stays readable"),
            (readable, 64 * 100 + 64 * 1024, .overBudget, "past the call's budget, whatever the memory"),
        ]
        for step in steps {
            #expect(check.check(step.pointer, count: step.count) == step.verdict, "\(step.why)")
        }
    }
}
