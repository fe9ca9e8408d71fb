import Testing

@testable import TokenBench
@testable import TokenBenchEngines

/// `Workbench.plan`, the one place that decides a run's tokenizer × engine pairs: each row asks
/// for specs on both engines (system is SQLite 3.40.1, bundled 3.54.1) under some rules, and pins
/// the pairs kept and the pairs skipped. The probes are real FTS5 tables; trigram's
/// `remove_diacritics` came in SQLite 3.45, so only the bundled engine makes it.
struct TokenizerPlanTests {
    static let unicode61 = TokenizerSpec(text: "unicode61")
    static let trigram = TokenizerSpec(text: "trigram remove_diacritics 1")
    static let unknown = TokenizerSpec(text: "nosuch")

    @Test(
        arguments: [
            // One engine refuses trigram: it runs on the other, and the refusal is a skip.
            (
                [unicode61, trigram], TokenizerPlan.Rules(),
                ["unicode61@system", "unicode61@bundled", "trigram@bundled"],
                ["trigram@system"]
            ),
            // upgrade's rule: a spec one engine refuses runs on neither, and both say why.
            (
                [unicode61, trigram], TokenizerPlan.Rules(requireEveryEngine: true),
                ["unicode61@system", "unicode61@bundled"], ["trigram@system", "trigram@bundled"]
            ),
            // A baseline's or the defaults' unknown spec is skipped everywhere, not an error.
            (
                [unknown, unicode61], TokenizerPlan.Rules(requireSomeEngine: false),
                ["unicode61@system", "unicode61@bundled"], ["nosuch@system", "nosuch@bundled"]
            ),
        ] as [([TokenizerSpec], TokenizerPlan.Rules, [String], [String])])
    func pairsAndSkips(specs: [TokenizerSpec], rules: TokenizerPlan.Rules, pairs: [String], skips: [String]) throws {
        let plan = try Workbench().plan(specs, on: [.system, .bundled], rules: rules)
        // A name's first word stands for it: the specs here differ there.
        func key(_ spec: TokenizerSpec, _ engine: SQLiteEngine) -> String {
            "\(spec.name.split(separator: " ")[0])@\(engine.name)"
        }
        #expect(plan.pairs.map { key($0.spec, $0.engine) } == pairs)
        #expect(plan.skips.map { key($0.spec, $0.engine) } == skips)
        #expect(plan.skips.allSatisfy { !$0.reason.isEmpty })
        // A pair skipped because another engine refuses the spec names that engine's reason.
        if rules.requireEveryEngine {
            #expect(
                plan.skipReason(of: Self.trigram, on: .bundled)?.hasPrefix("another engine refuses it (system: ")
                    == true)
        }
    }

    /// A spec the user named that no engine makes is bad input: the plan throws the first
    /// engine's reason, FTS5's own words.
    @Test func aNamedSpecNoEngineMakesThrows() throws {
        #expect {
            try Workbench().plan([Self.unicode61, Self.unknown], on: [.system, .bundled])
        } throws: { "\($0)".contains("no such tokenizer") }
    }

    /// Each spec asked on engines of its own (a baseline's pairs) is probed there only.
    @Test func specsAskedOnEnginesOfTheirOwn() throws {
        let plan = try Workbench().plan([(Self.unicode61, [.bundled]), (Self.trigram, [.bundled, .system])])
        #expect(
            plan.pairs.map { "\($0.spec.name)@\($0.engine.name)" } == [
                "unicode61@bundled", "trigram remove_diacritics 1@bundled",
            ])
        #expect(plan.skipReason(of: Self.trigram, on: .system) != nil)
        #expect(plan.skipReason(of: Self.unicode61, on: .system) == nil)
    }
}
