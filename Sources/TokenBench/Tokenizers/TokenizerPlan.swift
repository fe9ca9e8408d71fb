/// Which tokenizer runs on which engine in one run, and why each other pair does not: decided in
/// one place (`Workbench.plan`) for every command, the server and the regression checks, from
/// each spec's `EngineSupport` and the run's `Rules`.
///
/// A constructor that crashed or hung while probed is not a reason to skip: the bench judges it,
/// so the pair runs and its unit reports the death (lost cells, a `crash` finding, a row's
/// error), and the other tokenizers' results are those of a run without it.
package struct TokenizerPlan: Sendable {
    /// What a run asks of the engines that probe its tokenizers.
    package struct Rules: Sendable {
        /// The user named these tokenizers: one that no engine makes is bad input, and `plan`
        /// throws the first engine's reason. When false (defaults, a baseline's tokenizers), it
        /// is skipped with its reasons.
        package var requireSomeEngine = true
        /// A tokenizer runs only where every asked engine makes it (`upgrade`: a table one side
        /// cannot open says nothing of the change); one that some engine refuses is skipped on all.
        package var requireEveryEngine = false

        package init(requireSomeEngine: Bool = true, requireEveryEngine: Bool = false) {
            self.requireSomeEngine = requireSomeEngine
            self.requireEveryEngine = requireEveryEngine
        }
    }

    /// A pair that does not run, and why.
    package struct Skip: Sendable, CustomStringConvertible {
        package let spec: TokenizerSpec
        package let engine: SQLiteEngine
        package let reason: String

        package init(spec: TokenizerSpec, engine: SQLiteEngine, reason: String) {
            self.spec = spec
            self.engine = engine
            self.reason = reason
        }

        /// The line a command prints on stderr.
        package var description: String { "skipped tokenizer \(spec.name) on \(engine.name): \(reason)" }
    }

    /// The pairs that run, tokenizer by tokenizer in the order asked, each tokenizer's engines in
    /// the order asked.
    package let pairs: [(spec: TokenizerSpec, engine: SQLiteEngine)]
    /// The pairs that do not, in the same order.
    package let skips: [Skip]

    /// The tokenizers with at least one engine, in the order asked.
    package var specs: [TokenizerSpec] { pairs.map(\.spec).uniqued(by: \.name) }

    /// Every pair of `specs` × `engines`, unprobed: for the matrix, whose units find a refusal
    /// themselves (a refused pair has no cells, and a spec no engine makes throws its reason), so
    /// that a caller who probed already, or a one-off matrix, does not make each tokenizer twice.
    package static func everyPair(of specs: [TokenizerSpec], on engines: [SQLiteEngine]) -> TokenizerPlan {
        TokenizerPlan(pairs: specs.flatMap { spec in engines.map { (spec, $0) } }, skips: [])
    }

    /// Whether `spec` runs on `engine`.
    package func runs(_ spec: TokenizerSpec, on engine: SQLiteEngine) -> Bool {
        pairs.contains { $0.spec.name == spec.name && $0.engine == engine }
    }

    /// Why `spec` does not run on `engine` (every asked pair that does not run has a reason), or
    /// nil when it runs there or was not asked there.
    package func skipReason(of spec: TokenizerSpec, on engine: SQLiteEngine) -> String? {
        skips.first { $0.spec.name == spec.name && $0.engine == engine }?.reason
    }
}

extension Workbench {
    /// The plan of a run of `specs` on `engines`: each spec probed once on each engine in a
    /// real FTS5 table (in workers when the workbench isolates), then kept or skipped by `rules`.
    package func plan(
        _ specs: [TokenizerSpec], on engines: [SQLiteEngine], rules: TokenizerPlan.Rules = .init()
    ) throws -> TokenizerPlan {
        try plan(specs.map { ($0, engines) }, rules: rules)
    }

    /// The plan of a run where each spec is asked on engines of its own (a baseline's pairs).
    package func plan(
        _ asked: [(spec: TokenizerSpec, engines: [SQLiteEngine])], rules: TokenizerPlan.Rules = .init()
    ) throws -> TokenizerPlan {
        // Specs asked on the same engines are probed together, their probes spread over the workers.
        var supports: [EngineSupport?] = Array(repeating: nil, count: asked.count)
        for engines in asked.map(\.engines).uniqued(by: { $0.map(\.name) }) {
            let indices = asked.indices.filter { asked[$0].engines == engines }
            for (index, support) in zip(indices, engineSupport(of: indices.map { asked[$0].spec }, on: engines)) {
                supports[index] = support
            }
        }
        var pairs: [(spec: TokenizerSpec, engine: SQLiteEngine)] = []
        var skips: [TokenizerPlan.Skip] = []
        for (request, found) in zip(asked, supports) {
            guard let probed = found else { continue }
            let support = probed.judgingDeaths(inOrderOf: request.engines)
            if rules.requireSomeEngine { try support.requireSomeEngine() }
            if rules.requireEveryEngine, !support.refusals.isEmpty {
                // Skipped on every engine: each with its own refusal or death, else the others'.
                let refusers = support.refusals.map { "\($0.engine.name): \($0.reason)" }.joined(separator: "; ")
                for engine in request.engines {
                    let own = probed.refusals.first { $0.engine == engine }?.reason.description
                    skips.append(
                        TokenizerPlan.Skip(
                            spec: request.spec, engine: engine, reason: own ?? "another engine refuses it (\(refusers))"
                        ))
                }
                continue
            }
            pairs += support.engines.map { (request.spec, $0) }
            skips += support.refusals.map {
                TokenizerPlan.Skip(spec: request.spec, engine: $0.engine, reason: $0.reason.description)
            }
        }
        return TokenizerPlan(pairs: pairs, skips: skips)
    }
}
