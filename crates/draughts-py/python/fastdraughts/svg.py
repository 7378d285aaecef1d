"""Boards as SVG, for notebooks (``Board._repr_svg_``) and files.

>>> from fastdraughts import Board, svg
>>> board = Board("english")
>>> move = board.push_text("11-15")
>>> text = svg.board(board, lastmove=move, size=200)
>>> text.startswith("<svg") and text.count("<circle") >= 24
True
"""

from __future__ import annotations

from typing import Iterable, Optional, Sequence, Tuple, Union

from ._core import KING, Board, Move, ReviewMove

__all__ = ["board"]

LIGHT = "#f0d9b5"
DARK = "#b58863"
HIGHLIGHT = "#cdd26a"
MARKED = "#7fa650"
ARROW = "#1f6fbf"
WHITE_PIECE = ("#fbf8ef", "#555555")
BLACK_PIECE = ("#2b2b2b", "#000000")

Arrow = Union[Move, ReviewMove, Tuple[int, int]]


def _cell(board: Board, square: int, flipped: bool) -> Tuple[int, int]:
    """(row, column) of a square numbered as players read it, where the variant's
    diagrams place it (``Board.square_coordinates``), turned round if ``flipped``."""
    row, column = board.square_coordinates(square)
    if flipped:
        side = board.board_size
        return side - 1 - row, side - 1 - column
    return row, column


def board(
    board: Board,
    *,
    lastmove: Optional[Move] = None,
    arrows: Iterable[Arrow] = (),
    squares: Iterable[int] = (),
    flipped: bool = False,
    size: Optional[int] = None,
    numbers: bool = True,
) -> str:
    """The board as an SVG image: ``lastmove`` highlighted along its path, ``arrows``
    (moves, a review's moves or ``(from, to)`` pairs), marked ``squares``, turned round with ``flipped``
    (Black at the bottom), ``size`` pixels wide (400 if not given), square names as the
    variant writes them (numbers, or ``a1``..``h8``) unless ``numbers=False``."""
    side = board.board_size
    pixels = 400 if size is None else int(size)
    if pixels <= 0:
        raise ValueError(f"size={size}: give a positive number of pixels")
    cell = 40
    extent = side * cell
    out = [
        f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 {extent} {extent}" '
        f'width="{pixels}" height="{pixels}">',
        "<defs><marker id=\"head\" viewBox=\"0 0 10 10\" refX=\"5\" refY=\"5\" markerWidth=\"4\" "
        f'markerHeight="4" orient="auto"><path d="M0,0 L10,5 L0,10 z" fill="{ARROW}"/></marker></defs>',
    ]
    highlighted = set(lastmove.path) if lastmove is not None else set()
    marked = {_square(board, s) for s in squares}
    # The squares pieces stand on are dark; the full board (Turkish) is chequered.
    playable = {_cell(board, square, flipped) for square in range(1, board.square_count + 1)}
    for row in range(side):
        for column in range(side):
            if len(playable) < side * side:
                color = DARK if (row, column) in playable else LIGHT
            else:
                color = DARK if (row + column) % 2 == 1 else LIGHT
            out.append(
                f'<rect x="{column * cell}" y="{row * cell}" width="{cell}" height="{cell}" fill="{color}"/>'
            )
    for square in range(1, board.square_count + 1):
        row, column = _cell(board, square, flipped)
        x, y = column * cell, row * cell
        if square in highlighted or square in marked:
            fill = MARKED if square in marked else HIGHLIGHT
            out.append(f'<rect x="{x}" y="{y}" width="{cell}" height="{cell}" fill="{fill}"/>')
        if numbers:
            out.append(
                f'<text x="{x + 2}" y="{y + 9}" font-size="8" font-family="sans-serif" '
                f'fill="#f8f8f8">{board.square_name(square)}</text>'
            )
        piece = board.piece_at(square)
        if piece is not None:
            fill, stroke = WHITE_PIECE if piece.color else BLACK_PIECE
            cx, cy = x + cell / 2, y + cell / 2
            out.append(
                f'<circle cx="{cx}" cy="{cy}" r="{cell * 0.38}" fill="{fill}" stroke="{stroke}" stroke-width="1.5"/>'
            )
            if piece.kind == KING:
                out.append(
                    f'<circle cx="{cx}" cy="{cy}" r="{cell * 0.18}" fill="none" stroke="{stroke}" stroke-width="2.5"/>'
                )
    for arrow in arrows:
        start, end = (arrow.from_square, arrow.to_square) if isinstance(arrow, (Move, ReviewMove)) else arrow
        (r0, c0), (r1, c1) = (_cell(board, _square(board, s), flipped) for s in (start, end))
        out.append(
            f'<line x1="{(c0 + 0.5) * cell}" y1="{(r0 + 0.5) * cell}" x2="{(c1 + 0.5) * cell}" '
            f'y2="{(r1 + 0.5) * cell}" stroke="{ARROW}" stroke-width="5" stroke-opacity="0.8" '
            'marker-end="url(#head)"/>'
        )
    out.append("</svg>")
    return "\n".join(out)


def _square(board: Board, square: int) -> int:
    """``square`` checked to be on the board (``InvalidSquare`` otherwise)."""
    board.piece_at(square)
    return int(square)

