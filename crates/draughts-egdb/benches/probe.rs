//! Probe throughput on random positions of the largest slices present, by kind of
//! position: quiet (one lookup), the side to move must capture (a minimax over the
//! captures), only the opponent threatens a capture (a bounded search).
//!
//! Builds English 4-piece and International 3-piece databases under the target
//! directory the first time (a few seconds); set `EGDB_INTERNATIONAL` / `EGDB_ENGLISH` to
//! a directory with a bigger database to measure that one instead. Each iteration probes
//! 1,024 positions, so the throughput line reads as probes per second.

use criterion::{black_box, criterion_group, criterion_main, BenchmarkId, Criterion, Throughput};
use draughts_core::{English, International, Position, Variant};
use draughts_egdb::{build, positions_by_kind, BuildOptions, Database, ProbeKind, Sampler};
use std::path::PathBuf;

const BATCH: usize = 1024;

fn database<V: Variant>(env: &str, pieces: u32) -> Database<V> {
    let dir = std::env::var_os(env).map(PathBuf::from).unwrap_or_else(|| {
        let dir = PathBuf::from(env!("CARGO_MANIFEST_DIR"))
            .join("../../target/egdb-bench")
            .join(V::NAME);
        build::<V>(&dir, pieces, &BuildOptions::default()).expect("build the bench database");
        dir
    });
    Database::open(dir).expect("open the bench database")
}

/// Random positions of the largest slices, sorted into quiet, capture and threat.
fn samples<V: Variant>(db: &Database<V>) -> [Vec<Position<V>>; 3] {
    let pieces = db.max_pieces();
    let materials: Vec<_> = db.materials().filter(|m| m.pieces() == pieces).collect();
    positions_by_kind(&mut Sampler::new(0x2545_f491_4f6c_dd1d), &materials, BATCH)
}

fn bench_variant<V: Variant>(c: &mut Criterion, db: &Database<V>) {
    let mut group = c.benchmark_group("egdb/probe");
    group.throughput(Throughput::Elements(BATCH as u64));
    let pieces = db.max_pieces();
    for (kind, positions) in ProbeKind::ALL.iter().zip(samples(db)) {
        for pos in &positions {
            db.probe(pos).expect("undamaged");
        }
        group.bench_with_input(
            BenchmarkId::new(format!("{}/{}", V::NAME, kind.name()), pieces),
            &positions,
            |b, positions| {
                b.iter(|| {
                    for pos in positions {
                        black_box(db.probe(black_box(pos)).ok());
                    }
                })
            },
        );
    }
    group.finish();
}

fn probe(c: &mut Criterion) {
    bench_variant(c, &database::<International>("EGDB_INTERNATIONAL", 3));
    bench_variant(c, &database::<English>("EGDB_ENGLISH", 4));
}

criterion_group!(benches, probe);
criterion_main!(benches);
