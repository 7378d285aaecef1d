//! Benchmarks of the linear evaluation.
//!
//! Run with `cargo bench -p draughts-eval --bench eval`; the groups are `eval/linear`
//! (the features alone) and `eval/patterns` (the pattern table alone), cases
//! `<variant>/<position>`, one evaluation per iteration.

use criterion::{black_box, criterion_group, criterion_main, Criterion, Throughput};
use draughts_core::{English, International, Position, Variant};
use draughts_eval::{Evaluator, LinearEval, Patterns};

/// Positions to evaluate: a name and a FEN (the same midgames as the core benches).
const INTERNATIONAL: &[(&str, &str)] = &[
    ("start", "W:W31-50:B1-20"),
    (
        "midgame",
        "W:W25,27,28,30,32,33,34,35,37,38,39,40,41,43,44,45,48:B1,2,3,5,6,7,8,9,10,12,13,14,15,16,17,19,20,23",
    ),
    ("kings", "W:WK46,K28,33,34,39:BK5,12,13,24"),
];

const ENGLISH: &[(&str, &str)] = &[
    ("start", "B:W21-32:B1-12"),
    (
        "midgame",
        "W:W17,21,22,23,25,26,27,29,30,31:B1,2,3,5,6,7,9,10,12,14",
    ),
    ("kings", "W:WK18,K27,30:BK1,K4,6,7"),
];

/// One benchmark per position of `list` in group `group`, timing `score`.
fn bench_positions<V: Variant>(
    c: &mut Criterion,
    group: &str,
    list: &[(&str, &str)],
    score: impl Fn(&Position<V>) -> i32,
) {
    let mut group = c.benchmark_group(group);
    group.throughput(Throughput::Elements(1));
    for &(name, fen) in list {
        let pos: Position<V> = fen
            .parse()
            .unwrap_or_else(|e| panic!("benchmark position {name}: {e}"));
        group.bench_function(format!("{}/{name}", V::NAME), |b| {
            b.iter(|| score(black_box(&pos)))
        });
    }
    group.finish();
}

fn linear<V: Variant>(c: &mut Criterion, list: &[(&str, &str)]) {
    let eval = LinearEval::<V>::default();
    bench_positions(c, "eval/linear", list, |pos| eval.evaluate(pos));
}

/// The pattern table's share of an evaluation (a table of zeros costs as much as a
/// learned one).
fn patterns<V: Variant>(c: &mut Criterion, list: &[(&str, &str)]) {
    let table = Patterns::<V>::zero();
    bench_positions(c, "eval/patterns", list, |pos| table.score(pos));
}

fn all(c: &mut Criterion) {
    linear::<International>(c, INTERNATIONAL);
    linear::<English>(c, ENGLISH);
    patterns::<International>(c, INTERNATIONAL);
    patterns::<English>(c, ENGLISH);
}

criterion_group!(benches, all);
criterion_main!(benches);
