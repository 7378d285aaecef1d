"""Legal moves compared with pydraughts (PyPI ``pydraughts``, imported as ``draughts``),
an independent generator, on positions from random playouts, for the variants both
play: International (pydraughts' ``standard``), English, Brazilian, Russian, Italian and
Antidraughts (pool is not among pydraughts' variants; its Breakthrough lists moves after a
crowning, where the game is over, so the Rust test compares that one). Skipped where pydraughts is not installed.

pydraughts writes International and English FEN with our square numbers, Brazilian and
Russian FEN in algebraic squares (a1 White's bottom-left), and lists every path of a
capture; the comparison is on the set of positions the moves lead to, and for the
numbered variants on the (from, to, captured) sets too.
"""

import random

import pytest

import fastdraughts

draughts = pytest.importorskip("draughts")
if not hasattr(draughts, "Board") or not hasattr(draughts.Board(), "legal_moves"):
    pytest.skip("the installed `draughts` is not pydraughts", allow_module_level=True)

from conftest import playout  # noqa: E402

PYDRAUGHTS_NAME = {
    "international": "standard",
    "english": "english",
    "brazilian": "brazilian",
    "russian": "russian",
    "italian": "italian",
    "antidraughts": "antidraughts",
}
ALGEBRAIC = {"brazilian", "russian"}
POSITIONS = 150


def _algebraic(square: int) -> str:
    index = square - 1
    row, k = divmod(index, 4)
    column = 2 * k + 1 if row % 2 == 0 else 2 * k
    return "abcdefgh"[column] + str(8 - row)


def _pieces(board: fastdraughts.Board, variant: str):
    """The pieces as (square name, colour letter, king) triples."""
    out = set()
    for square in range(1, board.square_count + 1):
        piece = board.piece_at(square)
        if piece is not None:
            name = _algebraic(square) if variant in ALGEBRAIC else str(square)
            out.add((name, "W" if piece.color else "B", piece.kind == fastdraughts.KING))
    return frozenset(out)


def _fen(board: fastdraughts.Board, variant: str) -> str:
    sides = {"W": [], "B": []}
    for name, color, king in sorted(_pieces(board, variant)):
        sides[color].append(("K" if king else "") + name)
    turn = "W" if board.turn else "B"
    return f"{turn}:W{','.join(sides['W'])}:B{','.join(sides['B'])}"


def _pieces_of_fen(fen: str):
    """pydraughts' FEN read back into (square name, colour, king) triples."""
    out = set()
    for part in fen.split(":")[1:]:
        color, squares = part[0], part[1:]
        for item in filter(None, squares.split(",")):
            king = item.startswith("K")
            out.add((item[1:] if king else item, color, king))
    return frozenset(out)


def _compare(board: fastdraughts.Board, variant: str) -> None:
    theirs = draughts.Board(variant=PYDRAUGHTS_NAME[variant], fen=_fen(board, variant))
    their_results, their_keys = set(), set()
    for move in theirs.legal_moves():
        theirs.push(move)
        their_results.add(_pieces_of_fen(theirs.fen))
        theirs.pop()
        their_keys.add((move.board_move[0][0], move.board_move[-1][-1], frozenset(move.captures)))
    our_results, our_keys = set(), set()
    for move in board.legal_moves:
        after = board.copy(stack=False)
        after.push(move)
        our_results.add(_pieces(after, variant))
        our_keys.add((move.from_square, move.to_square, frozenset(move.captures)))
    assert our_results == their_results, board.fen()
    if variant not in ALGEBRAIC:
        assert our_keys == their_keys, board.fen()


@pytest.mark.parametrize("variant", sorted(PYDRAUGHTS_NAME))
def test_legal_moves_match_pydraughts(variant):
    rng = random.Random(f"pydraughts-{variant}")
    for _ in range(POSITIONS):
        board = playout(variant, rng.randrange(0, 90), rng)
        if board.legal_moves:
            _compare(board, variant)
