"""fastdraughts.egdb: building and probing endgame databases."""

import pytest

from fastdraughts import Board, EgdbError, engine
from fastdraughts.egdb import Egdb


@pytest.fixture(scope="module")
def english(tmp_path_factory):
    return Egdb.build(tmp_path_factory.mktemp("egdb"), "english", pieces=3)


def test_probe(english):
    assert english.probe(Board("english", "W:WK1,K2:BK32")) == "win"
    assert english.probe(Board("english", "B:WK1,K2:BK32")) == "loss"
    assert english.probe(Board("english", "W:WK1:BK32")) == "draw"
    assert english.probe(Board("english", "W:WK1,K2:BK32,K31")) is None
    assert "Egdb(" in repr(english) and english.path.exists()


def test_the_engine_uses_it(english):
    eng = engine.Engine("english", hash_mb=4, egdb=english.path)
    info = eng.analyse(Board("english", "W:WK1,K2:BK32"), depth=4)
    assert info["database"] is True or (info["mate"] or 0) > 0


def test_errors(tmp_path, english):
    with pytest.raises(EgdbError):
        Egdb(tmp_path / "missing")
    with pytest.raises(EgdbError, match="no"):
        Egdb(tmp_path).probe(Board("english", "W:WK1:BK32"))
    with pytest.raises(EgdbError):
        english.probe(Board("international", "W:WK1:BK32"))
    with pytest.raises(EgdbError):
        Egdb.build(tmp_path, "english", pieces=0)
    with pytest.raises(EgdbError):
        Egdb.build(tmp_path, "english", pieces=9)
    with pytest.raises(ValueError):
        Egdb.build(tmp_path, "go", pieces=2)
