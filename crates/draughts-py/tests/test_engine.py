"""fastdraughts.engine: the search from Python."""

import threading
import time

import pytest

from fastdraughts import Board, EngineError, Move, engine


def test_analyse_to_a_depth():
    eng = engine.Engine("international", hash_mb=8)
    assert repr(eng) == "Engine('international')" and eng.variant == "international"
    board = Board()
    info = eng.analyse(board, depth=5)
    assert info["depth"] == 5 and info["nodes"] > 0 and info["time"] >= 0 and info["nps"] > 0
    assert isinstance(info["score"], int) and info["mate"] is None and info["database"] is None
    assert info["pv"] and all(isinstance(m, Move) for m in info["pv"])
    assert info["best_move"] == info["pv"][0] and board.is_legal(info["best_move"])
    replay = board.copy()
    for move in info["pv"]:
        replay.push(move)
    assert engine.SCORE_MAN == 100


def test_play_and_node_limit_and_time_limit():
    eng = engine.Engine("english", hash_mb=8)
    board = Board("english")
    move = eng.play(board, nodes=2000)
    assert board.is_legal(move)
    info = eng.analyse(board, time=0.05)
    assert info["time"] < 2.0
    # A won position: the search proves it (a win in 21 plies, found at depth 20
    # without the network's correction and at depth 22 with the shipped one).
    won = Board("english", "W:WK1,K2,K3:BK32")
    assert eng.analyse(won, depth=30)["mate"] > 0
    # No legal move: no move to play.
    assert eng.play(Board("english", "W:W:B1"), depth=3) is None


def test_stop_from_another_thread():
    eng = engine.Engine("international", hash_mb=8)
    result = {}
    thread = threading.Thread(target=lambda: result.update(eng.analyse(Board())))
    started = time.monotonic()
    thread.start()
    time.sleep(0.3)
    eng.stop()
    thread.join(timeout=20)
    assert not thread.is_alive() and time.monotonic() - started < 20
    assert Board().is_legal(result["best_move"])
    eng.stop()  # nothing running: no effect


def test_errors():
    with pytest.raises(ValueError):
        engine.Engine("chess")
    with pytest.raises(EngineError):
        engine.Engine(threads=0)
    with pytest.raises(EngineError):
        engine.Engine(hash_mb=0)
    with pytest.raises(EngineError):
        engine.Engine(hash_mb=10**9)
    with pytest.raises(EngineError):
        engine.Engine("english", egdb="/nonexistent/folder")
    with pytest.raises(EngineError):
        engine.Engine("english", evaluation="/nonexistent/weights")
    with pytest.raises(EngineError, match="opening book"):
        engine.Engine("english", book="/nonexistent/english.book")
    eng = engine.Engine("english", hash_mb=1)
    with pytest.raises(EngineError, match="this engine plays english"):
        eng.analyse(Board("international"), depth=1)
    with pytest.raises(ValueError):
        eng.analyse(Board("english"), time=-1.0)
    with pytest.raises((OverflowError, TypeError)):
        eng.analyse(Board("english"), depth=-1)


def test_without_a_book_the_engine_searches():
    eng = engine.Engine("english", hash_mb=1, book="none")
    info = eng.analyse(Board("english"), depth=3)
    assert info["book"] is False and info["depth"] == 3
