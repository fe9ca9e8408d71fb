import Foundation

/// Streams a file's lines as bytes, with their 1-based line numbers, so that a reader can
/// name the line at fault and never holds more than one chunk and the current line.
enum FileLines {
    /// Reads `path` in 1 MB chunks and calls `body` with each line (empty ones too), without
    /// its LF or CRLF break. A last line without a break is passed like the others; a file
    /// ending in a break has no empty line after it.
    static func forEach(ofFile path: String, _ body: (_ number: Int, _ line: ArraySlice<UInt8>) throws -> Void)
        throws
    {
        let handle = try FileAccess.handle(forReading: path)
        defer { try? handle.close() }
        var pending: [UInt8] = []
        var number = 0
        func emit(_ line: ArraySlice<UInt8>) throws {
            var line = line
            if line.last == UInt8(ascii: "\r") { line = line.dropLast() }
            number += 1
            try body(number, line)
        }
        while true {
            let chunk: Data
            do { chunk = try handle.read(upToCount: 1 << 20) ?? Data() } catch {
                throw TokenBenchError.fileAccess(path: path, reason: FileAccess.reason(of: error))
            }
            if chunk.isEmpty { break }
            pending.append(contentsOf: chunk)
            var lineStart = pending.startIndex
            while let newline = pending[lineStart...].firstIndex(of: UInt8(ascii: "\n")) {
                try emit(pending[lineStart..<newline])
                lineStart = newline + 1
            }
            pending.removeSubrange(..<lineStart)
        }
        if !pending.isEmpty { try emit(pending[...]) }
    }
}
