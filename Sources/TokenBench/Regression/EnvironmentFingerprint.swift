import Foundation

/// The key/value pairs of `tokenbench env`, read back from its CSV, so that a failed check can
/// say what differs between the environment that made a golden file and this one.
package struct EnvironmentFingerprint: Sendable {
    package var pairs: [(key: String, value: String)]

    package init(pairs: [(key: String, value: String)]) {
        self.pairs = pairs
    }

    /// Where a results file's environment is recorded: `env.csv` in the same directory.
    package static func path(beside file: String) -> String {
        ((file as NSString).deletingLastPathComponent as NSString).appendingPathComponent("env.csv")
    }

    /// Reads a CSV written by `tokenbench env` (header `key,value`).
    package static func load(path: String) throws -> EnvironmentFingerprint {
        let records = try CSV.records(ofFile: path, header: ["key", "value"], writtenBy: "'tokenbench env'")
        let pairs = records.map { (key: $0.fields[0], value: $0.fields[1]) }
        return EnvironmentFingerprint(pairs: pairs)
    }

    /// The keys whose values differ (or exist on one side only), in this fingerprint's order
    /// then the other's, with both values ("" when absent).
    package func differences(to other: EnvironmentFingerprint) -> [(key: String, before: String, after: String)] {
        let otherValues = Dictionary(other.pairs.map { ($0.key, $0.value) }, uniquingKeysWith: { first, _ in first })
        let ownKeys = Set(pairs.map(\.key))
        var result: [(key: String, before: String, after: String)] = []
        for (key, value) in pairs where otherValues[key] != value {
            result.append((key, value, otherValues[key] ?? ""))
        }
        for (key, value) in other.pairs where !ownKeys.contains(key) {
            result.append((key, "", value))
        }
        return result
    }
}
