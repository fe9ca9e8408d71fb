#!/usr/bin/env python3
"""Times `tokenbench matrix` against the bare Python loop (python-loop.py) on the same fixture,
interleaved, and prints each round and the medians' ratio: the figure issue 56 bounds at 0.10x
for 100,000 cases of real text, one tokenizer, one engine, one form pair.

    python3 make-realtext-fixture.py > realtext-100k.csv
    python3 compare.py .build/release/tokenbench realtext-100k.csv [TOKENIZER] [FORM_PAIR] [ROUNDS]

The matrix runs with workers (the default --jobs) on the system engine and writes its CSV to a
temporary file, which must hold as many matched cells as the loop found."""
import csv, os, re, statistics, subprocess, sys, tempfile, time

tokenbench, fixture = sys.argv[1], sys.argv[2]
tokenizer = sys.argv[3] if len(sys.argv) > 3 else "unicode61"
form_pair = sys.argv[4] if len(sys.argv) > 4 else "asis:asis"
rounds = int(sys.argv[5]) if len(sys.argv) > 5 else 3
loop = os.path.join(os.path.dirname(os.path.abspath(__file__)), "python-loop.py")


def timed(command):
    start = time.perf_counter()
    done = subprocess.run(command, capture_output=True, text=True)
    if done.returncode != 0:
        sys.exit(f"{command[0]} exited {done.returncode}: {done.stderr.strip()}")
    return time.perf_counter() - start, done.stdout


bench_times, loop_times = [], []
with tempfile.TemporaryDirectory() as directory:
    output = os.path.join(directory, "matrix.csv")
    for round_number in range(1, rounds + 1):
        seconds, _ = timed([tokenbench, "matrix", "--fixtures", fixture, "--tokenizer", tokenizer,
                            "--engine", "system", "--forms", form_pair, "-o", output])
        bench_times.append(seconds)
        with open(output, encoding="utf-8", newline="") as file:
            bench_matches = sum(row["matched"] == "1" for row in csv.DictReader(file))
        seconds, said = timed([sys.executable, loop, fixture, tokenizer, form_pair])
        loop_times.append(seconds)
        loop_matches = int(re.search(r"(\d+) matches", said).group(1))
        if bench_matches != loop_matches:
            sys.exit(f"round {round_number}: the matrix matched {bench_matches} cells, the loop {loop_matches}")
        print(f"round {round_number}: tokenbench {bench_times[-1]:.2f} s, python {loop_times[-1]:.2f} s, "
              f"{bench_times[-1] / loop_times[-1]:.3f}x, {loop_matches} matches")
bench, python = statistics.median(bench_times), statistics.median(loop_times)
print(f"medians: tokenbench {bench:.2f} s, python {python:.2f} s: {bench / python:.3f}x")
