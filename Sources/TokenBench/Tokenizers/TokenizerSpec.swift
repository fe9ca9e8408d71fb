import Foundation

/// A tokenizer named by the text of its FTS5 `tokenize=` argument, optionally labelled.
///
/// `unicode61 remove_diacritics 2` names a tokenizer; `u61rd2=unicode61 remove_diacritics 2` names
/// the same one under the label `u61rd2`. The label, or else the spec text, is the tokenizer's
/// name in every output.
public struct TokenizerSpec: Hashable, Sendable, Codable, CustomStringConvertible {
    /// A short name for outputs and fixture expectations, or nil to use `text`.
    public var label: String?
    /// The `tokenize=` argument exactly as FTS5 receives it, before FTS5 splits it into words.
    public var text: String

    public init(label: String? = nil, text: String) {
        self.label = label
        self.text = text
    }

    /// Parses `label=spec` or a bare `spec`. A label is letters, digits, `_`, `.` and `-` only, so
    /// a spec that merely contains `=` (as in `unicode61 separators '='`) keeps it.
    public init(parsing argument: String) {
        if let equals = argument.firstIndex(of: "="),
            Self.isValidLabel(argument[..<equals]),
            argument.index(after: equals) < argument.endIndex
        {
            self.init(label: String(argument[..<equals]), text: String(argument[argument.index(after: equals)...]))
        } else {
            self.init(label: nil, text: argument)
        }
    }

    /// The tokenizer's name in outputs: its label, or its spec text.
    public var name: String { label ?? text }

    /// `label=spec`, or the spec alone: the form `init(parsing:)` reads back.
    public var description: String { label.map { "\($0)=\(text)" } ?? text }

    /// Whether `candidate` can serve as a label (and as a key in fixture expectations).
    package static func isValidLabel(_ candidate: some StringProtocol) -> Bool {
        !candidate.isEmpty
            && candidate.unicodeScalars.allSatisfy { scalar in
                scalar.isASCII
                    && (scalar.properties.isAlphabetic || ("0"..."9").contains(scalar)
                        || scalar == "_" || scalar == "." || scalar == "-")
            }
    }

    /// Why FTS5 must not be given this spec's quoting, or nil. A quote may only start a word, and
    /// a quoted word ('…', with '' for a quote inside) must be closed and followed by white space
    /// or the end: SQLite 3.40.1's tokenize-directive parser reads past its buffer when words run
    /// into each other at a quote (`''a''b'` and `u''~''''1'…`, found by the `spec` fuzz target
    /// under AddressSanitizer), so such a spec is refused here with a clear reason instead.
    func quotingProblem() -> String? {
        let bytes = Array(text.utf8)
        var index = 0
        while index < bytes.count {
            guard bytes[index] == UInt8(ascii: "'") else {
                index += 1
                continue
            }
            // FTS5 ends a bare word at a quote and starts a quoted word there, with no space
            // between them: the same run-on its parser mishandles.
            if index > 0 && !Self.isWhiteSpace(bytes[index - 1]) {
                return "a quote may only start a word (quote the whole word, and write a quote inside it as '')"
            }
            var end = index + 1
            var closed = false
            while end < bytes.count {
                if bytes[end] == UInt8(ascii: "'") {
                    if end + 1 < bytes.count && bytes[end + 1] == UInt8(ascii: "'") {
                        end += 2
                        continue
                    }
                    closed = true
                    break
                }
                end += 1
            }
            guard closed else { return "a quoted word is not closed (write a quote inside one as '')" }
            guard end + 1 == bytes.count || Self.isWhiteSpace(bytes[end + 1]) else {
                return "a quoted word must be followed by a space or the end of the spec"
            }
            index = end + 1
        }
        return nil
    }

    private static func isWhiteSpace(_ byte: UInt8) -> Bool {
        byte == 0x20 || (0x09...0x0D).contains(byte)
    }

    /// The spec as a table recipe's `tokenize` option, which the recipe quotes for any text; a
    /// NUL (which would end the SQL text early) is refused in the bench's words.
    func tokenizeOption() throws(TokenBenchError) -> FTS5TableRecipe.Tokenizer {
        do { return try FTS5TableRecipe.Tokenizer(text) } catch {
            throw .invalidTokenizerSpec(spec: description, reason: "the spec contains a NUL character")
        }
    }
}

extension Array where Element == TokenizerSpec {
    /// The specs with `reference` first when it is not among them (by name): the tokenizers a
    /// run measures or ranks when every other is compared with `reference`.
    package func including(reference: TokenizerSpec) -> [TokenizerSpec] {
        contains { $0.name == reference.name } ? self : [reference] + self
    }
}
