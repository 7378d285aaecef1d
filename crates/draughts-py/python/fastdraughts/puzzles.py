"""Puzzles from real games: positions where the side to move has a forced combination
whose first move (the key) is the only move that wins, found by the combination finder
and checked by the search (or an endgame database), as ``draughts puzzles`` finds them.

>>> from fastdraughts import puzzles
>>> from fastdraughts.engine import Engine
>>> engine = Engine("international", hash_mb=8)
>>> puzzle = engine.puzzle("W:W28,31-40,42-50:B1-14,16,18-21,25", check_nodes=100000)
>>> [str(m) for m in puzzle.solution], puzzle.gain, puzzle.difficulty.sacrifices
(['28-23', '18x29', '33x15'], 100, 1)
>>> puzzle.check.kind, engine.verify_puzzle(puzzle, nodes=100000)
('search', True)
>>> puzzles.read_puzzles(puzzle.to_pdn()) == [puzzle]
True

``find_puzzles`` makes an ``Engine`` for the variant and calls its ``find_puzzles``;
with an ``Engine`` at hand, call that (and ``Engine.puzzle``, ``Engine.verify_puzzle``)
directly. A puzzle file is PDN, one puzzle a game (``write_puzzles``, ``read_puzzles``),
so that any PDN reader shows the puzzles.
"""

from __future__ import annotations

import os
from typing import Callable, Iterable, List, Optional, Sequence, Union

from ._core import (
    Board,
    Check,
    Difficulty,
    DraughtsError,
    Engine,
    Game,
    Puzzle,
    PuzzleError,
    ReviewMove,
    Source,
    read_puzzles,
)

__all__ = [
    "Check",
    "Difficulty",
    "Puzzle",
    "PuzzleError",
    "ReviewMove",
    "Source",
    "find_puzzles",
    "read_puzzles",
    "write_puzzles",
]

_Path = Union[str, "os.PathLike[str]"]


def find_puzzles(
    games: Union[str, bytes, Sequence[Union[Game, Board, str]]],
    variant: str = "international",
    *,
    file: str = "",
    check_nodes: Optional[int] = None,
    check_rounds: Optional[int] = None,
    screen_nodes: Optional[int] = None,
    margin: Optional[int] = None,
    won: Optional[int] = None,
    skip_plies: int = 0,
    jobs: Optional[int] = None,
    progress: Optional[Callable[[int, int, int], object]] = None,
    threads: int = 1,
    hash_mb: int = 64,
    egdb: Optional[_Path] = None,
    evaluation: Optional[_Path] = None,
) -> List[Union[Puzzle, DraughtsError]]:
    """The puzzles of games of ``variant`` (PDN text or bytes, or a list of ``Game``,
    ``Board`` or one-game texts), ``jobs`` games at once (default: one a core): each
    ``Puzzle`` in the games' order, and the ``PdnError`` (not raised) of a game that
    does not read or replay in its place. ``progress(game, done, total)`` hears each
    position tried. ``threads``, ``hash_mb``, ``egdb`` and ``evaluation`` make the
    engine as ``Engine`` does; the rest is ``Engine.find_puzzles``'s."""
    engine = Engine(variant, threads=threads, hash_mb=hash_mb, egdb=egdb, evaluation=evaluation)
    return engine.find_puzzles(
        games,
        file=file,
        check_nodes=check_nodes,
        check_rounds=check_rounds,
        screen_nodes=screen_nodes,
        margin=margin,
        won=won,
        skip_plies=skip_plies,
        jobs=jobs,
        progress=progress,
    )


def write_puzzles(puzzles: Iterable[Puzzle]) -> str:
    """A puzzle file of ``puzzles``: PDN, one puzzle a game (``Puzzle.to_pdn``), as
    ``draughts puzzles --out`` writes it; ``read_puzzles`` reads it back."""
    return "".join(puzzle.to_pdn() + "\n" for puzzle in puzzles)
