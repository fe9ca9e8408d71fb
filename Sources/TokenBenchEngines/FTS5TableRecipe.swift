/// One FTS5 table as the bench and its probes make it: its name, columns, tokenizer and
/// options, and every statement run against it, rendered to SQL here and nowhere else.
///
/// GRDB's `FTS5TableDefinition` describes the same tables but cannot serve here: it renders
/// through a GRDB `Database`, which the bundled engine and a library loaded by path are not,
/// and it has no `locale=1` option.
///
/// Parameters are numbered one way in every statement. An insert binds the rowid as `?1` when
/// it gives one, then each column in the table's order, then the locale. A query binds its
/// MATCH pattern as `?1`, then what that query adds, then the locale.
package struct FTS5TableRecipe: Sendable, Equatable {
    /// The schema the table lives in (`temp`, or an attached database's name); empty: the
    /// connection's own, unnamed (the statements an app is shown to run).
    package var schema: String
    /// The table's name, which is also the hidden column MATCH and FTS5's commands name.
    package var name: String
    package var columns: [Column]
    /// Nil: FTS5's default tokenizer.
    package var tokenizer: Tokenizer?
    /// Nil: FTS5 stores the text itself.
    package var content: Content?
    /// The lengths FTS5 keeps a prefix index for (`prefix = '2 3'`); empty: none.
    package var prefixLengths: [Int]
    package var detail: Detail
    /// `locale = 1`: values may carry a locale through `fts5_locale()` (SQLite 3.47).
    package var locale: Bool
    /// `tokendata = 1`: a token `key\0data` matches on its key (SQLite 3.45).
    package var tokendata: Bool

    package init(
        schema: String, name: String, columns: [Column] = [.indexed("body")], tokenizer: Tokenizer? = nil,
        content: Content? = nil, prefixLengths: [Int] = [], detail: Detail = .omitted, locale: Bool = false,
        tokendata: Bool = false
    ) {
        self.schema = schema
        self.name = name
        self.columns = columns
        self.tokenizer = tokenizer
        self.content = content
        self.prefixLengths = prefixLengths
        self.detail = detail
        self.locale = locale
        self.tokendata = tokendata
    }

    /// A column; names are written as they are, so they are the code's own identifiers, never
    /// a user's text.
    package struct Column: Sendable, Equatable {
        package var name: String
        /// False: stored but not tokenized (`UNINDEXED`), and never given a locale.
        package var isIndexed: Bool

        package static func indexed(_ name: String) -> Column { Column(name: name, isIndexed: true) }
        package static func unindexed(_ name: String) -> Column { Column(name: name, isIndexed: false) }
    }

    /// The text of the `tokenize` option, which the table writes as an SQL string literal.
    package struct Tokenizer: Sendable, Equatable {
        package let text: String

        /// Refuses a NUL, which would end the SQL text early and leave FTS5 a different spec.
        package init(_ text: String) throws(ContainsNUL) {
            guard !text.unicodeScalars.contains("\0") else { throw ContainsNUL() }
            self.text = text
        }

        /// The text quoted for SQL, each quote doubled. By scalars, not Characters: a quote
        /// followed by a combining mark is one Character, yet SQL still reads it as a quote.
        var sqlLiteral: String {
            var literal = "'"
            for scalar in text.unicodeScalars {
                literal.unicodeScalars.append(scalar)
                if scalar == "'" { literal.unicodeScalars.append(scalar) }
            }
            literal.unicodeScalars.append("'")
            return literal
        }

        package struct ContainsNUL: Error {}
    }

    /// Where the table's text lives when FTS5 does not store it.
    package enum Content: Sendable, Equatable {
        /// `content = ''`: only the index; the text cannot be read back.
        case contentless
        /// `content = 'TABLE'`: read from another table of the same schema by rowid.
        case external(table: String)
    }

    /// FTS5's `detail` option: how much the index records of each token's occurrences. Not
    /// optional, so that `.none` can only mean FTS5's `detail = none`.
    package enum Detail: String, Sendable {
        /// No option written: FTS5's default, `full`.
        case omitted
        case full
        case column
        case none
    }

    /// `schema.name`, as statements name the table (`name` alone without a schema).
    package var qualifiedName: String { schema.isEmpty ? name : "\(schema).\(name)" }

    package var create: String {
        var arguments = columns.map { $0.isIndexed ? $0.name : "\($0.name) UNINDEXED" }
        if let tokenizer { arguments.append("tokenize = \(tokenizer.sqlLiteral)") }
        switch content {
        case nil: break
        case .contentless: arguments.append("content = ''")
        case .external(let table): arguments.append("content = '\(table)'")
        }
        if !prefixLengths.isEmpty {
            arguments.append("prefix = '\(prefixLengths.map(String.init).joined(separator: " "))'")
        }
        if detail != .omitted { arguments.append("detail = \(detail.rawValue)") }
        if locale { arguments.append("locale = 1") }
        if tokendata { arguments.append("tokendata = 1") }
        return "CREATE VIRTUAL TABLE \(qualifiedName) USING fts5(\(arguments.joined(separator: ", ")))"
    }

    package var dropIfExists: String { "DROP TABLE IF EXISTS \(qualifiedName)" }

    /// Empties the table and its index, keeping the table.
    package var deleteAllRows: String { "DELETE FROM \(qualifiedName)" }

    /// One row of every column, with the rowid given (`?1`) or left to FTS5; with `withLocale`,
    /// each indexed column's value goes through `fts5_locale()` with the locale bound last.
    package func insert(withRowid: Bool, withLocale: Bool = false) -> String {
        let first = withRowid ? 2 : 1
        let localeParameter = first + columns.count
        let columnValues = columns.enumerated().map { offset, column in
            let value = "?\(first + offset)"
            return withLocale && column.isIndexed ? "fts5_locale(?\(localeParameter), \(value))" : value
        }
        let names = (withRowid ? ["rowid"] : []) + columns.map(\.name)
        let values = (withRowid ? ["?1"] : []) + columnValues
        return
            "INSERT INTO \(qualifiedName)(\(names.joined(separator: ", "))) VALUES (\(values.joined(separator: ", ")))"
    }

    /// `MATCH ?1`, or with the locale bound as `?locale`.
    private func matches(localeParameter: Int?) -> String {
        "\(name) MATCH \(localeParameter.map { "fts5_locale(?\($0), ?1)" } ?? "?1")"
    }

    /// 1 when the row whose rowid is `?2` matches the pattern, else 0; the locale is `?3`.
    package func rowMatches(withLocale: Bool = false) -> String {
        "SELECT EXISTS (SELECT 1 FROM \(qualifiedName) WHERE \(matches(localeParameter: withLocale ? 3 : nil)) AND rowid = ?2)"
    }

    /// The rowids matching the pattern, ascending; the locale is `?2`.
    package func matchingRowids(withLocale: Bool = false) -> String {
        "SELECT rowid FROM \(qualifiedName) WHERE \(matches(localeParameter: withLocale ? 2 : nil)) ORDER BY rowid"
    }

    /// Each matching rowid with its bm25 score, best first; the locale is `?2`.
    package func bm25Ranking(withLocale: Bool = false) -> String {
        "SELECT rowid, bm25(\(name)) FROM \(qualifiedName) WHERE \(matches(localeParameter: withLocale ? 2 : nil)) ORDER BY 2"
    }

    /// How many rows match the pattern.
    package var matchCount: String {
        "SELECT count(*) FROM \(qualifiedName) WHERE \(matches(localeParameter: nil))"
    }

    /// `EngineConnection.instanceTokensFunction` over each matching row; with `insttoken`, the
    /// pattern goes through `fts5_insttoken()`, so the query collects what `xInstToken` reads.
    package func instanceTokens(insttoken: Bool) -> String {
        "SELECT \(EngineConnection.instanceTokensFunction)(\(name)) FROM \(qualifiedName) WHERE \(name) MATCH "
            + (insttoken ? "fts5_insttoken(?1)" : "?1")
    }

    /// The first column of each matching row through highlight() and snippet() (of at most
    /// `snippetTokens` tokens, marked by `?2` and `?3`), and its instance tokens; the locale is
    /// `?4`.
    package func highlights(snippetTokens: Int, withLocale: Bool = false) -> String {
        """
        SELECT highlight(\(name), 0, ?2, ?3),
               snippet(\(name), 0, ?2, ?3, '…', \(snippetTokens)),
               \(EngineConnection.instanceTokensFunction)(\(name))
        FROM \(qualifiedName) WHERE \(matches(localeParameter: withLocale ? 4 : nil))
        """
    }

    /// One of FTS5's special inserts: a command on the whole index, or a configuration option.
    package enum Command: Sendable {
        /// Fails when the index does not hold what the stored text tokenizes to.
        case integrityCheck
        /// Merges the index's segments into one.
        case optimize
        /// Tokenizes every stored row again and rebuilds the index from them.
        case rebuild
        /// Turns on the `insttoken` option (SQLite 3.48), kept in the table's configuration.
        case insttoken
    }

    package func command(_ command: Command) -> String {
        switch command {
        case .integrityCheck: return "INSERT INTO \(qualifiedName)(\(name)) VALUES ('integrity-check')"
        case .optimize: return "INSERT INTO \(qualifiedName)(\(name)) VALUES ('optimize')"
        case .rebuild: return "INSERT INTO \(qualifiedName)(\(name)) VALUES ('rebuild')"
        case .insttoken: return "INSERT INTO \(qualifiedName)(\(name), rank) VALUES ('insttoken', 1)"
        }
    }

    /// An `fts5vocab` table of kind `instance` named `name` in the same schema: one row per
    /// token instance the index holds.
    package func instanceVocabulary(named name: String) -> Vocabulary {
        Vocabulary(qualifiedName: "\(schema).\(name)", over: self)
    }

    package struct Vocabulary: Sendable, Equatable {
        package let qualifiedName: String
        package let create: String

        fileprivate init(qualifiedName: String, over table: FTS5TableRecipe) {
            self.qualifiedName = qualifiedName
            create =
                "CREATE VIRTUAL TABLE \(qualifiedName) USING fts5vocab(\(table.schema), \(table.name), instance)"
        }

        package var dropIfExists: String { "DROP TABLE IF EXISTS \(qualifiedName)" }
        package var selectAll: String { "SELECT * FROM \(qualifiedName)" }
    }
}
