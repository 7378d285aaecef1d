#!/usr/bin/env bash
# Perft speed of this workspace against `dame` (PyPI dame-rs, a Rust 10x10 engine),
# measured on the same machine in the same run: the median wall time of the final depth
# over RUNS runs. Run it on an otherwise idle machine.
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

# Each program times its own final depth (ours prints `perft(D) = N  (T s, ...)` after
# the shallower depths, dame prints `perft(D) = N in Ts`): the seconds of that depth.
seconds() {
    "$@" | tail -1 | sed -E 's/.*\(([0-9.]+) s,.*/\1/; s/.* in ([0-9.]+)s.*/\1/'
}

median() { sort -n | awk '{ a[NR] = $1 } END { print (NR % 2) ? a[(NR + 1) / 2] : (a[NR / 2] + a[NR / 2 + 1]) / 2 }'; }

row() { # name leaves command...
    local name=$1 leaves=$2
    shift 2
    local times=()
    for _ in $(seq "$runs"); do times+=("$(seconds "$@")"); done
    local med
    med=$(printf '%s\n' "${times[@]}" | median)
    printf '%-40s %8.3f s  %7.1f M leaves/s   (runs: %s)\n' "$name" "$med" \
        "$(awk -v n="$leaves" -v t="$med" 'BEGIN { print n / t / 1e6 }')" "${times[*]}"
}

echo "machine: $(nproc) cores, $(grep -m1 "model name" /proc/cpuinfo | cut -d: -f2 | xargs), $(date -u +%Y-%m-%d)"
row "draughts international start perft(9)" 41022423 "$ours" --variant international --depth 9
row "dame international start perft(9)" 41022423 "$venv/bin/dame" perft 9
row "draughts international start perft(10)" 258895763 "$ours" --variant international --depth 10
row "draughts english start perft(11)" 85242128 "$ours" --variant english --depth 11
row "draughts english start perft(12)" 388617999 "$ours" --variant english --depth 12
