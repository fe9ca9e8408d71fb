import TokenBenchEngines

extension Workbench {
    /// Opens a first connection to each engine loaded from a library file (a path, or an engine
    /// that `tokenbench engine build` made) in a worker, before this process opens one: a library
    /// whose own code crashes, hangs or runs out of memory there is refused by name, instead of
    /// ending the command or being blamed on every tokenizer made on it. The built-in engines are
    /// not checked.
    ///
    /// The workers are `isolation`'s, or the workbench's own; with neither (`--in-process`),
    /// nothing is checked: the user asked for the crash itself.
    ///
    /// - Throws: `invalidArgument(engine)`, with how the worker died and where.
    package func checkLoadedEngines(_ engines: [SQLiteEngine], isolation: WorkerIsolation? = nil) throws {
        let loaded = engines.filter { !SQLiteEngine.builtIn.contains($0) }
        guard !loaded.isEmpty else { return }
        let units = loaded.map { EngineCheckUnit(engine: $0.name) }
        let results: [UnitResult<String>]
        if let isolation {
            let pool = try WorkerPool(
                isolation: isolation, extensions: options.extensions, ownTokenizers: Self.ownTypeNames(of: options))
            results = pool.run(units)
        } else if workerPool != nil {
            results = try run(units)
        } else {
            return
        }
        for (engine, result) in zip(loaded, results) {
            guard try result.get()[0] == nil else { continue }
            let death = result.deaths.first.map(\.death.description) ?? "gave no answer"
            throw TokenBenchError.invalidArgument(
                name: "engine", value: engine.name,
                reason: "the library \(death), in a worker; the bench does not run it")
        }
    }
}
