"""PDN games: read them from files, replay them on boards, write them.

>>> import io
>>> from fastdraughts import pdn
>>> game = pdn.read_game(io.StringIO('[White "A"]\\n[GameType "21"]\\n1. 11-15 23-19 *\\n'))
>>> game.headers["White"], game.variant, [str(m) for m in game.mainline_moves()]
('A', 'english', ['11-15', '23-19'])
>>> print(pdn.write_game(game.end()).splitlines()[-1])
1. 11-15 23-19 *
"""

from __future__ import annotations

import os
from typing import IO, Iterator, Optional, Union

from ._core import Board, PdnError
from ._core import Game
from ._core import read_games as _read_games

__all__ = ["Game", "PdnError", "iterate", "read_game", "read_games", "write_game"]

Source = Union[str, "os.PathLike[str]", IO[str]]


def read_games(text: str, variant: str = "international") -> list:
    """Every game of a PDN text: a ``Game`` each, or a ``PdnError`` (not raised) for a
    game that does not read. ``variant`` is used where no ``GameType`` tag says."""
    return _read_games(text, variant)


def iterate(source: Source, variant: str = "international", skip_errors: bool = False) -> Iterator[Game]:
    """The games of a file (a path or an open text handle), one by one. A game that
    does not read raises ``PdnError``, or is skipped with ``skip_errors=True``."""
    if hasattr(source, "read"):
        text = source.read()
    else:
        with open(source, encoding="utf-8", errors="replace") as handle:
            text = handle.read()
    for item in _read_games(text, variant):
        if isinstance(item, PdnError):
            if skip_errors:
                continue
            raise item
        yield item


def read_game(handle: IO[str], variant: str = "international") -> Optional[Game]:
    """The next game of an open text handle, or ``None`` at its end; the handle is left
    at the start of the game after it (as python-chess's ``read_game``). A game that
    ends without a result token is only known to end where the next one starts, so the
    handle must then be seekable."""
    lines: list[str] = []
    while True:
        start = handle.tell() if handle.seekable() else None
        line = handle.readline()
        if not line:
            break
        lines.append(line)
        items = _read_games("".join(lines), variant)
        if len(items) >= 2:
            # This line starts the next game: give it back.
            if start is None:
                raise PdnError("the game has no result token and the handle cannot seek")
            handle.seek(start)
            lines.pop()
            break
        if len(items) == 1 and isinstance(items[0], Game) and items[0].has_result_token:
            break
    items = _read_games("".join(lines), variant)
    if not items:
        return None
    if isinstance(items[0], PdnError):
        raise items[0]
    return items[0]


def write_game(game: Union[Board, Game], headers: Optional[dict] = None) -> str:
    """PDN text of a board's moves (from its root, with its result) or of a ``Game``,
    with ``headers`` set over the standard tags."""
    game = Game.from_board(game) if isinstance(game, Board) else game.copy()
    for name, value in (headers or {}).items():
        game.set_header(name, str(value))
    return str(game)
