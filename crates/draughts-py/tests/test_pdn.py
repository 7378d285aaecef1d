"""fastdraughts.pdn: reading, replaying and writing games."""

import io

import pytest

from fastdraughts import Board, PdnError, pdn

GAMES = """[Event "Test"]
[White "Sijbrands"]
[Black "Baba Sy"]
[Result "2-0"]
[GameType "20"]

{A short game.} 1. 32-28 {centre} 19-23 2. 28x19 14x23 2-0

[Event "Second"]
[GameType "21"]

1. 11-15 23-19 2. 8-11 *

[Event "Third, no result token"]
[FEN "W:W28:B23"]

1. 28x19
"""


def test_read_games_from_text():
    games = pdn.read_games(GAMES)
    assert len(games) == 3
    first = games[0]
    assert first.headers["White"] == "Sijbrands" and first.headers["Result"] == "2-0"
    assert first.variant == "international" and first.result == "2-0"
    assert first.comments == ["A short game."]
    assert first.move_comments[0] == ["centre"]
    assert [str(m) for m in first.mainline_moves()] == ["32-28", "19-23", "28x19", "14x23"]
    assert first.board() == Board() and len(first.end().move_stack) == 4
    assert "Sijbrands" in repr(first)
    assert games[1].variant == "english" and games[1].end().variant == "english"
    third = games[2]
    assert third.board().fen() == "W:W28:B23" and not third.has_result_token
    assert third.end().fen() == "B:W19:B"


def test_read_game_one_at_a_time_from_a_handle():
    handle = io.StringIO(GAMES)
    events = []
    while (game := pdn.read_game(handle)) is not None:
        events.append(game.headers["Event"])
    assert events == ["Test", "Second", "Third, no result token"]
    assert pdn.read_game(io.StringIO("")) is None


def test_iterate_paths_and_handles(tmp_path):
    path = tmp_path / "games.pdn"
    path.write_text(GAMES + '\n[Event "Bad"]\n\n1. 32-28 32-28 *\n', encoding="utf-8")
    games = list(pdn.iterate(io.StringIO(GAMES)))
    assert len(games) == 3
    games = list(pdn.iterate(path))
    assert len(games) == 4
    with pytest.raises(PdnError, match="32-28"):
        games[3].mainline_moves()
    broken = '[Event "x"]\n{ never closed\n'
    with pytest.raises(PdnError):
        list(pdn.iterate(io.StringIO(broken)))
    assert list(pdn.iterate(io.StringIO(broken), skip_errors=True)) == []
    with pytest.raises(PdnError):
        pdn.read_game(io.StringIO(broken))


def test_write_game_round_trips():
    board = Board("english")
    for text in ["11-15", "23-19", "8-11"]:
        board.push_text(text)
    text = pdn.write_game(board, headers={"White": "Tinsley", "Round": 3})
    assert '[White "Tinsley"]' in text and '[Round "3"]' in text and '[GameType "21,B,8,8,N1,0"]' in text
    game = pdn.read_game(io.StringIO(text))
    assert game.end() == board and game.end().move_stack == board.move_stack
    start = Board("international", "W:W28:B23")
    start.push_text("28x19")
    text = pdn.write_game(start)
    assert '[FEN "W:W28:B23"]' in text and "2-0" in text
    read = pdn.read_games(text)[0]
    assert read.result == "2-0"
    original = pdn.Game.from_board(board)
    pdn.write_game(original, headers={"Event": "changed"})
    assert original.headers["Event"] == "?"
    assert str(original) == pdn.write_game(original)


def test_unknown_variant_name():
    with pytest.raises(ValueError):
        pdn.read_games("1. 32-28 *", variant="go")
