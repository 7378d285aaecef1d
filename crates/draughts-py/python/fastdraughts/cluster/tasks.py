"""What the drivers share: shards of a range, and waiting for one task at a time."""

import os
from typing import Any, Callable, Dict, List, Tuple

from .errors import ClusterError


def shards(total: int, size: int, folder: str) -> List[Tuple[int, int, str]]:
    """``0..total`` in ranges ``(a, b)`` of ``size`` (the last may be shorter), each with
    the stem of its files in ``folder`` (created)."""
    if total < 1 or size < 1:
        raise ClusterError("the games and the games a task plays must be at least 1")
    os.makedirs(folder, exist_ok=True)
    ranges = [(a, min(a + size, total)) for a in range(0, total, size)]
    return [(a, b, os.path.join(folder, f"{a:09}-{b:09}")) for a, b in ranges]


def one_cpu_task(function: Callable, retries: int):
    """``function`` as a Ray task on one CPU, run again up to ``retries`` times if it
    fails or its worker dies."""
    import ray

    return ray.remote(function).options(num_cpus=1, max_retries=retries, retry_exceptions=True)


def finish_one(pending: Dict[Any, Any], retries: int) -> Tuple[Any, Any]:
    """Waits for one of the ``pending`` tasks (a reference to its key), removes it,
    and returns its key and result; ``ClusterError`` if it failed for good."""
    import ray

    ready, _ = ray.wait(list(pending), num_returns=1)
    key = pending.pop(ready[0])
    try:
        return key, ray.get(ready[0])
    except ray.exceptions.RayError as e:
        raise ClusterError(f"the task for {key} failed after {retries} retries: {e}") from e
