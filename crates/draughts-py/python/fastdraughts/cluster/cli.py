"""``draughts-cluster``: the driver's command line."""

import argparse
import sys
from typing import List, Optional

from .data import self_play_data
from .egdb import EgdbProgress, build_egdb
from .errors import ClusterError
from .match import play_match, result_line
from .pipeline import run_pipeline


def _parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="draughts-cluster",
        description="Run draughts jobs as tasks on a Ray cluster (start one with `ray start --head`).",
    )
    parser.add_argument("--address", help="the cluster to join (default: RAY_ADDRESS, else a local one)")
    parser.add_argument("--draughts", default="draughts", help="the draughts binary, the same path on every worker")
    parser.add_argument("--retries", type=int, default=3, help="runs of a failed task beyond the first")
    commands = parser.add_subparsers(dest="command", required=True)
    egdb = commands.add_parser("egdb", help="build an endgame database, a task per job")
    egdb.add_argument("--variant", default="international")
    egdb.add_argument("--pieces", type=int, required=True)
    egdb.add_argument("--out", required=True, help="the output folder, shared by every worker unless --worker-dir")
    egdb.add_argument(
        "--worker-dir",
        help="workers share no folder: each node builds in one of its own under this path, finished "
        "slices travel through Ray's object store, and the driver gathers them into --out",
    )
    egdb.add_argument("--threads", type=int, default=1, help="threads (and CPUs asked for) per job")
    match = commands.add_parser(
        "match",
        help="a match, a task per shard of game pairs, into one PDN and one result",
        description="Options after -- go to `draughts match` (--variant, --engine1, --engine2, --move-time, ...).",
    )
    match.add_argument("--games", type=int, required=True, help="games, or with --sprt the most games")
    match.add_argument("--pdn", required=True, help="the PDN file (shards go to PDN.shards, shared by every worker)")
    match.add_argument("--shard-games", type=int, default=8, help="games a task plays (whole pairs)")
    match.add_argument("--sprt", help="elo0=E0,elo1=E1,alpha=A,beta=B: stop once the test decides")
    match.add_argument("options", nargs=argparse.REMAINDER, help="-- then options of draughts match")
    data = commands.add_parser(
        "data",
        help="self-play data, a task per shard of games, merged into one file",
        description="Options after -- go to `draughts tune data` (--variant, --seed, --nodes, ...).",
    )
    data.add_argument("--games", type=int, required=True)
    data.add_argument("--out", required=True, help="the data file (shards go to OUT.shards, shared by every worker)")
    data.add_argument("--shard-games", type=int, default=64, help="games a task plays")
    data.add_argument("options", nargs=argparse.REMAINDER, help="-- then options of draughts tune data")
    pipeline = commands.add_parser(
        "pipeline",
        help="a network from zero (draughts tune pipeline), its self-play and labels in shards",
        description="Options after -- go to `draughts tune pipeline` (--variant, --games, --nodes, ...).",
    )
    pipeline.add_argument("--out", required=True, help="the run's folder, shared by every worker")
    pipeline.add_argument("--shard-games", type=int, default=64, help="games a task plays")
    pipeline.add_argument("options", nargs=argparse.REMAINDER, help="-- then options of draughts tune pipeline")
    return parser


def _draw(progress: EgdbProgress) -> None:
    end = "\n" if progress.jobs_done == progress.jobs_total else ""
    print(f"\r{progress.line()}\x1b[K", end=end, file=sys.stderr, flush=True)


def _passed(options: List[str]) -> List[str]:
    """The options after ``--``."""
    return options[1:] if options[:1] == ["--"] else options


def _draw_games(done: int, total: int) -> None:
    print(f"\rdata: {done}/{total} games\x1b[K", end="\n" if done == total else "", file=sys.stderr, flush=True)


def main(argv: Optional[List[str]] = None) -> int:
    """Runs the command line; the exit status."""
    args = _parser().parse_args(argv)
    import ray

    ray.init(address=args.address, log_to_driver=False)
    try:
        if args.command == "egdb":
            reports = build_egdb(
                args.variant, args.pieces, args.out,
                binary=args.draughts, threads=args.threads, retries=args.retries, worker_dir=args.worker_dir,
                on_progress=_draw,
            )
            hosts = sorted({r["host"] for r in reports})
            print(f"built {len(reports)} jobs into {args.out} on {', '.join(hosts) or 'no host'}")
        elif args.command == "match":
            totals = play_match(
                args.games, args.pdn, _passed(args.options),
                shard_games=args.shard_games, sprt=args.sprt, binary=args.draughts, retries=args.retries,
                on_progress=lambda t: print(f"\r{result_line(t, args.sprt)}\x1b[K", end="", file=sys.stderr, flush=True),
            )
            print(file=sys.stderr)
            print(result_line(totals, args.sprt))
            print(f"PDN: {args.pdn}")
        elif args.command == "data":
            options = _passed(args.options)
            self_play_data(
                args.games, args.out, options,
                shard_games=args.shard_games, binary=args.draughts, retries=args.retries, on_progress=_draw_games,
            )
            print(f"{args.out} holds {args.games} games")
        elif args.command == "pipeline":
            run_pipeline(
                args.out, _passed(args.options),
                shard_games=args.shard_games, binary=args.draughts, retries=args.retries,
                on_stage=lambda text: print(text, end="", flush=True), on_progress=_draw_games,
            )  # fmt: skip
    except ClusterError as e:
        print(f"draughts-cluster: error: {e}", file=sys.stderr)
        return 1
    finally:
        ray.shutdown()
    return 0
