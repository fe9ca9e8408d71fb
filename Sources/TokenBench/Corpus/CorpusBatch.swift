/// A run of whole documents from a corpus, stored back to back in one buffer so that a timed
/// loop walks contiguous memory and allocates nothing.
@_spi(Benchmarks) public struct CorpusBatch: Sendable {
    /// The documents' bytes, concatenated without separators.
    @_spi(Benchmarks) public private(set) var bytes: [UInt8] = []
    /// The end offset of each document in `bytes`; document `i` starts where `i - 1` ends.
    @_spi(Benchmarks) public private(set) var ends: [Int] = []

    @_spi(Benchmarks) public init() {}

    @_spi(Benchmarks) public var documentCount: Int { ends.count }
    @_spi(Benchmarks) public var isEmpty: Bool { ends.isEmpty }

    /// The byte range of document `index`.
    @_spi(Benchmarks) public func range(ofDocument index: Int) -> Range<Int> {
        (index == 0 ? 0 : ends[index - 1])..<ends[index]
    }

    /// Appends one whole document: a corpus of your own, or a part of another batch.
    @_spi(Benchmarks) public mutating func append<C: Collection>(document: C) where C.Element == UInt8 {
        bytes.append(contentsOf: document)
        ends.append(bytes.count)
    }

    /// Appends bytes to a document being built; `endDocument()` closes it.
    mutating func appendToDocument<C: Collection>(_ part: C) where C.Element == UInt8 {
        bytes.append(contentsOf: part)
    }

    mutating func appendToDocument(_ byte: UInt8) {
        bytes.append(byte)
    }

    mutating func endDocument() {
        ends.append(bytes.count)
    }

    mutating func reserveCapacity(bytes count: Int) {
        bytes.reserveCapacity(count)
    }

    mutating func removeAll() {
        bytes.removeAll(keepingCapacity: true)
        ends.removeAll(keepingCapacity: true)
    }
}

extension CorpusBatch {
    /// The largest document FTS5 can take: xTokenize's length is a C int.
    static let maximumDocumentBytes = Int(Int32.max)

    /// Calls `body` with a pointer to the batch's bytes (never null, even for an empty batch).
    /// The buffer is not NUL-terminated; each document is passed with its own length.
    func withText<R>(_ body: (UnsafePointer<CChar>) throws -> R) rethrows -> R {
        if bytes.isEmpty {
            return try TokenizerOnConnection.withUnterminatedBuffer([]) { text, _ in try body(text) }
        }
        return try bytes.withUnsafeBufferPointer { buffer in
            try UnsafeRawPointer(buffer.baseAddress!).withMemoryRebound(to: CChar.self, capacity: buffer.count, body)
        }
    }
}
