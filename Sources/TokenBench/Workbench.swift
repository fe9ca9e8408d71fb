import Foundation
import GRDB
import GRDBSQLite
import TokenBenchEngines
import TokenBenchTokenizers

/// The harness: one in-memory SQLite connection on which every tokenizer TokenBench knows is
/// registered (built-ins, the shipped custom ones, the user's own types and extensions), and the
/// operations that run them: token traces, spec validation, match matrices.
///
/// A workbench is used from one thread at a time; every operation runs inside its serial queue.
public final class Workbench {
    /// What to register on the workbench's connection besides SQLite's built-in tokenizers.
    public struct Options: Sendable {
        /// The user's own GRDB tokenizer types, registered under their `name`.
        package var customTokenizers: [any FTS5CustomTokenizer.Type] {
            get { userTypes.custom }
            set { userTypes.custom = newValue }
        }
        /// SQLite loadable extensions to load on every engine, each registering FTS5 tokenizers.
        package var extensions: [LoadableExtension]
        /// Your own byte-level wrapper tokenizers, registered under their `name` on every engine.
        package var filteringTokenizers: [any TokenFilteringTokenizer.Type] {
            get { userTypes.filtering }
            set { userTypes.filtering = newValue }
        }
        /// The user's Swift types, as metatypes: their immutable metadata, which any thread may
        /// read, so that the run layer makes a workbench of these options on any thread. The
        /// protocols (GRDB's, and ours, public before `SendableMetatype`) cannot say so to the
        /// compiler.
        nonisolated(unsafe) private var userTypes:
            (custom: [any FTS5CustomTokenizer.Type], filtering: [any TokenFilteringTokenizer.Type])
        /// Whether the tokenizers under judgement run in worker processes (nil: in this one).
        /// Workers register the extensions, and the user's Swift types only when they are a
        /// bench executable that registers them (`WorkerIsolation.benchExecutable`).
        package var isolation: WorkerIsolation?

        /// - Parameters:
        ///   - customTokenizers: Your own GRDB tokenizer types, registered under their `name` on
        ///     the system engine, as in your app.
        ///   - extensions: SQLite loadable extensions to load on every engine, each registering
        ///     FTS5 tokenizers.
        ///   - filteringTokenizers: Your own byte-level wrapper tokenizers, registered under
        ///     their `name` on every engine.
        ///   - isolation: Run the tokenizers under judgement in worker processes (nil: in this
        ///     one). A workbench with `customTokenizers` or `filteringTokenizers` isolates only
        ///     in workers that register the same types: `WorkerIsolation.benchExecutable`, your
        ///     own `tokenbench` made by `TokenBenchCLI.main`.
        public init(
            customTokenizers: [any FTS5CustomTokenizer.Type] = [], extensions: [LoadableExtension] = [],
            filteringTokenizers: [any TokenFilteringTokenizer.Type] = [], isolation: WorkerIsolation? = nil
        ) {
            userTypes = (customTokenizers, filteringTokenizers)
            self.extensions = extensions
            self.isolation = isolation
        }
    }

    /// GRDB's queue over the system connection: it registers the user's GRDB tokenizer types,
    /// which only the system engine can run, and loads extensions as an app would.
    let dbQueue: DatabaseQueue
    /// The same system connection, driven through the engine layer like every other engine.
    private let systemConnection: EngineConnection
    /// The connections of the other engines (bundled, libraries loaded by path), by name,
    /// opened on first use.
    private var otherConnections: [String: EngineConnection] = [:]
    /// Why an extension did not load on an engine other than the system's, by engine name: that
    /// engine then runs without its tokenizers, and every spec it cannot find says why.
    private var extensionFailures: [String: [LoadableExtension: String]] = [:]
    /// What the connection was opened with: checks that need more connections open them alike.
    let options: Options
    /// The workers of an isolating workbench, kept between calls; nil when it runs in-process.
    let workerPool: WorkerPool?

    public init(options: Options = Options()) throws {
        // A type registered under the name of a built-in or shipped tokenizer would silently
        // replace it (FTS5 keeps the last tokenizer registered under a name), and every result
        // labelled with that name would then be the user's.
        let reserved = Set(
            TokenizerCatalog.builtInNames + ShippedTokenizers.names + [
                SpecArgumentCapture.name, LocaleProbeTokenizer.name,
            ])
        let userTypes =
            options.customTokenizers.map { (option: "customTokenizers", type: "\($0)", name: $0.name) }
            + options.filteringTokenizers.map { (option: "filteringTokenizers", type: "\($0)", name: $0.name) }
        for user in userTypes where reserved.contains(user.name) {
            throw TokenBenchError.invalidArgument(
                name: user.option, value: user.type,
                reason:
                    "its name '\(user.name)' is the name of a tokenizer SQLite or TokenBench provides; give the type another name"
            )
        }
        let userNames = userTypes.map(\.name)
        if let twice = userTypes.first(where: { user in userNames.filter { $0 == user.name }.count > 1 }) {
            throw TokenBenchError.invalidArgument(
                name: twice.option, value: twice.name,
                reason: "two types have this name; the second would replace the first")
        }
        if let isolation = options.isolation {
            try isolation.validate()
            if let user = userTypes.first, !isolation.registersOwnTokenizers {
                throw TokenBenchError.invalidArgument(
                    name: user.option, value: user.type,
                    reason:
                        "a worker process cannot run a Swift type of this process unless it is a bench executable that registers it (TokenBenchCLI.main, WorkerIsolation.benchExecutable); run without isolation"
                )
            }
        }
        self.options = options
        workerPool = try options.isolation.map {
            try WorkerPool(isolation: $0, extensions: options.extensions, ownTokenizers: Self.ownTypeNames(of: options))
        }
        var configuration = Configuration()
        configuration.label = "TokenBench"
        do {
            dbQueue = try DatabaseQueue(configuration: configuration)
            systemConnection = try dbQueue.inDatabase { db in
                // The queue's one connection, made once: the user's types are registered on it
                // here rather than in a `prepareDatabase` closure, which is `@Sendable` and so
                // cannot hold metatypes of GRDB's non-Sendable protocol.
                for type in options.customTokenizers { db.add(tokenizer: type) }
                let connection = try EngineConnection(borrowing: db)
                try Self.registerOwnTokenizers(on: connection, filtering: options.filteringTokenizers)
                return connection
            }
        } catch let error as TokenBenchError {
            throw error
        } catch {
            throw TokenBenchError.sqlite(context: "opening an in-memory database", message: "\(error)")
        }
        for loadable in options.extensions {
            try dbQueue.inDatabase { db in try loadable.load(into: db) }
        }
    }

    /// The user's Swift types of `options` as a worker's setup names them: each type's kind,
    /// tokenizer name and Swift name. A worker made with the same types has the same list.
    package static func ownTypeNames(of options: Options) -> [String] {
        options.customTokenizers.map { "FTS5CustomTokenizer \($0.name): \(String(reflecting: $0))" }
            + options.filteringTokenizers.map { "TokenFilteringTokenizer \($0.name): \(String(reflecting: $0))" }
    }

    /// The spec capture, the shipped tokenizers and the user's filtering tokenizers, on any engine.
    private static func registerOwnTokenizers(
        on connection: EngineConnection, filtering: [any TokenFilteringTokenizer.Type]
    ) throws {
        try TokenizerRegistration.register(SpecArgumentCapture.self, on: connection)
        try TokenizerRegistration.register(LocaleProbeTokenizer.self, on: connection)
        try ShippedTokenizers.register(on: connection)
        for type in filtering { try ShippedTokenizers.register(type, on: connection) }
    }

    /// Runs `body` on the workbench's connection of `engine`, opened on first use for engines
    /// other than the system's.
    func withConnection<T>(_ engine: SQLiteEngine = .system, _ body: (EngineConnection) throws -> T) throws -> T {
        if engine.isSystem {
            return try dbQueue.inDatabase { _ in try body(systemConnection) }
        }
        if let connection = otherConnections[engine.name] {
            return try body(connection)
        }
        let connection: EngineConnection
        do {
            connection = try EngineConnection(engine: engine)
        } catch {
            throw TokenBenchError.sqlite(context: "opening the \(engine.name) engine", message: error.message)
        }
        try Self.registerOwnTokenizers(on: connection, filtering: options.filteringTokenizers)
        var failures: [LoadableExtension: String] = [:]
        for loadable in options.extensions {
            do {
                try loadable.load(into: connection)
            } catch TokenBenchError.extensionLoadFailed(_, let reason) {
                failures[loadable] = reason
            }
        }
        extensionFailures[engine.name] = failures
        otherConnections[engine.name] = connection
        return try body(connection)
    }
}

// MARK: - Extensions

extension Workbench {
    /// Whether each of the options' extensions loaded on `engine`: nil when it did, or why not.
    /// The system engine loads them when the workbench is made, and fails it when one cannot load.
    public func extensionStatus(engine: SQLiteEngine) -> [(extension: LoadableExtension, failure: String?)] {
        _ = try? withConnection(engine) { _ in }
        let failures = extensionFailures[engine.name] ?? [:]
        return options.extensions.map { ($0, failures[$0]) }
    }

    /// Why extensions did not load on `engine`, one sentence each; empty when all did.
    func extensionFailures(on engine: SQLiteEngine) -> [String] {
        extensionStatus(engine: engine).compactMap { loadable, failure in
            failure.map { "extension \(loadable) did not load on \(engine.name): \($0)" }
        }
    }
}

// MARK: - Specs

extension Workbench {
    /// Checks that FTS5 accepts `spec` by creating a real table with it, and returns the words
    /// FTS5 split the spec into (the tokenizer name, then its arguments).
    @discardableResult
    public func validate(_ spec: TokenizerSpec, engine: SQLiteEngine = .system) throws -> [String] {
        try withConnection(engine) { connection in try TokenizerOnConnection.components(of: spec, in: connection) }
    }

    /// Returns the tokens `spec` produces for `text` in `mode`, through the tokenizer's own
    /// xTokenize, with their byte offsets into `text`.
    ///
    /// With a `locale`, the tokenizer is made through the engine's v2 tokenizer API and given it,
    /// as FTS5 gives each value of a `locale=1` table its own (SQLite 3.47 and later; on an older
    /// engine this throws `invalidTokenizerSpec` saying so).
    public func tokens(
        of text: [UInt8], spec: TokenizerSpec, mode: TokenizationMode, locale: String? = nil,
        engine: SQLiteEngine = .system
    ) throws -> [Token] {
        try withConnection(engine) { connection in
            let tokenizer = try TokenizerOnConnection(spec: spec, locale: locale, in: connection)
            return try tokenizer.tokens(of: text, mode: mode)
        }
    }

    /// Traces every input in every mode with one instance of the tokenizer, input by input, each
    /// input first put in `form` (the trace's offsets are into the normalized bytes, which the
    /// trace holds). An input that is not valid UTF-8 can only be traced `asis`.
    public func traces(
        of inputs: [[UInt8]], spec: TokenizerSpec, modes: [TokenizationMode], form: NormalizationForm = .asis,
        locale: String? = nil, engine: SQLiteEngine = .system
    ) throws -> [TokenTrace] {
        let presented = try Self.presented(inputs, in: form)
        return try withConnection(engine) { connection in
            let tokenizer = try TokenizerOnConnection(spec: spec, locale: locale, in: connection)
            var traces: [TokenTrace] = []
            for mode in modes {
                for (index, input) in presented.enumerated() {
                    traces.append(
                        TokenTrace(
                            tokenizer: spec.name, engine: engine.name, mode: mode, form: form, inputIndex: index + 1,
                            input: input,
                            tokens: try tokenizer.tokens(of: input, mode: mode)))
                }
            }
            return traces
        }
    }

    /// Each input put in `form`; an input that is not valid UTF-8 can only be traced `asis`.
    static func presented(_ inputs: [[UInt8]], in form: NormalizationForm) throws -> [[UInt8]] {
        try inputs.enumerated().map { index, input in
            guard let normalized = form.apply(toBytes: input) else {
                throw TokenBenchError.invalidArgument(
                    name: "input \(index + 1)", value: ByteEscaping.display(input),
                    reason: "not valid UTF-8, so it cannot be put in \(form.rawValue.uppercased())")
            }
            return normalized
        }
    }

    /// Traces of UTF-8 texts: `traces(of:spec:modes:form:locale:engine:)` for Strings.
    public func traces(
        of texts: [String], spec: TokenizerSpec, modes: [TokenizationMode], form: NormalizationForm = .asis,
        engine: SQLiteEngine = .system
    ) throws -> [TokenTrace] {
        try traces(of: texts.map { Array($0.utf8) }, spec: spec, modes: modes, form: form, engine: engine)
    }

    /// Convenience for UTF-8 text.
    public func tokens(of text: String, spec: TokenizerSpec, mode: TokenizationMode) throws -> [Token] {
        try tokens(of: Array(text.utf8), spec: spec, mode: mode)
    }
}
