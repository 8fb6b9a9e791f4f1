"""eldritch sweep: the same merged results on one core, a process pool and a local Ray cluster; a
killed sweep resumes to the uninterrupted result; a dead worker's task is retried, never counted
twice; result files are written atomically, one per task."""

import json
import os
import signal
import subprocess
import sys
import threading
import time
import types

import pytest

from eldritch.analysis import sweep as sw
from eldritch.kernel.errors import KernelError
from eldritch.eldersign.sim import RUNNER
from eldritch.analysis import atlas

ray = pytest.importorskip("ray", reason="Ray is in the test extra: pip install -e '.[test]'")


def sim_tasks(games=12, chunk=3, bots="heuristic", players=(1, 2), ao="Yig"):
    args = types.SimpleNamespace(ancient_one=ao, sets="", investigators="", weights="", players=list(players), bots=bots)
    return sw.simulate_tasks(RUNNER.settings(args), games, chunk, 7)


def atlas_tasks_small():
    cards = atlas.select_cards(["core"], "hall") + atlas.select_cards(["other"], "moon")
    return sw.atlas_tasks(cards, atlas.parse_dice_list("5G,6G+Y"), [0, 1], [0], [0, 1], None, 1)


@pytest.fixture(scope="module")
def ray_cluster(tmp_path_factory):
    """A local Ray cluster for this module (2 CPUs), with the sweep's trace folder in its workers'
    environment; shut down at the end."""
    trace = tmp_path_factory.mktemp("trace")
    os.environ[sw.TRACE_ENV] = str(trace)
    os.environ.setdefault(sw.RAY_NICENESS, "0")
    ray.init(num_cpus=2, include_dashboard=False, log_to_driver=False, configure_logging=False)
    try:
        yield trace
    finally:
        ray.shutdown()
        os.environ.pop(sw.TRACE_ENV, None)


def test_same_results_on_one_core_a_pool_and_ray(tmp_path, ray_cluster):
    sims = sim_tasks()
    maps = atlas_tasks_small()
    results = []
    for k, engine in enumerate([dict(workers=1), dict(workers=2), dict(ray_address="auto")]):
        store = sw.run_sweep("simulate", sims, str(tmp_path / ("s%d" % k)), {}, **engine)
        merged = sw.merged_simulate(store, sims)
        astore = sw.run_sweep("atlas", maps, str(tmp_path / ("a%d" % k)), {}, **engine)
        results.append((merged, sw.merged_atlas(astore, maps)))
        assert len(os.listdir(store.results)) == len(sims)
    assert results[0] == results[1] == results[2]
    merged, rows = results[0]
    assert [s.games for _, s in merged] == [12, 12]
    assert len(rows) == sum(len(t["spec"]["cards"]) for t in maps) * 2 * 2 * 2 > 0


def test_solver_bot_store_gives_the_same_results_on_one_core_a_pool_and_ray(tmp_path, ray_cluster):
    """The store of solved tables the workers share changes no result on any engine: no store, an
    empty store on one core, a pool, and Ray reading the store the first two grew."""
    sims = sim_tasks(games=4, chunk=2, bots="solver", players=(1,))
    solved = str(tmp_path / "solved")
    runs = [dict(workers=1), dict(workers=1, solved=solved), dict(workers=2, solved=solved),
            dict(ray_address="auto", solved=solved)]
    results = [sw.merged_simulate(sw.run_sweep("simulate", sims, str(tmp_path / ("s%d" % k)), {}, **engine), sims)
               for k, engine in enumerate(runs)]
    assert results[0] == results[1] == results[2] == results[3]
    assert [s.games for _, s in results[0]] == [4]
    assert any(files for _, _, files in os.walk(solved)), "the sweep published no solved table"


def test_a_dead_ray_worker_loses_and_duplicates_nothing(tmp_path, ray_cluster):
    """SIGKILL the worker running a task: Ray runs the task again; every task has one result and
    the merged summary counts each game once, equal to a run on one core."""
    tasks = sim_tasks(games=16, chunk=8, players=(1,))
    out = tmp_path / "ray"
    killed = {}

    def killer():
        deadline = time.time() + 120
        while time.time() < deadline and not killed:
            for name in os.listdir(ray_cluster):
                tid, pid = name.rsplit(".", 1)
                if tid in {t["id"] for t in tasks}:
                    os.kill(int(pid), signal.SIGKILL)
                    killed[tid] = int(pid)
                    return
            time.sleep(0.01)

    th = threading.Thread(target=killer)
    th.start()
    store = sw.run_sweep("simulate", tasks, str(out), {}, ray_address="auto", retries=3)
    th.join()
    assert killed, "no worker was seen running a task"
    tid = next(iter(killed))
    runs = [n for n in os.listdir(ray_cluster) if n.startswith(tid + ".")]
    assert len(runs) >= 2                       # the killed task ran again, in another process
    assert sorted(os.listdir(store.results)) == sorted(t["id"] + ".json" for t in tasks)
    merged = sw.merged_simulate(store, tasks)
    serial = sw.merged_simulate(sw.run_sweep("simulate", tasks, str(tmp_path / "one"), {}), tasks)
    assert merged == serial and merged[0][1].games == 16


def test_a_dead_pool_worker_is_replaced_and_its_task_run_again(tmp_path, monkeypatch):
    trace = tmp_path / "trace"
    trace.mkdir()
    monkeypatch.setenv(sw.TRACE_ENV, str(trace))
    tasks = sim_tasks(games=16, chunk=4, players=(1,))
    killed = []

    def killer():
        deadline = time.time() + 120
        while time.time() < deadline and not killed:
            names = os.listdir(trace)
            if names:
                pid = int(names[0].rsplit(".", 1)[1])
                os.kill(pid, signal.SIGKILL)
                killed.append(names[0])
                return
            time.sleep(0.005)

    th = threading.Thread(target=killer)
    th.start()
    store = sw.run_sweep("simulate", tasks, str(tmp_path / "pool"), {}, workers=2)
    th.join()
    assert killed
    assert sorted(os.listdir(store.results)) == sorted(t["id"] + ".json" for t in tasks)
    serial = sw.merged_simulate(sw.run_sweep("simulate", tasks, str(tmp_path / "one"), {}), tasks)
    assert sw.merged_simulate(store, tasks) == serial


def test_a_killed_sweep_resumes_to_the_uninterrupted_result(tmp_path):
    argv = [sys.executable, "-m", "eldritch.cli", "sweep", "simulate", "--games", "24", "--chunk", "3",
            "--ancient-one", "Yig", "--players", "1", "--seed", "5", "--json"]
    out = tmp_path / "cut"
    proc = subprocess.Popen(argv + ["--out", str(out)], stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                            start_new_session=True)
    results = out / "results"
    deadline = time.time() + 120
    while time.time() < deadline:
        if results.exists() and len([n for n in os.listdir(results) if n.endswith(".json")]) >= 2:
            break
        time.sleep(0.02)
    os.killpg(proc.pid, signal.SIGKILL)
    proc.wait()
    done = [n for n in os.listdir(results) if n.endswith(".json")]
    assert 2 <= len(done) < 8, "the sweep was not cut midway"
    for n in done:
        json.loads((results / n).read_text())              # every file that is there is whole
    again = subprocess.run(argv + ["--out", str(out)], capture_output=True, text=True, timeout=300)
    whole = subprocess.run(argv + ["--out", str(tmp_path / "whole")], capture_output=True, text=True, timeout=300)
    assert again.returncode == 0 and whole.returncode == 0, again.stderr + whole.stderr
    assert json.loads(again.stdout) == json.loads(whole.stdout)
    assert len(os.listdir(results)) == 8 and not [n for n in os.listdir(results) if n.endswith(".tmp")]


def test_a_plan_may_grow_but_another_plan_in_the_same_folder_is_refused(tmp_path):
    small = sim_tasks(games=2, chunk=1, players=(1,))
    sw.run_sweep("simulate", small, str(tmp_path), {})
    first = {t["id"]: os.path.getmtime(tmp_path / "results" / (t["id"] + ".json")) for t in small}
    grown = sim_tasks(games=3, chunk=1, players=(1,))
    store = sw.run_sweep("simulate", grown, str(tmp_path), {})
    assert sw.merged_simulate(store, grown)[0][1].games == 3
    assert all(os.path.getmtime(tmp_path / "results" / (k + ".json")) == v for k, v in first.items())
    with pytest.raises(KernelError):
        sw.run_sweep("simulate", sim_tasks(games=3, chunk=1, players=(2,)), str(tmp_path), {})


def test_task_ids_depend_on_what_the_task_computes_only():
    a = sim_tasks()
    b = sim_tasks()
    assert [t["id"] for t in a] == [t["id"] for t in b]
    assert len({t["id"] for t in a}) == len(a)
    assert [t["spec"]["first"] for t in a[:4]] == [0, 3, 6, 9]


def test_a_result_is_written_once(tmp_path):
    store = sw.Store(str(tmp_path))
    store.open("simulate", [], {})
    assert store.put({"id": "x", "v": 1})
    assert not store.put({"id": "x", "v": 2})
    assert store.get("x") == {"id": "x", "v": 1}


def test_ray_messages_stay_off_stdout_and_json_stays_json(tmp_path, ray_cluster):
    """Ray prints "(raylet) A worker died or was killed ..." for the driver on stdout, even
    with log_to_driver=False. A sweep's --json goes to stdout: kill a worker mid-task of a sweep run
    by the CLI (a second driver on this module's cluster) and stdout must still parse as JSON."""
    address = ray.get_runtime_context().gcs_address
    before = set(os.listdir(ray_cluster))
    argv = [sys.executable, "-m", "eldritch.cli", "sweep", "simulate", "--games", "8", "--chunk", "4",
            "--ancient-one", "Yig", "--players", "1", "--seed", "11", "--json", "--ray", address,
            "--out", str(tmp_path / "out")]
    proc = subprocess.Popen(argv, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    killed = []

    def killer():
        deadline = time.time() + 120
        while time.time() < deadline and not killed and proc.poll() is None:
            for name in set(os.listdir(ray_cluster)) - before:
                os.kill(int(name.rsplit(".", 1)[1]), signal.SIGKILL)
                killed.append(name)
                return
            time.sleep(0.01)

    th = threading.Thread(target=killer)
    th.start()
    out, err = proc.communicate(timeout=300)
    th.join()
    assert killed, "no worker was seen running a task"
    assert proc.returncode == 0, err[-2000:]
    report = json.loads(out)                              # the whole of stdout, nothing ahead of it
    assert [s["games"] for s in report["settings"]] == [8]
    assert "worker died" in err.lower() or "killed" in err.lower(), err[-2000:]
