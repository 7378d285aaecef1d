#!/bin/sh
# Builds the `draughts` binary with profile-guided optimisation: an instrumented build
# plays a fixed training workload (`draughts bench`, then fixed-node self-play in
# International and English), and the final build is optimised with the profile it
# wrote. The searches are the same (equal `bench`); the binary is 8-11% faster
# (BENCHMARKS.md, "A profile-guided build").
#
# Usage: crates/draughts-cli/pgo-build.sh [EGDB_DIR]
#   EGDB_DIR  an International endgame database folder (`draughts egdb build`) used by
#             the training games, so that its probes are profiled too (optional).
# Needs rustup (it adds the `llvm-tools` component for `llvm-profdata`). About 16
# minutes on two cores. The binary ends in `$CARGO_TARGET_DIR/pgo/draughts` (`target`
# by default). RUSTFLAGS, if set, replaces the workspace's `target-cpu=x86-64-v3`.
set -eu

root=$(cd "$(dirname "$0")/../.." && pwd)
target=${CARGO_TARGET_DIR:-$root/target}/pgo
profiles=$target/profiles
flags=${RUSTFLAGS:--C target-cpu=x86-64-v3}
egdb=${1:+egdb=$1,}

rustup component add llvm-tools
profdata=$(find "$(rustc --print sysroot)" -name llvm-profdata -type f | head -n 1)
if [ -z "$profdata" ]; then
    echo "pgo-build: llvm-profdata not found in the toolchain" >&2
    exit 1
fi

echo "pgo-build: 1/3 instrumented build"
rm -rf "$profiles"
RUSTFLAGS="$flags -C profile-generate=$profiles" \
    cargo build --profile fast -p draughts-cli --manifest-path "$root/Cargo.toml" \
    --target-dir "$target/generate"

echo "pgo-build: 2/3 training workload"
trainer=$target/generate/fast/draughts
"$trainer" bench
"$trainer" match --variant international --games 30 --concurrency 1 \
    --engine1 "internal:${egdb}nodes=30000" --engine2 "internal:${egdb}nodes=30000"
"$trainer" match --variant english --games 30 --concurrency 1 \
    --engine1 "internal:nodes=30000" --engine2 "internal:nodes=30000"
"$profdata" merge -o "$profiles/merged.profdata" "$profiles"

echo "pgo-build: 3/3 optimised build"
RUSTFLAGS="$flags -C profile-use=$profiles/merged.profdata" \
    cargo build --profile fast -p draughts-cli --manifest-path "$root/Cargo.toml" \
    --target-dir "$target/use"
cp "$target/use/fast/draughts" "$target/draughts"
"$target/draughts" bench | tail -n 1
echo "pgo-build: $target/draughts"
