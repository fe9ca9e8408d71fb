#!/usr/bin/env bash
# Builds TokenBench's libFuzzer targets with AddressSanitizer and runs each one for SECONDS
# (default 60), starting from the seed corpus in Corpus/TARGET. Prints one line per target with
# its executions and executions per second; exits 1 if any target found a crash (the input is
# kept in .build-fuzz/artifacts/ and must become a regression test).
#     Fuzz/run.sh [SECONDS] [TARGET...]
# With FUZZ_RUNS=N, each target instead runs N inputs from the fixed seed FUZZ_SEED (default
# 20261121): the same inputs on every run, so CI is repeatable and a crash it finds reproduces.
set -euo pipefail
cd "$(dirname "$0")"
seconds="${1:-60}"
shift || true
targets=("$@")
if ((${#targets[@]} == 0)); then
    targets=(cases fixture-csv spec matrix-baseline throughput-baseline quality-files tokenizers)
fi
scratch=../.build-fuzz
flags=(-Xswiftc -sanitize=fuzzer,address -Xswiftc -parse-as-library -Xcc -fsanitize=fuzzer-no-link,address)
swift build -c debug --scratch-path "$scratch" "${flags[@]}" >&2
binary="$(swift build -c debug --scratch-path "$scratch" "${flags[@]}" --show-bin-path)/tokenbench-fuzz"
mkdir -p "$scratch/artifacts"
status=0
for target in "${targets[@]}"; do
    # New inputs go to a scratch corpus, so the seeds in the repo stay small.
    work="$scratch/corpus/$target"
    mkdir -p "$work"
    log="$scratch/$target.log"
    if [[ -n "${FUZZ_RUNS:-}" ]]; then
        # A fresh work corpus each time, so the run depends only on the seeds in the repo.
        rm -rf "$work" && mkdir -p "$work"
        budget=(-runs="$FUZZ_RUNS" -seed="${FUZZ_SEED:-20261121}")
    else
        budget=(-max_total_time="$seconds")
    fi
    if ! TOKENBENCH_FUZZ_TARGET="$target" "$binary" "$work" "Corpus/$target" "${budget[@]}" -print_final_stats=1 \
        -max_len=4096 -timeout=20 -rss_limit_mb=4096 -artifact_prefix="$scratch/artifacts/$target-" >"$log" 2>&1; then
        status=1
        echo "$target: CRASH, see $log and $scratch/artifacts/" >&2
    fi
    execs=$(grep -o 'stat::number_of_executed_units: *[0-9]*' "$log" | grep -o '[0-9]*$' || echo 0)
    rate=$(grep -o 'stat::average_exec_per_sec: *[0-9]*' "$log" | grep -o '[0-9]*$' || echo 0)
    if [[ -n "${FUZZ_RUNS:-}" ]]; then
        echo "$target: $execs execs from seed ${FUZZ_SEED:-20261121}, $rate execs/s"
    else
        echo "$target: $execs execs in ${seconds} s, $rate execs/s"
    fi
done
exit "$status"
