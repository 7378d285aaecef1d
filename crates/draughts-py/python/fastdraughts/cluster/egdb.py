"""Endgame database builds as Ray tasks, one a job, in dependency order.

The workers share the output folder, or (with ``worker_dir``) each has a folder of its
own: then a finished job's files travel through Ray's object store to the workers whose
jobs need them, and the driver gathers every job's files into the output folder.
"""

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


def _job_files(job: dict) -> List[str]:
    """The names of a job's files: each slice's file and its value table."""
    names = []
    for piece in job["slices"]:
        stem, _ = os.path.splitext(piece["file"])
        names += [piece["file"], stem + ".values"]
    return names


def _write_whole(folder: str, name: str, data: bytes) -> None:
    """Writes ``folder/name`` under a temporary name and renames it, so that a file of
    that name is always whole."""
    path = os.path.join(folder, name)
    part = os.path.join(folder, f".{name}.{os.getpid()}.part")
    with open(part, "wb") as f:
        f.write(data)
    os.replace(part, path)


def _read_files(folder: str, names: List[str]) -> Dict[str, bytes]:
    files = {}
    for name in names:
        with open(os.path.join(folder, name), "rb") as f:
            files[name] = f.read()
    return files


def _build_job_apart(
    binary: str, variant: str, pieces: int, root: str, job: str, names: List[str], threads: int,
    needed: list, *_after,
) -> tuple:
    """A Ray task with two results (its report, and its files by name): builds one job in
    this node's own folder under ``root``, first copying in the files of the jobs it
    needs that are not there yet. ``needed`` holds ``(names, files)`` pairs, ``files``
    a reference that is fetched only if one of its ``names`` is missing here."""
    import ray

    folder = os.path.join(root, ray.get_runtime_context().get_node_id()[:16])
    os.makedirs(folder, exist_ok=True)
    copied = 0
    for their_names, ref in needed:
        if all(os.path.exists(os.path.join(folder, n)) for n in their_names):
            continue
        for name, data in ray.get(ref).items():
            _write_whole(folder, name, data)
            copied += 1
    report = _build_job(binary, variant, pieces, folder, job, threads)
    report.update(folder=folder, copied=copied)
    return report, _read_files(folder, names)


def _closure(jobs: List[dict]) -> Dict[str, List[str]]:
    """Every job's dependencies, direct or not (the plan lists only the direct ones)."""
    closure: Dict[str, List[str]] = {}
    for job in jobs:
        found = set()
        for d in job["depends_on"]:
            found.add(d)
            found.update(closure[d])
        closure[job["id"]] = sorted(found)
    return closure


def build_egdb(
    variant: str,
    pieces: int,
    out: str,
    *,
    binary: str = "draughts",
    threads: int = 1,
    retries: int = 3,
    worker_dir: Optional[str] = None,
    on_progress: Optional[Callable[[EgdbProgress], None]] = None,
) -> List[dict]:
    """Builds every slice of up to ``pieces`` pieces into ``out`` on the Ray cluster
    ``ray.init`` connected to; returns what each task reported, in completion order.

    ``binary`` must name the same program on every worker, and so must ``out`` unless
    ``worker_dir`` is given: then each node builds in a folder of its own under
    ``worker_dir`` (one per node, on its own disk), the files of finished jobs reach the
    nodes that need them through Ray's object store, and the driver writes every job's
    files into ``out``. Each job asks for ``threads`` CPUs and its projected peak
    memory; a task that fails or whose worker dies is run again up to ``retries``
    times."""
    import ray

    plan = load_plan(binary, variant, pieces, out)
    damaged = [j for j in plan["jobs"] if j.get("state") == "damaged"]
    if damaged:
        job = damaged[0]
        raise ClusterError(f"job {job['id']}: {job.get('damage')} (delete its files to rebuild it)")
    os.makedirs(out, exist_ok=True)
    task = ray.remote(_build_job if worker_dir is None else _build_job_apart)
    memo = plan["memo_bytes_per_thread"] * threads
    closure = _closure(plan["jobs"])
    by_id = {j["id"]: j for j in plan["jobs"]}
    # With worker_dir: each job's files in the object store (a reference to them).
    files: Dict[str, object] = {}

    def files_of(job_id: str):
        if job_id not in files:
            files[job_id] = ray.put(_read_files(out, _job_files(by_id[job_id])))
        return files[job_id]

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
        options = task.options(
            name=f"egdb {job['id']}",
            num_cpus=threads,
            memory=job["peak_bytes"] + memo + PROCESS_BYTES,
            max_retries=retries,
            retry_exceptions=True,
            num_returns=1 if worker_dir is None else 2,
        )
        if worker_dir is None:
            ref = options.remote(binary, variant, pieces, out, job["id"], threads, *after)
        else:
            needed = [(_job_files(by_id[d]), files_of(d)) for d in closure[job["id"]]]
            ref, files[job["id"]] = options.remote(
                binary, variant, pieces, worker_dir, job["id"], _job_files(job), threads, needed, *after
            )
        waits[job["id"]] = [ref]
        pending[ref] = f"job {job['id']}"
        slots[f"job {job['id']}"] = job["slots"]
    total = sum(j["slots"] for j in plan["jobs"])
    progress = EgdbProgress(skipped, len(plan["jobs"]), total - sum(slots.values()), total, skipped, "-", 0.0)
    start = time.monotonic()
    reports = []
    while pending:
        job, report = finish_one(pending, retries)
        if worker_dir is not None:
            for name, data in ray.get(files[report["job"]]).items():
                _write_whole(out, name, data)
        reports.append(report)
        progress.jobs_done += 1
        progress.slots_done += slots[job]
        progress.last = job
        progress.seconds = time.monotonic() - start
        if on_progress is not None:
            on_progress(progress)
    return reports
