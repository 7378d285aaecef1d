"""Running the ``draughts`` binary on a worker."""

import ctypes
import signal
import subprocess
import sys

from .errors import ClusterError

_PR_SET_PDEATHSIG = 1


def _die_with_parent() -> None:
    """In the child, before exec: be killed when the worker that started us dies, so
    that a retried job never runs beside its first try's orphan (Linux only)."""
    if sys.platform.startswith("linux"):
        ctypes.CDLL(None, use_errno=True).prctl(_PR_SET_PDEATHSIG, signal.SIGKILL)


def run_draughts(binary: str, *args: str) -> str:
    """Runs ``binary args...`` and returns its standard output.

    Raises ``ClusterError`` with its standard error if it fails."""
    try:
        done = subprocess.run(
            [binary, *args],
            capture_output=True,
            text=True,
            preexec_fn=_die_with_parent,
            check=False,
        )
    except OSError as e:
        raise ClusterError(f"cannot run {binary}: {e}") from e
    if done.returncode != 0:
        raise ClusterError(f"{binary} {' '.join(args)}: exit {done.returncode}: {done.stderr.strip()}")
    return done.stdout
