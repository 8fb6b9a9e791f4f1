"""A sweep's pool workers end with their coordinator: `eldritch sweep simulate --workers 2` killed
with SIGKILL while its workers run tasks left both workers alive, asleep, parented to init, for
good (a timeout in a script, an OOM kill or a closed terminal did the same). Now no worker is left
a few seconds after the coordinator dies (parentwatch.py: PR_SET_PDEATHSIG on Linux, a watch on the
parent's id everywhere); the parent-id watch alone is checked too."""

import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

REPO = Path(__file__).resolve().parents[1]
GONE_WITHIN = 5.0


def children(pid):
    """The pids whose parent is pid (from /proc)."""
    out = []
    for name in os.listdir("/proc"):
        if name.isdigit():
            try:
                with open("/proc/%s/stat" % name) as f:
                    fields = f.read().rsplit(")", 1)[1].split()
            except OSError:
                continue
            if int(fields[1]) == pid:
                out.append(int(name))
    return out


def alive(pid) -> bool:
    """Running or asleep (a zombie waiting for init to reap it has ended)."""
    try:
        with open("/proc/%d/stat" % pid) as f:
            return f.read().rsplit(")", 1)[1].split()[0] != "Z"
    except OSError:
        return False


def wait_gone(pids, seconds):
    deadline = time.time() + seconds
    while time.time() < deadline and any(alive(p) for p in pids):
        time.sleep(0.1)
    return [p for p in pids if alive(p)]


@pytest.mark.skipif(not sys.platform.startswith("linux"), reason="reads /proc to find the workers")
def test_killing_the_coordinator_of_a_pool_sweep_leaves_no_worker(tmp_path):
    proc = subprocess.Popen([sys.executable, "-m", "eldritch.cli", "sweep", "simulate", "--out", str(tmp_path / "sw"),
                             "--games", "400", "--chunk", "20", "--players", "1,2", "--workers", "2"],
                            stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL,
                            env=dict(os.environ, PYTHONPATH=str(REPO)))
    workers = []
    try:
        deadline = time.time() + 60
        while len(workers) < 2 or not list((tmp_path / "sw" / "results").glob("*.json")):
            assert time.time() < deadline and proc.poll() is None, "the pool did not start its tasks"
            workers = children(proc.pid)
            time.sleep(0.1)
        proc.send_signal(signal.SIGKILL)
        proc.wait(30)
        left = wait_gone(workers, GONE_WITHIN)
        assert not left, "workers %s outlived their coordinator" % left
    finally:
        if proc.poll() is None:
            proc.kill()
            proc.wait(30)
        for pid in workers:                       # never leave one behind, even when the test fails
            if alive(pid):
                os.kill(pid, signal.SIGKILL)


def test_the_parent_watch_alone_ends_a_worker_whose_parent_died(tmp_path):
    """Without the kernel's death signal (another system, or a parent gone before it was set): the
    watch on the parent's id ends the worker within a few of its polls."""
    code = ("import os, sys, time\n"
            "from eldritch.analysis import parentwatch\n"
            "parentwatch.POLL_SECONDS = 0.1\n"
            "parentwatch.PR_SET_PDEATHSIG = -1          # prctl refuses it: the watch alone\n"
            "pid = os.fork()\n"
            "if pid == 0:\n"
            "    parentwatch.die_with_parent(os.getppid())\n"
            "    print(os.getpid(), flush=True)\n"
            "    time.sleep(60)\n"
            "    os._exit(0)\n"
            "time.sleep(0.5)\n"
            "os._exit(0)\n")
    proc = subprocess.Popen([sys.executable, "-c", code], stdout=subprocess.PIPE, text=True,
                            env=dict(os.environ, PYTHONPATH=str(REPO)))
    child = int(proc.stdout.readline().split()[0])
    proc.wait(30)
    proc.stdout.close()
    try:
        assert not wait_gone([child], GONE_WITHIN), "the worker outlived its parent"
    finally:
        if alive(child):
            os.kill(child, signal.SIGKILL)
