//! Benchmarks of the rules core: move generation, copy-make, perft, and the legal moves
//! as values (`AnyPosition::legal_moves`, what the Python package and GUIs call).
//!
//! Run with `cargo bench --bench core`; group names follow `core/<operation>`, cases
//! `<variant>/<position>` with the depth as parameter.

use criterion::{black_box, criterion_group, criterion_main, BenchmarkId, Criterion, Throughput};
use draughts::core::{perft, English, International, KnownVariant, MoveList, Position, Variant};

/// Positions every benchmark runs on: a name and a FEN.
const INTERNATIONAL: &[(&str, &str)] = &[
    ("start", "W:W31-50:B1-20"),
    (
        "midgame",
        "W:W25,27,28,30,32,33,34,35,37,38,39,40,41,43,44,45,48:B1,2,3,5,6,7,8,9,10,12,13,14,15,16,17,19,20,23",
    ),
    ("kings", "W:WK46,K28,33,34,39:BK5,12,13,24"),
    ("circuit", "W:W30:B11,22,23,24,33,34"),
    ("long-capture", "W:WK48:B7,8,18,21,28,30,31,43,44"),
];

const ENGLISH: &[(&str, &str)] = &[
    ("start", "B:W21-32:B1-12"),
    (
        "midgame",
        "W:W17,21,22,23,25,26,27,29,30,31:B1,2,3,5,6,7,9,10,12,14",
    ),
    ("kings", "W:WK18,K27,30:BK1,K4,6,7"),
    ("long-capture", "W:WK8:B9,10,11,17,18,19,20"),
];

fn positions<V: Variant>(
    list: &[(&'static str, &'static str)],
) -> Vec<(&'static str, Position<V>)> {
    list.iter()
        .map(|&(name, fen)| match fen.parse() {
            Ok(pos) => (name, pos),
            Err(e) => panic!("benchmark position {name}: {e}"),
        })
        .collect()
}

fn movegen<V: Variant>(c: &mut Criterion, list: &[(&'static str, &'static str)]) {
    let mut group = c.benchmark_group("core/movegen");
    for (name, pos) in positions::<V>(list) {
        let moves = pos.legal_moves().len() as u64;
        group.throughput(Throughput::Elements(moves));
        group.bench_function(format!("{}/{name}", V::NAME), |b| {
            let mut list = MoveList::new();
            b.iter(|| {
                black_box(&pos).generate_moves(&mut list);
                list.len()
            })
        });
    }
    group.finish();
}

fn make<V: Variant>(c: &mut Criterion, list: &[(&'static str, &'static str)]) {
    let mut group = c.benchmark_group("core/make");
    for (name, pos) in positions::<V>(list) {
        let moves = pos.legal_moves();
        group.throughput(Throughput::Elements(moves.len() as u64));
        group.bench_function(format!("{}/{name}", V::NAME), |b| {
            b.iter(|| {
                moves.iter().fold(0u64, |acc, mv| {
                    acc ^ black_box(&pos).play_unchecked(mv).hash()
                })
            })
        });
    }
    group.finish();
}

/// `AnyPosition::legal_moves`: each move with its path, captured squares and PDN text.
fn any_legal_moves<V: KnownVariant>(c: &mut Criterion, list: &[(&'static str, &'static str)]) {
    let mut group = c.benchmark_group("core/any/legal_moves");
    for (name, pos) in positions::<V>(list) {
        let pos = V::any_position(pos);
        group.throughput(Throughput::Elements(pos.legal_moves().len() as u64));
        group.bench_function(format!("{}/{name}", V::NAME), |b| {
            b.iter(|| black_box(&pos).legal_moves())
        });
    }
    group.finish();
}

fn perft_case<V: Variant>(c: &mut Criterion, fen: &str, depth: u32) {
    let Ok(pos) = fen.parse::<Position<V>>() else {
        panic!("bad benchmark FEN {fen}");
    };
    let nodes = perft(&pos, depth);
    let mut group = c.benchmark_group("core/perft");
    group.sample_size(10);
    group.throughput(Throughput::Elements(nodes));
    group.bench_with_input(
        BenchmarkId::new(format!("{}/start", V::NAME), depth),
        &depth,
        |b, &d| b.iter(|| perft(black_box(&pos), d)),
    );
    group.finish();
}

fn benches(c: &mut Criterion) {
    movegen::<International>(c, INTERNATIONAL);
    movegen::<English>(c, ENGLISH);
    make::<International>(c, INTERNATIONAL);
    make::<English>(c, ENGLISH);
    any_legal_moves::<International>(c, INTERNATIONAL);
    any_legal_moves::<English>(c, ENGLISH);
    perft_case::<International>(c, INTERNATIONAL[0].1, 9);
    perft_case::<English>(c, ENGLISH[0].1, 11);
}

criterion_group!(core, benches);
criterion_main!(core);
