// swift-tools-version:6.1
// The package-benchmark suite: its own package, so that the benchmark dependencies (and its
// malloc interposer) stay out of TokenBench itself. Run from this directory:
//     swift package benchmark
import PackageDescription

let package = Package(
    name: "TokenBenchBenchmarks",
    platforms: [.macOS(.v13)],
    dependencies: [
        .package(name: "TokenBench", path: ".."),
        // The MallocInterposer trait gives the allocation counts; it is the only trait asked for.
        .package(url: "https://github.com/ordo-one/benchmark", from: "1.38.1", traits: ["MallocInterposer"]),
    ],
    targets: [
        // The plain C loop over MeCab's own parser that `japanese` is measured against.
        .target(
            name: "MeCabReferenceLoop", path: "Benchmarks/MeCabReferenceLoop", linkerSettings: [.linkedLibrary("mecab")]
        ),
        .executableTarget(
            name: "TokenizerBenchmarks",
            dependencies: [
                .product(name: "TokenBench", package: "TokenBench"),
                .product(name: "Benchmark", package: "benchmark"),
                "MeCabReferenceLoop",
            ],
            path: "Benchmarks/TokenizerBenchmarks",
            plugins: [.plugin(name: "BenchmarkPlugin", package: "benchmark")]),
    ]
)
