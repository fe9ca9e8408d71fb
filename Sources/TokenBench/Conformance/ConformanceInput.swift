/// One input of a conformance run: bytes handed to xTokenize, and a label that says how to
/// get them back.
public struct ConformanceInput: Sendable {
    /// `fixtures/gotchas.cases:12 document`, `random seed=7 #3`, `1MB corpus seed=7`…: a fixture
    /// location, or a generator and seed that reproduce the bytes exactly.
    package var label: String
    package var bytes: [UInt8]
    /// Whether `bytes` is valid UTF-8 (the character-boundary check applies only then).
    package let isValidUTF8: Bool

    package init(label: String, bytes: [UInt8]) {
        self.label = label
        self.bytes = bytes
        isValidUTF8 = String(validating: bytes, as: UTF8.self) != nil
    }

    /// Small enough to run many times across threads.
    var isSmall: Bool { bytes.count <= 4096 }
}
