import Foundation

/// The key/value pairs of `tokenbench env`, read back from its CSV, so that a failed check can
/// say what differs between the environment that made a golden file and this one.
public struct EnvironmentFingerprint: Sendable {
    public var pairs: [(key: String, value: String)]

    public init(pairs: [(key: String, value: String)]) {
        self.pairs = pairs
    }

    /// Reads a CSV written by `tokenbench env` (header `key,value`).
    public static func load(path: String) throws -> EnvironmentFingerprint {
        let text: String
        do {
            text = try String(contentsOfFile: path, encoding: .utf8)
        } catch {
            throw TokenBenchError.fileAccess(path: path, reason: "cannot read: \(error.localizedDescription)")
        }
        let records: [CSV.Record]
        do {
            records = try CSV.parse(text)
        } catch {
            throw TokenBenchError.invalidFixture(file: path, line: error.line, reason: error.reason)
        }
        guard let header = records.first, header.fields == ["key", "value"] else {
            throw TokenBenchError.invalidFixture(file: path, line: 1, reason: "expected the header 'key,value' of 'tokenbench env'")
        }
        var pairs: [(key: String, value: String)] = []
        for record in records.dropFirst() {
            guard record.fields.count == 2 else {
                throw TokenBenchError.invalidFixture(file: path, line: record.line, reason: "\(record.fields.count) fields where key,value has 2")
            }
            pairs.append((record.fields[0], record.fields[1]))
        }
        return EnvironmentFingerprint(pairs: pairs)
    }

    /// The keys whose values differ (or exist on one side only), in this fingerprint's order
    /// then the other's, with both values ("" when absent).
    public func differences(to other: EnvironmentFingerprint) -> [(key: String, before: String, after: String)] {
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
