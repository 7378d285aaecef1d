"""One endgame database build, a task per job in dependency order, on a local cluster
of two one-CPU workers: on Ray (fastdraughts.cluster, as the driver does it) or on
Dask distributed (the same tasks submitted with dask's futures). Dask is no dependency
of fastdraughts: run this once in an environment with ray and once in one with
``dask[distributed]``, both able to import fastdraughts. Prints the seconds to start
the cluster, to build, the jobs each worker process ran, and whether the files equal a
one-machine build.

    python benches/python/cluster_engines.py ray  --draughts target/debug/draughts
    python benches/python/cluster_engines.py dask --draughts target/debug/draughts
"""

import argparse
from collections import Counter
import pathlib
import subprocess
import tempfile
import time

from fastdraughts.cluster.egdb import _build_job, load_plan


def on_ray(binary, variant, pieces, out):
    import ray
    from ray import cluster_utils

    from fastdraughts.cluster import build_egdb

    start = time.perf_counter()
    local = cluster_utils.Cluster(initialize_head=True, head_node_args={"num_cpus": 0, "include_dashboard": False})
    for _ in range(2):
        local.add_node(num_cpus=1)
    local.wait_for_nodes()
    ray.init(address=local.address, log_to_driver=False)
    started = time.perf_counter()
    reports = build_egdb(variant, pieces, out, binary=binary)
    built = time.perf_counter()
    ray.shutdown()
    local.shutdown()
    return started - start, built - started, reports


def on_dask(binary, variant, pieces, out):
    from dask.distributed import Client, LocalCluster, as_completed

    start = time.perf_counter()
    local = LocalCluster(n_workers=2, threads_per_worker=1, processes=True, dashboard_address=None)
    client = Client(local)
    started = time.perf_counter()
    plan = load_plan(binary, variant, pieces, out)
    futures = {}
    for job in plan["jobs"]:
        after = [futures[d] for d in job["depends_on"]]
        futures[job["id"]] = client.submit(
            _build_job, binary, variant, pieces, out, job["id"], 1, *after,
            key=f"egdb-{job['id']}", retries=3, pure=False,
        )  # fmt: skip
    reports = [future.result() for future in as_completed(list(futures.values()))]
    built = time.perf_counter()
    client.close()
    local.close()
    return started - start, built - started, reports


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("engine", choices=["ray", "dask"])
    parser.add_argument("--draughts", required=True)
    parser.add_argument("--variant", default="english")
    parser.add_argument("--pieces", type=int, default=4)
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as tmp:
        one, out = pathlib.Path(tmp, "one"), pathlib.Path(tmp, "cluster")
        begun = time.perf_counter()
        subprocess.run(
            [args.draughts, "egdb", "build", "--variant", args.variant, "--pieces", str(args.pieces),
             "--out", str(one), "--threads", "1"],
            check=True, capture_output=True,
        )  # fmt: skip
        alone = time.perf_counter() - begun
        run = on_ray if args.engine == "ray" else on_dask
        startup, build, reports = run(args.draughts, args.variant, args.pieces, str(out))
        per_process = sorted(Counter(r["pid"] for r in reports).values(), reverse=True)
        same = sorted(p.name for p in one.iterdir()) == sorted(p.name for p in out.iterdir()) and all(
            (out / p.name).read_bytes() == p.read_bytes() for p in one.iterdir()
        )
        print(
            f"{args.engine} {args.variant} {args.pieces}: cluster start {startup:.1f}s, build {build:.1f}s "
            f"(one machine, one thread: {alone:.1f}s), jobs per worker process {per_process}, "
            f"files equal: {same}"
        )


if __name__ == "__main__":
    main()
