import Foundation
import Testing

/// `--load-extension` with a real loadable extension that the suite compiles from
/// Extension/tbtest.c, with the Swift toolchain's clang (or the system's cc) and the sqlite3ext.h
/// of libsqlite3-dev, which the package needs anyway.
struct ExtensionTests {
    static let source = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent(
        "Extension/tbtest.c")

    /// The extension, compiled once for the whole run into a temporary directory that is
    /// removed when the test process exits.
    static let compiled: Result<URL, any Error> = Result {
        let directory = try CLITests.makeTemporaryDirectory()
        CLITests.removeAtExit(directory)
        let library = directory.appendingPathComponent("libtbtest.so")
        // A machine set up only for Swift has the toolchain's clang but may have no cc (gcc).
        for compilerName in ["clang", "cc"] {
            let compiler = Process()
            compiler.executableURL = URL(fileURLWithPath: "/usr/bin/env")
            compiler.arguments = [compilerName, "-shared", "-fPIC", "-O1", "-o", library.path, source.path]
            try compiler.run()
            compiler.waitUntilExit()
            if compiler.terminationStatus == 0 { return library }
        }
        throw CocoaError(.executableLoad)
    }

    static func buildExtension() throws -> URL {
        try compiled.get()
    }

    /// `tokens` prints a tokenizer's tokens as it gave them, and says on stderr, once per
    /// tokenizer × engine, how many have offsets outside their input; a tokenizer that keeps to
    /// its input is not named, and the exit status stays 0.
    @Test func tokensSaysWhichTokensLieOutsideTheirInput() throws {
        let library = try Self.buildExtension()
        let run = try CLITests.run([
            "tokens", "--load-extension", library.path, "--tokenizer", "tbtest", "--tokenizer", "tbtest_offsets",
            "--mode", "document", "--mode", "query", "Ab cd", "x",
        ])
        #expect(run.status == 0, "\(run.stderr)")
        // tbtest_offsets reports each word 1,000 bytes early and late: every token, 3 per mode.
        #expect(run.stdout.contains("\ntbtest_offsets,system,query,asis,2,0,x,-1000,1001,0,\n"), "\(run.stdout)")
        #expect(
            run.stderr
                == ["system", "bundled"].map {
                    "tokenbench: tbtest_offsets on \($0): 6 tokens in 4 of 4 traces (input × mode) have offsets outside their input, so their bytes are not the text's; 'tokenbench conformance' judges this (offset-range, read-past-end)\n"
                }.joined(), "\(run.stderr)")
    }

    @Test func extensionTokenizerRunsByName() throws {
        let library = try Self.buildExtension()
        // SQLite derives the default entry point from the file name: libtbtest.so → sqlite3_tbtest_init.
        for argument in [library.path, library.path + ":sqlite3_tbtest_init"] {
            let run = try CLITests.run([
                "tokens", "--load-extension", argument, "--tokenizer", "tbtest", "--mode", "document", "Ab  cd",
            ])
            #expect(run.status == 0, "\(run.stderr)")
            // The bundled engine, built without extension loading, runs it too: the bench calls
            // the entry point with that engine's API routines table.
            #expect(
                run.stdout == """
                    tokenizer,engine,mode,form,input,position,token,start,end,colocated,source
                    tbtest,system,document,asis,1,0,Ab,0,2,0,Ab
                    tbtest,system,document,asis,1,1,cd,4,6,0,cd
                    tbtest,bundled,document,asis,1,0,Ab,0,2,0,Ab
                    tbtest,bundled,document,asis,1,1,cd,4,6,0,cd

                    """, "\(run.stderr)")
        }
    }

    /// A libsqlite3 loaded by path runs the extension too, from its own private copy: the
    /// extension keeps its engine's API table in a global, so engines must not share one copy.
    /// `list` says per engine that the extension loaded.
    struct LocaleRow: Sendable, CustomTestStringConvertible {
        var arguments: [String]
        var status: Int32
        /// The trace's rows after its header.
        var rows: [String]
        var stderr: String
        var testDescription: String { arguments.joined(separator: " ") }
    }

    static let localeRows: [LocaleRow] = [
        // The locale reaches a v2 tokenizer's xTokenize on the engine that has the v2 API. The
        // extension registers tbtest_locale only there, so the system's 3.40.1 is skipped for
        // that reason (`aLocaleOnlyTheSystemEngineWouldRunExitsTwo` has the locale's).
        LocaleRow(
            arguments: ["--locale", "tr"], status: 0,
            rows: [
                "tbtest_locale,bundled,document,asis,1,0,x@tr,0,1,0,x",
                "tbtest_locale,bundled,document,asis,1,1,yz@tr,2,4,0,yz",
            ],
            stderr: "tokenbench: skipped tokenizer tbtest_locale on system: no such tokenizer: tbtest_locale\n"),
        // Without --locale the same tokenizer is given none (FTS5 passes NULL).
        LocaleRow(
            arguments: ["--engine", "bundled"], status: 0,
            rows: [
                "tbtest_locale,bundled,document,asis,1,0,x,0,1,0,x",
                "tbtest_locale,bundled,document,asis,1,1,yz,2,4,0,yz",
            ],
            stderr: ""),
        // Only the engine without v2: nothing can run, exit 2.
        LocaleRow(
            arguments: ["--engine", "system", "--locale", "tr"], status: 2, rows: [],
            stderr: "tokenbench: error: tokenizer 'tbtest_locale': no such tokenizer: tbtest_locale\n"),
    ]

    /// `tokens --locale` against a v2 tokenizer that shows the locale it is given. APSW's SQLite
    /// 3.54.1, loading the same library, stores x@tr and yz@tr in a locale=1 table for
    /// fts5_locale('tr', 'x yz') (checked by hand with fts5vocab).
    @Test(arguments: localeRows)
    func aLocaleReachesAV2Tokenizer(row: LocaleRow) throws {
        let library = try Self.buildExtension()
        let run = try CLITests.run(
            ["tokens", "--load-extension", library.path, "--tokenizer", "tbtest_locale", "--mode", "document"]
                + row.arguments + ["x yz"])
        #expect(run.status == row.status, "\(run.stderr)")
        #expect(run.stdout.split(separator: "\n").dropFirst().map(String.init) == row.rows)
        #expect(run.stderr == row.stderr)
    }

    /// With no engine left, the error is the one line: no skip notice before it.
    @Test func aLocaleOnlyTheSystemEngineWouldRunExitsTwo() throws {
        let run = try CLITests.run(["tokens", "--engine", "system", "--tokenizer", "unicode61", "--locale", "tr", "x"])
        #expect(run.status == 2)
        #expect(run.stdout.isEmpty)
        #expect(
            run.stderr == """
                tokenbench: error: --locale 'tr': locales need SQLite 3.47 or later, and no engine of this run has them

                """)
    }

    @Test func extensionLoadsOnEveryEngineIncludingOneLoadedByPath() throws {
        let library = try Self.buildExtension()
        let path = try #require(CLITests.installedSystemSQLiteLibrary, "libsqlite3 is installed")
        let engines = ["--engine", "system", "--engine", "bundled", "--engine", path]
        let tokens = try CLITests.run(
            ["tokens", "--load-extension", library.path, "--tokenizer", "tbtest", "--mode", "query", "x y"] + engines)
        #expect(tokens.status == 0, "\(tokens.stderr)")
        for engine in ["system", "bundled", path] {
            #expect(tokens.stdout.contains("\ntbtest,\(engine),query,asis,1,1,y,2,3,0,y\n"), "\(tokens.stdout)")
        }
        let list = try CLITests.run(["list", "--load-extension", library.path] + engines)
        #expect(list.status == 0, "\(list.stderr)")
        for engine in ["system", "bundled", path] {
            // The last column: what the engine's FTS5 has beyond the v1 tokenizer API (the
            // library loaded by path is the system's 3.40.1).
            let features = engine == "bundled" ? "tokenizer_v2 locale tokendata insttoken" : ""
            #expect(
                list.stdout.contains(
                    "\n\(library.path),\(engine),,extension,yes,SQLite loadable extension,,,\(features)\n"),
                "\(list.stdout.suffix(600))")
        }
    }

    /// An extension that loads on one engine only (it needs sqlite3_trace_v2, which the bundled
    /// build omits): `list` says so per engine with the reason, and a run on both engines goes
    /// on without it on bundled, saying why.
    @Test func anExtensionThatFailsOnOneEngineIsReportedThere() throws {
        let library = try Self.buildExtension()
        let argument = library.path + ":tbtest_traced_init"
        let list = try CLITests.run(["list", "--load-extension", argument, "--tokenizer", "tbtest_traced"])
        #expect(list.status == 0, "\(list.stderr)")
        #expect(list.stdout.contains("\n\(argument),system,,extension,yes,SQLite loadable extension,,,\n"))
        let reason = "its entry point failed (code 1): tbtest: this SQLite has no sqlite3_trace_v2"
        let bundledFeatures = "tokenizer_v2 locale tokendata insttoken"
        #expect(
            list.stdout.contains(
                "\n\(argument),bundled,,extension,no,SQLite loadable extension,\(reason),,\(bundledFeatures)\n"),
            "\(list.stdout.suffix(800))")
        // The extension's tokenizer is a v1 one.
        #expect(list.stdout.contains("\ntbtest_traced,system,tbtest_traced,argument,yes,,,v1,\n"))
        #expect(
            list.stdout.contains(
                "\ntbtest_traced,bundled,tbtest_traced,argument,no,,no such tokenizer: tbtest_traced (extension \(argument) did not load on bundled: \(reason)),,\(bundledFeatures)\n"
            ), "\(list.stdout.suffix(800))")

        let tokens = try CLITests.run(["tokens", "--load-extension", argument, "--tokenizer", "tbtest_traced", "x"])
        #expect(tokens.status == 0, "\(tokens.stderr)")
        #expect(tokens.stdout.contains("\ntbtest_traced,system,"))
        #expect(!tokens.stdout.contains(",bundled,"))
        #expect(tokens.stderr.contains("skipped tokenizer tbtest_traced on bundled:"), "\(tokens.stderr)")
        #expect(tokens.stderr.contains("did not load on bundled: \(reason)"), "\(tokens.stderr)")
    }

    @Test func extensionTokenizerRunsInTheMatrix() throws {
        let library = try Self.buildExtension()
        let run = try CLITests.run([
            "matrix", "--load-extension", library.path, "--tokenizer", "tbtest", "--fixtures",
            CLITests.golden("small.cases"),
            "--forms", "asis:asis", "--query-kind", "phrase", "--layout", "wide",
        ])
        #expect(run.status == 0, "\(run.stderr)")
        // tbtest folds no case: Foo does not find FOO, on either engine.
        #expect(
            run.stdout.hasPrefix(
                "case,category,query_kind,document_form,query_form,document,query,tbtest@system,tbtest@bundled\n"))
        #expect(run.stdout.contains("\nfoo-upper,case,phrase,asis,asis,Foo,FOO,,\n"))
    }

    @Test func extensionTokenizersRunThroughConformance() throws {
        let library = try Self.buildExtension()
        let directory = try CLITests.makeTemporaryDirectory()
        let quick = ["--iterations", "20", "--no-large-inputs", "--load-extension", library.path]

        // tbtest keeps FTS5's contract, and 3.54.1's integrity-check passes its index.
        let sound = try CLITests.run(
            ["conformance", "--tokenizer", "tbtest", "--engine", "bundled"] + quick, in: directory)
        #expect(sound.status == 0, "\(sound.stderr)")
        #expect(sound.stdout == "tokenizer,engine,check,severity,mode,input,detail\n")
        #expect(
            sound.stderr.contains("tokenbench: tbtest on bundled: 0 errors, 0 warnings (")
                && sound.stderr.contains("integrity-check passed)"), "\(sound.stderr)")
        // The same tokenizer fails on 3.40.1: it splits on spaces only, so "abc\0def" is one token,
        // and 3.40.1's integrity-check rejects any index holding a token with a NUL byte (the
        // sqlite3 shell on the system library agrees). Only index-integrity fires.
        let system = try CLITests.run(
            ["conformance", "--tokenizer", "tbtest", "--engine", "system"] + quick, in: directory)
        #expect(system.status == 1, "\(system.stderr)")
        let rows = system.stdout.split(separator: "\n").dropFirst()
        #expect(!rows.isEmpty && rows.allSatisfy { $0.hasPrefix("tbtest,system,index-integrity,error,document,") })
        #expect(system.stdout.contains("its token 'abc\\x00def' holds a NUL byte"), "\(system.stdout)")

        // strlen() reads the sentinel bytes after nText: the tokens change with them.
        let broken = try CLITests.run(["conformance", "--tokenizer", "tbtest_strlen"] + quick, in: directory)
        #expect(broken.status == 1)
        #expect(broken.stdout.contains("\ntbtest_strlen,system,read-past-end,error,document,"))
        #expect(broken.stderr.contains("errors break FTS5's tokenizer contract"))

        // Accepted as known, the same errors are still listed but no longer fail the run.
        let known = directory.appendingPathComponent("known.csv")
        try Data(
            """
            tokenizer,engine,check,reason
            tbtest_strlen,system,read-past-end,strlen() ignores nText
            tbtest_strlen,system,offset-range,strlen() ignores nText
            tbtest_strlen,bundled,read-past-end,strlen() ignores nText
            tbtest_strlen,bundled,offset-range,strlen() ignores nText
            tbtest_strlen,system,empty-token,never happens

            """.utf8
        ).write(to: known)
        let accepted = try CLITests.run(
            ["conformance", "--tokenizer", "tbtest_strlen", "--known", known.path] + quick, in: directory)
        // The rows too: a full-suite run once found a 25th error on bundled that a run alone never gave.
        #expect(accepted.status == 0, "\(accepted.stderr)\n\(accepted.stdout)")
        #expect(accepted.stdout.contains("\ntbtest_strlen,system,read-past-end,error,document,"))
        #expect(accepted.stderr.contains("known)"))
        #expect(
            accepted.stderr.contains(
                "known issue not found this time: tbtest_strlen on system empty-token (never happens)"))
    }

    /// The locale-passing check, one row per spec: whether its BASE gets a value's locale on the
    /// bundled 3.54.1, with the bench's probe as BASE. A wrapper written against the v1 API only
    /// (tbtest_wrap) never hands it on; FTS5's porter and the shipped wrappers do; a tokenizer
    /// that takes no BASE is not checked. The system's 3.40.1 has no locales: nothing to check.
    @Test(arguments: [
        ("tbtest_wrap tbtest", "bundled", true),
        // FTS5's own wrapper, v2 since 3.47 (fts5locale.test, section 8).
        ("porter", "bundled", false),
        // The shipped wrappers, their arguments kept before the probe.
        ("snowball english", "bundled", false),
        ("synonyms stopwords", "bundled", false),
        // Not a wrapper: no cut of its words takes the probe.
        ("tbtest", "bundled", false),
        // No v2 API at all.
        ("tbtest_wrap tbtest", "system", false),
    ])
    func aWrapperMustHandTheLocaleToItsBase(spec: String, engine: String, drops: Bool) throws {
        let library = try Self.buildExtension()
        let run = try CLITests.run([
            // The check is one per unit, not per input: the seed table's 7 cases and 5 random
            // inputs keep the run short (it runs again under ASan in CI).
            "conformance", "--tokenizer", spec, "--engine", engine, "--iterations", "5", "--no-large-inputs",
            "--category", "seed-table",
            "--load-extension", library.path,
        ])
        let findings = run.stdout.split(separator: "\n").filter { $0.contains(",locale-passing,warning,") }
        if drops {
            // A warning, which fails no run: over a BASE that reads no locale, a wrapper that
            // drops it loses nothing.
            #expect(run.status == 0, "\(run.stderr)")
            #expect(findings.count == 1, "\(run.stdout)")
            #expect(
                findings.first?.contains(
                    #"'tbtest_wrap tokenbench_locale_probe' with locale 'x-tokenbench-probe',"4 of 4 calls reached BASE with the locale none, not the value's"#
                ) == true, "\(run.stdout)")
        } else {
            #expect(findings.isEmpty, "\(run.stdout)")
        }
    }

    /// tokendata (SQLite 3.45): tbtest_data gives `key\0data` tokens. `tokens --tokendata` shows
    /// key and data apart; `conformance --tokendata` reads them as a tokendata=1 table does.
    @Test func tokendataTokensAreReadAsKeyAndData() throws {
        let library = try Self.buildExtension()
        let extensionArguments = ["--load-extension", library.path, "--tokenizer", "tbtest_data"]
        let tokens = try CLITests.run(
            ["tokens", "--engine", "bundled", "--mode", "document", "--tokendata", "Hello World"] + extensionArguments)
        #expect(tokens.status == 0, "\(tokens.stderr)")
        #expect(
            tokens.stdout == """
                tokenizer,engine,mode,form,input,position,token,data,start,end,colocated,source
                tbtest_data,bundled,document,asis,1,0,hello,Hello,0,5,0,Hello
                tbtest_data,bundled,document,asis,1,1,world,World,6,11,0,World

                """)
        let quick =
            ["conformance", "--iterations", "20", "--no-large-inputs", "--category", "seed-table"] + extensionArguments
        // Read as plain tokens, the whole token is no query's: round-trip warnings.
        let plain = try CLITests.run(quick + ["--engine", "bundled"])
        #expect(plain.status == 0, "\(plain.stderr)\n\(plain.stdout)")
        #expect(plain.stdout.contains(#",query-round-trip,warning,query,"#), "\(plain.stdout)")
        // As a tokendata=1 table reads them: the key round-trips, and the index is intact.
        let asTokendata = try CLITests.run(quick + ["--engine", "bundled", "--tokendata"])
        #expect(asTokendata.status == 0, "\(asTokendata.stderr)")
        #expect(asTokendata.stdout == "tokenizer,engine,check,severity,mode,input,detail\n")
        #expect(asTokendata.stderr.contains("0 errors, 0 warnings"), "\(asTokendata.stderr)")
        #expect(asTokendata.stderr.contains("integrity-check passed"), "\(asTokendata.stderr)")
        // 3.40.1 has no tokendata tables: said, and exit 2.
        let system = try CLITests.run(quick + ["--engine", "system", "--tokendata"])
        #expect(system.status == 2, "\(system.stderr)")
        #expect(system.stderr.contains("tokendata tables need SQLite 3.45 or later"), "\(system.stderr)")

        // A fixture's `tokendata: 1`: the key matches in a tokendata=1 table, the whole token
        // does not in a plain one; 3.40.1 runs no tokendata case, and says so.
        let directory = try CLITests.makeTemporaryDirectory()
        try Data(
            """
            id: keyed
            category: t
            tokendata: 1
            document: Hello World
            query: hello
            match: tbtest_data

            id: plain
            category: t
            document: Hello World
            query: hello
            nomatch[bundled]: tbtest_data

            """.utf8
        ).write(to: directory.appendingPathComponent("t.cases"))
        let matrix = try CLITests.run(
            ["matrix", "--fixtures", "t.cases", "--forms", "asis:asis", "--query-kind", "phrase"] + extensionArguments,
            in: directory)
        #expect(matrix.status == 0, "\(matrix.stderr)")
        let rows = try ReportBrowserTests.Run.records(text: matrix.stdout).map {
            [$0["case"]!, $0["engine"]!, $0["tokendata"]!, $0["matched"]!, $0["outcome"]!]
        }
        #expect(
            rows == [
                ["keyed", "system", "1", "", "skipped"], ["keyed", "bundled", "1", "1", "pass"],
                // 3.40.1 reads a NUL in a token as a malformed index.
                ["plain", "system", "", "", "error"], ["plain", "bundled", "", "0", "pass"],
            ])
        #expect(
            matrix.stderr.contains(
                "1 cell of 1 case was not run on system: tokendata needs SQLite 3.45 (this engine is SQLite 3.40.1)"),
            "\(matrix.stderr)")
    }

    /// Each broken tokenizer of the test extension, bare and under every shipped wrapper, must be
    /// reported as a conformance error (exit 1) with a named finding, never end the run by a signal.
    /// One row per broken tokenizer: the finding it gives bare, and the one it gives wrapped. The
    /// wrappers check what needs no system call (a length, a null pointer, the budget) and trust
    /// BASE's pointers, as FTS5 does: a pointer they cannot read crashes the worker, not the run.
    @Test(arguments: [
        // A negative nToken, and a NULL pointer with a positive one: FTS5 would read nothing or
        // crash; a wrapper refuses the token and fails the call. nfkc hands tokens on unread.
        ("tbtest_negative", "empty-token", "error-code"),
        ("tbtest_null", "empty-token", "error-code"),
        // Offsets past nText: every wrapper passes them on (nfkc also fails the call).
        ("tbtest_offsets", "offset-range", "offset-range"),
        // nToken 4,096 before an unreadable page: a wrapper reads it and its worker dies by
        // SIGSEGV; nfkc does not read tokens, so the checker flags them itself.
        ("tbtest_longlen", "unreadable-token", "crash"),
        // strlen() instead of nText: the tokens depend on the bytes after the input.
        ("tbtest_strlen", "read-past-end", "read-past-end"),
        // A different token count on every other call, even in a wrapper's word-list constructor.
        ("tbtest_flaky", "repeatable", "repeatable"),
        // nToken 1 GiB from the word itself, and 2 GiB - 1 from 64 MiB that can be read: past the
        // call's token byte budget, so neither the checker nor a wrapper reads them (this kept
        // conformance busy for minutes); nfkc hands them on, and the checker flags them itself.
        ("tbtest_hugelen", "token-length", "error-code"),
        ("tbtest_maxlen", "token-length", "error-code"),
        // A true length from a pointer to a page that cannot be read: the same.
        ("tbtest_wildptr", "unreadable-token", "crash"),
    ])
    func brokenBaseTokenizersAreReportedNotCrashedOn(broken: String, bare: String, wrapped: String) throws {
        let library = try Self.buildExtension()
        let wrappers = ["", "synonyms", "stopwords", "latinascii", "german", "nfkc", "translit", "snowball english"]
        for wrapper in wrappers {
            let spec = wrapper.isEmpty ? broken : "\(wrapper) \(broken)"
            // Two categories' cases, the edge cases and five random inputs: enough for every
            // verdict. With all the fixtures, these 72 runs took over a third of the suite's CPU time.
            let run = try CLITests.run([
                "conformance", "--tokenizer", spec, "--load-extension", library.path, "--iterations", "5",
                "--no-large-inputs", "--category", "seed-example", "--category", "german",
            ])
            #expect(!run.signaled, "\(spec): ended by a signal")
            #expect(run.status == 1, "\(spec): \(run.stderr)")
            let errors = run.stdout.split(separator: "\n").filter { $0.contains(",error,") }
            let expected =
                wrapper.isEmpty
                ? bare : (wrapper == "nfkc" && ["unreadable-token", "token-length"].contains(bare) ? bare : wrapped)
            // The extension runs on both engines, and the verdict is the same on each.
            for engine in ["system", "bundled"] {
                #expect(
                    errors.contains { $0.hasPrefix("\(spec),\(engine),\(expected),error,") },
                    "\(spec) on \(engine): \(errors.prefix(3))")
            }
        }
    }

    /// A tokenizer that reports more bytes than its pointer has (4,096 bytes, 4 before a page that
    /// cannot be read) is flagged by the checker, which reads tokens without trusting them; the
    /// checker used to segfault on it.
    @Test func aLyingTokenLengthIsFlaggedNotCrashedOn() throws {
        let library = try Self.buildExtension()
        let run = try CLITests.run([
            "conformance", "--tokenizer", "tbtest_longlen", "--load-extension", library.path, "--iterations", "5",
            "--no-large-inputs",
        ])
        #expect(!run.signaled, "ended by a signal")
        #expect(run.status == 1, "\(run.stderr)")
        #expect(
            run.stdout.contains("tbtest_longlen,system,unreadable-token,error,document,"), "\(run.stdout.prefix(400))")
        #expect(run.stdout.contains("has nToken 4096, but only 4 bytes at its pointer can be read"))
    }

    /// `tokens` reads a lying tokenizer's tokens as carefully as `conformance`: a length past the
    /// call's budget or a pointer that cannot be read is one line naming the token, exit 2.
    @Test(arguments: [
        ("tbtest_hugelen", "token 1 at 0-2 has nToken 1073741824, past what all the tokens"),
        ("tbtest_wildptr", "token 1 at 0-2 has nToken 2, but not that many bytes can be read"),
    ])
    func tokensRefusesALyingTokenWithOneLine(tokenizer: String, message: String) throws {
        let library = try Self.buildExtension()
        let run = try CLITests.run([
            "tokens", "--load-extension", library.path, "--tokenizer", tokenizer, "--engine", "bundled", "ab cd",
        ])
        #expect(!run.signaled)
        #expect(run.status == 2, "\(run.stderr)")
        #expect(run.stderr.contains("tokenizer '\(tokenizer)': in document mode, \(message)"), "\(run.stderr)")
        #expect(run.stderr.split(separator: "\n").count == 1, "\(run.stderr)")
    }

    /// A run that fails after its work started (the token count changes between runs) exits 2
    /// and leaves the output file as it was: no half-written file, no temporary file beside it.
    @Test func aRunThatFailsMidwayLeavesTheOutputFileAlone() throws {
        let library = try Self.buildExtension()
        let directory = try CLITests.makeTemporaryDirectory()
        let output = directory.appendingPathComponent("out.csv")
        try Data("previous contents\n".utf8).write(to: output)
        // Three documents, one mode: the extra token falls on every other call, so consecutive
        // runs of three calls get two extra tokens, then one.
        let corpus = directory.appendingPathComponent("three.txt")
        try Data("one two\nthree four\nfive six\n".utf8).write(to: corpus)
        let run = try CLITests.run(
            [
                "throughput", "--load-extension", library.path, "--tokenizer", "unicode61", "--tokenizer",
                "tbtest_flaky",
                "--operation", "tokenize", "--mode", "document", "--runs", "2", "--corpus", corpus.path, "-o",
                output.path,
            ], in: directory)
        #expect(run.status == 2, "\(run.stderr)")
        #expect(run.stderr.contains("tbtest_flaky"), "\(run.stderr)")
        #expect(try String(contentsOf: output, encoding: .utf8) == "previous contents\n")
        #expect(
            try FileManager.default.contentsOfDirectory(atPath: directory.path).sorted() == ["out.csv", "three.txt"])
    }

    /// One row per way loading can fail: exit status 2 and one line naming the extension.
    @Test(arguments: [
        (":nosuch_init", "undefined symbol: nosuch_init"),
        (":tbtest_failing_init", "tbtest: refusing to load on purpose"),
    ])
    func failingLoadExitsTwo(suffix: String, message: String) throws {
        let library = try Self.buildExtension()
        let run = try CLITests.run(["tokens", "--load-extension", library.path + suffix, "--tokenizer", "tbtest", "x"])
        #expect(run.status == 2)
        #expect(run.stderr.hasPrefix("tokenbench: error: extension '\(library.path + suffix)': "))
        #expect(run.stderr.contains(message), "\(run.stderr)")
        #expect(run.stderr.split(separator: "\n").count == 1)
    }

    @Test func withoutTheOptionNoExtensionIsLoaded() throws {
        let run = try CLITests.run(["tokens", "--tokenizer", "tbtest", "x"])
        #expect(run.status == 2)
        #expect(run.stderr.contains("no such tokenizer: tbtest"))
    }
}
