import Foundation
import Testing

/// The worker executable serves every kind of unit the bench sends: a kind missing from its
/// registry would fail every unit of a command. Kinds are read from the sources, so a new unit
/// type is checked without this test naming it.
struct WorkerRegistryCLITests {
    /// Every `static let kind = "…"` of a type that conforms to `WorkerUnit`, under Sources/.
    static func unitKinds() throws -> [String] {
        let sources = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent("Sources")
        var kinds: [String] = []
        let files = FileManager.default.enumerator(at: sources, includingPropertiesForKeys: nil)
        while let file = files?.nextObject() as? URL {
            guard file.pathExtension == "swift" else { continue }
            let text = try String(contentsOf: file, encoding: .utf8)
            guard text.contains(": WorkerUnit {") else { continue }
            for line in text.split(separator: "\n") {
                guard let start = line.range(of: "static let kind = \"") else { continue }
                kinds.append(String(line[start.upperBound...].prefix { $0 != "\"" }))
            }
        }
        return kinds.sorted()
    }

    /// Sends the worker one request per kind, with a unit it cannot decode, and reads its
    /// failures: a served kind fails decoding its unit; an unknown one fails by name, and the
    /// worker goes on to the next request.
    @Test func theWorkerServesEveryUnitKind() throws {
        let kinds = try Self.unitKinds()
        // Nine kinds today (trace, matrix, contract, integrity, quality, upgrade, throughput,
        // support and the server's analysis): fewer means the scan above lost its way.
        #expect(kinds.count >= 9, "\(kinds)")
        let requests =
            [#"{"extensions":[],"ownTokenizers":[]}"#]
            + (kinds + ["no-such-unit"]).map {
                #"{"kind":"\#($0)","start":0,"skipping":[],"unit":{}}"#
            }
        let directory = try CLITests.makeTemporaryDirectory()
        let input = directory.appendingPathComponent("requests.txt")
        try Data((requests.joined(separator: "\n") + "\n").utf8).write(to: input)

        let worker = try CLITests.run(["worker"], in: directory, standardInput: input)
        #expect(worker.status == 0, "\(worker.stderr)")

        let replies = worker.stdout
        let failures = replies.split(separator: "\n").filter { $0.hasPrefix("F ") }
        #expect(failures.count == kinds.count + 1, "\(replies)")
        for (kind, failure) in zip(kinds, failures) {
            #expect(!failure.contains("unknownWorkerUnit"), "\(kind): \(failure)")
        }
        let unknown = try #require(failures.last)
        #expect(unknown.contains("unknownWorkerUnit") && unknown.contains("no-such-unit"), "\(unknown)")
    }
}
