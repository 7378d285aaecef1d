//! Every position of the small slices, probed, against a second, deliberately simple
//! solver that shares no code with the generator (it uses only `draughts-core`).
//!
//! The solver enumerates every position of one exact material (both sides to move),
//! materials in order of pieces and then men (so captures and promotions lead to solved
//! materials), and runs plain forward value iteration over a `HashMap`: a position is
//! won if some child is lost for its mover, lost if every child is won for its mover,
//! until nothing changes; what is left is drawn. A position without a legal move is
//! what the core says it is ([`Position::is_won`]: won where the variant is played to
//! lose, else lost; in Breakthrough a side facing a king has no move).

use draughts_core::{
    Antidraughts, Brazilian, Breakthrough, Color, Czech, English, Frisian, Frysk, Geometry,
    International, Italian, Killer, Kind, Piece, Pool, Position, Russian, Spanish, Square, Thai,
    Turkish, Variant, Wld,
};
use draughts_egdb::{build, BuildOptions, Database, Material};
use std::collections::HashMap;
use std::path::PathBuf;

/// Every `k`-subset of `0..n`, ascending.
fn subsets(n: u8, k: usize) -> Vec<Vec<u8>> {
    fn go(start: u8, n: u8, k: usize, cur: &mut Vec<u8>, out: &mut Vec<Vec<u8>>) {
        if cur.len() == k {
            out.push(cur.clone());
            return;
        }
        for s in start..n {
            cur.push(s);
            go(s + 1, n, k, cur, out);
            cur.pop();
        }
    }
    let mut out = Vec::new();
    go(0, n, k, &mut Vec::new(), &mut out);
    out
}

/// Whether a man of `pos` stands on its own first row where no man can ever stand
/// again: in Turkish, whose men start on the second and third rows and never move
/// backwards (FORMATS 7). Such positions can be set up, but no move leads to them.
fn off_limits<V: Variant>(pos: &Position<V>) -> bool {
    let side = <V::Board as Geometry>::SIDE;
    V::NAME == Turkish::NAME
        && pos.piece_squares().any(|(square, piece)| {
            let (row, _) = <V::Board as Geometry>::coordinates(square.number());
            let first = match piece.color {
                Color::White => side - 1,
                Color::Black => 0,
            };
            piece.kind == Kind::Man && row == first
        })
}

/// Every legal position with `counts` = [white men, white kings, black men, black
/// kings], both sides to move, but those [`off_limits`]; where `V` limits a king's
/// consecutive moves (Frisian) and `runs` is set, each also with every run a side with
/// men and kings can have under way ([`Position::with_king_run`]).
fn positions<V: Variant>(counts: [usize; 4], runs: bool) -> Vec<Position<V>> {
    let squares = Position::<V>::initial().empty().len() as u8
        + Position::<V>::initial().occupied().len() as u8;
    let total: usize = counts.iter().sum();
    let kinds = [
        Piece::new(Color::White, Kind::Man),
        Piece::new(Color::White, Kind::King),
        Piece::new(Color::Black, Kind::Man),
        Piece::new(Color::Black, Kind::King),
    ];
    let mut out = Vec::new();
    for set in subsets(squares, total) {
        // Every way to deal the squares of `set` out to the four kinds.
        let mut labels = Vec::new();
        for (kind, &n) in counts.iter().enumerate() {
            labels.extend(std::iter::repeat(kind).take(n));
        }
        let mut perms = Vec::new();
        permutations(&mut labels, 0, &mut perms);
        for labels in perms {
            let pieces: Vec<(Square, Piece)> = set
                .iter()
                .zip(&labels)
                .map(|(&s, &k)| (Square::new(s + 1).unwrap(), kinds[k]))
                .collect();
            for turn in Color::BOTH {
                match Position::from_pieces(turn, pieces.iter().copied()) {
                    Ok(pos) if !off_limits(&pos) => out.push(pos),
                    _ => {}
                }
            }
        }
    }
    match V::KING_MOVE_LIMIT {
        Some(limit) if runs => out.into_iter().flat_map(|p| with_runs(p, limit)).collect(),
        _ => out,
    }
}

/// `pos` with every combination of runs its sides can have under way (none, or `1..=limit`
/// moves of one of its kings, for a side that has men too).
fn with_runs<V: Variant>(pos: Position<V>, limit: u8) -> Vec<Position<V>> {
    let mut out = vec![pos];
    for color in Color::BOTH {
        if pos.men(color).is_empty() {
            continue;
        }
        let mut more = Vec::new();
        for p in &out {
            for king in pos.kings(color) {
                for n in 1..=limit {
                    more.push(p.with_king_run(color, king, n).unwrap());
                }
            }
        }
        out.extend(more);
    }
    out
}

/// `pos` without king runs.
fn without_runs<V: Variant>(pos: Position<V>) -> Position<V> {
    let any = Square::new(1).unwrap();
    Color::BOTH
        .into_iter()
        .fold(pos, |p, color| p.with_king_run(color, any, 0).unwrap())
}

/// Distinct permutations of a multiset (sorted input).
fn permutations(items: &mut Vec<usize>, at: usize, out: &mut Vec<Vec<usize>>) {
    if at == items.len() {
        out.push(items.clone());
        return;
    }
    let mut used = Vec::new();
    for i in at..items.len() {
        if used.contains(&items[i]) {
            continue;
        }
        used.push(items[i]);
        items.swap(at, i);
        permutations(items, at + 1, out);
        items.swap(at, i);
    }
}

fn material_of<V: Variant>(pos: &Position<V>) -> [usize; 4] {
    [
        pos.count(Color::White, Kind::Man) as usize,
        pos.count(Color::White, Kind::King) as usize,
        pos.count(Color::Black, Kind::Man) as usize,
        pos.count(Color::Black, Kind::King) as usize,
    ]
}

/// Every material with 1 to `pieces` pieces, in solving order.
fn materials(pieces: usize) -> Vec<[usize; 4]> {
    let mut out = Vec::new();
    for n in 1..=pieces {
        let mut level = Vec::new();
        for wm in 0..=n {
            for wk in 0..=n - wm {
                for bm in 0..=n - wm - wk {
                    level.push([wm, wk, bm, n - wm - wk - bm]);
                }
            }
        }
        level.sort_by_key(|c| c[0] + c[2]);
        out.extend(level);
    }
    out
}

/// A compact key (a position is 40 bytes): the pieces in square order, nine bits each
/// (square number up to 64, and two bits of colour and kind), then the side to move.
/// Fits up to seven pieces; where `V` limits a king's moves, each side's run follows (a
/// byte for the square, two bits for the length), which fits up to four pieces.
fn key<V: Variant>(pos: &Position<V>) -> u64 {
    let mut k = 0u64;
    for (square, piece) in pos.piece_squares() {
        let code =
            u64::from(piece.color == Color::Black) << 1 | u64::from(piece.kind == Kind::King);
        k = k << 9 | u64::from(square.number()) << 2 | code;
    }
    k = k << 1 | u64::from(pos.turn() == Color::Black);
    if V::KING_MOVE_LIMIT.is_some() {
        for color in Color::BOTH {
            let (square, n) = pos.king_run(color).map_or((0, 0), |(s, n)| (s.number(), n));
            k = k << 10 | u64::from(square) << 2 | u64::from(n);
        }
    }
    k
}

/// The simple solver over `materials` (each one's captures and crownings must lead to
/// materials listed before it). With `runs`, a position's king runs are part of it, as
/// the rules have them; without, every position is solved as if no run were ever under
/// way (the rules of a variant without the limit). Of the largest piece count only the
/// previous men count is kept (to bound memory); `visit` sees every solved position.
fn solve_materials<V: Variant>(
    materials: &[[usize; 4]],
    runs: bool,
    mut visit: impl FnMut(&Position<V>, Wld),
) {
    let pieces = materials
        .iter()
        .map(|c| c.iter().sum::<usize>())
        .max()
        .unwrap_or(0);
    let mut values: HashMap<u64, Wld> = HashMap::new();
    let mut top_by_men: HashMap<usize, Vec<u64>> = HashMap::new();
    for &counts in materials {
        let list = positions::<V>(counts, runs);
        let ids: HashMap<u64, u32> = list
            .iter()
            .enumerate()
            .map(|(i, p)| (key(p), i as u32))
            .collect();
        // Children inside the material, by id, position after position (position i's
        // are `inside[starts[i]..starts[i + 1]]`); those outside are solved already,
        // so only what they say matters: won if one is lost for its mover, and whether
        // all are won for theirs.
        let mut starts: Vec<u32> = Vec::with_capacity(list.len() + 1);
        let mut inside: Vec<u32> = Vec::new();
        let mut value: Vec<Option<Wld>> = vec![None; list.len()];
        let mut outside_all_won = vec![true; list.len()];
        for (i, pos) in list.iter().enumerate() {
            starts.push(inside.len() as u32);
            let mut moves = 0;
            for mv in pos.legal_moves() {
                moves += 1;
                let child = pos.play_unchecked(&mv);
                let child = if runs { child } else { without_runs(child) };
                if material_of(&child) == counts {
                    inside.push(ids[&key(&child)]);
                } else {
                    match values
                        .get(&key(&child))
                        .expect("child material solved first")
                    {
                        Wld::Loss => value[i] = Some(Wld::Win),
                        Wld::Win => {}
                        Wld::Draw => outside_all_won[i] = false,
                    }
                }
            }
            if moves == 0 {
                value[i] = Some(if pos.is_won() { Wld::Win } else { Wld::Loss });
            }
        }
        starts.push(inside.len() as u32);
        drop(ids);
        loop {
            let mut changed = false;
            for i in 0..list.len() {
                if value[i].is_some() {
                    continue;
                }
                let mut all_won = outside_all_won[i];
                let mut won = false;
                for &c in &inside[starts[i] as usize..starts[i + 1] as usize] {
                    match value[c as usize] {
                        Some(Wld::Loss) => won = true,
                        Some(Wld::Win) => {}
                        _ => all_won = false,
                    }
                }
                if won {
                    value[i] = Some(Wld::Win);
                    changed = true;
                } else if all_won {
                    value[i] = Some(Wld::Loss);
                    changed = true;
                }
            }
            if !changed {
                break;
            }
        }
        let n: usize = counts.iter().sum();
        let men = counts[0] + counts[2];
        for (pos, v) in list.iter().zip(value) {
            let v = v.unwrap_or(Wld::Draw);
            values.insert(key(pos), v);
            visit(pos, v);
        }
        if n == pieces {
            // Only the next men count needs these (promotions); drop older levels.
            top_by_men
                .entry(men)
                .or_default()
                .extend(list.iter().map(key));
            if men >= 2 {
                for k in top_by_men.remove(&(men - 2)).unwrap_or_default() {
                    values.remove(&k);
                }
            }
        }
    }
}

fn temp_dir(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("egdb-test-{name}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    dir
}

#[derive(Default, Debug)]
struct Tally {
    positions: u64,
    /// Stored (quiet, White to move) positions per material: [draws, wins, losses].
    stored: HashMap<Material, [u64; 3]>,
}

/// Builds `pieces`, then probes every position with 1 to `pieces` pieces and compares
/// it with the simple solver. Returns the solver's values for the caller's own facts.
fn check_all<V: Variant>(pieces: u32, fact: impl FnMut(&Position<V>, Wld)) -> Tally {
    check_materials(pieces, &materials(pieces as usize), fact)
}

/// Builds `pieces`, then probes every position of `list` (materials in solving order,
/// as [`solve_materials`] takes them) and compares it with the simple solver; the
/// files' counts of those materials must equal the solver's too.
fn check_materials<V: Variant>(
    pieces: u32,
    list: &[[usize; 4]],
    mut fact: impl FnMut(&Position<V>, Wld),
) -> Tally {
    // One folder per variant and size: a variant's tests may run at the same time.
    let dir = temp_dir(&format!("{}-{pieces}", V::NAME));
    build::<V>(&dir, pieces, &BuildOptions::default()).unwrap();
    let db = Database::<V>::open(&dir).unwrap();
    assert_eq!(db.max_pieces(), pieces);
    let mut tally = Tally::default();
    let mut mismatches = Vec::new();
    solve_materials::<V>(list, true, |pos, expected| {
        tally.positions += 1;
        let got = db.probe(pos).unwrap();
        if got != Some(expected) && mismatches.len() < 20 {
            mismatches.push(format!(
                "{}: probe {got:?}, solver {expected:?}",
                pos.to_fen()
            ));
        }
        if pos.turn() == Color::White
            && pos.is_quiet()
            && !pos.pieces(Color::White).is_empty()
            && !pos.pieces(Color::Black).is_empty()
            && Material::of(pos).is_covered::<V>()
        {
            let slot = match expected {
                Wld::Draw => 0,
                Wld::Win => 1,
                Wld::Loss => 2,
            };
            tally.stored.entry(Material::of(pos)).or_default()[slot] += 1;
        }
        fact(pos, expected);
    });
    assert!(mismatches.is_empty(), "{mismatches:#?}");
    // The files' own counts agree with the solver's.
    let solved = |m: &Material| {
        let counts = [m.white_men, m.white_kings, m.black_men, m.black_kings];
        list.contains(&counts.map(usize::from))
    };
    let mut files = 0;
    for s in db.stats().iter().filter(|s| solved(&s.material)) {
        let expected = tally.stored.get(&s.material).copied().unwrap_or_default();
        assert_eq!([s.draws, s.wins, s.losses], expected, "{}", s.material);
        assert_eq!(s.positions, expected.iter().sum::<u64>());
        files += 1;
    }
    assert_eq!(files, tally.stored.len());
    db.verify().unwrap();
    std::fs::remove_dir_all(&dir).unwrap();
    tally
}

fn is_material<V: Variant>(pos: &Position<V>, counts: [usize; 4]) -> bool {
    material_of(pos) == counts
}

/// International, up to three pieces. Lone king against lone king is a draw except
/// where the side to move captures at once or forces a capture: the counts are what
/// both solvers agree on.
#[test]
fn international_three_pieces() {
    let mut king_vs_king = [0u64; 3];
    let mut captures_at_once = 0u64;
    let tally = check_all::<International>(3, |pos, v| {
        if is_material(pos, [0, 1, 0, 1]) {
            king_vs_king[v as usize] += 1;
            if v == Wld::Win && pos.has_capture() {
                captures_at_once += 1;
            }
        }
    });
    // [Win, Loss, Draw] over both sides to move: 50 * 49 = 2450 placements, twice.
    assert_eq!(king_vs_king.iter().sum::<u64>(), 4900);
    assert_eq!(king_vs_king, [848, 4, 4048], "win, loss, draw counts");
    // 816 wins capture at once; 32 force a capture by a threat the lone king cannot
    // escape. The 4 losses are a king in a corner of the long diagonal with the other
    // king in the opposite corner, to move: every move lands on a square it is taken from.
    assert_eq!(captures_at_once, 816);
    assert_eq!(tally.positions, 2_185_270);
    let dir = temp_dir("corner");
    build::<International>(&dir, 2, &BuildOptions::default()).unwrap();
    let db = Database::<International>::open(&dir).unwrap();
    for (fen, v) in [
        ("W:WK46:BK5", Wld::Loss),
        ("B:WK46:BK5", Wld::Loss),
        ("W:WK46:BK4", Wld::Draw),
    ] {
        assert_eq!(db.probe(&fen.parse().unwrap()).unwrap(), Some(v), "{fen}");
    }
    std::fs::remove_dir_all(&dir).unwrap();
}

/// Killer, up to three pieces: the database agrees with the solver, which follows the
/// core's moves, where a king that takes a king last stops just beyond it.
#[test]
fn killer_three_pieces() {
    let tally = check_all::<Killer>(3, |_, _| {});
    assert_eq!(tally.positions, 2_185_270);
}

/// Thai, up to three pieces: the database agrees with the solver, which follows the
/// core's moves, where a king lands just beyond each piece it takes.
#[test]
fn thai_three_pieces() {
    let tally = check_all::<Thai>(3, |_, _| {});
    // The placements of the English board (same squares, same crowning rows).
    assert_eq!(tally.positions, 536_632);
}

/// Thai, up to four pieces.
#[test]
#[ignore = "a minute; run with --ignored"]
fn thai_four_pieces() {
    check_all::<Thai>(4, |_, _| {});
}

/// Turkish, up to three pieces: the database agrees with the solver on the full board,
/// where men step forwards and sideways and kings fly along rows and columns. A
/// position with a man on its own first row, which no game reaches, is outside the
/// database: the probe answers `None`.
#[test]
fn turkish_three_pieces() {
    let mut king_vs_king = [0u64; 3];
    let tally = check_all::<Turkish>(3, |pos, v| {
        if is_material(pos, [0, 1, 0, 1]) {
            king_vs_king[v as usize] += 1;
        }
    });
    // Both sides to move; kings on any of the 64 squares, men on rows 2 to 7 (48).
    assert_eq!(king_vs_king.iter().sum::<u64>(), 2 * 64 * 63);
    let choose = |n: u64, k: usize| (0..k as u64).fold(1, |c, i| c * (n - i) / (i + 1));
    let placements: u64 = materials(3)
        .into_iter()
        .map(|[wm, wk, bm, bk]| {
            let men = (wm + bm) as u64;
            choose(48, wm)
                * choose(48 - wm as u64, bm)
                * choose(64 - men, wk)
                * choose(64 - men - wk as u64, bk)
        })
        .sum();
    assert_eq!(tally.positions, 2 * placements);
    assert_eq!(tally.positions, 3_612_032);
    let dir = temp_dir("turkish-first-row");
    build::<Turkish>(&dir, 2, &BuildOptions::default()).unwrap();
    let db = Database::<Turkish>::open(&dir).unwrap();
    for (fen, v) in [
        ("W:Wa1:Bh7", None),
        ("W:Wa2:Bh8", None),
        ("B:Wa1:Bh8", None),
        // Face to face, whoever is to move takes the other man.
        ("W:Wb2:Bb3", Some(Wld::Win)),
        ("B:Wb2:Bb3", Some(Wld::Win)),
    ] {
        let pos: Position<Turkish> = fen.parse().unwrap();
        assert_eq!(db.probe(&pos).unwrap(), v, "{fen}");
    }
    std::fs::remove_dir_all(&dir).unwrap();
}

/// Turkish, up to four pieces.
#[test]
#[ignore = "minutes; run with --ignored"]
fn turkish_four_pieces() {
    check_all::<Turkish>(4, |_, _| {});
}

/// Frisian, up to three pieces, every position with every run its sides can have
/// under way: the database agrees with the solver, which plays by the rules, runs and
/// all. A man and a king against a king shows why the runs must be in the index: solved
/// as if the limit did not exist, its values differ, also for positions where no run is
/// under way.
#[test]
fn frisian_three_pieces() {
    let man_and_king = [1, 1, 0, 1];
    let mut ruled = Vec::new();
    let tally = check_all::<Frisian>(3, |pos, v| {
        if material_of(pos) == man_and_king {
            ruled.push((*pos, v));
        }
    });
    assert_eq!(tally.positions, FRISIAN_THREE_PIECES);
    // What its captures and its crowning lead to, and itself.
    let list: Vec<[usize; 4]> = materials(3)
        .into_iter()
        .filter(|&c| c == man_and_king || c.iter().sum::<usize>() < 3 || c[0] + c[2] == 0)
        .collect();
    let mut unruled = HashMap::new();
    solve_materials::<Frisian>(&list, false, |pos, v| {
        if material_of(pos) == man_and_king {
            unruled.insert(key(pos), v);
        }
    });
    let (mut differ_without_run, mut differ_with_run) = (0u64, 0u64);
    for (pos, v) in &ruled {
        let run = Color::BOTH.into_iter().any(|c| pos.king_run(c).is_some());
        if unruled[&key(&without_runs(*pos))] != *v {
            if run {
                differ_with_run += 1;
            } else {
                differ_without_run += 1;
            }
        }
    }
    assert!(
        differ_with_run > 0 && differ_without_run > 0,
        "{differ_with_run} {differ_without_run}"
    );
}

/// Positions of Frisian with 1 to 3 pieces, both sides to move, each with every run
/// its sides can have.
const FRISIAN_THREE_PIECES: u64 = 6_465_490;

/// Frysk! has Frisian's rules: its database holds the same values.
#[test]
fn frysk_is_frisian() {
    let frisian = temp_dir("frysk-frisian");
    let frysk = temp_dir("frysk");
    build::<Frisian>(&frisian, 3, &BuildOptions::default()).unwrap();
    build::<Frysk>(&frysk, 3, &BuildOptions::default()).unwrap();
    let a = Database::<Frisian>::open(&frisian).unwrap();
    let b = Database::<Frysk>::open(&frysk).unwrap();
    assert_eq!(a.stats().len(), b.stats().len());
    for (x, y) in a.stats().iter().zip(b.stats()) {
        assert_eq!(
            (x.material, x.wins, x.losses, x.draws, x.exceptions),
            (y.material, y.wins, y.losses, y.draws, y.exceptions)
        );
    }
    let mut compared = 0;
    solve_materials::<Frisian>(&materials(2), true, |pos, _| {
        let fen = pos.to_fen();
        let twin: Position<Frysk> = fen.parse().unwrap();
        assert_eq!(a.probe(pos).unwrap(), b.probe(&twin).unwrap(), "{fen}");
        compared += 1;
    });
    assert!(compared > 10_000, "{compared}");
    for dir in [frisian, frysk] {
        std::fs::remove_dir_all(&dir).unwrap();
    }
}

/// Frisian, four pieces where one side has a lone king against three pieces (either
/// colour), every run under way, and everything up to three pieces: the database to
/// four pieces agrees with the solver on 118 million positions. All of Frisian's
/// four-piece positions, runs and all, are 513 million, beyond this solver's memory; the
/// database's own `verify` checks them.
/// `cargo test --release -p draughts-egdb --test exhaustive -- --ignored frisian_three_against`.
#[test]
#[ignore = "about 40 minutes and 6 GB; run with --ignored"]
fn frisian_three_against_a_king() {
    let mut list = materials(3);
    for men in 0..=3 {
        list.push([men, 3 - men, 0, 1]);
        list.push([0, 1, men, 3 - men]);
    }
    let tally = check_materials::<Frisian>(4, &list, |_, _| {});
    assert!(
        tally.positions > FRISIAN_THREE_PIECES,
        "{}",
        tally.positions
    );
}

/// Antidraughts, up to three pieces: the side to move without pieces or without a move
/// wins. The database agrees with the solver everywhere, and in king against king a
/// capture (compulsory, and it takes the last piece) loses, while offering the king
/// wins.
#[test]
fn antidraughts_three_pieces() {
    let (mut capture_loses, mut captures) = (0u64, 0u64);
    let (mut offers_win, mut offers) = (0u64, 0u64);
    let mut king_vs_king = 0u64;
    let tally = check_all::<Antidraughts>(3, |pos, v| {
        if !is_material(pos, [0, 1, 0, 1]) {
            return;
        }
        king_vs_king += 1;
        if pos.has_capture() {
            captures += 1;
            capture_loses += u64::from(v == Wld::Loss);
        } else if pos
            .legal_moves()
            .iter()
            .any(|mv| pos.play_unchecked(mv).has_capture())
        {
            // Every capture the opponent then has takes our last piece.
            offers += 1;
            offers_win += u64::from(v == Wld::Win);
        }
    });
    assert_eq!(king_vs_king, 4900);
    assert!(
        captures > 0 && capture_loses == captures,
        "{capture_loses} {captures}"
    );
    assert!(offers > 0 && offers_win == offers, "{offers_win} {offers}");
    assert_eq!(tally.positions, 2_185_270);
}

/// Breakthrough, up to three pieces: the first side to crown wins. Only materials
/// without kings are stored; the probe decides the others (a side facing a king has
/// lost) and agrees with the solver, which enumerates them too. A side to move that
/// may crown (no capture is compulsory) has won.
#[test]
fn breakthrough_three_pieces() {
    let mut crowns = 0u64;
    let tally = check_all::<Breakthrough>(3, |pos, v| {
        let kings = Color::BOTH.into_iter().any(|c| !pos.kings(c).is_empty());
        if !kings && !pos.has_capture() && pos.can_crown() {
            crowns += 1;
            assert_eq!(v, Wld::Win, "{}", pos.to_fen());
        }
    });
    assert!(crowns > 1000, "{crowns}");
    assert!(tally
        .stored
        .keys()
        .all(|m| m.white_kings + m.black_kings == 0));
    assert_eq!(tally.positions, 2_185_270);
}

/// Antidraughts, up to four pieces.
#[test]
#[ignore = "minutes; run with --ignored"]
fn antidraughts_four_pieces() {
    check_all::<Antidraughts>(4, |_, _| {});
}

/// Breakthrough, up to four pieces.
#[test]
#[ignore = "minutes; run with --ignored"]
fn breakthrough_four_pieces() {
    check_all::<Breakthrough>(4, |_, _| {});
}

/// English, up to three pieces. Two kings beat a lone king, except where the lone
/// king to move captures one of them, or where the lone king threatens both kings at
/// once (a fork the stronger side to move cannot parry) and similar: the counts are
/// what both solvers agree on.
#[test]
fn english_three_pieces() {
    // Positions of two kings against one (either colour stronger, either to move).
    let mut two_vs_one = 0u64;
    // Not won for the stronger side, and the lone king is to move and can capture.
    let mut lone_king_captures = 0u64;
    // Not won for the stronger side otherwise, by who is to move: [stronger, lone king].
    let mut otherwise = [0u64; 2];
    let tally = check_all::<English>(3, |pos, v| {
        let stronger_to_move = if is_material(pos, [0, 2, 0, 1]) {
            pos.turn() == Color::White
        } else if is_material(pos, [0, 1, 0, 2]) {
            pos.turn() == Color::Black
        } else {
            return;
        };
        two_vs_one += 1;
        let won = if stronger_to_move {
            Wld::Win
        } else {
            Wld::Loss
        };
        if v != won {
            if !stronger_to_move && pos.has_capture() {
                lone_king_captures += 1;
            } else {
                otherwise[usize::from(!stronger_to_move)] += 1;
            }
        }
    });
    // 32 * 31 * 30 / 2 placements, two colourings, two sides to move.
    assert_eq!(two_vs_one, 32 * 31 * 30 / 2 * 4);
    assert_eq!(lone_king_captures, 3592);
    assert_eq!(otherwise, [68, 132]);
    assert_eq!(tally.positions, 536_632);
}

/// International, up to four pieces: every position against the simple solver.
/// About ten minutes and 3 GB in the test profile:
/// `cargo test -p draughts-egdb --test exhaustive -- --ignored international_four`.
#[test]
#[ignore = "minutes; run with --ignored"]
fn international_four_pieces() {
    check_all::<International>(4, |_, _| {});
}

/// English, up to four pieces.
#[test]
#[ignore = "a minute; run with --ignored"]
fn english_four_pieces() {
    check_all::<English>(4, |_, _| {});
}

/// English, up to five pieces: every position against the simple solver. Tens of
/// minutes and several GB:
/// `cargo test --release -p draughts-egdb --test exhaustive -- --ignored english_five`.
#[test]
#[ignore = "tens of minutes; run with --ignored"]
fn english_five_pieces() {
    check_all::<English>(5, |_, _| {});
}

/// Killer, up to four pieces.
#[test]
#[ignore = "minutes; run with --ignored"]
fn killer_four_pieces() {
    check_all::<Killer>(4, |_, _| {});
}

/// For each 8x8 variant played on the dark squares (the mirrored board of Italian and
/// Spanish too), a check up to three pieces in the default run and one up to four
/// pieces, `#[ignore]`d: the database agrees with the solver, which follows the core's
/// moves (Russian's crowning during a capture, Italian's men that may not take kings,
/// Czech's and the others' precedence).
macro_rules! eight_by_eight {
    ($($three:ident $four:ident $variant:ty,)*) => {$(
        #[doc = concat!(stringify!($variant), ", up to three pieces.")]
        #[test]
        fn $three() {
            let tally = check_all::<$variant>(3, |_, _| {});
            // The placements of the English board (same squares, same crowning rows).
            assert_eq!(tally.positions, 536_632);
        }

        #[doc = concat!(stringify!($variant), ", up to four pieces.")]
        #[test]
        #[ignore = "a minute; run with --ignored"]
        fn $four() {
            check_all::<$variant>(4, |_, _| {});
        }
    )*};
}

eight_by_eight! {
    brazilian_three_pieces brazilian_four_pieces Brazilian,
    pool_three_pieces pool_four_pieces Pool,
    russian_three_pieces russian_four_pieces Russian,
    italian_three_pieces italian_four_pieces Italian,
    spanish_three_pieces spanish_four_pieces Spanish,
    czech_three_pieces czech_four_pieces Czech,
}
