#!/usr/bin/env bash
# Runs every fuzz target for a fixed time each, one after the other (see docs/fuzzing.md).
#
#   fuzz/run.sh SECONDS [TARGET...]     # default: 30 seconds, every target
#   FUZZ_RUNS=10000000 fuzz/run.sh 0 referee   # a campaign of a number of executions
#
# SECONDS 0 means no time limit (with FUZZ_RUNS set). FUZZ_NO_BUILD=1 skips the build.
# Needs the nightly toolchain and cargo-fuzz (installed here with `cargo install cargo-fuzz`
# when missing). Builds once, then runs each target for SECONDS with its corpus in
# fuzz/corpus/TARGET (grown across runs) seeded from fuzz/seeds/TARGET. A crash stops the
# script with the failing input in fuzz/artifacts/TARGET and a non-zero status. Each target's
# execution count is printed on its "Done" line and collected in fuzz/last-run.txt.
set -euo pipefail
cd "$(dirname "$0")"

seconds="${1:-30}"
shift || true

if ! cargo +nightly fuzz --version >/dev/null 2>&1; then
    cargo install cargo-fuzz --locked
fi

# No sanitizer: the code under test forbids `unsafe`, so AddressSanitizer finds nothing that
# the checks do not, at half the speed. Debug assertions and overflow checks stay on (-a).
flags=(-O -a --sanitizer none)
triple=$(rustc +nightly -vV | sed -n 's/^host: //p')

if [ "$#" -gt 0 ]; then
    targets=("$@")
else
    mapfile -t targets < <(cargo +nightly fuzz list)
fi

# The move-sequence targets choose moves by index, where comparison tracing helps the fuzzer
# little and costs two thirds of the time: they are built without it, in their own target
# directory so the two builds do not undo each other.
parsers=() sequences=()
for target in "${targets[@]}"; do
    case "$target" in
        moves_*) sequences+=("$target") ;;
        *) parsers+=("$target") ;;
    esac
done
# FUZZ_NO_BUILD=1 runs the binaries built last time (a long campaign while the tree changes).
[ -n "${FUZZ_NO_BUILD:-}" ] && parsers=() sequences=()
for target in "${parsers[@]}"; do
    cargo +nightly fuzz build "${flags[@]}" "$target"
done
for target in "${sequences[@]}"; do
    cargo +nightly fuzz build "${flags[@]}" --no-trace-compares --target-dir target/moves "$target"
done

binary() {
    case "$1" in
        moves_*) echo "target/moves/$triple/release/$1" ;;
        *) echo "target/$triple/release/$1" ;;
    esac
}

runs_flag=()
[ -n "${FUZZ_RUNS:-}" ] && runs_flag=(-runs="$FUZZ_RUNS")

: > last-run.txt
for target in "${targets[@]}"; do
    mkdir -p "corpus/$target" "artifacts/$target"
    seeds=()
    [ -d "seeds/$target" ] && seeds=("seeds/$target")
    echo "== $target: ${seconds}s"
    log="artifacts/$target/last-run.log"
    # A move sequence needs two bytes a ply: 256 bytes reach the end of most games, and
    # shorter inputs keep the executions fast.
    max_len=4096
    case "$target" in moves_*) max_len=256 ;; esac
    # -timeout turns a hang into a failure; -rss_limit_mb a runaway allocation.
    # The binary built above, run directly: `cargo fuzz run` would rebuild first, picking up
    # whatever the tree holds by then.
    if ! "$(binary "$target")" "corpus/$target" "${seeds[@]}" "${runs_flag[@]}" \
        -max_total_time="$seconds" -max_len="$max_len" -timeout=10 -rss_limit_mb=2048 \
        -artifact_prefix="artifacts/$target/" -print_final_stats=1 2>"$log"; then
        tail -n 40 "$log"
        echo "!! $target failed: the input is in fuzz/artifacts/$target" >&2
        exit 1
    fi
    runs=$(grep -o 'stat::number_of_executed_units: *[0-9]*' "$log" | grep -o '[0-9]*$' || echo "?")
    echo "$target $runs" | tee -a last-run.txt
done
