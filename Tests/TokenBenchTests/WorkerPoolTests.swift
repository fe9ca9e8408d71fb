import Foundation
import Testing

@testable import TokenBench

/// The supervisor's side of the workers' protocol, against fake workers: small Python programs
/// that speak the protocol (or break it) in one way each. A real worker is `tokenbench worker`,
/// which the CLI tests drive.
struct WorkerPoolTests {
    /// A fake worker: reads the setup line, then for each request runs inputs from `start` on,
    /// skipping `skipping`, and does `behaviour` on input `victim` (every input when -1). A unit
    /// without `inputs` has one.
    static func fakeWorker(behaviour: String, victim: Int = 1) -> [String] {
        let program = """
            import json, os, signal, sys, time
            sys.stdin.readline()
            for line in sys.stdin:
                request = json.loads(line)
                count = len(request["unit"].get("inputs", [0]))
                for index in range(request["start"], count):
                    if index in request["skipping"]:
                        continue
                    sys.stdout.write("P %d tokenizing\\n" % index)
                    sys.stdout.flush()
                    if index == \(victim) or \(victim) == -1:
                        behaviour = "\(behaviour)"
                        if behaviour == "half-message":
                            sys.stdout.write('O %d {"tok' % index)
                            sys.stdout.flush()
                            os.kill(os.getpid(), signal.SIGSEGV)
                        if behaviour == "garbage":
                            sys.stdout.write("hello, I am not the protocol\\n")
                            sys.stdout.flush()
                            time.sleep(30)
                        if behaviour == "bad-output":
                            sys.stdout.write('O %d "not*base64"\\n' % index)
                            sys.stdout.flush()
                            time.sleep(30)
                        if behaviour == "silent":
                            time.sleep(30)
                        if behaviour == "exit":
                            sys.exit(7)
                        if behaviour == "asan-rss":
                            # AddressSanitizer's hard_rss_limit_mb report: one line, then the
                            # process memory map (about 36 KB here).
                            sys.stderr.write("==%d==AddressSanitizer: hard rss limit exhausted (512Mb vs 584Mb)\\n" % os.getpid())
                            sys.stderr.write("==%d==Process memory map follows:\\n" % os.getpid())
                            for page in range(600):
                                sys.stderr.write("\\t0x%012x-0x%012x\\t/usr/lib/x86_64-linux-gnu/libexample.so\\n" % (page, page + 1))
                            sys.stderr.flush()
                            os._exit(1)
                    sys.stdout.write("O %d \\"\\"\\n" % index)
                    sys.stdout.flush()
                sys.stdout.write("D\\n")
                sys.stdout.flush()
            """
        return ["/usr/bin/env", "python3", "-c", program]
    }

    /// A unit of `count` inputs: only its input count matters to a fake worker.
    static func unit(inputs count: Int) -> TraceUnit {
        TraceUnit(
            spec: TokenizerSpec(text: "unicode61"), engine: .system, modes: [.document],
            inputs: (0..<count).map { Array("input \($0)".utf8) })
    }

    static func pool(
        _ command: [String], timeout: Duration = .seconds(10), memoryLimit: Int? = nil, deaths: Int = 3
    ) throws -> WorkerPool {
        var isolation = WorkerIsolation(command: command, timeout: timeout, memoryLimit: memoryLimit, jobs: 1)
        isolation.deathsPerUnit = deaths
        return try WorkerPool(isolation: isolation, extensions: [])
    }

    @Test(arguments: [
        // Dies by a signal halfway through an output line: the half line is not taken as an
        // output, and the death is pinned to the input it announced.
        ("half-message", Loss.Code.crashed, "crashed (SIGSEGV while tokenizing)"),
        // Writes a line that is not the protocol: killed, and reported with what it wrote.
        ("garbage", .protocol, "broke the worker protocol (wrote 'hello, I am not the protocol' while tokenizing)"),
        // Writes an output line whose value is not the unit's packed output (base64 in a JSON
        // string): read directly, not through JSON, it is still refused as garbage.
        ("bad-output", .protocol, "broke the worker protocol (wrote 'O 1 \"not*base64\"' while tokenizing)"),
        // Exits by itself mid-unit, as a tokenizer that calls exit() would.
        ("exit", .exited, "exited (status 7 while tokenizing)"),
    ])
    func aDeathCostsOneInput(behaviour: String, code: Loss.Code, verdict: String) throws {
        let results = try Self.pool(Self.fakeWorker(behaviour: behaviour)).run([Self.unit(inputs: 4)])
        let result = try #require(results.first)
        #expect(result.failure == nil)
        // Inputs 0, 2 and 3 answered; input 1 killed its worker, and a new worker went on.
        #expect(result.outputs.keys.sorted() == [0, 2, 3])
        #expect(result.deaths.count == 1)
        #expect(result.deaths.first?.input == 1)
        #expect(result.deaths.first?.death.loss.wording == verdict)
        #expect(result.deaths.first?.death.input == "input 2 (document mode)")
        #expect(result.notRun.isEmpty)
        // The run layer's one outcome per input: answered, or lost with the death's code.
        #expect(result.outcome(of: 0)?.output != nil)
        guard case .lost(let loss) = result.outcome(of: 1) else {
            Issue.record("input 1 is not lost: \(String(describing: result.outcome(of: 1)))")
            return
        }
        #expect(loss.code == code)
        #expect(loss.wording == verdict)
    }

    /// A worker that AddressSanitizer ends at its RSS bound is out of memory, although the line
    /// that says so is followed by more than a crash report's worth of memory map.
    @Test func anAddressSanitizerRSSReportIsOutOfMemory() throws {
        let results = try Self.pool(Self.fakeWorker(behaviour: "asan-rss"), memoryLimit: 4 << 30)
            .run([Self.unit(inputs: 3)])
        let result = try #require(results.first)
        #expect(result.outputs.keys.sorted() == [0, 2])
        #expect(result.deaths.map(\.death.loss.wording) == ["out of memory (over 4096 MiB while tokenizing)"])
    }

    /// A worker that never answers costs the timeout once per input, not the run.
    @Test func aSilentWorkerTimesOut() throws {
        let started = ContinuousClock.now
        let results = try Self.pool(Self.fakeWorker(behaviour: "silent"), timeout: .milliseconds(500))
            .run([Self.unit(inputs: 3)])
        let result = try #require(results.first)
        #expect(result.outputs.keys.sorted() == [0, 2])
        #expect(result.deaths.map(\.death.loss.wording) == ["timed out (over 0.5 s while tokenizing)"])
        // Killed after the timeout, not after the fake's 30 s sleep.
        #expect(ContinuousClock.now - started < .seconds(20))
    }

    /// After `deathsPerUnit` deaths the unit stops; the inputs it did not reach are not run.
    @Test func aUnitStopsAfterItsDeaths() throws {
        let results = try Self.pool(Self.fakeWorker(behaviour: "exit", victim: -1), deaths: 2)
            .run([Self.unit(inputs: 5), Self.unit(inputs: 1)])
        #expect(results[0].deaths.map(\.input) == [0, 1])
        #expect(results[0].notRun == [2, 3, 4])
        #expect(results[0].outputs.isEmpty)
        // Each input's outcome: the two that killed a worker are lost, the rest not run, with
        // the deaths the unit used up.
        #expect(results[0].outcome(of: 1)?.loss?.code == .exited)
        for input in 2..<5 {
            guard case .notRun(let loss) = results[0].outcome(of: input) else {
                Issue.record("input \(input): \(String(describing: results[0].outcome(of: input)))")
                continue
            }
            #expect(loss == .notRun(afterDeaths: 2))
            #expect(loss.wording == "not run (the tokenizer stopped after 2 deaths on this engine)")
        }
        // The next unit gets a worker of its own.
        #expect(results[1].deaths.map(\.input) == [0])
    }

    /// `env`'s probes run in a worker: one that dies costs its engine's facts (a `NAME.probes`
    /// pair with the loss), not the command, and the machine's facts follow.
    @Test func anEnginesProbesThatKillTheWorkerCostItsFactsOnly() throws {
        let isolation = WorkerIsolation(
            command: Self.fakeWorker(behaviour: "exit", victim: 0), timeout: .seconds(10), memoryLimit: nil, jobs: 1)
        let report = try Workbench(options: Workbench.Options(isolation: isolation)).environment(engines: [.system])
        let values = Dictionary(report.pairs, uniquingKeysWith: { first, _ in first })
        #expect(values["system.probes"] == "lost: exited (status 7 while tokenizing)")
        #expect(values["system.sqlite_version"] == nil)
        #expect(values["cpu_count"] != nil)
        #expect(
            report.losses.sentences == [
                "the environment's probes on system: exited (status 7 while tokenizing) on the engine's facts"
            ])
    }

    /// What a command says of such a run: every death, then the inputs not run, from the losses
    /// the run layer gathered (the words were the command line's own before).
    @Test func theLossesOfARunAreSaidInTheLibrarysWords() throws {
        let results = try Self.pool(Self.fakeWorker(behaviour: "exit", victim: -1), deaths: 2)
            .run([Self.unit(inputs: 5), Self.unit(inputs: 1)])
        var losses = RunLosses()
        // Recorded without labels, a unit's inputs not run go unsaid: the matrix's cells say them.
        losses.record(results[1], tokenizer: "fake", engine: "system")
        losses.record(results[0], tokenizer: "fake", engine: "bundled", label: { "input \($0)" })
        let deaths =
            results[1].deaths.map { "fake on system: \($0.death)" }
            + results[0].deaths.map { "fake on bundled: \($0.death)" }
        #expect(deaths.count == 3)
        #expect(
            losses.sentences
                == deaths + [
                    "fake on bundled: 3 inputs not run (the tokenizer stopped after 2 deaths on this engine), from input 2"
                ])
        #expect(RunLosses(merging: [losses, RunLosses()]).sentences == losses.sentences)
        #expect(RunLosses().isEmpty && !losses.isEmpty)
    }

    /// A worker that cannot be started fails the unit with a message naming the command.
    @Test func aMissingWorkerFailsTheUnit() throws {
        let results = try Self.pool(["/nonexistent/tokenbench", "worker"]).run([Self.unit(inputs: 1)])
        let failure = try #require(results.first?.failure as? TokenBenchError)
        #expect("\(failure)".contains("/nonexistent/tokenbench worker"), "\(failure)")
    }

    /// The frame a crash report names: Swift's backtracer's and AddressSanitizer's formats, the
    /// C library's frames skipped.
    @Test(arguments: [
        (
            """
            Thread 0 "tokenbench" crashed:

              0  0x00007f5f4e8f0eec __pthread_kill_implementation + 268 in libc.so.6
              1               0x00007f11e2655772 tbtest_abort_tokenize + 114 in libtbtest.so
              2 [ra] [thunk]  0x000055c56488f309 protocol witness for tokenize in tokenbench at //<compiler-generated>

            """, "tbtest_abort_tokenize + 114 in libtbtest.so"
        ),
        (
            """
            ==1==ERROR: AddressSanitizer: SEGV on unknown address 0x000000000000
                #0 0x7f2a in __interceptor_memset (/lib/libclang_rt.asan.so+0x1)
                #1 0x7f2b in tbtest_hog_tokenize (/tmp/libtbtest.so+0x1772)
            """, "tbtest_hog_tokenize (/tmp/libtbtest.so+0x1772)"
        ),
        // A Swift trap: the runtime's assertion frames (libswiftCore, a debug build's
        // libswiftSwiftOnoneSupport) are skipped for the user's code that trapped.
        (
            """
            Thread 0 "own-tokenbench-" crashed:

              0              0x00007f6a8316df7f closure #1 in closure #1 in _assertionFailure(_:_:file:line:flags:) + 623 in libswiftCore.so
              1 [ra]         0x00007f6a832f961f _assertionFailure(_:_:file:line:flags:) + 302 in libswiftCore.so
              2 [ra]         0x00007f6a8379bfe3 specialized Array.subscript.getter + 114 in libswiftSwiftOnoneSupport.so
              3 [ra]         0x0000563147039547 static OrdinalsTokenizer.word(forOrdinal:) + 774 in own-tokenbench at /src/OrdinalsTokenizer.swift:37:21

            """, "static OrdinalsTokenizer.word(forOrdinal:) + 774 in own-tokenbench"
        ),
        // A call through a null pointer under AddressSanitizer: frame 0 is at address 0 of no
        // module, and the unwind goes on inside ASan's own report; no frame of the code is left.
        (
            """
            ==1==ERROR: AddressSanitizer: SEGV on unknown address 0x000000000000 (pc 0x000000000000)
                #0 0x000000000000  (<unknown module>)
                #1 0x5602bdb58786 in ReportDeadlySignalImpl /llvm-project/compiler-rt/lib/sanitizer_common/sanitizer_symbolizer_report.cpp:275:3
            """, nil
        ),
        ("no report at all", nil),
    ])
    func crashingFrame(report: String, frame: String?) {
        #expect(WorkerPool.crashingFrame(in: report) == frame)
    }
}
