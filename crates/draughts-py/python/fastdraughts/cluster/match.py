"""Matches (``draughts match``) as Ray tasks, one a shard of game pairs, gathered into
one PDN and one result; with an SPRT, no new shard starts once the test decides.

A shard runs ``draughts match --first-game A --games N`` (openings, colours and PDN
rounds as in the whole match) and writes engine 1's outcome of each game; the totals
and the SPRT's decision come from ``draughts match --tally`` over the finished shards,
so the test is the engine's own, taken pair by pair in game order.
"""

import json
import os
import time
from typing import Callable, List, Optional, Sequence

from .errors import ClusterError
from .process import run_draughts
from .tasks import finish_one, one_cpu_task, shards


def _play_shard(binary: str, first: int, games: int, stem: str, options: List[str]) -> dict:
    """A Ray task: plays games ``first..first+games`` into ``stem.pdn`` and
    ``stem.results`` (written under temporary names, so a results file is whole)."""
    start = time.monotonic()
    pid = os.getpid()
    run_draughts(
        binary, "match", *options, "--first-game", str(first), "--games", str(games), "--concurrency", "1",
        "--pdn", f"{stem}.pdn.{pid}.tmp", "--results", f"{stem}.results.{pid}.tmp",
    )
    os.replace(f"{stem}.pdn.{pid}.tmp", f"{stem}.pdn")
    os.replace(f"{stem}.results.{pid}.tmp", f"{stem}.results")
    return {"first": first, "games": games, "pid": pid, "seconds": time.monotonic() - start}


def tally(binary: str, results: Sequence[str], sprt: Optional[str]) -> dict:
    """The totals of results files (``draughts match --tally``), with the SPRT if given."""
    args = ["match", "--tally", *results] + (["--sprt", sprt] if sprt else [])
    try:
        return json.loads(run_draughts(binary, *args))
    except json.JSONDecodeError as e:
        raise ClusterError(f"{binary} match --tally printed no JSON: {e}") from e


def _finished(stem: str, games: int) -> bool:
    try:
        with open(f"{stem}.results") as f:
            return sum(1 for line in f if line.strip()) == games and os.path.exists(f"{stem}.pdn")
    except OSError:
        return False


def play_match(
    games: int,
    pdn: str,
    options: Sequence[str] = (),
    *,
    shard_games: int = 8,
    sprt: Optional[str] = None,
    binary: str = "draughts",
    retries: int = 3,
    in_flight: Optional[int] = None,
    on_progress: Optional[Callable[[dict], None]] = None,
) -> dict:
    """Plays a match of ``games`` games (rounded up to pairs) on the Ray cluster,
    ``shard_games`` a task, and writes its games to ``pdn``; returns the totals of
    ``draughts match --tally`` (``games``, ``wins``, ``draws``, ``losses``, ``elo``,
    ``pentanomial``, and with ``sprt``, e.g. ``"elo0=0,elo1=5"``, ``llr``, ``bounds``,
    ``decision``, ``decided_after_pairs``). ``options`` go to ``draughts match`` as they
    are (``--variant``, ``--engine1``, ``--engine2``, ``--move-time``, ...). Shards are
    kept in ``pdn.shards`` (shared by every worker); finished ones are not played again.
    ``on_progress(totals)`` is called as shards finish."""
    import ray

    task = one_cpu_task(_play_shard, retries)
    pairs = shards(games + games % 2, shard_games + shard_games % 2, f"{pdn}.shards")
    stems = {a: stem for a, _, stem in pairs}
    done = [a for a, b, stem in pairs if _finished(stem, b - a)]
    waiting = [(a, b) for a, b, _ in pairs if a not in done]
    limit = in_flight or max(2, 2 * int(ray.cluster_resources().get("CPU", 1)))
    pending = {}
    totals = tally(binary, [f"{stems[a]}.results" for a in done], sprt) if done else {}
    while (waiting or pending) and totals.get("decision") is None:
        while waiting and len(pending) < limit:
            a, b = waiting.pop(0)
            pending[task.remote(binary, a, b - a, stems[a], list(options))] = a
        first, _ = finish_one(pending, retries)
        done.append(first)
        totals = tally(binary, [f"{stems[a]}.results" for a in sorted(done)], sprt)
        if on_progress is not None:
            on_progress(totals)
    for ref in pending:
        ray.cancel(ref, force=True)
    _merge_pdn([f"{stems[a]}.pdn" for a in sorted(done)], pdn)
    return totals


def _merge_pdn(parts: Sequence[str], out: str) -> None:
    """The shards' games, in game order, as one PDN file."""
    temporary = f"{out}.{os.getpid()}.tmp"
    with open(temporary, "w") as f:
        for part in parts:
            with open(part) as games:
                f.write(games.read())
    os.replace(temporary, out)


def result_line(totals: dict, sprt: Optional[str]) -> str:
    """The match's result in one line, from engine 1's side."""
    elo = "" if totals.get("elo") is None else f", Elo {totals['elo']:+.1f}"
    line = (
        f"Games {totals['games']}: +{totals['wins']} ={totals['draws']} -{totals['losses']} "
        f"({totals['score']:.1f}%{elo}), pairs 0/0.5/1/1.5/2: {', '.join(map(str, totals['pentanomial']))}"
    )
    if sprt:
        decision = totals.get("decision")
        verdict = f"{decision} accepted after {totals['decided_after_pairs']} pairs" if decision else "no decision"
        lower, upper = totals["bounds"]
        line += f"; SPRT {sprt}: {verdict}, LLR {totals['llr']:.2f} [{lower:.2f}, {upper:.2f}]"
    return line
