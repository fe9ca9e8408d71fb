import TokenBenchCLI

// The bench's own `tokenbench`: the command line with no types of its own.
TokenBenchCLI.main()
