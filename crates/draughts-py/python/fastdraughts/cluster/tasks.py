"""What the drivers share: shards of a range, and waiting for one task at a time."""

from typing import Any, Callable, Dict, List, Tuple

from .errors import ClusterError


def shard_ranges(total: int, size: int) -> List[Tuple[int, int]]:
    """``0..total`` in ranges of ``size`` (the last may be shorter)."""
    return [(a, min(a + size, total)) for a in range(0, total, size)]


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
