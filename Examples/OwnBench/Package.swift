// swift-tools-version:6.1
import Foundation
import PackageDescription

// A package's own `tokenbench`, with a Swift tokenizer of its own: this folder is the whole of
// it. Here TokenBench is this repository, two folders up; in your package it is a URL
// (`.package(url: "https://…/TokenBench", branch: "main")`) or a path of your own.
// SwiftPM names a path dependency after its folder (the repository's clone), so the product
// below names the package by that folder.
let tokenBench = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("../..")
    .standardizedFileURL

let package = Package(
    name: "OwnBench",
    platforms: [.macOS(.v13)],
    dependencies: [
        .package(path: tokenBench.path),
        .package(url: "https://github.com/groue/GRDB.swift", from: "7.10.0"),
    ],
    targets: [
        .executableTarget(
            name: "own-tokenbench",
            dependencies: [
                .product(name: "TokenBenchCLI", package: tokenBench.lastPathComponent),
                .product(name: "GRDB", package: "GRDB.swift"),
            ])
    ]
)
