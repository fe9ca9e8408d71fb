import Foundation

/// Where the documents of a throughput run come from. Every source is streamed in batches of
/// whole documents, so memory stays bounded by the batch size, not the corpus size.
public enum CorpusSource: Sendable, Hashable, Codable {
    /// The built-in corpus: documents from `CorpusGenerator` until `size` bytes, in the languages
    /// of `script` (`mixed`: the multilingual corpus).
    case generated(seed: UInt64, size: Int, script: CorpusScript = .mixed)
    /// A text file with one document per line (LF or CRLF); empty lines are skipped.
    case lines(path: String)
    /// A directory whose regular files (not hidden, not in subdirectories) are one document each,
    /// in name order.
    case directory(path: String)

    /// The default seed of the built-in corpus, so that default runs are comparable.
    public static let defaultSeed: UInt64 = 20_261_121
    /// The default size of the built-in corpus: about 8 MB.
    public static let defaultSize = 8_000_000

    /// The script of a built-in corpus; nil for a corpus read from files.
    package var script: CorpusScript? {
        if case .generated(_, _, let script) = self { return script }
        return nil
    }

    /// A file or a directory, told apart by looking at `path`.
    package static func at(path: String) throws -> CorpusSource {
        try FileAccess.isDirectory(path) ? .directory(path: path) : .lines(path: path)
    }

    /// The name that goes in the CSV's corpus column.
    package var name: String {
        switch self {
        case .generated(let seed, let size, let script):
            // The mixed corpus keeps the name it had before scripts existed, so older CSVs compare.
            return "generated:seed=\(seed):size=\(size)" + (script == .mixed ? "" : ":script=\(script.rawValue)")
        case .lines(let path), .directory(let path): return path
        }
    }

    /// Calls `body` with consecutive batches of whole documents, each about `batchBytes` long
    /// (longer when a single document is). The batch passed to `body` is reused afterwards.
    @_spi(Benchmarks) public func forEachBatch(batchBytes: Int = 8 << 20, _ body: (CorpusBatch) throws -> Void) throws {
        var batch = CorpusBatch()
        // Room for a full batch plus a typical document, so the buffer never doubles past it.
        batch.reserveCapacity(bytes: batchBytes + 64 << 10)
        func flushIfFull() throws {
            if batch.bytes.count >= batchBytes {
                try body(batch)
                batch.removeAll()
            }
        }
        switch self {
        case .generated(let seed, let size, let script):
            var generator = CorpusGenerator(seed: seed, script: script)
            var produced = 0
            while produced < size {
                let before = batch.bytes.count
                generator.appendDocument(to: &batch)
                produced += batch.bytes.count - before
                try flushIfFull()
            }
        case .lines(let path):
            try FileLines.forEach(ofFile: path) { _, line in
                guard !line.isEmpty else { return }
                try Self.checkSize(line.count, of: path)
                batch.append(document: line)
                try flushIfFull()
            }
        case .directory(let path):
            for file in try Self.documentFiles(in: path) {
                let data = try FileAccess.contents(ofFile: file)
                try Self.checkSize(data.count, of: file)
                batch.append(document: data)
                try flushIfFull()
            }
        }
        if !batch.isEmpty { try body(batch) }
    }

    private static func checkSize(_ count: Int, of path: String) throws {
        guard count <= CorpusBatch.maximumDocumentBytes else {
            throw TokenBenchError.invalidArgument(
                name: "corpus", value: path, reason: "a document is larger than FTS5's limit of 2 GiB")
        }
    }

    private static func documentFiles(in directory: String) throws -> [String] {
        let names: [String]
        do { names = try FileManager.default.contentsOfDirectory(atPath: directory) } catch {
            throw TokenBenchError.fileAccess(path: directory, reason: FileAccess.reason(of: error))
        }
        return names.filter { !$0.hasPrefix(".") }.sorted().map { (directory as NSString).appendingPathComponent($0) }
            .filter { path in
                var isDirectory: ObjCBool = false
                return FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) && !isDirectory.boolValue
            }
    }
}

/// What a pass over a corpus found: the figures that identify it in the CSV.
package struct CorpusSurvey: Sendable, Equatable, Codable {
    package internal(set) var name: String
    /// The script of a built-in corpus (`CorpusScript.rawValue`); nil for files.
    package internal(set) var script: String? = nil
    package internal(set) var bytes: Int
    package internal(set) var documents: Int
    /// `fnv1a64:` and 16 hex digits over each document followed by a newline.
    package internal(set) var checksum: String
    /// How many batches the corpus streams in.
    package internal(set) var batches: Int

    /// Streams `source` once and returns its figures.
    package static func survey(_ source: CorpusSource, batchBytes: Int = 8 << 20) throws -> CorpusSurvey {
        try StreamedCorpus(source: source, batchBytes: batchBytes).survey
    }
}
