//! Files of positions, one a line: openings (a FEN) and tactics suites (a FEN and the
//! winning move, in the variant's notation).
//!
//! `#` starts a comment (to the end of the line) and blank lines are skipped. Errors
//! name the file and the line. This module uses only the rules core, so the fuzz
//! target `position_files` compiles it as it is.

use draughts_core::{Move, Position, Variant};

/// Positions with their winning move.
pub type Suite<V> = Vec<(Position<V>, Move<V>)>;

/// The positions of an openings file; `origin` names it in errors.
///
/// # Errors
/// A message naming the line of a FEN that cannot be read, or of a position where the
/// game is already over; also when there is no position at all.
pub fn read_openings<V: Variant>(text: &str, origin: &str) -> Result<Vec<Position<V>>, String> {
    let mut positions = Vec::new();
    for (at, fen) in content_lines(text, origin) {
        let position = read_fen::<V>(fen, &at)?;
        if position.legal_moves().is_empty() {
            return Err(format!(
                "{at}: {fen} has no legal move: the game is already over"
            ));
        }
        positions.push(position);
    }
    if positions.is_empty() {
        return Err(format!("{origin}: no opening position in it"));
    }
    Ok(positions)
}

/// The positions and moves of a suite file; `origin` names it in errors.
///
/// # Errors
/// A message naming the line that has no move, a FEN that cannot be read, or a move
/// that is not legal in its position; also when there is no position at all.
pub fn read_suite<V: Variant>(text: &str, origin: &str) -> Result<Suite<V>, String> {
    let mut suite = Vec::new();
    for (at, line) in content_lines(text, origin) {
        let (fen, text) = line
            .rsplit_once(char::is_whitespace)
            .ok_or_else(|| format!("{at}: expected a FEN and a move, found {line:?}"))?;
        let position = read_fen::<V>(fen.trim(), &at)?;
        let mv = position
            .parse_move(text)
            .map_err(|e| format!("{at}: {e}"))?;
        suite.push((position, mv));
    }
    if suite.is_empty() {
        return Err(format!("{origin}: no position in it"));
    }
    Ok(suite)
}

/// The lines of `text` that hold something, comments removed and trimmed, each with
/// `origin:line` for its errors.
fn content_lines<'a>(
    text: &'a str,
    origin: &'a str,
) -> impl Iterator<Item = (String, &'a str)> + 'a {
    text.lines().enumerate().filter_map(move |(index, line)| {
        let content = line.split('#').next().unwrap_or("").trim();
        (!content.is_empty()).then(|| (format!("{origin}:{}", index + 1), content))
    })
}

fn read_fen<V: Variant>(fen: &str, at: &str) -> Result<Position<V>, String> {
    fen.parse()
        .map_err(|e| format!("{at}: {fen:?} is not a {} FEN: {e}", V::NAME))
}

#[cfg(test)]
mod tests {
    use super::*;
    use draughts_core::International;

    #[test]
    fn openings_read_fens_comments_and_blank_lines() {
        let text = "# openings\n\nW:W31-50:B1-20\n  B:W31-50:B1-20  # a comment\n";
        let positions = read_openings::<International>(text, "test.fen").unwrap();
        assert_eq!(positions.len(), 2);
        assert_eq!(positions[0], Position::initial());
        let error =
            read_openings::<International>("W:W31-50:B1-20\nnonsense\n", "x.fen").unwrap_err();
        assert!(error.starts_with("x.fen:2: "), "{error}");
        let error = read_openings::<International>("W:W:BK5\n", "x.fen").unwrap_err();
        assert!(error.contains("already over"), "{error}");
        assert!(read_openings::<International>("# nothing\n", "x.fen").is_err());
    }

    #[test]
    fn suite_lines_are_checked() {
        let good = "# a shot\nW:W27,28,33,39,47:B1,17,18 28-22\n";
        let suite = read_suite::<International>(good, "suite.txt").unwrap();
        assert_eq!(suite.len(), 1);
        for (bad, expected) in [
            ("W:W27,28,33,39,47:B1,17,18", "suite.txt:1: expected a FEN"),
            ("W:W27,28:B99 28-22", "suite.txt:1: \"W:W27,28:B99\" is not"),
            ("W:W27,28,33,39,47:B1,17,18 28-17", "suite.txt:1:"),
            ("# nothing\n", "suite.txt: no position"),
        ] {
            let error = read_suite::<International>(bad, "suite.txt").unwrap_err();
            assert!(error.starts_with(expected), "{bad}: {error}");
        }
    }
}
