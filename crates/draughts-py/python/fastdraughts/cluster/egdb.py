"""Endgame database builds as Ray tasks, one a job, in dependency order."""

import dataclasses
import json
import os
import socket
import time
from typing import Callable, Dict, List, Optional

from .errors import ClusterError
from .process import run_draughts
from .tasks import finish_one

#: Memory a task asks for beyond the job's projected peak: the process itself, its
#: mapped slice files and value tables of the smaller slices.
PROCESS_BYTES = 256 << 20


@dataclasses.dataclass
class EgdbProgress:
    """Where a build stands, passed to the progress callback after each job."""

    jobs_done: int
    jobs_total: int
    slots_done: int
    slots_total: int
    skipped: int
    last: str
    seconds: float

    def line(self) -> str:
        """One line for a terminal."""
        share = 100.0 * self.slots_done / max(self.slots_total, 1)
        return (
            f"egdb: {self.jobs_done}/{self.jobs_total} jobs ({self.skipped} already done), "
            f"{share:.1f}% of slots, {self.seconds:.0f}s, last {self.last}"
        )


def load_plan(binary: str, variant: str, pieces: int, out: str) -> dict:
    """The build's plan with each job's state in ``out`` (``draughts egdb plan --json``)."""
    text = run_draughts(binary, "egdb", "plan", "--variant", variant, "--pieces", str(pieces), "--json", "--db", out)
    try:
        return json.loads(text)
    except json.JSONDecodeError as e:
        raise ClusterError(f"{binary} egdb plan printed no JSON: {e}") from e


def _build_job(binary: str, variant: str, pieces: int, out: str, job: str, threads: int, *_after) -> dict:
    """A Ray task: builds one job (its dependencies, passed as ``_after``, are done)."""
    start = time.monotonic()
    run_draughts(
        binary, "egdb", "build", "--variant", variant, "--pieces", str(pieces),
        "--out", out, "--threads", str(threads), "--only", job,
    )
    return {"job": job, "host": socket.gethostname(), "pid": os.getpid(), "seconds": time.monotonic() - start}


def build_egdb(
    variant: str,
    pieces: int,
    out: str,
    *,
    binary: str = "draughts",
    threads: int = 1,
    retries: int = 3,
    on_progress: Optional[Callable[[EgdbProgress], None]] = None,
) -> List[dict]:
    """Builds every slice of up to ``pieces`` pieces into ``out`` on the Ray cluster
    ``ray.init`` connected to; returns what each task reported, in completion order.

    ``out`` and ``binary`` must name the same folder and program on every worker. Each
    job asks for ``threads`` CPUs and its projected peak memory; a task that fails or
    whose worker dies is run again up to ``retries`` times."""
    import ray

    plan = load_plan(binary, variant, pieces, out)
    damaged = [j for j in plan["jobs"] if j.get("state") == "damaged"]
    if damaged:
        job = damaged[0]
        raise ClusterError(f"job {job['id']}: {job.get('damage')} (delete its files to rebuild it)")
    os.makedirs(out, exist_ok=True)
    task = ray.remote(_build_job)
    memo = plan["memo_bytes_per_thread"] * threads
    # What a job's completion stands for: its own task, or for a finished job the
    # tasks its dependencies wait for (a finished job's dependency may be missing).
    waits: Dict[str, list] = {}
    pending = {}
    slots = {}
    skipped = 0
    for job in plan["jobs"]:
        after = list({r for d in job["depends_on"] for r in waits[d]})
        if job["state"] == "finished":
            waits[job["id"]] = after
            skipped += 1
            continue
        ref = task.options(
            name=f"egdb {job['id']}",
            num_cpus=threads,
            memory=job["peak_bytes"] + memo + PROCESS_BYTES,
            max_retries=retries,
            retry_exceptions=True,
        ).remote(binary, variant, pieces, out, job["id"], threads, *after)
        waits[job["id"]] = [ref]
        pending[ref] = f"job {job['id']}"
        slots[f"job {job['id']}"] = job["slots"]
    total = sum(j["slots"] for j in plan["jobs"])
    progress = EgdbProgress(skipped, len(plan["jobs"]), total - sum(slots.values()), total, skipped, "-", 0.0)
    start = time.monotonic()
    reports = []
    while pending:
        job, report = finish_one(pending, retries)
        reports.append(report)
        progress.jobs_done += 1
        progress.slots_done += slots[job]
        progress.last = job
        progress.seconds = time.monotonic() - start
        if on_progress is not None:
            on_progress(progress)
    return reports
