"""Game review: every move of a game judged by the search, classed by the expected score
it gave away (inaccuracy, mistake, blunder; with an endgame database, missed and
thrown wins), and explained (the shot it allowed, the shot missed, the threat it made).

>>> from fastdraughts import review
>>> text = '[GameType "21"]\\n1. 11-15 23-19 2. 8-11 22-17 3. 4-8 17-13 *'
>>> reviewed = review.review_game(text, depth=4, hash_mb=8)
>>> [m.played.text for m in reviewed.moves][:3], reviewed.white.moves
(['11-15', '23-19', '8-11'], 3)
>>> back = review.GameReview.from_json(reviewed.to_json())
>>> back == reviewed, back.annotated().mainline_moves() == reviewed.annotated().mainline_moves()
(True, True)

``review_game`` and ``review_games`` make an ``Engine`` for the game's variant and call
its ``review`` or ``review_games``; with an ``Engine`` at hand, call those directly.
The search of each position is limited by ``depth``, ``nodes`` or ``time`` (seconds),
whichever comes first, and is 500000 nodes when none is given.
"""

from __future__ import annotations

import os
from typing import Callable, List, Optional, Union

from ._core import (
    Board,
    DraughtsError,
    Engine,
    Evaluation,
    Game,
    GameReview,
    MoveReview,
    PdnError,
    ReviewError,
    ReviewMove,
    Shot,
    Summary,
    Threat,
)
from ._core import read_games as _read_games

__all__ = [
    "Evaluation",
    "GameReview",
    "MoveReview",
    "ReviewError",
    "ReviewMove",
    "Shot",
    "Summary",
    "Threat",
    "review_game",
    "review_games",
]

_Path = Union[str, "os.PathLike[str]"]


def review_game(
    game: Union[Game, Board, str],
    variant: Optional[str] = None,
    *,
    depth: Optional[int] = None,
    nodes: Optional[int] = None,
    time: Optional[float] = None,
    explain: bool = True,
    confirm_nodes: Optional[int] = None,
    threads: int = 1,
    hash_mb: int = 64,
    egdb: Optional[_Path] = None,
    evaluation: Optional[_Path] = None,
) -> GameReview:
    """The review of one game: a ``Game``, a ``Board`` (its moves from the root) or the
    PDN text of one game. The variant is the game's (a text's ``GameType`` tag, else
    ``variant``, else International); ``threads``, ``hash_mb``, ``egdb`` and
    ``evaluation`` make the engine as ``Engine`` does; the rest is ``Engine.review``'s.
    Raises ``PdnError`` for a game that does not read or replay."""
    if isinstance(game, str):
        games = _read_games(game, variant or "international")
        if len(games) != 1:
            raise PdnError(f"the text holds {len(games)} games: give one, or use review_games")
        if isinstance(games[0], PdnError):
            raise games[0]
        game = games[0]
    if variant is None:
        variant = game.variant
    engine = Engine(variant, threads=threads, hash_mb=hash_mb, egdb=egdb, evaluation=evaluation)
    return engine.review(
        game, depth=depth, nodes=nodes, time=time, explain=explain, confirm_nodes=confirm_nodes
    )


def review_games(
    text: str,
    variant: str = "international",
    *,
    depth: Optional[int] = None,
    nodes: Optional[int] = None,
    time: Optional[float] = None,
    explain: bool = True,
    confirm_nodes: Optional[int] = None,
    jobs: Optional[int] = None,
    progress: Optional[Callable[[int, int, int], object]] = None,
    threads: int = 1,
    hash_mb: int = 64,
    egdb: Optional[_Path] = None,
    evaluation: Optional[_Path] = None,
) -> List[Union[GameReview, DraughtsError]]:
    """The reviews of every game of a PDN ``text`` of ``variant``, ``jobs`` at once
    (default: one a core): a ``GameReview`` each, or the ``PdnError`` (not raised) of a
    game that does not read or replay. ``progress(game, done, total)`` hears each
    position searched. See ``Engine.review_games``."""
    engine = Engine(variant, threads=threads, hash_mb=hash_mb, egdb=egdb, evaluation=evaluation)
    return engine.review_games(
        text,
        depth=depth,
        nodes=nodes,
        time=time,
        explain=explain,
        confirm_nodes=confirm_nodes,
        jobs=jobs,
        progress=progress,
    )
