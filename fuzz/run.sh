#!/usr/bin/env bash
# Runs every fuzz target for a fixed time each, one after the other (see docs/fuzzing.md).
#
#   fuzz/run.sh SECONDS [TARGET...]     # default: 30 seconds, every target
#
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
cargo +nightly fuzz build "${flags[@]}"

if [ "$#" -gt 0 ]; then
    targets=("$@")
else
    mapfile -t targets < <(cargo +nightly fuzz list)
fi

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
    if ! cargo +nightly fuzz run "${flags[@]}" "$target" "corpus/$target" "${seeds[@]}" -- \
        -max_total_time="$seconds" -max_len="$max_len" -timeout=10 -rss_limit_mb=2048 \
        -print_final_stats=1 2>"$log"; then
        tail -n 40 "$log"
        echo "!! $target failed: the input is in fuzz/artifacts/$target" >&2
        exit 1
    fi
    runs=$(grep -o 'stat::number_of_executed_units: *[0-9]*' "$log" | grep -o '[0-9]*$' || echo "?")
    echo "$target $runs" | tee -a last-run.txt
done
