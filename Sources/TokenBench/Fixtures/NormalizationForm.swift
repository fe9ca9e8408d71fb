import Foundation
import TokenBenchTokenizers

/// How a document or query is presented to FTS5: as written, or in a Unicode normalization form.
public enum NormalizationForm: String, CaseIterable, Sendable {
    /// Exactly as the fixture spells it.
    case asis
    /// Canonical composition (what most Swift and Cocoa strings are).
    case nfc
    /// Canonical decomposition (HFS+ file names, some network input).
    case nfd
    /// Compatibility composition: ligatures, fullwidth forms and superscripts folded.
    case nfkc
    /// Compatibility decomposition.
    case nfkd

    /// `text` in this form, normalized by the system ICU. Foundation's normalization on Linux is
    /// not used: it leaves a Hangul LV syllable and a trailing jamo apart (U+AC00 U+11A8), where
    /// NFC composes them (U+AC01); `NormalizationFormTests` runs all of NormalizationTest.txt.
    public func apply(to text: String) -> String {
        let normalization: ICUNormalization
        switch self {
        case .asis: return text
        case .nfc: normalization = .nfc
        case .nfd: normalization = .nfd
        case .nfkc: normalization = .nfkc
        case .nfkd: normalization = .nfkd
        }
        // A Swift String is valid UTF-8, so ICU fails only when it runs out of memory.
        guard let normalized = normalization.apply(Array(text.utf8)) else { return text }
        return String(decoding: normalized, as: UTF8.self)
    }

    /// `bytes` in this form; nil when they are not valid UTF-8 and the form is not `asis` (there
    /// is nothing to normalize in bytes that are not text).
    package func apply(toBytes bytes: [UInt8]) -> [UInt8]? {
        if self == .asis { return bytes }
        guard let text = String(validating: bytes, as: UTF8.self) else { return nil }
        return Array(apply(to: text).utf8)
    }
}

/// The forms a match case's document and query are presented in, written `document:query`.
public struct FormPair: Hashable, Sendable, CustomStringConvertible {
    public var document: NormalizationForm
    public var query: NormalizationForm

    public init(document: NormalizationForm, query: NormalizationForm) {
        self.document = document
        self.query = query
    }

    /// Parses `nfc:nfd`; returns nil for anything else.
    package init?(parsing text: some StringProtocol) {
        let parts = text.split(separator: ":", omittingEmptySubsequences: false)
        guard parts.count == 2,
            let document = NormalizationForm(rawValue: String(parts[0]).lowercased()),
            let query = NormalizationForm(rawValue: String(parts[1]).lowercased())
        else { return nil }
        self.init(document: document, query: query)
    }

    public var description: String { "\(document.rawValue):\(query.rawValue)" }

    /// As written, and both cross pairs of NFC and NFD: the default run.
    public static let defaults: [FormPair] = [
        FormPair(document: .asis, query: .asis),
        FormPair(document: .nfc, query: .nfd),
        FormPair(document: .nfd, query: .nfc),
    ]
}

/// Form pairs cross from the bench to a worker process as JSON.
extension NormalizationForm: Codable {}
extension FormPair: Codable {}
