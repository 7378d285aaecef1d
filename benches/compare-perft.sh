#!/usr/bin/env bash
# Perft speed of this workspace against `dame` (PyPI dame-rs, a Rust 10x10 engine),
# measured on the same machine in the same run. Prints one row per run and the medians.
#
#   benches/compare-perft.sh [RUNS]          (default 5 runs; needs python3 and pip)
#
# dame is installed into target/peers/venv on first use.
set -euo pipefail
cd "$(dirname "$0")/.."
runs=${1:-5}
venv=target/peers/venv
if [ ! -x "$venv/bin/dame" ]; then
    python3 -m venv "$venv"
    "$venv/bin/pip" install --quiet dame-rs
fi
cargo build --release --quiet --example perft
ours=target/release/examples/perft

# Prints the user+sys CPU seconds of a command (robust when the machine is busy).
cpu_seconds() {
    local t
    t=$( { /usr/bin/time -f "%U %S" "$@" >/dev/null; } 2>&1 | tail -1)
    awk '{ printf "%.3f", $1 + $2 }' <<<"$t"
}

median() { sort -n | awk '{ a[NR] = $1 } END { print (NR % 2) ? a[(NR + 1) / 2] : (a[NR / 2] + a[NR / 2 + 1]) / 2 }'; }

row() { # name leaves command...
    local name=$1 leaves=$2
    shift 2
    local times=()
    for _ in $(seq "$runs"); do times+=("$(cpu_seconds "$@")"); done
    local med
    med=$(printf '%s\n' "${times[@]}" | median)
    printf '%-44s %8.3f s  %7.1f M leaves/s   (runs: %s)\n' "$name" "$med" \
        "$(awk -v n="$leaves" -v t="$med" 'BEGIN { print n / t / 1e6 }')" "${times[*]}"
}

echo "machine: $(nproc) cores, $(uname -m), $(date -u +%Y-%m-%d)"
row "draughts international start perft(9)" 41022423 "$ours" --variant international --depth 9
row "dame international start perft(9)" 41022423 "$venv/bin/dame" perft 9
row "draughts international start perft(10)" 258895763 "$ours" --variant international --depth 10
row "draughts english start perft(11)" 85242128 "$ours" --variant english --depth 11
row "draughts english start perft(12)" 388617999 "$ours" --variant english --depth 12
