import TokenBenchCLI

TokenBenchCLI.main(customTokenizers: [OrdinalsTokenizer.self])
