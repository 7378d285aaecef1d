"""Win/loss/draw endgame databases: ``Egdb(path).probe(board)`` and ``Egdb.build``.

>>> import tempfile
>>> from fastdraughts import Board
>>> from fastdraughts.egdb import Egdb
>>> db = Egdb.build(tempfile.mkdtemp(), "english", pieces=3)
>>> db.probe(Board("english", "W:WK1,K2:BK32"))
'win'
"""

from ._core import Egdb, EgdbError

__all__ = ["Egdb", "EgdbError"]
