import Foundation
import GRDB
import GRDBSQLite

/// A tokenizer that splits on ASCII whitespace and NUL, and breaks exactly one rule of FTS5's
/// tokenizer contract, chosen by its argument (`broken FAULT`); `broken none` keeps every rule.
/// It splits on NUL so that no token holds one: SQLite 3.40.1's integrity-check fails on any
/// index with such a token, which would add an index-integrity finding to every row.
/// The conformance tests run one of each and expect the matching check to fire.
final class BrokenTokenizer: FTS5CustomTokenizer {
    static let name = "broken"

    enum Fault: String, CaseIterable, Sendable {
        case none
        /// The last token ends one byte past nText.
        case endPastText = "end-past-text"
        /// A token that starts with a multi-byte character starts one byte into it.
        case insideCharacter = "inside-character"
        /// Tokens come out last first.
        case reversed
        /// An empty token after every token.
        case emptyTokens = "empty-tokens"
        /// Every token carries an undefined flag bit.
        case undefinedFlag = "undefined-flag"
        /// The first token is marked colocated.
        case colocatedFirst = "colocated-first"
        /// Scans for a NUL byte instead of stopping at nText.
        case scansToNul = "scans-to-nul"
        /// Every second document-mode call on an instance adds a token.
        case alternatesCalls = "alternates-calls"
        /// Each instance adds a token naming its serial number, in document mode.
        case dependsOnInstance = "depends-on-instance"
        /// Shares state between instances without a lock: concurrent calls see each other.
        case sharesState = "shares-state"
        /// Returns SQLITE_ERROR for input containing 'z'.
        case failsOnZ = "fails-on-z"
        /// Adds a colocated synonym after every token, in every mode.
        case synonymsEverywhere = "synonyms-everywhere"
        /// Appends "_q" to tokens in query mode.
        case queryDiffers = "query-differs"
        /// xCreate fails from the fourth instance on: the spec probes and the first instance
        /// succeed, fresh instances fail.
        case refusesLaterInstances = "refuses-later-instances"
    }

    private let fault: Fault
    private var documentCalls = 0
    private let instanceSerial: Int

    /// Calls in flight across all instances (the shares-state fault reads it).
    nonisolated(unsafe) private static var inFlight = 0
    nonisolated(unsafe) private static var instancesCreated = 0
    nonisolated(unsafe) private static var refusingInstancesCreated = 0
    private static let lock = NSLock()

    init(db: Database, arguments: [String]) throws {
        guard let fault = Fault(rawValue: arguments.first ?? "none") else {
            throw DatabaseError(resultCode: .SQLITE_ERROR, message: "unknown fault")
        }
        self.fault = fault
        if fault == .refusesLaterInstances {
            let serial = Self.lock.withLock {
                Self.refusingInstancesCreated += 1
                return Self.refusingInstancesCreated
            }
            guard serial <= 3 else {
                throw DatabaseError(resultCode: .SQLITE_ERROR, message: "instance \(serial) refused")
            }
        }
        instanceSerial = Self.lock.withLock {
            Self.instancesCreated += 1
            return Self.instancesCreated
        }
    }

    func tokenize(
        context: UnsafeMutableRawPointer?, tokenization: FTS5Tokenization, pText: UnsafePointer<CChar>?, nText: CInt,
        tokenCallback: @escaping FTS5TokenCallback
    ) -> CInt {
        if tokenization.contains(.document) { documentCalls += 1 }
        guard let pText else { return SQLITE_OK }
        var length = Int(nText)
        if fault == .scansToNul {
            length = 0
            while pText[length] != 0 { length += 1 }
        }
        let bytes = UnsafeRawBufferPointer(start: pText, count: length)
        if fault == .failsOnZ, bytes.contains(UInt8(ascii: "z")) { return SQLITE_ERROR }

        var tokens: [(bytes: [UInt8], start: Int, end: Int)] = []
        var start: Int?
        for index in 0...length {
            let isSpace = index == length || [0x20, 0x09, 0x0A, 0x0D, 0x00].contains(bytes[index])
            if isSpace, let tokenStart = start {
                tokens.append((Array(bytes[tokenStart..<index]), tokenStart, index))
                start = nil
            } else if !isSpace, start == nil {
                start = index
            }
        }
        if fault == .sharesState {
            Self.lock.withLock { Self.inFlight += 1 }
            usleep(200)
            let overlapped = Self.lock.withLock { Self.inFlight > 1 }
            Self.lock.withLock { Self.inFlight -= 1 }
            if overlapped { tokens.append((Array("race".utf8), length, length)) }
        }
        if fault == .reversed { tokens.reverse() }
        if fault == .alternatesCalls, tokenization.contains(.document), documentCalls % 2 == 0 {
            tokens.append((Array("even".utf8), length, length))
        }
        if fault == .dependsOnInstance, tokenization.contains(.document) {
            tokens.append((Array("serial\(instanceSerial)".utf8), length, length))
        }
        if fault == .endPastText, !tokens.isEmpty { tokens[tokens.count - 1].end = length + 1 }
        if fault == .insideCharacter {
            for index in tokens.indices where tokens[index].bytes[0] >= 0xC0 {
                tokens[index].start += 1
            }
        }
        if fault == .queryDiffers, tokenization.contains(.query) {
            for index in tokens.indices { tokens[index].bytes += Array("_q".utf8) }
        }

        for (position, token) in tokens.enumerated() {
            var flags: CInt = 0
            if fault == .undefinedFlag { flags = 0x2 }
            if fault == .colocatedFirst, position == 0 { flags = FTS5_TOKEN_COLOCATED }
            var code = emit(
                token.bytes, flags: flags, start: token.start, end: token.end, context: context, tokenCallback)
            if code == SQLITE_OK, fault == .emptyTokens {
                code = emit([], flags: 0, start: token.end, end: token.end, context: context, tokenCallback)
            }
            if code == SQLITE_OK, fault == .synonymsEverywhere {
                code = emit(
                    token.bytes + Array("_syn".utf8), flags: FTS5_TOKEN_COLOCATED, start: token.start, end: token.end,
                    context: context, tokenCallback)
            }
            guard code == SQLITE_OK else { return code }
        }
        return SQLITE_OK
    }

    private func emit(
        _ bytes: [UInt8], flags: CInt, start: Int, end: Int, context: UnsafeMutableRawPointer?,
        _ tokenCallback: FTS5TokenCallback
    ) -> CInt {
        bytes.withUnsafeBufferPointer { buffer in
            buffer.withMemoryRebound(to: CChar.self) { chars in
                // Ownership: `bytes` outlives the callback, which copies what it keeps.
                tokenCallback(context, flags, chars.baseAddress, CInt(bytes.count), CInt(start), CInt(end))
            }
        }
    }
}
