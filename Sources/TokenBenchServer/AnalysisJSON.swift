import TokenBench

/// The JSON the API answers with: one type per object, named as the page and scripts read them.
/// Token values are those of `tokenbench tokens` (the token as it displays there, its UTF-8 byte
/// offsets, its FTS5 position, and whether it is colocated).
enum AnalysisJSON {
    struct TokenObject: Encodable {
        let token: String
        let start: Int
        let end: Int
        let position: Int
        let colocated: Bool
        /// The token's code points by name; left out of `/api/match`'s cells, where the same
        /// tokens repeat in every cell.
        let codePoints: [String]?

        init(_ token: Token, namingCodePoints: Bool = true) {
            self.token = token.text
            start = token.start
            end = token.end
            position = token.position
            colocated = token.isColocated
            codePoints = namingCodePoints ? TextFacts.codePointNames(of: token.bytes) : nil
        }
    }

    struct TextObject: Encodable {
        let bytes: Int
        let utf8: Bool
        let nfc: Bool?
        let nfd: Bool?
        let codePoints: [String]

        init(_ text: String) {
            let facts = TextFacts(Array(text.utf8))
            bytes = facts.byteCount
            utf8 = facts.isUTF8
            nfc = facts.isNFC
            nfd = facts.isNFD
            codePoints = facts.codePoints
        }
    }

    struct SkippedObject: Encodable {
        let start: Int
        let end: Int
        let text: String
        let codePoints: [String]

        init(_ skipped: SkippedBytes) {
            start = skipped.start
            end = skipped.end
            text = String(decoding: skipped.bytes, as: UTF8.self)
            codePoints = TextFacts.codePointNames(of: skipped.bytes)
        }
    }

    struct StageObject: Encodable {
        let spec: String
        let tokens: [TokenObject]
    }

    /// One tokenizer on one engine: its tokens, or why that engine does not run it.
    struct TokensResult: Encodable {
        let tokenizer: String
        let spec: String
        let engine: String
        var tokens: [TokenObject]?
        var stages: [StageObject]?
        var skipped: [SkippedObject]?
        var unsupported: String?
    }

    struct TokensResponse: Encodable {
        let mode: String
        /// The locale every tokenizer was given, or nil for none.
        let locale: String?
        let text: TextObject
        let results: [TokensResult]
    }

    struct RunObject: Encodable {
        let text: String
        let marked: Bool
    }

    struct MatchCell: Encodable {
        let queryKind: String
        let documentForm: String
        let queryForm: String
        let verdict: String
        /// `MatchVerdict.code`: `match`, `no-match`, `no-query`, `error`, `lost` or `unsupported`.
        let verdictCode: MatchVerdict.Code
        /// true or false; null when FTS5 refused the query, it had no tokens, or the builder made
        /// no query.
        let matched: Bool?
        let matchExpression: String
        let document: String
        let query: String
        let documentTokens: [TokenObject]
        let queryTokens: [TokenObject]
        let highlight: [RunObject]?
        let snippet: [RunObject]?
        /// The document's tokens at each phrase instance, through xInstToken; absent without a
        /// match or before SQLite 3.45.
        let matchedTokens: [InstanceObject]?

        init(_ cell: MatchAnalysis.Cell) {
            queryKind = cell.queryKind.rawValue
            documentForm = cell.formPair.document.rawValue
            queryForm = cell.formPair.query.rawValue
            verdict = cell.verdict
            verdictCode = cell.result.code
            switch cell.result {
            case .matched: matched = true
            case .notMatched: matched = false
            case .noQuery, .error, .lost, .unsupported: matched = nil
            }
            matchExpression = cell.matchExpression
            document = cell.document
            query = cell.query
            documentTokens = cell.documentTokens.map { TokenObject($0, namingCodePoints: false) }
            queryTokens = cell.queryTokens.map { TokenObject($0, namingCodePoints: false) }
            highlight = cell.highlight?.map { RunObject(text: $0.text, marked: $0.isMarked) }
            snippet = cell.snippet?.map { RunObject(text: $0.text, marked: $0.isMarked) }
            matchedTokens = cell.matchedTokens?.map(InstanceObject.init)
        }
    }

    /// One phrase instance: the phrase's index in the query, the token offset in the document,
    /// and each token as `key` and, in a tokendata=1 table, `data` (after the first NUL).
    struct InstanceObject: Encodable {
        let phrase: Int
        let offset: Int
        let tokens: [InstanceToken]

        struct InstanceToken: Encodable {
            let key: String
            let data: String?
        }

        init(_ instance: MatchAnalysis.MatchedInstance) {
            phrase = instance.phrase
            offset = instance.offset
            tokens = instance.tokens.map { bytes in
                let token = Token.tokendata(of: bytes[...])
                return InstanceToken(
                    key: ByteEscaping.display(token.key), data: token.data.map { ByteEscaping.display($0) })
            }
        }
    }

    struct MatchResult: Encodable {
        let tokenizer: String
        let spec: String
        let engine: String
        var cells: [MatchCell]?
        var unsupported: String?
    }

    struct MatchResponse: Encodable {
        let document: TextObject
        let query: TextObject
        /// The locale both texts had, or nil for none.
        let locale: String?
        let results: [MatchResult]
    }

    struct EngineObject: Encodable {
        let name: String
        let version: String
    }

    struct TokenizerObject: Encodable {
        let label: String
        let spec: String
        let summary: String
    }

    /// What the page needs before its first request: the engines it may choose, the catalog,
    /// the tokenizers shown by default, and the bounds.
    struct SetupResponse: Encodable {
        let engines: [EngineObject]
        let catalog: [TokenizerObject]
        let defaultTokenizers: [String]
        let modes: [String]
        let limits: ServerLimits
    }

    struct CaseObject: Encodable {
        let id: String
        let category: String
        let document: String
        let query: String
        let note: String
        /// The locale both texts share, or nil (none, or each its own): the page takes one
        /// locale for both texts.
        let locale: String?
    }

    struct ErrorResponse: Encodable {
        let error: String
    }
}
