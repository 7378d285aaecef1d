"""fastdraughts.cluster on a local Ray cluster (a head and two worker nodes on
loopback, started here): endgame databases built by job as Ray tasks equal, file for
file, the one-machine build, also when a worker dies in the middle of a job and when
the workers share no folder (slices copied through the object store); self-play
data in shards equals one run's file; matches and SPRT runs in shards add up.

They run the ``draughts`` binary: ``DRAUGHTS_BIN``, else the workspace's debug or release
build (``cargo test`` makes the debug one). The bigger builds (International 4, English
5) carry the marker ``cluster_big``: ``pytest -m cluster_big tests/test_cluster.py``.
"""

import os
import pathlib
import signal
import subprocess
import struct
import sys
import time

import pytest

ray = pytest.importorskip("ray")
cluster_utils = pytest.importorskip("ray.cluster_utils")

from fastdraughts.cluster import (  # noqa: E402
    ClusterError,
    build_egdb,
    merge_shards,
    play_match,
    result_line,
    run_pipeline,
    self_play_data,
)

ROOT = pathlib.Path(__file__).resolve().parents[3]


def _binary() -> str:
    if os.environ.get("DRAUGHTS_BIN"):
        return os.environ["DRAUGHTS_BIN"]
    target = pathlib.Path(os.environ.get("CARGO_TARGET_DIR", ROOT / "target"))
    for profile in ("debug", "release"):
        if (target / profile / "draughts").is_file():
            return str(target / profile / "draughts")
    pytest.skip("no draughts binary: set DRAUGHTS_BIN or run cargo build")


@pytest.fixture(scope="module")
def draughts() -> str:
    return _binary()


@pytest.fixture(scope="module")
def cluster():
    """A head that runs no tasks and two worker nodes of one CPU each."""
    local = cluster_utils.Cluster(
        initialize_head=True,
        head_node_args={"num_cpus": 0, "include_dashboard": False},
    )
    for _ in range(2):
        local.add_node(num_cpus=1)
    local.wait_for_nodes()
    ray.init(address=local.address, log_to_driver=False)
    yield local
    ray.shutdown()
    local.shutdown()


@pytest.fixture(scope="module")
def reference(tmp_path_factory, draughts):
    """One-machine builds, made once per variant and size."""
    built = {}

    def get(variant: str, pieces: int) -> pathlib.Path:
        if (variant, pieces) not in built:
            out = tmp_path_factory.mktemp(f"{variant}{pieces}-one")
            subprocess.run(
                [draughts, "egdb", "build", "--variant", variant, "--pieces", str(pieces),
                 "--out", str(out), "--threads", "1"],
                check=True, capture_output=True,
            )  # fmt: skip
            built[variant, pieces] = out
        return built[variant, pieces]

    return get


def assert_same_files(ours: pathlib.Path, theirs: pathlib.Path) -> None:
    """Every file of both folders (slice files and value tables) equal, byte for byte."""
    names = sorted(p.name for p in theirs.iterdir())
    assert sorted(p.name for p in ours.iterdir() if not p.name.endswith(".tmp")) == names
    assert names
    for name in names:
        assert (ours / name).read_bytes() == (theirs / name).read_bytes(), name


def build_and_compare(cluster, reference, draughts, tmp_path, variant, pieces):
    steps = []
    reports = build_egdb(variant, pieces, str(tmp_path), binary=draughts, on_progress=steps.append)
    assert_same_files(tmp_path, reference(variant, pieces))
    assert steps[-1].jobs_done == steps[-1].jobs_total == len(reports)
    assert steps[-1].slots_done == steps[-1].slots_total
    # A second run finds every job finished and verified, and builds nothing.
    assert build_egdb(variant, pieces, str(tmp_path), binary=draughts) == []
    return reports


@pytest.mark.parametrize("variant, pieces", [("english", 4), ("international", 3)])
def test_build_equals_one_machine(cluster, reference, draughts, tmp_path, variant, pieces):
    reports = build_and_compare(cluster, reference, draughts, tmp_path, variant, pieces)
    assert len({r["pid"] for r in reports}) >= 2, "both workers took jobs"


@pytest.mark.parametrize("variant, pieces", [("english", 4), ("international", 3)])
def test_build_without_a_shared_folder(cluster, reference, draughts, tmp_path, variant, pieces):
    """Each node builds in its own folder; the slices a job needs are copied in through
    the object store, and the driver gathers the one-machine build."""
    out, apart = tmp_path / "out", tmp_path / "workers"
    reports = build_egdb(variant, pieces, str(out), binary=draughts, worker_dir=str(apart))
    assert_same_files(out, reference(variant, pieces))
    folders = {r["folder"] for r in reports}
    assert len(folders) == 2 and {pathlib.Path(f).parent for f in folders} == {apart}
    assert sum(r["copied"] for r in reports) > 0, "some slices travelled between the nodes"
    assert build_egdb(variant, pieces, str(out), binary=draughts, worker_dir=str(apart)) == []


def test_build_without_a_shared_folder_resumes(cluster, reference, draughts, tmp_path):
    """The 2- and 3-piece jobs are in the output folder only: they reach the workers
    from the driver, and the rest is built as on one machine."""
    full = reference("english", 4)
    out = tmp_path / "out"
    out.mkdir()
    for path in full.iterdir():
        if sum(int(c) for c in path.stem.split("-", 1)[1] if c.isdigit()) <= 3:
            (out / path.name).write_bytes(path.read_bytes())
    reports = build_egdb("english", 4, str(out), binary=draughts, worker_dir=str(tmp_path / "workers"))
    assert {sum(int(c) for c in r["job"] if c.isdigit()) for r in reports} == {4}
    assert_same_files(out, full)


@pytest.mark.cluster_big
@pytest.mark.parametrize("variant, pieces", [("english", 5), ("international", 4)])
def test_big_build_equals_one_machine(cluster, reference, draughts, tmp_path, variant, pieces):
    build_and_compare(cluster, reference, draughts, tmp_path, variant, pieces)


def test_resumes_a_partial_build(cluster, reference, draughts, tmp_path):
    full = reference("english", 4)
    # The 2- and 3-piece jobs are done, and a 3-piece job's dependency is lost: the
    # driver builds what is missing, waiting on the rebuilt dependency.
    for path in full.iterdir():
        if sum(int(c) for c in path.stem.split("-", 1)[1] if c.isdigit()) <= 3:
            (tmp_path / path.name).write_bytes(path.read_bytes())
    for lost in tmp_path.glob("english-w0m1k-b0m2k.*"):
        lost.unlink()
    reports = build_egdb("english", 4, str(tmp_path), binary=draughts)
    assert "w0m1k-b0m2k" in {r["job"] for r in reports}
    assert_same_files(tmp_path, full)


def _builders():
    """(pid, parent pid, job) of every running `draughts egdb build --only JOB`."""
    found = []
    for proc in pathlib.Path("/proc").iterdir():
        try:
            argv = (proc / "cmdline").read_bytes().split(b"\0")
            stat = (proc / "stat").read_text()
        except OSError:
            continue
        if b"--only" in argv and b"build" in argv:
            parent = int(stat.rsplit(")", 1)[1].split()[1])
            found.append((int(proc.name), parent, argv[argv.index(b"--only") + 1].decode()))
    return found


@pytest.mark.parametrize("apart", [False, True], ids=["shared", "apart"])
def test_worker_killed_mid_job(cluster, reference, draughts, tmp_path, apart):
    """The Ray worker running a 4-piece job is killed (its draughts process dies with
    it); the task runs again and the build still equals the one-machine build, also
    where the workers share no folder."""
    out = tmp_path / "out"
    apart_args = ["--worker-dir", str(tmp_path / "workers")] if apart else []
    driver = subprocess.Popen(
        [sys.executable, "-m", "fastdraughts.cluster", "--address", cluster.address,
         "--draughts", draughts, "egdb", "--variant", "english", "--pieces", "4", "--out", str(out), *apart_args],
        stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
    )  # fmt: skip
    killed = None
    deadline = time.monotonic() + 300
    while killed is None and driver.poll() is None and time.monotonic() < deadline:
        for pid, parent, job in _builders():
            if sum(int(c) for c in job if c.isdigit()) == 4:
                os.kill(parent, signal.SIGKILL)
                killed = job
                break
        time.sleep(0.05)
    stdout, err = driver.communicate(timeout=600)
    assert killed is not None, "no 4-piece job was seen running"
    assert driver.returncode == 0, err
    assert "built" in stdout and "23/23 jobs" in err
    assert_same_files(out, reference("english", 4))


DATA_OPTIONS = ["--variant", "english", "--nodes", "300", "--seed", "5", "--max-plies", "80"]


def test_self_play_data_equals_one_machine(cluster, draughts, tmp_path):
    """Shards of 3 games, played as tasks and merged: the file one run writes."""
    whole = tmp_path / "whole.data"
    subprocess.run(
        [draughts, "tune", "data", "--quiet", "--games", "10", "--out", str(whole), *DATA_OPTIONS],
        check=True, capture_output=True,
    )  # fmt: skip
    seen = []
    merged = tmp_path / "merged.data"
    self_play_data(10, str(merged), DATA_OPTIONS, shard_games=3, binary=draughts, on_progress=lambda d, t: seen.append((d, t)))
    assert merged.read_bytes() == whole.read_bytes()
    assert seen[-1] == (10, 10) and len(seen) == 4
    # Again: every shard is whole, so nothing is played and the file is the same.
    self_play_data(10, str(merged), DATA_OPTIONS, shard_games=3, binary=draughts)
    assert merged.read_bytes() == whole.read_bytes()


def test_merge_rejects_a_short_shard(tmp_path, draughts):
    shard = tmp_path / "a.data"
    subprocess.run(
        [draughts, "tune", "data", "--quiet", "--games", "2", "--out", str(shard), *DATA_OPTIONS],
        check=True, capture_output=True,
    )  # fmt: skip
    with pytest.raises(ClusterError, match="2 games, expected 3"):
        merge_shards([str(shard)], [3], str(tmp_path / "out.data"))
    shard.write_bytes(shard.read_bytes()[:-5])
    with pytest.raises(ClusterError, match="cut-off block"):
        merge_shards([str(shard)], [2], str(tmp_path / "out.data"))


def test_merge_reads_flagged_files(tmp_path, draughts):
    """Version 2 (threatened positions kept; re-scored) has a longer header."""

    def data(path, first, games, *options):
        subprocess.run(
            [draughts, "tune", "data", "--quiet", "--first", str(first), "--games", str(games), "--out", str(path), *options],
            check=True, capture_output=True,
        )  # fmt: skip

    for kind, options in [("played", [*DATA_OPTIONS, "--threatened"]), ("rescored", ["--variant", "english", "--nodes", "500"])]:
        if kind == "rescored":
            options = [*options, "--rescore", str(tmp_path / "played-whole.data")]
        whole, parts = tmp_path / f"{kind}-whole.data", [tmp_path / f"{kind}-{i}.data" for i in range(2)]
        data(whole, 0, 3, *options)
        data(parts[0], 0, 1, *options)
        data(parts[1], 1, 3, *options)
        assert whole.read_bytes()[4] == 2
        merged = tmp_path / f"{kind}-merged.data"
        merge_shards([str(p) for p in parts], [1, 2], str(merged))
        assert merged.read_bytes() == whole.read_bytes()
    bad = tmp_path / "bad.data"
    bad.write_bytes(b"DLAB" + struct.pack("<I", 3) + bytes(60))
    with pytest.raises(ClusterError, match="version 3"):
        merge_shards([str(bad)], [0], str(tmp_path / "out.data"))


MATCH_OPTIONS = [
    "--variant", "english", "--engine1", "internal:depth=3", "--engine2", "internal:depth=1",
    "--max-plies", "80", "--timeout", "30",
]  # fmt: skip


def _pdn_games(path: pathlib.Path) -> int:
    return sum(1 for line in path.read_text().splitlines() if line.startswith("[Result "))


def test_match_counts_add_up(cluster, draughts, tmp_path):
    pdn = tmp_path / "match.pdn"
    seen = []
    totals = play_match(8, str(pdn), MATCH_OPTIONS, shard_games=2, binary=draughts, on_progress=seen.append)
    assert totals["games"] == totals["wins"] + totals["draws"] + totals["losses"] == 8
    assert sum(totals["pentanomial"]) == 4 and totals["unpaired"] == 0
    assert _pdn_games(pdn) == 8 and len(seen) == 4
    rounds = [line for line in pdn.read_text().splitlines() if line.startswith("[Round ")]
    assert rounds == [f'[Round "{i}"]' for i in range(1, 9)]
    # Resumed: every shard is finished, nothing is played, the totals are the same.
    assert play_match(8, str(pdn), MATCH_OPTIONS, shard_games=2, binary=draughts) == totals


def test_sprt_stops_and_counts_add_up(cluster, draughts, tmp_path):
    pdn = tmp_path / "sprt.pdn"
    sprt = "elo0=0,elo1=400,alpha=0.2,beta=0.2"
    totals = play_match(400, str(pdn), MATCH_OPTIONS, shard_games=2, sprt=sprt, binary=draughts, in_flight=2)
    assert totals["decision"] in ("H0", "H1")
    assert totals["games"] == totals["wins"] + totals["draws"] + totals["losses"] == 2 * sum(totals["pentanomial"])
    assert totals["decided_after_pairs"] <= sum(totals["pentanomial"]) < 200
    assert _pdn_games(pdn) == totals["games"]
    assert "accepted after" in result_line(totals, sprt)


PIPELINE_OPTIONS = [
    "--variant", "english", "--games", "12", "--nodes", "200", "--label-nodes", "300",
    "--max-plies", "60", "--generations", "1", "--epochs", "1", "--hidden", "8",
    "--sprt-games", "4", "--sprt-nodes", "100",
]  # fmt: skip


def test_pipeline_with_its_data_on_the_cluster_equals_one_machine(cluster, draughts, tmp_path):
    """The self-play and the labels in shards of 5 games: the run's files, and so its
    log (which holds their SHA-256), are those of one machine."""
    alone = tmp_path / "alone"
    subprocess.run(
        [draughts, "tune", "pipeline", "--out", str(alone), *PIPELINE_OPTIONS], check=True, capture_output=True
    )  # fmt: skip
    spread = tmp_path / "spread"
    stops = []
    summary = run_pipeline(str(spread), PIPELINE_OPTIONS, shard_games=5, binary=draughts, on_stage=stops.append)
    assert len(stops) == 3  # the self-play, the labels, then the end
    assert "waiting for" in stops[0] and "--rescore" in stops[1]
    assert (spread / "log").read_text() == (alone / "log").read_text()
    for name in ("gen-1/play.data", "gen-1/labels.data", "gen-1/candidate.network", "gen-1/sprt"):
        assert (spread / name).read_bytes() == (alone / name).read_bytes(), name
    assert "generation 1:" in summary
