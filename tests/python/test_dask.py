"""Self-play on a 2-worker Dask LocalCluster gives the games a single process plays."""

import os
import sys

import pytest

from carcassonne import selfplay

from conftest import ROOT

distributed = pytest.importorskip("distributed")

sys.path.insert(0, os.path.join(ROOT, "examples", "python"))
import selfplay_dask  # noqa: E402


@pytest.fixture(scope="module")
def client():
    # worker processes inherit this process's environment (CARC_LIB, the
    # cache switch); PYTHONPATH must let them import the package
    path = os.path.join(ROOT, "examples", "python")
    old = os.environ.get("PYTHONPATH")
    os.environ["PYTHONPATH"] = path + (os.pathsep + old if old else "")
    c, cluster = selfplay_dask.local_cluster(2, processes=True)
    try:
        yield c
    finally:
        c.close()
        cluster.close()
        if old is None:
            os.environ.pop("PYTHONPATH", None)
        else:
            os.environ["PYTHONPATH"] = old


def test_two_workers_play_the_same_games_as_one_process(client):
    assert len(client.scheduler_info()["workers"]) == 2
    selfplay_dask.warm_up(client)
    specs = selfplay_dask.make_batches(240, 30, 1, "base", 2, ["random"], {})
    batches, seconds = selfplay_dask.run(client, specs)
    summary = selfplay.summarize(batches, 2)
    assert summary["games"] == 240
    local = [selfplay.play_batch(s) for s in specs]
    assert [r for b in batches for r in b["results"]] == [r for b in local for r in b["results"]]
    # both workers did some of the work
    who = client.run(lambda: __import__("os").getpid())
    assert len(set(who.values())) == 2


def test_monte_carlo_policy_on_the_cluster(client):
    specs = [{"variant": "hills-sheep", "players": 2, "first_seed": 7, "games": 1, "policies": ["mc:4", "random"]}]
    batches, _ = selfplay_dask.run(client, specs)
    r = batches[0]["results"][0]
    assert r == selfplay.play_batch(specs[0])["results"][0]
    assert r["decisions"] > 50


def test_script_end_to_end(capsys):
    assert selfplay_dask.main(["--workers", "1", "--games", "40", "--batch", "20", "--json"]) == 0
    out = capsys.readouterr().out.strip().splitlines()[-1]
    import json
    summary = json.loads(out)
    assert summary["games"] == 40 and summary["workers"] == 1 and summary["games_per_second"] > 0


def test_uploaded_archive_works_without_header_or_checkout(tmp_path):
    """What --upload sends: a zip that imports on a machine with only the library."""
    import subprocess
    import carcassonne
    archive = selfplay_dask.package_archive(str(tmp_path))
    env = {k: v for k, v in os.environ.items() if k not in ("CARC_INCLUDE", "PYTHONPATH")}
    env.update(PYTHONPATH=archive, CARC_LIB=carcassonne.LOAD_INFO["library"], PKG_CONFIG_PATH=str(tmp_path),
               PKG_CONFIG_LIBDIR=str(tmp_path), CARC_CPP="false")
    code = ("import carcassonne as cc; from carcassonne import selfplay; "
            "print(cc.LOAD_INFO['include_dir']); print(selfplay.play_game('base', 2, 5)['scores'])")
    out = subprocess.run([sys.executable, "-c", code], cwd=str(tmp_path), env=env, capture_output=True, text=True,
                         timeout=120)
    assert out.returncode == 0, out.stderr
    lines = out.stdout.splitlines()
    assert "bundled" in lines[0] and carcassonne.__file__ not in lines[0]
    assert lines[1] == str(selfplay.play_game("base", 2, 5)["scores"])
