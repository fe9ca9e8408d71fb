// The bench's API speaks of engines (`SQLiteEngine`) and of the tokenizer types users write
// (`TokenFilteringTokenizer`, `TokenEmitter`): `import TokenBench` brings them, as it did before
// they moved to the layers below.
@_exported import TokenBenchEngines
@_exported import TokenBenchTokenizers
