"""The driver's error."""


class ClusterError(RuntimeError):
    """A job failed for good, or the plan cannot be read or started from."""
