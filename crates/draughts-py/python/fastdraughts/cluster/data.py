"""Self-play data (``draughts tune data``) as Ray tasks, one a shard of games, merged
into the file one machine would write with the same seed and options.

Game ``i`` of a run depends only on the seed, ``i`` and the evaluation, and the file is
a header followed by one block per game in game order; so a shard ``--first A --games
B`` holds games ``A..B`` after the same header, and the shards' blocks concatenated in
order after one header are the whole file.
"""

import os
import struct
import time
from typing import Callable, List, Optional, Sequence

from .errors import ClusterError
from .process import run_draughts
from .tasks import finish_one, one_cpu_task, shards

_RECORD = 36


def _split(data: bytes, path: str):
    """The header's length and the number of whole game blocks of a data file."""
    if len(data) < 9 or data[:4] != b"DLAB":
        raise ClusterError(f"{path}: not a data file")
    (version,) = struct.unpack_from("<I", data, 4)
    if version not in (1, 2):
        raise ClusterError(f"{path}: data format version {version}, expected 1 or 2")
    # Four settings, and in version 2 (threatened positions kept, re-scored, or an
    # endgame database) a word of flags; flag 4 (the database) adds its fingerprint.
    offset = 9 + data[8] + 8 * (4 if version == 1 else 5)
    if len(data) < offset:
        raise ClusterError(f"{path}: a cut-off header")
    if version == 2 and struct.unpack_from("<Q", data, offset - 8)[0] & 4:
        offset += 8
    head, games = offset, 0
    while offset + 4 <= len(data):
        (positions,) = struct.unpack_from("<I", data, offset)
        end = offset + 4 + positions * _RECORD + 4
        if end > len(data):
            break
        offset, games = end, games + 1
    if offset != len(data):
        raise ClusterError(f"{path}: a cut-off block at byte {offset}")
    return head, games


def merge_shards(shards: Sequence[str], counts: Sequence[int], out: str) -> None:
    """Writes the shards (each holding its count of games) as one data file ``out``."""
    parts = []
    for index, (path, count) in enumerate(zip(shards, counts)):
        with open(path, "rb") as f:
            data = f.read()
        head, games = _split(data, path)
        if games != count:
            raise ClusterError(f"{path}: {games} games, expected {count}")
        if parts and data[:head] != parts[0][:head]:
            raise ClusterError(f"{path}: made with other settings than {shards[0]}")
        parts.append(data if index == 0 else data[head:])
    temporary = f"{out}.{os.getpid()}.tmp"
    with open(temporary, "wb") as f:
        for part in parts:
            f.write(part)
    os.replace(temporary, out)


def _play_shard(binary: str, first: int, games: int, path: str, options: List[str]) -> dict:
    """A Ray task: plays (or resumes) games ``first..games`` into the shard ``path``."""
    start = time.monotonic()
    run_draughts(binary, "tune", "data", "--quiet", "--first", str(first), "--games", str(games), "--out", path, *options)
    return {"first": first, "games": games, "pid": os.getpid(), "seconds": time.monotonic() - start}


def self_play_data(
    games: int,
    out: str,
    options: Sequence[str] = (),
    *,
    shard_games: int = 64,
    binary: str = "draughts",
    retries: int = 3,
    on_progress: Optional[Callable[[int, int], None]] = None,
) -> None:
    """Plays ``games`` self-play games into the data file ``out`` on the Ray cluster,
    ``shard_games`` games a task. ``options`` go to ``draughts tune data`` as they are
    (``--variant``, ``--seed``, ``--nodes``, ...). The shards are kept in ``out.shards``
    (a folder every worker shares), so a stopped run resumes; ``on_progress(done,
    games)`` is called as shards finish."""
    task = one_cpu_task(_play_shard, retries)
    ranges = shards(games, shard_games, f"{out}.shards")
    paths = [f"{stem}.data" for _, _, stem in ranges]
    pending = {task.remote(binary, a, b, path, list(options)): (a, b) for (a, b, _), path in zip(ranges, paths)}
    done = 0
    while pending:
        (a, b), _ = finish_one(pending, retries)
        done += b - a
        if on_progress is not None:
            on_progress(done, games)
    merge_shards(paths, [b - a for a, b, _ in ranges], out)
