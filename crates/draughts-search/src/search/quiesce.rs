//! Quiescence: pending captures resolved, then the leaf's value.

use super::Worker;
use crate::score::{no_move_score, INFINITY, MAX_PLY};
use draughts_core::{Bitboard, Color, Direction, DrawClock, Goal, Kind, Position, Variant};
use draughts_eval::{Evaluator, Score};

impl<V: Variant, E: Evaluator<V>> Worker<'_, V, E> {
    /// Resolves pending captures before evaluating: a position where the side to move
    /// must capture is searched through its captures; in a quiet one the side to move
    /// stands on the evaluation, crowns a man, or, while no side has a king and
    /// `exchanges` is above zero, offers a man for an exchange
    /// ([`Worker::offers_exchange`]).
    /// A capture only the opponent threatens is left to the evaluation: a full ply for
    /// each such leaf played 51.6 Elo weaker at a fixed node count (BENCHMARKS.md,
    /// "Quiescence").
    pub(super) fn quiesce(
        &mut self,
        pos: &Position<V>,
        clock: DrawClock<V>,
        mut alpha: Score,
        beta: Score,
        ply: usize,
        exchanges: i32,
    ) -> Score {
        self.count_node(ply);
        if self.check_stop() {
            return 0;
        }
        if ply >= MAX_PLY - 1 {
            return self.shared.eval.evaluate(pos);
        }
        // Where a game can end other than by a side running out of moves (a crowning
        // in Breakthrough), or running out of moves wins, the leaf may be over already.
        if !matches!(V::GOAL, Goal::Block) && pos.has_no_move() {
            return no_move_score::<V>(ply);
        }
        let capture = pos.has_capture();
        let mut best = -INFINITY;
        let mut offers = Bitboard::EMPTY;
        if !capture {
            let eval = self.leaf(pos, clock, ply, alpha, beta);
            // A threatened side does not stand on its evaluation (see `threats.rs`);
            // below `alpha` the threat changes nothing.
            if eval > alpha && self.may_answer_threat(ply) {
                if let Some(threat) = self.threat_against(pos, eval, beta) {
                    let found = (eval, threat);
                    return self.answer_threat(pos, clock, alpha, beta, ply, exchanges, found);
                }
            }
            if exchanges > 0
                && eval < beta
                && (pos.kings(Color::White) | pos.kings(Color::Black)).is_empty()
                && ply + 2 < MAX_PLY - 1
            {
                offers = offer_squares(pos);
            }
            if eval >= beta || (offers.is_empty() && !pos.can_crown()) {
                return eval;
            }
            best = eval;
            alpha = alpha.max(eval);
        }
        pos.generate_moves(&mut self.lists[ply]);
        let count = self.lists[ply].len();
        if count == 0 {
            return no_move_score::<V>(ply);
        }
        let can_crown = !capture && pos.can_crown();
        for i in 0..count {
            let mv = self.lists[ply][i];
            // In a quiet position only the moves that crown a man or offer an exchange
            // are searched; a move that can do neither is not played.
            if !capture
                && (pos.piece_at(mv.from()).map(|p| p.kind) != Some(Kind::Man)
                    || !(can_crown || offers.contains(mv.to())))
            {
                continue;
            }
            let child = pos.play_unchecked(&mv);
            let mut left = exchanges;
            if !capture && child.piece_at(mv.to()).map(|p| p.kind) != Some(Kind::King) {
                if !offers.contains(mv.to()) || !self.offers_exchange(&child, ply + 1) {
                    continue;
                }
                left -= 1;
            }
            let child_clock = clock.after(pos, &mv, &child);
            let score = -self.quiesce(&child, child_clock, -beta, -alpha, ply + 1, left);
            if self.stopped {
                return 0;
            }
            if score > best {
                best = score;
                if score > alpha {
                    alpha = score;
                    if score >= beta {
                        break;
                    }
                }
            }
        }
        best
    }

    /// Whether the quiet move that made `child` offers an exchange: the opponent, to
    /// move in `child`, must capture, every capture it has takes a single piece, and
    /// after each the mover captures back. `ply` is `child`'s, whose move list this
    /// uses.
    fn offers_exchange(&mut self, child: &Position<V>, ply: usize) -> bool {
        if !child.has_capture() {
            return false;
        }
        child.generate_captures(&mut self.lists[ply]);
        let list = &self.lists[ply];
        !list.is_empty()
            && list.iter().all(|capture| {
                capture.capture_count() == 1 && child.play_unchecked(capture).has_capture()
            })
    }

    /// The value of a quiet position: the database's if it knows, a proven combination
    /// if the tactical oracle has one, else the evaluation, drawn towards zero as the
    /// king-move draw rule comes near, so that the side ahead makes progress in time.
    pub(super) fn leaf(
        &mut self,
        pos: &Position<V>,
        clock: DrawClock<V>,
        ply: usize,
        alpha: Score,
        beta: Score,
    ) -> Score {
        if let Some(score) = self.probe_endgame(pos, clock, ply, false) {
            return score;
        }
        let eval = fade_towards_draw::<V>(self.shared.eval.evaluate(pos), clock);
        // A combination only adds to the evaluation: at or above `beta` the node fails
        // high without asking, and a gain that cannot lift it above `alpha` is not
        // asked for (the node fails low either way).
        if eval >= beta {
            return eval;
        }
        if let Some((tactics, max_gain)) = self.shared.tactics {
            let needed = alpha.saturating_add(1).saturating_sub(eval).max(1);
            if needed <= max_gain {
                if let Some(gain) = tactics.gain(pos, needed) {
                    return eval + gain;
                }
            }
        }
        eval
    }
}

/// The empty squares next to an opponent's man that a man of the side to move steps
/// to: where a quiet move may offer its man for an exchange.
fn offer_squares<V: Variant>(pos: &Position<V>) -> Bitboard<V> {
    let us = pos.turn();
    let (men, theirs) = (pos.men(us), pos.men(!us));
    let steps =
        Position::<V>::man_step_directions(us).fold(Bitboard::EMPTY, |set, d| set | men.shift(d));
    let near = Direction::ALL_EIGHT
        .into_iter()
        .fold(Bitboard::EMPTY, |set, d| set | theirs.shift(d));
    steps & near & pos.empty()
}

/// Plies of king moves after which an evaluation starts fading towards a draw.
const FADE_START: u16 = 10;

/// `eval` scaled linearly from full strength at [`FADE_START`] reversible plies to zero
/// where the king-move rule ([`Variant::KING_MOVES_DRAW_PLIES`]) draws the game.
pub(super) fn fade_towards_draw<V: Variant>(eval: Score, clock: DrawClock<V>) -> Score {
    let plies = clock.reversible_plies();
    match V::KING_MOVES_DRAW_PLIES {
        Some(limit) if plies > FADE_START && limit > FADE_START => {
            let left = Score::from(limit.saturating_sub(plies));
            eval * left / Score::from(limit - FADE_START)
        }
        _ => eval,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use draughts_core::{English, International};

    /// The evaluation fades to nothing exactly where the king-move rule draws.
    #[test]
    pub(super) fn evaluation_fades_towards_the_king_move_draw() {
        let mut pos: Position<International> = "W:WK46:BK3".parse().expect("test FEN");
        let mut clock = DrawClock::new(&pos);
        let shuffle = ["46-41", "3-8", "41-46", "8-3"];
        let mut faded = Vec::new();
        for ply in 0..50 {
            faded.push(fade_towards_draw::<International>(400, clock));
            let mv = pos.parse_move(shuffle[ply % 4]).expect("legal");
            let next = pos.play_unchecked(&mv);
            clock = clock.after(&pos, &mv, &next);
            pos = next;
        }
        faded.push(fade_towards_draw::<International>(400, clock));
        assert!(faded[..=FADE_START as usize].iter().all(|&e| e == 400));
        assert!(faded.windows(2).all(|w| w[1] <= w[0]));
        assert_eq!(faded[30], 200);
        assert_eq!(faded[50], 0);
        // English counts to 80 plies.
        let english: Position<English> = "W:WK1:BK32".parse().expect("test FEN");
        assert_eq!(
            fade_towards_draw::<English>(-300, DrawClock::new(&english)),
            -300
        );
    }
}
