#!/usr/bin/python3
"""Self-play on Dask: batches of games fanned out over workers.

On this machine (a LocalCluster of worker processes):

    PYTHONPATH=examples/python python3 examples/python/selfplay_dask.py --workers 2 --games 4000

Across machines: start a scheduler on one (``dask scheduler``), a worker on
each machine (``dask worker tcp://SCHEDULER:8786``, each with the library
where pkg-config or CARC_LIB finds it and this package importable), then run
the same script pointed at the scheduler:

    PYTHONPATH=examples/python python3 examples/python/selfplay_dask.py --scheduler tcp://SCHEDULER:8786

``--upload`` ships this package, with the C declarations made here, to workers
that lack it (they still need the shared library). The last line is
``games_per_second: X``.
"""

import argparse
import json
import os
import shutil
import sys
import tempfile
import time

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))

from carcassonne import selfplay  # noqa: E402


def make_batches(games, batch, first_seed, variant, players, policies, options):
    specs, seed = [], first_seed
    while games > 0:
        n = min(batch, games)
        specs.append({"variant": variant, "players": players, "first_seed": seed, "games": n,
                      "policies": policies, "options": options})
        seed += n
        games -= n
    return specs


def package_archive(folder):
    """A zip of the carcassonne package with the C declarations made here from
    the header, importable on a machine that has the library but neither the
    package nor the header. Returns its path (inside ``folder``)."""
    import carcassonne
    import carcassonne._ffi
    pkg = os.path.dirname(carcassonne.__file__)
    root = os.path.join(folder, "src")
    shutil.copytree(pkg, os.path.join(root, "carcassonne"), ignore=shutil.ignore_patterns("__pycache__"))
    with open(os.path.join(root, "carcassonne", carcassonne._ffi.BUNDLE), "w") as f:
        json.dump({"cdef": carcassonne.LOAD_INFO["cdef"], "macros": carcassonne.LOAD_INFO["macros"]}, f)
    return shutil.make_archive(os.path.join(folder, "carcassonne"), "zip", root)


def upload_package(client):
    """Sends the package archive to every worker (Dask adds it to their sys.path)."""
    tmp = tempfile.mkdtemp()
    try:
        client.upload_file(package_archive(tmp))
    finally:
        shutil.rmtree(tmp, ignore_errors=True)


def run(client, specs):
    """Runs the batches on the cluster; returns (summary of every game, wall seconds)."""
    t0 = time.perf_counter()
    futures = client.map(selfplay.play_batch, specs, pure=False)
    batches = client.gather(futures)
    return batches, time.perf_counter() - t0


def local_cluster(workers, processes=True):
    from dask.distributed import Client, LocalCluster
    cluster = LocalCluster(n_workers=workers, threads_per_worker=1, processes=processes,
                           dashboard_address="127.0.0.1:0")  # any free local port: never clash with another cluster
    return Client(cluster), cluster


def warm_up(client):
    """Loads the library once in every worker so that timing counts games only."""
    client.run(lambda: __import__("carcassonne").version())


def report(a, policies, batches, seconds, nworkers):
    summary = selfplay.summarize(batches, a.players)
    summary.update({"workers": nworkers, "seconds": round(seconds, 3),
                    "games_per_second": round(summary["games"] / seconds, 1)})
    if a.json:
        print(json.dumps(summary))
        return
    where = "on %d workers" % nworkers if nworkers else "in this process"
    print("%d games of %s (%d players, %s) %s in %.2f s" % (
        summary["games"], a.variant, a.players, "/".join(policies), where, seconds))
    print("mean scores by seat: %s; win share: %s" % (summary["mean_scores"], summary["win_share"]))
    print("games_per_second: %.0f" % summary["games_per_second"])


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--scheduler", help="address of a running Dask scheduler (default: a LocalCluster)")
    ap.add_argument("--workers", type=int, default=2, help="LocalCluster worker processes")
    ap.add_argument("--threads", action="store_true", help="LocalCluster workers as threads of this process")
    ap.add_argument("--games", type=int, default=2000)
    ap.add_argument("--batch", type=int, default=100, help="games per task")
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--variant", default="base")
    ap.add_argument("--players", type=int, default=2)
    ap.add_argument("--policy", action="append", help="policy per seat (random, mc:K, search:N); repeat for several")
    ap.add_argument("--rule", action="append", default=[], help="ruleset option NAME=VALUE")
    ap.add_argument("--upload", action="store_true", help="send this package to the workers")
    ap.add_argument("--json", action="store_true", help="print the summary as JSON")
    ap.add_argument("--in-process", action="store_true",
                    help="no Dask: play the same batches one after another here, for comparison")
    a = ap.parse_args(argv)
    options = {}
    for r in a.rule:
        k, _, v = r.partition("=")
        options[k] = int(v)
    policies = a.policy or ["random"]

    specs = make_batches(a.games, a.batch, a.seed, a.variant, a.players, policies, options)
    if a.in_process:
        t0 = time.perf_counter()
        batches = [selfplay.play_batch(s) for s in specs]
        seconds = time.perf_counter() - t0
        report(a, policies, batches, seconds, 0)
        return 0

    from dask.distributed import Client
    cluster = None
    if a.scheduler:
        client = Client(a.scheduler)
    else:
        client, cluster = local_cluster(a.workers, processes=not a.threads)
    try:
        if a.upload:
            upload_package(client)
        warm_up(client)
        nworkers = len(client.scheduler_info()["workers"])
        batches, seconds = run(client, specs)
        report(a, policies, batches, seconds, nworkers)
    finally:
        client.close()
        if cluster is not None:
            cluster.close()
    return 0


if __name__ == "__main__":
    sys.exit(main())
