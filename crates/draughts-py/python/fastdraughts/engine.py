"""The search, in-process: ``Engine(variant).analyse(board, depth=..., nodes=..., time=...)``.

>>> from fastdraughts import Board
>>> from fastdraughts.engine import Engine
>>> engine = Engine("english", hash_mb=16)
>>> info = engine.analyse(Board("english"), depth=6)
>>> info["depth"], len(info["pv"]) > 0
(6, True)

``Engine.review(game, ...)`` and ``Engine.review_games(text, ...)`` review games move by
move with searchers made as this engine's (see ``fastdraughts.review``);
``Engine.puzzle(board_or_fen)``, ``Engine.find_puzzles(games, ...)`` and
``Engine.verify_puzzle(puzzle)`` find and check puzzles (see ``fastdraughts.puzzles``).
"""

from ._core import SCORE_MAN, Engine, EngineError

__all__ = ["SCORE_MAN", "Engine", "EngineError"]
