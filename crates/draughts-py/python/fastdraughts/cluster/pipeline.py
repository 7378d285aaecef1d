"""A network from zero (``draughts tune pipeline``) with its self-play and labels
played on the Ray cluster.

The pipeline runs on the driver with ``--data-elsewhere``: it fits and tests there,
and stops at each data file it needs, printing the ``draughts tune data`` options that
make it as a line of JSON. That file is made here in shards, a task each
(``self_play_data``), and the pipeline is run again; the files are those one machine
writes, so the run is the one ``draughts tune pipeline`` makes alone.
"""

import json
from typing import Callable, List, Optional, Sequence

from .data import self_play_data
from .errors import ClusterError
from .process import run_draughts


def _waiting(output: str) -> Optional[dict]:
    """The data file a run of ``tune pipeline --data-elsewhere`` stopped for, if any."""
    for line in reversed(output.splitlines()):
        if line.startswith("{"):
            try:
                return json.loads(line)["waiting"]
            except (ValueError, KeyError, TypeError) as e:
                raise ClusterError(f"not a data request: {line!r}") from e
    return None


def run_pipeline(
    out: str,
    options: Sequence[str] = (),
    *,
    shard_games: int = 64,
    binary: str = "draughts",
    retries: int = 3,
    on_stage: Optional[Callable[[str], None]] = None,
    on_progress: Optional[Callable[[int, int], None]] = None,
) -> str:
    """Runs (or resumes) ``draughts tune pipeline --out OUT options...`` with its data
    made on the cluster, ``shard_games`` games a task; ``out`` is a folder every worker
    shares. ``on_stage(text)`` hears what the pipeline printed at each stop;
    ``on_progress(done, games)`` the shards of each data file as they finish. Returns
    the pipeline's last output (its summary)."""
    command: List[str] = ["tune", "pipeline", "--data-elsewhere", "--out", out, *options]
    while True:
        output = run_draughts(binary, *command)
        if on_stage is not None:
            on_stage(output)
        request = _waiting(output)
        if request is None:
            return output
        self_play_data(
            int(request["games"]), str(request["out"]), list(request["options"]),
            shard_games=shard_games, binary=binary, retries=retries, on_progress=on_progress,
        )  # fmt: skip
