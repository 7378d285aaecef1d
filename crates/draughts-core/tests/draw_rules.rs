//! The move-count draw rules of Russian, Brazilian and Pool, one test per rule, each
//! citing its article (the sources are in the variants' documentation). Each walks a
//! position to the ply the rule draws at and checks the ply before it; the clock alone
//! is followed, so the shuffles may repeat positions.
//!
//! Squares: Russian and Brazilian positions and moves are written algebraically
//! (`a1` White's bottom-left, the main road `a1`-`h8`); Pool's by number, as English's
//! (`1` = b8, `4` = h8, `29` = a1, `32` = g1).

use draughts_core::{
    Brazilian, DrawClock, DrawReason, Game, GameStatus, Pool, Position, Russian, Variant,
};

fn pos<V: Variant>(fen: &str) -> Position<V> {
    fen.parse().expect("valid test FEN")
}

/// Plays the first of `texts` that is a legal move, advancing `clock`.
fn step<V: Variant>(pos: &mut Position<V>, clock: &mut DrawClock<V>, texts: &[&str]) {
    let mv = texts
        .iter()
        .find_map(|t| pos.parse_move(t).ok())
        .unwrap_or_else(|| panic!("none of {texts:?} is legal in {}", pos.to_fen()));
    let after = pos.play_unchecked(&mv);
    *clock = clock.after(pos, &mv, &after);
    *pos = after;
}

/// Plays `plies` plies, each the first legal move of `white` or `black` by the side to
/// move, and checks that no rule draws before the last of them.
fn shuffle<V: Variant>(
    pos: &mut Position<V>,
    clock: &mut DrawClock<V>,
    plies: usize,
    white: &[&str],
    black: &[&str],
) {
    for ply in 1..=plies {
        assert_eq!(clock.draw(), None, "before ply {ply} of {plies}");
        let texts = if pos.turn() == draughts_core::Color::White {
            white
        } else {
            black
        };
        step(pos, clock, texts);
    }
}

/// The king shuffles of three white kings on c1, e1 and g1 (the one on e1 going to f2
/// and back) against a lone black king on h6 (going to f8 and back over g7): no capture
/// is ever possible and no piece stands on the main road.
const WHITE_E1_F2: [&str; 2] = ["e1-f2", "f2-e1"];
const BLACK_H6_F8: [&str; 2] = ["h6-f8", "f8-h6"];

/// FMJD-64 7.2.5 (15 moves each of only kings) and 7.2.4 (three kings against one, not
/// taking it by their 15th move): 30 plies, with a lone king off the main road.
#[test]
fn russian_fifteen_moves_of_kings() {
    let start = pos::<Russian>("W:WKc1,Ke1,Kg1:BKh6");
    let mut p = start;
    let mut clock = DrawClock::new(&p);
    assert_eq!(clock.plies_to_draw(), Some(30));
    shuffle(&mut p, &mut clock, 29, &WHITE_E1_F2, &BLACK_H6_F8);
    assert_eq!(clock.plies_to_draw(), Some(1));
    shuffle(&mut p, &mut clock, 1, &WHITE_E1_F2, &BLACK_H6_F8);
    assert_eq!(clock.draw(), Some(DrawReason::KingMoves));

    // A man move two plies short of the count starts it again.
    let mut p = pos::<Russian>("W:WKe1,Kg1,c1:BKh6");
    let mut clock = DrawClock::new(&p);
    shuffle(&mut p, &mut clock, 28, &WHITE_E1_F2, &BLACK_H6_F8);
    step(&mut p, &mut clock, &["c1-b2"]);
    assert_eq!(clock.reversible_plies(), 0);
    shuffle(&mut p, &mut clock, 29, &WHITE_E1_F2, &BLACK_H6_F8);
    assert_eq!(clock.plies_to_draw(), Some(1));
    shuffle(&mut p, &mut clock, 1, &WHITE_E1_F2, &BLACK_H6_F8);
    assert_eq!(clock.draw(), Some(DrawReason::KingMoves));
}

/// FMJD-64 7.2.7: three pieces, at least one a king, against a lone king on the main
/// road, not winning by their 5th move: 10 plies while the lone king holds the road.
#[test]
fn russian_lone_king_on_the_main_road() {
    let white = ["e1-f2", "f2-e1"];
    let black = ["h8-g7", "g7-h8"];
    let mut p = pos::<Russian>("W:WKc1,Ke1,Kg1:BKh8");
    let mut clock = DrawClock::new(&p);
    assert_eq!(clock.plies_to_draw(), Some(10));
    shuffle(&mut p, &mut clock, 9, &white, &black);
    assert_eq!(clock.plies_to_draw(), Some(1));
    step(&mut p, &mut clock, &black);
    assert_eq!(clock.draw(), Some(DrawReason::LoneKingVsThree));

    // Two kings and a man count the same.
    let mut p = pos::<Russian>("W:WKc1,Ke1,g1:BKh8");
    let mut clock = DrawClock::new(&p);
    shuffle(&mut p, &mut clock, 10, &white, &black);
    assert_eq!(clock.draw(), Some(DrawReason::LoneKingVsThree));

    // Leaving the road stops the count; coming back starts it afresh.
    let mut p = pos::<Russian>("W:WKc1,Ke1,Kg1:BKh8");
    let mut clock = DrawClock::new(&p);
    shuffle(&mut p, &mut clock, 3, &white, &black);
    step(&mut p, &mut clock, &["g7-h6"]);
    // Off the road: the 15-move count of kings (7.2.5) is the nearest.
    assert_eq!(clock.plies_to_draw(), Some(26));
    step(&mut p, &mut clock, &white);
    step(&mut p, &mut clock, &["h6-g7"]);
    assert_eq!(clock.plies_to_draw(), Some(10));

    // A king of the stronger side on the road too (in the corner, where it cannot be
    // taken): the lone king does not hold the road alone, and no main-road count runs.
    let shared = pos::<Russian>("W:WKa1,Ke1,Kg1:BKh8");
    assert_eq!(DrawClock::new(&shared).plies_to_draw(), Some(30));
}

/// FMJD-64 7.2.8: two kings, a king and a man, or a king against a lone king, not
/// winning by their 5th move: 10 plies, here in a game.
#[test]
fn russian_lone_king_against_two() {
    let mut p = pos::<Russian>("W:WKc1,Ke1:BKh6");
    let mut clock = DrawClock::new(&p);
    assert_eq!(clock.plies_to_draw(), Some(10));
    shuffle(&mut p, &mut clock, 9, &WHITE_E1_F2, &BLACK_H6_F8);
    assert_eq!(clock.plies_to_draw(), Some(1));
    shuffle(&mut p, &mut clock, 1, &WHITE_E1_F2, &BLACK_H6_F8);
    assert_eq!(clock.draw(), Some(DrawReason::LoneKingVsTwo));

    // The same in a game, which reports it; no position occurs a third time.
    let mut game = Game::<Russian>::from_position(pos("W:WKc1,Ke1:BKh6"));
    let moves = [
        "e1-f2", "h6-f8", "c1-b2", "f8-h6", "f2-e1", "h6-f8", "b2-c1", "f8-h6", "e1-f2", "h6-f8",
    ];
    for (ply, text) in moves.iter().enumerate() {
        assert_eq!(game.status(), GameStatus::Ongoing, "ply {ply}");
        game.play_text(text).expect("legal test move");
    }
    assert_eq!(game.status(), GameStatus::Draw(DrawReason::LoneKingVsTwo));
}

/// The kings of the unchanged-balance positions: White's on h2 and g1, Black's on a7
/// and b8, each on the other's long line only at its edge, where it cannot be taken.
const WHITE_H2_G1: [&str; 2] = ["h2-g1", "g1-h2"];
const BLACK_A7_B8: [&str; 2] = ["a7-b8", "b8-a7"];

/// Plays `plies` plies from `start`: the king shuffles, and at each ply of `men` the
/// man move given there (which resets the count of king moves but not the balance).
fn balance_walk<V: Variant>(
    start: &str,
    plies: usize,
    men: &[(usize, &str)],
) -> (Position<V>, DrawClock<V>) {
    let mut p = pos::<V>(start);
    let mut clock = DrawClock::new(&p);
    for ply in 1..=plies {
        assert_eq!(clock.draw(), None, "before ply {ply}");
        match men.iter().find(|&&(at, _)| at == ply) {
            Some(&(_, text)) => step(&mut p, &mut clock, &[text]),
            None if p.turn() == draughts_core::Color::White => {
                step(&mut p, &mut clock, &WHITE_H2_G1)
            }
            None => step(&mut p, &mut clock, &BLACK_A7_B8),
        }
    }
    (p, clock)
}

/// FMJD-64 7.2.6: kings on both sides, four or five pieces, no capture and no crowning
/// for 30 moves: 60 plies, men moving in between (so that 7.2.5 does not draw first).
#[test]
fn russian_unchanged_balance_with_four_or_five_pieces() {
    let start = "W:WKh2,c1:BKa7,f8";
    assert_eq!(
        DrawClock::new(&pos::<Russian>(start)).plies_to_draw(),
        Some(30)
    );
    let men = [(21, "c1-d2"), (42, "f8-e7")];
    let (_, clock) = balance_walk::<Russian>(start, 59, &men);
    assert_eq!(clock.plies_to_draw(), Some(1));
    assert_eq!(clock.reversible_plies(), 17);
    let (_, clock) = balance_walk::<Russian>(start, 60, &men);
    assert_eq!(clock.draw(), Some(DrawReason::UnchangedBalance));
    // Brazilian has no such rule: only its 20-move count of kings runs.
    let (_, clock) = balance_walk::<Brazilian>(start, 60, &men);
    assert_eq!(clock.draw(), None);
    assert_eq!(clock.plies_to_draw(), Some(40 - 18));
}

/// FMJD-64 7.2.6: with six or seven pieces, 60 moves: 120 plies.
#[test]
fn russian_unchanged_balance_with_six_or_seven_pieces() {
    let start = "W:WKh2,c1,e1:BKa7,d8,f8";
    let men = [
        (21, "c1-d2"),
        (42, "f8-e7"),
        (61, "d2-c3"),
        (82, "e7-f6"),
        (101, "c3-b4"),
    ];
    let (_, clock) = balance_walk::<Russian>(start, 119, &men);
    assert_eq!(clock.plies_to_draw(), Some(1));
    let (_, clock) = balance_walk::<Russian>(start, 120, &men);
    assert_eq!(clock.draw(), Some(DrawReason::UnchangedBalance));
    // With eight pieces no count of the balance runs: only 7.2.5's.
    let eight = pos::<Russian>("W:WKh2,a1,c1,e1:BKa7,d8,f8,h8");
    assert_eq!(DrawClock::new(&eight).plies_to_draw(), Some(30));
}

/// CBD rule 16: 20 moves each of only kings, no capture, no man moved: 40 plies. No
/// count on lone-king material: three kings against one play on until then.
#[test]
fn brazilian_twenty_moves_of_kings() {
    let mut p = pos::<Brazilian>("W:WKc1,Ke1,Kg1:BKh6");
    let mut clock = DrawClock::new(&p);
    assert_eq!(clock.plies_to_draw(), Some(40));
    shuffle(&mut p, &mut clock, 39, &WHITE_E1_F2, &BLACK_H6_F8);
    step(&mut p, &mut clock, &BLACK_H6_F8);
    assert_eq!(clock.draw(), Some(DrawReason::KingMoves));

    // A man move resets the count.
    let mut p = pos::<Brazilian>("W:WKe1,Kg1,c1:BKh6");
    let mut clock = DrawClock::new(&p);
    shuffle(&mut p, &mut clock, 38, &WHITE_E1_F2, &BLACK_H6_F8);
    step(&mut p, &mut clock, &["c1-b2"]);
    assert_eq!(clock.plies_to_draw(), Some(40));
    // Two kings against one, or a lone king on the main road: no count of their own.
    assert_eq!(
        DrawClock::new(&pos::<Brazilian>("W:WKc1,Ke1:BKh8")).plies_to_draw(),
        Some(40)
    );
}

/// APCA Playing Rules (Wikipedia, "Pool checkers"): three kings against one must win
/// within thirteen moves: 26 plies. Three pieces with a man, or four kings, play on.
#[test]
fn pool_three_kings_against_one() {
    // Kings on c1, e1, g1 (30, 31, 32) against one on h6 (12); e1-f2 is 31-27, h6-f8
    // is 12-3.
    let mut p = pos::<Pool>("W:WK30,K31,K32:BK12");
    let mut clock = DrawClock::new(&p);
    assert_eq!(clock.plies_to_draw(), Some(26));
    shuffle(
        &mut p,
        &mut clock,
        25,
        &["31-27", "27-31"],
        &["12-3", "3-12"],
    );
    assert_eq!(clock.plies_to_draw(), Some(1));
    step(&mut p, &mut clock, &["12-3", "3-12"]);
    assert_eq!(clock.draw(), Some(DrawReason::LoneKingVsThree));

    for other in [
        "W:WK30,K31,22:BK12",
        "W:WK30,K31,K32,K29:BK12",
        "W:WK30,K31:BK12",
    ] {
        assert_eq!(
            DrawClock::new(&pos::<Pool>(other)).plies_to_draw(),
            None,
            "{other}"
        );
    }
}
