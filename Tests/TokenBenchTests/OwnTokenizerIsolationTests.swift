import Foundation
import Testing

@testable import TokenBench

/// A workbench with the user's Swift types isolates only in workers that register them: a bench
/// executable made by `TokenBenchCLI.main` (`WorkerIsolation.benchExecutable`). The worker's
/// side of the check runs as a process in `OwnBenchCLITests`.
struct OwnTokenizerIsolationTests {
    /// Each row: the isolation, and whether a workbench with `BrokenTokenizer` accepts it.
    @Test(arguments: [
        // Any executable: it may not register the type, so the workbench refuses it up front.
        (WorkerIsolation.thisExecutable(arguments: ["worker"]), false),
        (WorkerIsolation(command: ["/usr/bin/tokenbench", "worker"]), false),
        // A bench executable: its workers check the types when they start.
        (WorkerIsolation.benchExecutable("/usr/bin/own-tokenbench"), true),
    ])
    func ownTypesIsolateOnlyInABenchExecutable(isolation: WorkerIsolation, accepted: Bool) throws {
        let options = Workbench.Options(customTokenizers: [BrokenTokenizer.self], isolation: isolation)
        if accepted {
            _ = try Workbench(options: options)
        } else {
            #expect {
                _ = try Workbench(options: options)
            } throws: { error in
                guard case TokenBenchError.invalidArgument("customTokenizers", _, let reason) = error else {
                    return false
                }
                return reason.contains("WorkerIsolation.benchExecutable")
            }
        }
    }

    /// The setup line names each type by kind, tokenizer name and Swift name, in the options'
    /// order, so that a worker with the same types has the same list.
    @Test func theSetupNamesEachType() {
        let options = Workbench.Options(customTokenizers: [BrokenTokenizer.self])
        #expect(Workbench.ownTypeNames(of: options) == ["FTS5CustomTokenizer broken: TokenBenchTests.BrokenTokenizer"])
        #expect(Workbench.ownTypeNames(of: Workbench.Options()).isEmpty)
    }

    /// The workbench's catalog is the bench's, then the user's types with origin `swift`.
    @Test func theCatalogEndsWithTheOwnTypes() throws {
        let workbench = try Workbench(options: .init(customTokenizers: [BrokenTokenizer.self]))
        #expect(workbench.catalog.count == TokenizerCatalog.all.count + 1)
        let own = try #require(workbench.catalog.last)
        #expect(own.spec.text == "broken" && own.origin == .swift)
        #expect(try Workbench().catalog.map(\.spec.name) == TokenizerCatalog.all.map(\.spec.name))
    }
}
