// swift-tools-version:6.1
import PackageDescription

let package = Package(
    name: "TokenBench",
    // Apple's platforms build the portable tokenizers only: the C libraries (ICU, MeCab,
    // libstemmer) are Linux-only conditions below. Built and tested on Linux only.
    platforms: [.macOS(.v13), .iOS(.v16)],
    products: [
        // The shipped tokenizers and their registration on a GRDB connection, without the bench.
        .library(name: "TokenBenchTokenizers", targets: ["TokenBenchTokenizers"]),
        // CBundledSQLiteLink brings the bundled engine's amalgamation into a client's link.
        .library(name: "TokenBench", targets: ["TokenBench", "CBundledSQLiteLink"]),
        .executable(name: "tokenbench", targets: ["tokenbench"]),
        // The command line as a library: a package's own `tokenbench`, with its Swift tokenizer
        // types, is a main.swift of one line (`TokenBenchCLI.main(customTokenizers: [...])`).
        .library(name: "TokenBenchCLI", targets: ["TokenBenchCLI", "CBundledSQLiteLink"]),
        // The shipped tokenizers as a SQLite loadable extension: libTokenBenchFTS5.so.
        .library(name: "TokenBenchFTS5", type: .dynamic, targets: ["TokenBenchFTS5"]),
    ],
    // What the shipped tokenizers link beyond Swift, Foundation, GRDB and SQLite, one trait each
    // (SE-0450); all on by default. `--disable-default-traits` builds the portable set:
    // `swift build --product TokenBenchFTS5 --disable-default-traits` (Documentation/Shipping.md).
    // The bench, the server and the command line need every trait.
    traits: [
        .trait(
            name: "ICU",
            description: "The system's ICU: the icu and translit tokenizers."),
        .trait(
            name: "MeCab",
            description: "MeCab and its IPADIC dictionary: the japanese tokenizer (which needs ICU too).",
            enabledTraits: ["ICU"]),
        .trait(
            name: "Snowball",
            description: "Snowball's libstemmer: the snowball tokenizer (which needs ICU too).",
            enabledTraits: ["ICU"]),
        .default(enabledTraits: ["ICU", "MeCab", "Snowball"]),
    ],
    dependencies: [
        .package(url: "https://github.com/groue/GRDB.swift", from: "7.10.0"),
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.8.2"),
        // Percentiles of timings (query latency p50/p90/p99, run medians).
        .package(url: "https://github.com/HdrHistogram/hdrhistogram-swift", from: "0.2.0"),
        // The bundled engine: sqlite-nio vendors a current SQLite amalgamation with FTS5, its
        // symbols prefixed sqlite_nio_, so it lives beside the system library in one process.
        .package(url: "https://github.com/vapor/sqlite-nio", exact: "1.13.2"),
        // `swift package generate-documentation --target TokenBench` builds the DocC catalog.
        .package(url: "https://github.com/swiftlang/swift-docc-plugin", from: "1.5.0"),
        // `tokenbench serve`: SwiftNIO's HTTP/1.1 server, already in the build through sqlite-nio
        // (Documentation/Serve.md says why not Hummingbird or FlyingFox).
        .package(url: "https://github.com/apple/swift-nio", from: "2.101.3"),
    ],
    targets: [
        // ICU behind a C target whose public header exposes no ICU type: a Swift module that
        // sees both Foundation's ICU and the system's fails to build ("'UErrorCode' has
        // different definitions"), and ICU's symbols carry a version suffix.
        .target(
            name: "CICUShim",
            linkerSettings: [.linkedLibrary("icuuc"), .linkedLibrary("icui18n")]),
        // ICU itself as the tests' reference for what the tokenizers compute without it (the
        // portable NFKC_Casefold): only test targets depend on it, so nothing that ships links it.
        .target(
            name: "CICUReference",
            linkerSettings: [.linkedLibrary("icuuc")]),
        // MeCab (Japanese morphemes and readings) and Snowball's libstemmer, each behind a C
        // target whose header exposes none of the library's types.
        .target(name: "CMeCabShim", linkerSettings: [.linkedLibrary("mecab")]),
        .target(name: "CStemmerShim", linkerSettings: [.linkedLibrary("stemmer")]),
        // Fault-free reads of memory a judged tokenizer points at (process_vm_readv): the bench's
        // checker only. The shipped wrappers trust their BASE's pointers, as FTS5 does.
        .target(name: "CReadableMemory"),
        // unicode61's tokens replayed from a table of what it does with each code point (learnt
        // from unicode61 itself), so the wrappers over it skip a callback per token.
        .target(name: "CUnicode61Words"),
        // The portable `nfkc` and `latinascii`: ICU's results from tables generated from ICU at
        // development time (tools/generate-tables.c), so no ICU at run time.
        .target(name: "CUnicodeFolding", exclude: ["tools", "UnicodeTables.inc"]),
        // SQLite engines behind one table of C functions over opaque pointers: a Swift module
        // that saw GRDB's sqlite3 structs and sqlite-nio's would not build. CSQLiteEngines: the
        // system's, libraries loaded by path, and the host SQLite of the loadable extension.
        .target(
            name: "CSQLiteEngines",
            exclude: ["engine.inc", "api_routines.inc", "tools"],
            linkerSettings: [.linkedLibrary("sqlite3"), .linkedLibrary("dl")]),
        // The bundled engine (sqlite-nio's amalgamation): the bench's only, so that the tokenizers
        // an app ships bring neither it nor swift-nio. CBundledSQLite calls the amalgamation's
        // functions without depending on sqlite-nio, so that the bench compiles while swift-nio
        // does; CBundledSQLiteLink, which every binary of the bench depends on, links them in.
        .target(name: "CBundledSQLite", dependencies: ["CSQLiteEngines"]),
        .target(
            name: "CBundledSQLiteLink",
            dependencies: [.product(name: "SQLiteNIO", package: "sqlite-nio")]),
        // The C loops that `tokenbench throughput` times beside the Swift harness: the reference
        // loop (harness overhead) and the limit loops of `icu` and `nfkc` (ICU; `nfkc` itself folds
        // from CUnicodeFolding's tables, so its loop is ICU's normalizer as a yardstick).
        .target(
            name: "CReferenceLoop",
            linkerSettings: [.linkedLibrary("icuuc"), .linkedLibrary("icui18n")]),
        // The layers, lowest first; each imports only the ones above it here, and the compiler
        // holds them to it. Engines: SQLite's engines, connections, and FTS5 tokenizer
        // registration and instances. Tokenizers: the shipped tokenizers (what users deploy).
        // TokenBench: the bench. tokenbench: the command line over it.
        .target(
            name: "TokenBenchEngines",
            dependencies: [
                .product(name: "GRDB", package: "GRDB.swift"),
                .product(name: "GRDBSQLite", package: "GRDB.swift"),
                "CSQLiteEngines",
            ]),
        .target(
            name: "TokenBenchTokenizers",
            dependencies: [
                "TokenBenchEngines",
                .product(name: "GRDB", package: "GRDB.swift"),
                .product(name: "GRDBSQLite", package: "GRDB.swift"),
                .target(name: "CICUShim", condition: .when(platforms: [.linux], traits: ["ICU"])),
                .target(name: "CMeCabShim", condition: .when(platforms: [.linux], traits: ["MeCab"])),
                .target(name: "CStemmerShim", condition: .when(platforms: [.linux], traits: ["Snowball"])),
                "CUnicode61Words",
                "CUnicodeFolding",
            ],
            // The same conditions, as compilation conditions for the Swift that uses each library.
            swiftSettings: [
                .define("TOKENBENCH_ICU", .when(platforms: [.linux], traits: ["ICU"])),
                .define("TOKENBENCH_MECAB", .when(platforms: [.linux], traits: ["MeCab"])),
                .define("TOKENBENCH_SNOWBALL", .when(platforms: [.linux], traits: ["Snowball"])),
            ]),
        .target(
            name: "TokenBench",
            dependencies: [
                "TokenBenchEngines",
                "TokenBenchTokenizers",
                .product(name: "GRDB", package: "GRDB.swift"),
                .product(name: "GRDBSQLite", package: "GRDB.swift"),
                .product(name: "Histogram", package: "hdrhistogram-swift"),
                "CICUShim",
                "CMeCabShim",
                "CReadableMemory",
                "CReferenceLoop",
                "CSQLiteEngines",
                "CBundledSQLite",
            ],
            // The default fixtures, and the report's script and style sheet.
            resources: [.embedInCode("DefaultFixtures"), .embedInCode("Report/Assets")]),
        .target(name: "TokenBenchFTS5", dependencies: ["TokenBenchTokenizers"]),
        // The analysis page and its JSON API over the bench, served by `tokenbench serve`.
        .target(
            name: "TokenBenchServer",
            dependencies: [
                "TokenBench",
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "NIOPosix", package: "swift-nio"),
                .product(name: "NIOHTTP1", package: "swift-nio"),
            ],
            // The analysis page's script and style sheet.
            resources: [.embedInCode("Assets")]),
        // The command line: every command, as a library whose one front door is
        // `TokenBenchCLI.main`; the `tokenbench` executable is that call with no types.
        .target(
            name: "TokenBenchCLI",
            dependencies: [
                "TokenBench",
                "TokenBenchServer",
                .product(name: "GRDB", package: "GRDB.swift"),
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ]),
        .executableTarget(name: "tokenbench", dependencies: ["TokenBenchCLI", "CBundledSQLiteLink"]),
        // Examples/OwnBench: a user's own `tokenbench` with a Swift tokenizer of its own, as its
        // package builds it (public API only); the CLI tests run it as a process.
        .executableTarget(
            name: "own-tokenbench-example",
            dependencies: ["TokenBenchCLI", "CBundledSQLiteLink", .product(name: "GRDB", package: "GRDB.swift")],
            path: "Examples/OwnBench/Sources/own-tokenbench",
            packageAccess: false),
        .testTarget(
            name: "TokenBenchTests",
            dependencies: [
                "TokenBench", "CBundledSQLiteLink", "TokenBenchEngines", "TokenBenchTokenizers", "CICUReference",
                .product(name: "GRDB", package: "GRDB.swift"),
            ]),
        // The example of a fast wrapper of your own (public API only), and the run that measures
        // it against the same wrapper on GRDB's FTS5WrapperTokenizer.
        .target(
            name: "ColourWrapper",
            dependencies: ["TokenBench", .product(name: "GRDB", package: "GRDB.swift")],
            path: "Examples/ColourWrapper/Sources",
            packageAccess: false),
        .executableTarget(
            name: "colour-wrapper-throughput",
            dependencies: ["ColourWrapper", "TokenBench", "CBundledSQLiteLink"],
            path: "Examples/ColourWrapper/Throughput",
            packageAccess: false),
        // Tests written as a user's package would write them: TokenBench and GRDB only, public
        // API only (no @testable); they run the guide's snippets. (A user's package gets
        // CBundledSQLiteLink with the TokenBench product; a target here names it.)
        .testTarget(
            name: "TokenBenchAPITests",
            dependencies: ["TokenBench", "CBundledSQLiteLink", .product(name: "GRDB", package: "GRDB.swift")],
            // A user's package sees the public API only: so do these tests.
            packageAccess: false),
        // The engine layer alone: engines, connections, their notes, FTS5's features.
        .testTarget(
            name: "TokenBenchEnginesTests",
            dependencies: ["TokenBenchEngines", "CBundledSQLite", "CBundledSQLiteLink"]),
        // The tokenizers' internals (tables, caches, the portable folds against ICU), with
        // package access but without the bench.
        .testTarget(
            name: "TokenBenchTokenizersInternalTests",
            // CICUReference: ICU itself, the oracle of the portable folds (CUnicodeFolding);
            // CICUShim: its version; CStemmerShim: the stemmer shortcut's own test.
            dependencies: [
                "TokenBenchTokenizers", "TokenBenchEngines", "CICUReference", "CICUShim", "CUnicodeFolding",
                "CStemmerShim",
            ]),
        // An app's tests: the tokenizers library alone, without the bench, public API only.
        .testTarget(
            name: "TokenBenchTokenizersTests",
            dependencies: ["TokenBenchTokenizers", .product(name: "GRDB", package: "GRDB.swift")],
            packageAccess: false),
        .testTarget(
            name: "ColourWrapperTests",
            dependencies: [
                "ColourWrapper", "TokenBench", "CBundledSQLiteLink", .product(name: "GRDB", package: "GRDB.swift"),
            ],
            packageAccess: false),
        .testTarget(
            name: "TokenBenchCLITests",
            dependencies: ["tokenbench", "own-tokenbench-example"],
            exclude: ["Golden", "Extension", "render-report.sh"]),
    ]
)
