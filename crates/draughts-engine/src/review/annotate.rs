//! A review as PDN: the game's tags and moves, each error marked with its NAG, every
//! move's evaluation in a `[%eval]` comment (lidraughts' form, in men, from White's
//! side), the explanation in words, and the engine's line as a variation.

use super::{Eval, GameReview, MoveReview, ReviewMove, Shot, Side};
use draughts_core::pdn::{PdnGame, PdnMove};
use draughts_search::{database_result, plies_to_end};
use draughts_tactics::GAME_WIN_GAIN;

impl GameReview {
    /// The game as annotated PDN (see the module's documentation).
    ///
    /// The core's reader reads it back: the same moves, the NAGs on the moves, the
    /// comments, and the engine's lines as variations.
    pub fn annotated(&self) -> PdnGame {
        let mut tags = self.tags.clone();
        tags.retain(|(name, _)| !name.eq_ignore_ascii_case("Annotator"));
        tags.push(("Annotator".to_string(), "draughts review".to_string()));
        let mut moves = Vec::with_capacity(self.moves.len());
        for (ply, mv) in self.moves.iter().enumerate() {
            // A second mover's number only where the game starts with it: `12...` after
            // each comment is standard, but pydraughts' reader cannot read it.
            let mut pdn = PdnMove {
                number: (ply == 0 || !mv.second).then_some(mv.number),
                ellipsis: mv.second,
                ..PdnMove::new(mv.played.text.clone())
            };
            pdn.nags.extend(mv.class.map(|c| c.nag()));
            pdn.comments.extend(eval_comment(&mv.after, mv.side));
            pdn.comments.extend(explanation(mv));
            if mv.class.is_some() && !mv.best.is_empty() {
                pdn.variations.push(line(mv.number, mv.second, &mv.best));
            }
            moves.push(pdn);
        }
        PdnGame {
            tags,
            moves,
            result: self.result.clone(),
            ..PdnGame::default()
        }
    }
}

/// `moves` from the move numbered `number` (the second mover's if `second`) on.
fn line(mut number: u32, mut second: bool, moves: &[ReviewMove]) -> Vec<PdnMove> {
    let mut out = Vec::with_capacity(moves.len());
    for (i, mv) in moves.iter().enumerate() {
        out.push(PdnMove {
            number: (i == 0 || !second).then_some(number),
            ellipsis: second,
            ..PdnMove::new(mv.text.clone())
        });
        number = number.saturating_add(u32::from(second));
        second = !second;
    }
    out
}

/// `[%eval 0.35]`, from White's side, for a score that is no proven result.
fn eval_comment(eval: &Eval, mover: Side) -> Option<String> {
    let decided = plies_to_end(eval.score).is_some() || database_result(eval.score).is_some();
    if decided || eval.text.starts_with("database") {
        return None;
    }
    let white = if mover == Side::White {
        eval.score
    } else {
        eval.score.saturating_neg()
    };
    Some(format!("[%eval {:.2}]", f64::from(white) / 100.0))
}

impl MoveReview {
    /// The move's class and explanation in words, if there is anything to say:
    /// `Blunder (+0.10 → -1.20); 27-21 was better; allows the shot …`.
    pub fn explanation(&self) -> Option<String> {
        explanation(self)
    }
}

fn explanation(mv: &MoveReview) -> Option<String> {
    let mut parts = Vec::new();
    if let Some(class) = mv.class {
        let mut head = format!(
            "{} ({} → {})",
            capitalised(class.name()),
            mv.before.text,
            mv.after.text
        );
        if let Some(best) = mv.best.first() {
            head.push_str(&format!("; {} was better", best.text));
        }
        parts.push(head);
    }
    if let Some(shot) = &mv.allowed {
        parts.push(format!("allows the shot {}", shot_text(shot)));
    }
    if let Some(shot) = &mv.missed {
        parts.push(format!("misses the shot {}", shot_text(shot)));
    }
    if let Some(threat) = &mv.threat {
        let mut text = format!("threatens {}", shot_text(&threat.shot));
        let counters: Vec<&str> = threat.counters.iter().map(|c| c.text.as_str()).collect();
        match counters.as_slice() {
            [] => text.push_str("; nothing parries it"),
            [one] => text.push_str(&format!("; only {one} parries it")),
            many => text.push_str(&format!("; {} parry it", many.join(", "))),
        }
        match threat.parried {
            Some(true) => text.push_str(", and the reply did"),
            Some(false) if !counters.is_empty() => text.push_str(", and the reply did not"),
            _ => {}
        }
        parts.push(text);
    }
    (!parts.is_empty()).then(|| capitalised(&parts.join("; ")) + ".")
}

/// `28-22 17x28 33x13, winning a man`.
fn shot_text(shot: &Shot) -> String {
    let moves: Vec<&str> = shot.line.iter().map(|m| m.text.as_str()).collect();
    format!(
        "{}, {}",
        moves.join(" "),
        gain_text(shot.gain, shot.crowned)
    )
}

/// What a shot wins, in words: `winning a man`, `winning 2 men and a king`.
fn gain_text(gain: i32, crowned: bool) -> String {
    if gain >= GAME_WIN_GAIN {
        return "winning the game".to_string();
    }
    let men = match gain {
        100 => "a man".to_string(),
        g if g % 100 == 0 => format!("{} men", g / 100),
        g => format!("{:.1} men", f64::from(g) / 100.0),
    };
    match (gain, crowned) {
        (0, true) => "breaking through to a king".to_string(),
        (_, true) => format!("winning {men} and crowning"),
        _ => format!("winning {men}"),
    }
}

fn capitalised(text: &str) -> String {
    let mut chars = text.chars();
    chars
        .next()
        .map(|first| first.to_uppercase().chain(chars).collect())
        .unwrap_or_default()
}
