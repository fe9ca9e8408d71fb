import Foundation
import TokenBench

/// One request of the analysis API, as a worker computes it: the answer's JSON, with the
/// request's tokenizer × engine pairs as its inputs, so that a death names the pair it was on.
/// Input `i` is spec `i / engines.count` on engine `i % engines.count`; the last input is the
/// answer.
package struct AnalysisUnit: WorkerUnit {
    package static let kind = "analysis"

    enum Request: Codable, Sendable {
        case tokens(text: String, mode: TokenizationMode, locale: String?)
        case match(document: String, query: String, locale: String?, tokendata: Bool)
    }

    package struct Output: Codable, Sendable {
        var json: Data
    }

    var request: Request
    var specs: [JudgedSpec]
    var engines: [String]

    /// A spec as it crosses to a worker.
    struct JudgedSpec: Codable, Sendable {
        var label: String?
        var text: String
    }

    init(_ request: Request, specs: [TokenizerSpec], engines: [SQLiteEngine]) {
        self.request = request
        self.specs = specs.map { JudgedSpec(label: $0.label, text: $0.text) }
        self.engines = engines.map(\.name)
    }

    package var inputCount: Int { specs.count * engines.count + 1 }

    package func label(ofInput index: Int) -> String {
        guard index < specs.count * engines.count else { return "the answer" }
        let spec = specs[index / engines.count]
        return "tokenizer \(spec.label ?? spec.text) on \(engines[index % engines.count])"
    }

    package func run(
        on workbench: Workbench, from start: Int, skipping: Set<Int>,
        progress: (Int, WorkerPhase) -> Void, output: (Int, Output) throws -> Void
    ) throws {
        let specs = self.specs.map { TokenizerSpec(label: $0.label, text: $0.text) }
        let engines = try SQLiteEngine.named(engines)
        let json: Data
        switch request {
        case .tokens(let text, let mode, let locale):
            json = try AnalysisAPI.tokensAnswer(
                text: text, mode: mode, locale: locale, specs: specs, engines: engines, on: workbench,
                progress: progress)
        case .match(let document, let query, let locale, let tokendata):
            json = try AnalysisAPI.matchAnswer(
                document: document, query: query, locale: locale, tokendata: tokendata, specs: specs,
                engines: engines, on: workbench, progress: progress)
        }
        try output(inputCount - 1, Output(json: json))
    }
}
