import Foundation

/// TREC run files, which trec_eval and ir_measures read: `qid Q0 docid rank score tag`, a
/// higher score better. Scores are written with the fewest digits that read back as the same
/// double, so the tie order trec_eval rebuilds (score descending, then document id descending)
/// is exactly the bench's.
enum QualityRunFile {
    /// The text of a run file: every retrieved document of every query, in rank order. A query
    /// that retrieved nothing has no line (trec_eval `-c` counts it as 0).
    static func text(_ ranked: [(queryID: String, documents: [(id: String, score: Double)])], tag: String) -> String {
        var text = ""
        for (queryID, documents) in ranked {
            for (rank, document) in documents.enumerated() {
                text += "\(queryID) Q0 \(document.id) \(rank + 1) \(document.score) \(tag)\n"
            }
        }
        return text
    }

    /// Writes the run file atomically.
    static func write(
        _ ranked: [(queryID: String, documents: [(id: String, score: Double)])], tag: String, to path: String
    ) throws {
        try OutputDestination.write(text(ranked, tag: tag), to: path)
    }

    /// `tokenizer-engine-kind-detail.run`, with every character a file name or a run tag should
    /// not hold replaced by `_`, and a number added when two rows would share a name.
    static func uniqueName(for row: QualityRow, among taken: inout Set<String>) -> String {
        let allowed = Set("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789._-")
        let stem = [row.tokenizer, row.engine, row.queryKind.rawValue, row.detail.rawValue]
            .joined(separator: "-").map { allowed.contains($0) ? $0 : "_" }
        var name = String(stem) + ".run"
        var number = 2
        while !taken.insert(name).inserted {
            name = String(stem) + "-\(number).run"
            number += 1
        }
        return name
    }
}
