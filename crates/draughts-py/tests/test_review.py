"""fastdraughts.review: games reviewed move by move, as values, JSON and annotated PDN."""

import json
import pickle
import threading

import pytest

import fastdraughts
from fastdraughts import (
    VARIANTS,
    Board,
    EngineError,
    InvalidVariant,
    PdnError,
    ReviewError,
    engine,
    pdn,
    review,
    svg,
)
from fastdraughts.egdb import Egdb

from conftest import playout

INTERNATIONAL = '[White "A"]\n[Black "B"]\n1. 32-28 19-23 2. 28x19 14x23 3. 37-32 10-14 *'

# Black's 5. 3-8 leaves White the shot 19x3: two and a half men and a king.
ENGLISH = (
    '[Event "blunder"]\n[GameType "21"]\n'
    "1. 11-15 23-19 2. 8-11 22-17 3. 9-13 17-14 4. 10x17 21x14 5. 3-8 19x3 6. 11-16 *"
)

ENGLISH_MOVES = ["11-15", "23-19", "8-11", "22-17", "9-13", "17-14", "10x17", "21x14", "3-8", "19x3", "11-16"]

CLASSES = ["inaccuracy", "mistake", "blunder", "missed-win", "thrown-win", "thrown-draw"]


def check_review(reviewed, moves):
    """The review's values are of the types the stubs say, and its figures add up."""
    assert isinstance(reviewed, review.GameReview)
    assert [m.played.text for m in reviewed.moves] == moves
    judged = {fastdraughts.WHITE: 0, fastdraughts.BLACK: 0}
    for ply, move in enumerate(reviewed.moves):
        assert move.ply == ply and isinstance(move.number, int) and isinstance(move.second, bool)
        assert move.side in (fastdraughts.WHITE, fastdraughts.BLACK)
        board = move.board()
        assert board.fen() == move.fen and board.turn == move.side
        played = board.parse_move(move.played.text)
        assert (played.from_square, played.to_square) == (move.played.from_square, move.played.to_square)
        assert move.choices == len(board.legal_moves)
        for evaluation in (move.before, move.after):
            assert isinstance(evaluation.score, int) and evaluation.text
            assert 0.0 <= evaluation.expected <= 1.0
        assert move.loss >= 0.0
        assert move.class_ is None or move.class_ in CLASSES
        assert (move.nag is None) == (move.class_ is None) == (move.mark is None)
        assert all(isinstance(m, review.ReviewMove) for m in move.best)
        if move.choices > 1:
            judged[move.side] += 1
        else:
            assert move.class_ is None and move.loss == 0.0
    for color, summary in ((fastdraughts.WHITE, reviewed.white), (fastdraughts.BLACK, reviewed.black)):
        assert summary == reviewed.summary(color) and summary.moves == judged[color]
        assert list(summary.counts) == CLASSES
        assert 0.0 < summary.accuracy <= 100.0 and summary.average_loss >= 0.0
    assert reviewed.nodes > 0


def test_review_international():
    eng = engine.Engine("international", hash_mb=8)
    reviewed = eng.review(INTERNATIONAL, depth=4)
    check_review(reviewed, ["32-28", "19-23", "28x19", "14x23", "37-32", "10-14"])
    assert reviewed.variant == "international" and reviewed.index == 1 and reviewed.result == "*"
    assert reviewed.headers == {"White": "A", "Black": "B"}
    assert reviewed.start_fen == Board().fen()
    forced = reviewed.moves[2]
    assert forced.choices == 1 and forced.class_ is None and forced.best == []
    assert forced.side == fastdraughts.WHITE and (forced.number, forced.second) == (2, False)
    assert reviewed.moves[3].second and reviewed.moves[3].side == fastdraughts.BLACK
    assert '"A" vs "B"' in repr(reviewed) and "28x19" in repr(forced)
    # A game, a board and the text give the same review (a board's game has its own tags).
    game = pdn.read_games(INTERNATIONAL)[0]
    assert eng.review(game, depth=4) == reviewed
    board = game.end()
    assert eng.review(board, depth=4).moves == reviewed.moves


def test_review_english_finds_the_blunder():
    eng = engine.Engine("english", hash_mb=8)
    reviewed = eng.review(ENGLISH, depth=6)
    check_review(reviewed, ENGLISH_MOVES)
    blunder = reviewed.moves[8]
    assert blunder.played.text == "3-8" and blunder.side == fastdraughts.BLACK
    assert (blunder.number, blunder.second) == (5, False)
    assert blunder.class_ == "blunder" and blunder.nag == 4 and blunder.mark == "??"
    assert blunder.loss >= 0.15 and blunder.before.expected - blunder.after.expected >= 0.15
    assert blunder.best and blunder.best[0].text != "3-8"
    assert blunder.allowed is not None and blunder.allowed.crowned
    assert [str(m) for m in blunder.allowed.line][0] == "19x3" and blunder.allowed.gain >= 200
    assert blunder.explanation.startswith("Blunder (") and "allows the shot 19x3" in blunder.explanation
    assert reviewed.black.counts["blunder"] >= 1
    assert blunder.database is None and blunder.missed is None
    # The engine's line after an error is a variation of the annotated game; its
    # arrows draw.
    text = svg.board(blunder.board(), arrows=blunder.best[:1] + [blunder.played])
    assert text.count("<line") == 2


# Black's 10. 6-10 threatens 9-14 18x9 5x21; White's 25-22 does not parry it.
THREAT = (
    "11-15 24-20 8-11 27-24 3-8 32-27 15-19 23x16 12x19 24x15 10x19 27-24 7-10 24x15 10x19 "
    "21-17 8-12 22-18 6-10 17-14 10x17 26-22 17x26 30x7 2x11 25-22 9-14 18x9 5x14 31-27"
)


def test_threats():
    board = Board("english")
    for text in THREAT.split():
        board.push_text(text)
    eng = engine.Engine("english", hash_mb=8)
    reviewed = eng.review(board, depth=6, confirm_nodes=2000)
    made = reviewed.moves[18]
    assert made.played.text == "6-10" and made.threat is not None
    threat = made.threat
    assert [str(m) for m in threat.shot.line] == ["9-14", "18x9", "5x21"] and threat.shot.gain == 100
    assert [str(m) for m in threat.counters] == ["25-21"] and threat.parried is False
    assert threat.confirmed in (True, False)
    assert made.explanation.startswith("Threatens 9-14 18x9 5x21, winning a man; only 25-21 parries it")
    # Without confirm_nodes, no threat is checked.
    assert eng.review(board, depth=6).moves[18].threat.confirmed is None


def test_json_round_trip():
    reviewed = engine.Engine("english", hash_mb=8).review(ENGLISH, depth=4, explain=False)
    text = reviewed.to_json()
    data = json.loads(text)
    assert data["variant"] == "english" and len(data["moves"]) == 11
    assert [m["class"] for m in data["moves"]] == [m.class_ for m in reviewed.moves]
    back = review.GameReview.from_json(text)
    assert back == reviewed and back.to_json() == text
    assert back.moves[8].explanation == reviewed.moves[8].explanation
    assert pickle.loads(pickle.dumps(reviewed)) == reviewed
    # explain=False: judged only, no shots or threats.
    assert all(m.allowed is None and m.missed is None and m.threat is None for m in reviewed.moves)


def test_annotated_pdn_reads_back():
    reviewed = engine.Engine("english", hash_mb=8).review(ENGLISH, depth=6)
    text = reviewed.annotated_pdn()
    assert "$4" in text and "[%eval" in text and '[Annotator "draughts review"]' in text
    back = pdn.read_games(text)
    assert len(back) == 1 and isinstance(back[0], pdn.Game)
    game = back[0]
    assert game.variant == "english" and game.headers["Event"] == "blunder"
    assert [str(m) for m in game.mainline_moves()] == [m.played.text for m in reviewed.moves]
    assert any("allows the shot 19x3" in c for c in game.move_comments[8])
    assert str(reviewed.annotated()) == text
    assert reviewed.annotated().end() == game.end()


def test_database_values(tmp_path):
    # With a database: 1-6 lets the king take the man, a won ending drawn.
    db = Egdb.build(tmp_path / "egdb", "english", pieces=3)
    board = Board("english", "W:WK1,7:BK10")
    board.push_text("1-6")
    board.push(board.legal_moves[0])
    reviewed = review.review_game(board, depth=6, hash_mb=8, egdb=db.path)
    missed = reviewed.moves[0]
    assert missed.class_ == "missed-win" and missed.nag == 2 and missed.database == ("win", "draw")
    assert missed.before.text == "database win" and missed.after.expected == 0.5
    assert reviewed.white.counts["missed-win"] == 1
    assert reviewed.moves[1].database == ("draw", "draw") and reviewed.moves[1].class_ is None
    assert review.GameReview.from_json(reviewed.to_json()) == reviewed


@pytest.mark.parametrize("variant", VARIANTS)
def test_every_variant(variant, rng):
    board = playout(variant, 8, rng)
    text = pdn.write_game(board)
    reviewed = review.review_game(text, depth=2, hash_mb=4)
    assert reviewed.variant == variant
    check_review(reviewed, [str(m) for m in board.move_stack])
    back = pdn.read_games(reviewed.annotated_pdn(), variant)[0]
    assert back.end() == board


GAMES = ENGLISH + "\n\n" + '[GameType "21"]\n1. 11-15 11-15 *\n\n' + '[GameType "21"]\n1. 9-14 22-18 *\n'


def test_review_games_with_a_bad_game():
    heard = []
    results = review.review_games(
        GAMES, "english", depth=3, hash_mb=4, jobs=2, progress=lambda *args: heard.append(args)
    )
    assert [type(r) for r in results] == [review.GameReview, PdnError, review.GameReview]
    assert "11-15" in str(results[1])
    assert [r.index for r in (results[0], results[2])] == [1, 3]
    assert [m.played.text for m in results[2].moves] == ["9-14", "22-18"]
    # Every position of the reviewed games was heard: 12 and 3.
    assert sorted(set(heard)) == sorted({(0, d, 12) for d in range(1, 13)} | {(2, d, 3) for d in range(1, 4)})
    # A game that does not read is an entry too; an empty text reviews nothing.
    eng = engine.Engine("english", hash_mb=4)
    results = eng.review_games('[Event "x"]\n{ never closed\n', jobs=1)
    assert len(results) == 1 and isinstance(results[0], PdnError)
    assert eng.review_games("", jobs=1) == []
    # A game of another variant in the text is refused by the replay.
    results = eng.review_games('[GameType "20"]\n1. 32-28 *', jobs=1, depth=2)
    assert isinstance(results[0], PdnError)


def test_progress_that_raises_stops_the_games():
    calls = []

    def progress(game, done, total):
        calls.append(game)
        raise KeyError("stop")

    text = "\n\n".join([ENGLISH] * 4)
    with pytest.raises(KeyError, match="stop"):
        review.review_games(text, "english", depth=3, hash_mb=4, jobs=1, progress=progress)
    assert calls == [0]


def test_the_gil_is_released():
    # The main thread counts while another reviews; each position's progress call
    # notes the count, which moves on only if the searches let the main thread run
    # (with the GIL held throughout, every call would see the same count).
    eng = engine.Engine("english", hash_mb=8)
    count, seen = [0], []
    done = threading.Event()

    def work():
        try:
            eng.review_games(ENGLISH, depth=12, jobs=1, progress=lambda *_: seen.append(count[0]))
        finally:
            done.set()

    thread = threading.Thread(target=work)
    thread.start()
    while not done.is_set():
        count[0] += 1
    thread.join()
    assert len(seen) == 12 and len(set(seen)) >= 2


def test_bad_input_raises():
    eng = engine.Engine("english", hash_mb=4)
    with pytest.raises(EngineError, match="this engine plays english"):
        eng.review(Board("international"))
    with pytest.raises(EngineError):
        eng.review(pdn.read_games("1. 32-28 *")[0], depth=2)
    with pytest.raises(TypeError):
        eng.review(42)
    with pytest.raises(PdnError, match="no game"):
        eng.review("")
    with pytest.raises(PdnError, match="several games"):
        eng.review(GAMES, depth=2)
    with pytest.raises(PdnError, match="11-15"):
        eng.review('[GameType "21"]\n1. 11-15 11-15 *', depth=2)
    for limits in ({"depth": 0}, {"depth": 101}, {"nodes": 0}, {"time": -1.0}, {"time": 0.0}, {"confirm_nodes": 0}):
        with pytest.raises(ValueError):
            eng.review(ENGLISH, **limits)
    with pytest.raises(ValueError):
        eng.review_games(ENGLISH, depth=2, jobs=0)
    with pytest.raises(TypeError):
        eng.review_games(ENGLISH, depth=2, progress=5)
    with pytest.raises(InvalidVariant):
        review.review_games(ENGLISH, "chess")
    with pytest.raises(PdnError):
        review.review_game('[Event "x"]\n{ never closed\n')
    with pytest.raises(PdnError, match="2 games"):
        review.review_game(GAMES[: GAMES.rindex("[GameType")])


def test_bad_json_raises():
    text = engine.Engine("english", hash_mb=4).review(ENGLISH, depth=2).to_json()
    data = json.loads(text)
    bad = [
        "",
        "not json",
        "[]",
        "{}",
        text[: len(text) // 2],
        json.dumps({**data, "variant": "chess"}),
        json.dumps({**data, "moves": [{**data["moves"][0], "class": "awful"}]}),
        json.dumps({**data, "moves": [{**data["moves"][0], "number": 2**32 - 1, "best": [data["moves"][0]["played"]]}]}),
        json.dumps({**data, "moves": [{**data["moves"][1], "after": {**data["moves"][1]["after"], "score": -(2**31)}}]}),
    ]
    for item in bad:
        with pytest.raises(ReviewError, match="not a game review"):
            review.GameReview.from_json(item)
    assert issubclass(ReviewError, fastdraughts.DraughtsError) and issubclass(ReviewError, ValueError)
    # A review read back whose position does not read says so when asked for its board.
    odd = review.GameReview.from_json(json.dumps({**data, "moves": [{**data["moves"][0], "fen": "x"}]}))
    with pytest.raises(fastdraughts.InvalidFen):
        odd.moves[0].board()
