// swift-tools-version:6.1
// libFuzzer targets for TokenBench: its own package, built with -sanitize=fuzzer (and
// AddressSanitizer) by Fuzz/run.sh, so that the instrumented build stays out of TokenBench's own.
import PackageDescription

let package = Package(
    name: "TokenBenchFuzz",
    dependencies: [
        .package(name: "TokenBench", path: "..")
    ],
    targets: [
        .executableTarget(
            name: "tokenbench-fuzz",
            dependencies: [.product(name: "TokenBench", package: "TokenBench")])
    ]
)
