import CICUShim
import Foundation
import GRDB
import TokenBenchEngines
import TokenBenchTokenizers

extension Workbench {
    /// The environment fingerprint: everything that can change matching or speed, as ordered
    /// key/value pairs (`tokenbench env`), and what its workers lost.
    ///
    /// The facts of each engine in `engines` come first, each key prefixed with the engine's
    /// name (`system.sqlite_version`, `bundled.capability.tokenizer.trigram-rd`), each engine
    /// probed in a worker when the workbench isolates: an engine whose probes kill the worker
    /// has one pair instead, `NAME.probes`, with the loss. The facts of the machine follow,
    /// unprefixed.
    package func environment(engines: [SQLiteEngine] = SQLiteEngine.builtIn) throws -> EnvironmentReport {
        var report = EnvironmentReport()
        let units = engines.map { EnvironmentUnit(engine: $0.name) }
        for (engine, result) in zip(engines, try run(units)) {
            let outputs = try result.get()
            if let facts = outputs[0] {
                report.pairs += facts.map { ("\(engine.name).\($0[0])", $0[1]) }
            } else {
                let loss = result.outcome(of: 0)?.loss ?? result.stopLoss
                report.pairs.append(("\(engine.name).probes", "lost: \(loss.wording)"))
            }
            report.losses.record(result, tokenizer: "the environment's probes", engine: engine.name)
        }
        report.pairs += LibraryFacts.pairs
        report.pairs.append(("swift_version", Self.swiftVersion))
        report.pairs.append(("os", Self.operatingSystem()))
        report.pairs.append(("cpu_model", Self.cpuModel()))
        report.pairs.append(("cpu_count", String(ProcessInfo.processInfo.activeProcessorCount)))
        return report
    }

    /// One engine's facts, keys without its prefix: what `EnvironmentUnit` runs.
    func engineFacts(on engine: SQLiteEngine) throws -> [(key: String, value: String)] {
        var pairs = try withConnection(engine) { try Self.engineFacts($0) }
        for entry in TokenizerCatalog.all {
            pairs.append(
                (
                    "capability.tokenizer.\(entry.spec.name)",
                    unsupportedReason(entry.spec, engine: engine) == nil ? "yes" : "no"
                ))
        }
        return pairs
    }

    /// The facts of one engine: its version, source id, compile options and FTS5 capabilities.
    static func engineFacts(_ connection: EngineConnection) throws -> [(key: String, value: String)] {
        var pairs: [(key: String, value: String)] = []
        let sourceID = try connection.prepare("SELECT sqlite_source_id()").rows().first?.first ?? nil
        pairs.append(("sqlite_version", connection.engine.sqliteVersion))
        pairs.append(("sqlite_source_id", sourceID ?? ""))
        pairs.append(("sqlite_compile_options", connection.engine.compileOptions.joined(separator: " ")))
        pairs.append(("capability.fts5", try probe(connection, probeTable.create)))
        pairs.append(
            (
                "capability.fts5vocab",
                try probe(connection, probeTable.create, probeVocabulary.create, probeVocabulary.selectAll)
            ))
        // The v2 tokenizer API, locales, tokendata and insttoken: probed on a private connection.
        let features = connection.engine.fts5Features
        pairs.append(("capability.fts5_api_version", features.map { String($0.apiVersion) } ?? ""))
        for feature in FTS5Feature.allCases {
            let missing = features.map { $0.missing[feature] } ?? "no: the engine could not be opened"
            pairs.append(("capability.\(feature.rawValue)", missing.map { "no: \($0)" } ?? "yes"))
        }
        return pairs
    }

    /// The tables the capability probes make: FTS5's default tokenizer, and its instances.
    private static let probeTable = FTS5TableRecipe(schema: "temp", name: "tokenbench_env")
    private static let probeVocabulary = probeTable.instanceVocabulary(named: "tokenbench_env_vocab")

    /// Runs `statements`, then drops what they created; "yes" if all succeed, else "no: reason".
    private static func probe(_ connection: EngineConnection, _ statements: String...) throws -> String {
        defer {
            try? connection.execute(probeVocabulary.dropIfExists)
            try? connection.execute(probeTable.dropIfExists)
        }
        do {
            for statement in statements { try connection.execute(statement) }
            return "yes"
        } catch {
            return "no: " + TokenizerOnConnection.message(of: error)
        }
    }

    /// The language version the library was compiled with (the compiler has no runtime query).
    static var swiftVersion: String {
        #if compiler(>=6.5)
            return "6.5 or later"
        #elseif compiler(>=6.4)
            return "6.4"
        #elseif compiler(>=6.3)
            return "6.3"
        #elseif compiler(>=6.2)
            return "6.2"
        #elseif compiler(>=6.1)
            return "6.1"
        #else
            return "6.0"
        #endif
    }

    private static func operatingSystem() -> String {
        var name = ""
        if let release = try? String(contentsOfFile: "/etc/os-release", encoding: .utf8) {
            for line in release.split(separator: "\n") where line.hasPrefix("PRETTY_NAME=") {
                name = line.dropFirst("PRETTY_NAME=".count).trimmingCharacters(in: CharacterSet(charactersIn: "\""))
            }
        }
        let version = ProcessInfo.processInfo.operatingSystemVersion
        let kernel = "kernel \(version.majorVersion).\(version.minorVersion).\(version.patchVersion)"
        return name.isEmpty ? kernel : "\(name), \(kernel)"
    }

    private static func cpuModel() -> String {
        guard let info = try? String(contentsOfFile: "/proc/cpuinfo", encoding: .utf8) else { return "unknown" }
        for line in info.split(separator: "\n") where line.hasPrefix("model name") {
            if let colon = line.firstIndex(of: ":") {
                return line[line.index(after: colon)...].trimmingCharacters(in: .whitespaces)
            }
        }
        return "unknown"
    }
}

/// `Workbench.environment`'s answer: the key/value pairs `tokenbench env` writes, and the
/// engines whose probes killed a worker.
package struct EnvironmentReport: Sendable, ReportsRunLosses {
    package var pairs: [(key: String, value: String)] = []
    package var losses = RunLosses()
}
