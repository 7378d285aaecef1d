"""A short tour of fastdraughts: play a game, analyse, draw, read a PDN, review a
game, find a puzzle, probe a database. Run it after `pip install ./crates/draughts-py` (or of the wheel, see
crates/draughts-py/README.md):

    python examples/python/tour.py [output folder]
"""

import io
import pathlib
import sys
import tempfile

import fastdraughts
from fastdraughts import engine, pdn, puzzles, svg
from fastdraughts.egdb import Egdb

out = pathlib.Path(sys.argv[1] if len(sys.argv) > 1 else tempfile.mkdtemp())
out.mkdir(parents=True, exist_ok=True)

# Play: moves by text or as values, and take them back.
board = fastdraughts.Board("international")
board.push_text("32-28")
board.push_text("19-23")
capture = board.legal_moves[0]
print("forced:", capture, "takes", capture.captures, "along", capture.path)
board.push(capture)
print(board)
print("FEN:", board.fen(), "| perft(4) from the start:", board.root().perft(4))

# Analyse: the in-process search (the GIL is released while it thinks).
eng = engine.Engine("international", hash_mb=32)
info = eng.analyse(board, depth=8)
print(f"depth {info['depth']}: score {info['score'] / engine.SCORE_MAN:+.2f} men,",
      "pv", " ".join(str(m) for m in info["pv"]), f"({info['nodes']} nodes)")

# Play an English game engine against itself, to its end or 40 moves.
game = fastdraughts.Board("english")
checkers = engine.Engine("english", hash_mb=16)
while not game.is_game_over() and len(game.move_stack) < 80:
    game.push(checkers.play(game, nodes=3000))
print("english self-play:", len(game.move_stack), "plies, result", game.result(), game.outcome())

# Draw: SVG for notebooks (Board._repr_svg_) or files.
(out / "board.svg").write_text(svg.board(board, lastmove=capture, arrows=info["pv"][:1]))
print("drawn:", out / "board.svg")

# PDN: write the game, read it back.
text = pdn.write_game(game, headers={"Event": "tour", "White": "fastdraughts", "Black": "fastdraughts"})
read = pdn.read_game(io.StringIO(text))
print("PDN:", read.headers["Event"], len(read.mainline_moves()), "moves, result", read.result)

# Review: every move of the self-play game judged and explained, as annotated PDN.
reviewed = checkers.review(read, depth=6)
errors = [f"{m.number}. {m.played}{m.mark}" for m in reviewed.moves if m.class_]
print(f"review: accuracy White {reviewed.white.accuracy:.1f}%, Black {reviewed.black.accuracy:.1f}%;",
      "errors:", " ".join(errors) or "none")
(out / "review.pdn").write_text(reviewed.annotated_pdn())

# Puzzles: a position whose first move is the only one that wins, written as a puzzle
# file (PDN) and read back; find_puzzles does the same over games.
puzzle = eng.puzzle("W:W28,31-40,42-50:B1-14,16,18-21,25", check_nodes=200000)
print("puzzle:", " ".join(str(m) for m in puzzle.solution), f"wins {puzzle.gain / engine.SCORE_MAN:.0f} man,",
      puzzle.difficulty.sacrifices, "sacrifice; only winner:", eng.verify_puzzle(puzzle, nodes=200000))
(out / "puzzles.pdn").write_text(puzzles.write_puzzles([puzzle]))
assert fastdraughts.read_puzzles((out / "puzzles.pdn").read_text()) == [puzzle]

# Endgame database: build English up to 3 pieces (seconds), then probe.
db = Egdb.build(out / "egdb", "english", pieces=3)
ending = fastdraughts.Board("english", "W:WK1,K2:BK32")
print("W:WK1,K2:BK32 is a", db.probe(ending), "for the side to move")
