"""fastdraughts.svg: boards drawn as SVG."""

import xml.etree.ElementTree as ET

import pytest

from fastdraughts import Board, InvalidSquare, svg

NS = "{http://www.w3.org/2000/svg}"


def _parse(text):
    return ET.fromstring(text)


def test_start_boards_draw_every_piece():
    for variant, pieces, side in [("international", 40, 10), ("english", 24, 8)]:
        board = Board(variant)
        root = _parse(svg.board(board))
        assert root.get("width") == "400"
        assert len(root.findall(f"{NS}circle")) == pieces
        assert len(root.findall(f"{NS}rect")) == side * side
        assert len(root.findall(f"{NS}text")) == side * side // 2
        assert board._repr_svg_() == svg.board(board)


def test_options():
    board = Board("international", "W:WK46,28:B23")
    move = board.legal_moves[0]
    text = svg.board(
        board, lastmove=move, arrows=[move, (46, 5)], squares=[1, 2], flipped=True, size=200, numbers=False
    )
    root = _parse(text)
    assert root.get("width") == "200"
    assert len(root.findall(f"{NS}line")) == 2
    assert len(root.findall(f"{NS}text")) == 0
    # One circle per piece and an inner one for the king.
    assert len(root.findall(f"{NS}circle")) == 4
    # 100 cells, then the highlighted path (2 squares) and the marked ones (2).
    assert len(root.findall(f"{NS}rect")) == 104
    with pytest.raises(InvalidSquare):
        svg.board(board, squares=[51])
    with pytest.raises(ValueError):
        svg.board(board, size=0)


def test_flipped_puts_square_one_at_the_bottom():
    board = Board("english")
    plain = _parse(svg.board(board))
    flipped = _parse(svg.board(board, flipped=True))
    first = lambda root: next(t for t in root.findall(f"{NS}text") if t.text == "1")
    assert float(first(plain).get("y")) < 40 < float(first(flipped).get("y"))


def test_squares_sit_where_each_variant_puts_them():
    """Italian's square 1 is the top-left corner, Spanish's the bottom-right one;
    Turkish's 64 squares all fit the board; Russian labels its squares a1..h8."""
    at = lambda root, label: next(t for t in root.findall(f"{NS}text") if t.text == label)
    italian = _parse(svg.board(Board("italian")))
    assert float(at(italian, "1").get("x")) < 40 and float(at(italian, "1").get("y")) < 40
    spanish = _parse(svg.board(Board("spanish")))
    assert float(at(spanish, "1").get("x")) > 280 and float(at(spanish, "1").get("y")) > 280
    turkish = _parse(svg.board(Board("turkish")))
    texts = turkish.findall(f"{NS}text")
    assert len(texts) == 64
    assert all(0 <= float(t.get("y")) < 320 for t in texts)
    assert float(at(turkish, "h1").get("x")) > 280
    russian = _parse(svg.board(Board("russian")))
    a1 = at(russian, "a1")
    assert float(a1.get("x")) < 40 and float(a1.get("y")) > 280
