import TokenBenchEngines

/// The tokens of one input under one tokenizer and mode: what `tokenbench tokens` prints.
public struct TokenTrace: Sendable {
    public internal(set) var tokenizer: String
    /// The SQLite engine whose FTS5 created the tokenizer.
    public internal(set) var engine: String
    public internal(set) var mode: TokenizationMode
    public internal(set) var form: NormalizationForm
    /// 1-based index of the input among those traced.
    public internal(set) var inputIndex: Int
    /// The bytes the tokenizer was given (after the form was applied).
    public internal(set) var input: [UInt8]
    public internal(set) var tokens: [Token]

    package init(
        tokenizer: String, engine: String = SQLiteEngine.system.name, mode: TokenizationMode, form: NormalizationForm,
        inputIndex: Int, input: [UInt8], tokens: [Token]
    ) {
        self.tokenizer = tokenizer
        self.engine = engine
        self.mode = mode
        self.form = form
        self.inputIndex = inputIndex
        self.input = input
        self.tokens = tokens
    }

    /// The source bytes a token claims, or an empty slice when its offsets are out of range.
    public func source(of token: Token) -> ArraySlice<UInt8> {
        guard 0 <= token.start, token.start <= token.end, token.end <= input.count else { return [] }
        return input[token.start..<token.end]
    }

    package static let tableHeader = tableHeader(tokendata: false)

    /// The `tokens` table's columns; with `tokendata`, a `data` column follows `token`, which
    /// then holds the key.
    package static func tableHeader(tokendata: Bool) -> [String] {
        ["tokenizer", "engine", "mode", "form", "input", "position", "token"] + (tokendata ? ["data"] : [])
            + ["start", "end", "colocated", "source"]
    }

    /// Rows of the `tokens` table, one per token.
    package var tableRows: [[String]] { tableRows(tokendata: false) }

    /// Rows of the `tokens` table; with `tokendata`, each token split as a `tokendata=1` table
    /// reads it: the key in `token`, the data after its first NUL in `data` (empty without one).
    package func tableRows(tokendata: Bool) -> [[String]] {
        tokens.map { token in
            let shown: [String]
            if tokendata {
                let (key, data) = token.tokendata
                shown = [ByteEscaping.display(key), data.map { ByteEscaping.display($0) } ?? ""]
            } else {
                shown = [token.text]
            }
            return [tokenizer, engine, mode.rawValue, form.rawValue, String(inputIndex), String(token.position)]
                + shown
                + [
                    String(token.start), String(token.end), token.isColocated ? "1" : "0",
                    ByteEscaping.display(source(of: token)),
                ]
        }
    }
}
