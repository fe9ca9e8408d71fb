import GRDB
import TokenBenchEngines
import TokenBenchTokenizers

/// The tokenizers TokenBench knows by default, each under a short label.
public enum TokenizerCatalog {
    /// One known tokenizer.
    public struct Entry: Sendable {
        public var spec: TokenizerSpec
        /// Built into SQLite's FTS5, or shipped by TokenBench.
        public var origin: Origin
        /// One sentence on what it does.
        public var summary: String
    }

    public enum Origin: String, Sendable, CaseIterable {
        case builtin
        case shipped
        /// A Swift type of the user's, registered by the workbench's options (a GRDB
        /// `FTS5CustomTokenizer`, or a `TokenFilteringTokenizer`).
        case swift
    }

    /// SQLite's built-in tokenizers with the option sets that change matching. Some need a recent
    /// SQLite (trigram: 3.34; trigram remove_diacritics: 3.45): `tokenbench list` probes them.
    /// The names of the tokenizers FTS5 itself provides.
    static let builtInNames = ["ascii", "unicode61", "porter", "trigram"]

    package static let builtIns: [Entry] = [
        Entry(
            spec: TokenizerSpec(label: "ascii", text: "ascii"), origin: .builtin,
            summary: "Splits on non-alphanumeric ASCII; folds ASCII case only."),
        Entry(
            spec: TokenizerSpec(label: "unicode61", text: "unicode61"), origin: .builtin,
            summary: "Unicode 6.1 word characters; folds case; removes diacritics (remove_diacritics 1)."),
        Entry(
            spec: TokenizerSpec(label: "unicode61-rd0", text: "unicode61 remove_diacritics 0"), origin: .builtin,
            summary: "unicode61 keeping diacritics."),
        Entry(
            spec: TokenizerSpec(label: "unicode61-rd2", text: "unicode61 remove_diacritics 2"), origin: .builtin,
            summary: "unicode61 also removing diacritics from characters that carry several."),
        Entry(
            spec: TokenizerSpec(label: "unicode61-symbols", text: "unicode61 categories 'L* N* Co Sc So'"),
            origin: .builtin,
            // Signal's spec: FTS5's own option, so it runs wherever FTS5 does, iOS included.
            summary: "unicode61 with emoji and symbols (So, Sc) as tokens: 🍕 finds 🍕, € finds €."),
        Entry(
            spec: TokenizerSpec(label: "porter-ascii", text: "porter ascii"), origin: .builtin,
            summary: "Porter stemming on the ascii tokenizer's tokens."),
        Entry(
            spec: TokenizerSpec(label: "porter-unicode61", text: "porter unicode61"), origin: .builtin,
            summary: "Porter stemming on unicode61's tokens."),
        Entry(
            spec: TokenizerSpec(label: "trigram", text: "trigram"), origin: .builtin,
            summary: "Every run of three characters, case folded: substring matching."),
        Entry(
            spec: TokenizerSpec(label: "trigram-cs", text: "trigram case_sensitive 1"), origin: .builtin,
            summary: "trigram without case folding."),
        Entry(
            spec: TokenizerSpec(label: "trigram-rd", text: "trigram remove_diacritics 1"), origin: .builtin,
            summary: "trigram removing diacritics (SQLite 3.45 and later)."),
    ]

    /// The tokenizers TokenBench ships, with their default arguments: each shipped type's
    /// `catalogEntries`, in the order of `ShippedTokenizers.types`.
    public static let shipped: [Entry] = ShippedTokenizers.types.flatMap { type in
        type.catalogEntries.map { entry in
            Entry(spec: TokenizerSpec(label: entry.label, text: entry.spec), origin: .shipped, summary: entry.summary)
        }
    }

    /// The options of the shipped tokenizers whose value is a file or folder they read, as each
    /// declares them: `file`, `dicdir`.
    package static let pathOptions = Set(ShippedTokenizers.types.flatMap { $0.declaredArguments.pathOptions })

    /// The Snowball stemmers in the default set: the languages the default fixtures cover.
    /// `snowball` accepts every other algorithm libstemmer has, by name.
    package static var snowballLanguages: [String] { ShippedTokenizers.snowballLanguages }

    /// Every tokenizer TokenBench knows, built-in and shipped.
    public static var all: [Entry] { builtIns + shipped }

    /// The spec of the entry labelled `label` (`porter-ascii`), if there is one: how a bare
    /// label on the command line or in a baseline stands for its entry.
    package static func spec(labelled label: String) -> TokenizerSpec? {
        all.first { $0.spec.label == label }?.spec
    }
}

extension Workbench {
    /// Every tokenizer this workbench knows: the catalog's, then the user's Swift types of its
    /// options (origin `swift`), each under its name. What the commands run by default.
    public var catalog: [TokenizerCatalog.Entry] {
        TokenizerCatalog.all
            + options.customTokenizers.map { type in
                TokenizerCatalog.Entry(
                    spec: TokenizerSpec(text: type.name), origin: .swift,
                    summary: "\(type): a GRDB FTS5CustomTokenizer of this executable, for the system engine")
            }
            + options.filteringTokenizers.map { type in
                TokenizerCatalog.Entry(
                    spec: TokenizerSpec(text: type.name), origin: .swift,
                    summary: "\(type): a TokenFilteringTokenizer of this executable, for every engine")
            }
    }

    /// The names of the user's GRDB tokenizer types, which only the system engine registers.
    package var customTokenizerNames: Set<String> { Set(options.customTokenizers.map { $0.name }) }

    /// The names of all the user's Swift types.
    package var ownTokenizerNames: Set<String> {
        customTokenizerNames.union(options.filteringTokenizers.map { $0.name })
    }

    /// Whether this SQLite supports `spec`: tried by creating a real table with it, never
    /// inferred from version numbers. Returns nil when supported, or SQLite's reason.
    ///
    /// A spec the engine cannot find, on an engine where an extension did not load, also says
    /// why the extension did not load.
    package func unsupportedReason(_ spec: TokenizerSpec, engine: SQLiteEngine = .system) -> String? {
        engineSupport(of: spec, on: [engine]).refusals.first.map { "\($0.reason)" }
    }

    /// The tokenizer API `spec`'s tokenizer was registered through on `engine` ("v1", or "v2":
    /// it is then given each value's locale), or nil when the engine does not know its name.
    package func tokenizerAPI(_ spec: TokenizerSpec, engine: SQLiteEngine) -> String? {
        // FTS5's own split of the spec (quotes and all) names the tokenizer it looks up.
        let version = try? withConnection(engine) { connection in
            try TokenizerOnConnection.components(of: spec, in: connection).first.flatMap {
                connection.nativeTokenizerAPI(of: $0)
            }
        }
        return version.flatMap { $0 }.map { "v\($0)" }
    }

    /// The catalog entries that at least one of `engines` makes (a constructor that crashes or
    /// hangs in a worker counts as not made): what a user's code and the benchmarks start
    /// from. The commands' defaults come from `Workbench.plan`, which judges such a death.
    public func supportedCatalogSpecs(engines: [SQLiteEngine] = [.system]) -> [TokenizerSpec] {
        engineSupport(of: TokenizerCatalog.all.map(\.spec), on: engines).filter { !$0.engines.isEmpty }.map(\.spec)
    }
}
