"""Jobs of the ``draughts`` binary spread over a Ray cluster.

``build_egdb`` runs every job of an endgame database build (``draughts egdb plan
--json``) as a Ray task, ``draughts egdb build --only JOB`` on a worker that shares the
output folder, each task asking for the job's projected peak memory and waiting for the
jobs it depends on. Finished, verified jobs are skipped, so a stopped build resumes;
a task whose worker dies is run again (a job's files are written under a temporary
name and renamed, so a half-done job leaves nothing that counts as finished).

``self_play_data`` plays ``draughts tune data`` in shards of games (``--first A --games
B``), a task each, and joins them into the file one machine writes with the same seed.

``play_match`` plays ``draughts match`` in shards of game pairs (``--first-game A
--games N``), gathers one PDN and the totals and SPRT decision of ``draughts match
--tally``, and starts no new shard once the test decides.

``run_pipeline`` runs ``draughts tune pipeline --data-elsewhere`` on the driver and
plays each data file it stops for as ``self_play_data`` does, until the run is over:
the files one machine writes.

The command line is ``draughts-cluster`` (``python -m fastdraughts.cluster``). Ray is an
optional dependency: ``pip install 'fastdraughts[cluster]'``.
"""

from .data import merge_shards, self_play_data
from .egdb import EgdbProgress, build_egdb, load_plan
from .errors import ClusterError
from .match import play_match, result_line, tally
from .pipeline import run_pipeline

__all__ = [
    "ClusterError",
    "EgdbProgress",
    "build_egdb",
    "load_plan",
    "merge_shards",
    "play_match",
    "result_line",
    "run_pipeline",
    "self_play_data",
    "tally",
]
