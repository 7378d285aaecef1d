"""Fast, exact draughts (checkers) for Python, over the Rust crates of this workspace.

International (10x10), English (8x8 checkers), Brazilian, American pool and Russian
draughts, with an API modelled on python-chess:

>>> import fastdraughts
>>> board = fastdraughts.Board("english")
>>> board.turn == fastdraughts.BLACK
True
>>> move = board.push_text("11-15")
>>> move.from_square, move.to_square
(11, 15)
>>> board.perft(3)
184

Modules: ``fastdraughts.svg`` (drawing), ``fastdraughts.pdn`` (games in files),
``fastdraughts.engine`` (the search), ``fastdraughts.egdb`` (endgame databases),
``fastdraughts.review`` (games reviewed move by move), ``fastdraughts.puzzles`` (puzzles
from games; ``read_puzzles`` reads a puzzle file).
"""

from ._core import (
    BLACK,
    KING,
    MAN,
    VARIANTS,
    WHITE,
    AmbiguousMove,
    Board,
    DraughtsError,
    EgdbError,
    EngineError,
    IllegalMove,
    InvalidFen,
    InvalidMove,
    InvalidSquare,
    InvalidVariant,
    Move,
    Outcome,
    PdnError,
    Piece,
    PuzzleError,
    ReviewError,
    Termination,
    read_puzzles,
)

__all__ = [
    "BLACK",
    "KING",
    "MAN",
    "VARIANTS",
    "WHITE",
    "AmbiguousMove",
    "Board",
    "DraughtsError",
    "EgdbError",
    "EngineError",
    "IllegalMove",
    "InvalidFen",
    "InvalidMove",
    "InvalidSquare",
    "InvalidVariant",
    "Move",
    "Outcome",
    "PdnError",
    "Piece",
    "PuzzleError",
    "ReviewError",
    "Termination",
    "read_puzzles",
]
