"""Sweeps that verify what they resume: a setting named twice is run once;
a result file that was edited, swapped with another, truncated, emptied, replaced by garbage, by JSON of
the wrong shape or by something that is not a file is refused, set aside, recomputed and reported in
one line, never merged; a bad plan.json is written again; outputs are checked before the work; every
bad option (unicode digits, a --bots naming no bot, a malformed or unreachable --ray) is one line and
exit 2. Runs in-process except where a separate process is the point (a hang)."""

import json
import os
import socket
import subprocess
import sys
import threading

import pytest

from clirun import run_cli
from eldritch.analysis import sweepstore

SIM = ["sweep", "simulate", "--games", "4", "--chunk", "2", "--ancient-one", "Yig", "--players", "1,2",
       "--seed", "3", "--json"]


def _one_error_line(code, err):
    lines = [ln for ln in err.splitlines() if ln.strip()]
    return code == 2 and len(lines) == 1 and lines[0].startswith("eldritch: ")


# ----- 5: a setting named twice ---------------------------------------------------------------------

@pytest.mark.parametrize("twice", [["--players", "1,1"], ["--bots", "heuristic|heuristic"],
                                   ["--ancient-one", "Yig,Yig"]], ids=["players", "bots", "ancient-one"])
def test_a_setting_named_twice_is_simulated_once(tmp_path, twice):
    base = ["--games", "3", "--ancient-one", "Yig", "--players", "1", "--seed", "2", "--json"]
    code, once, err = run_cli(["simulate"] + base)
    assert code == 0, err
    code, sim, err = run_cli(["simulate"] + base + twice)
    assert code == 0, err
    code, swept, err = run_cli(["sweep", "simulate", "--out", str(tmp_path), "--chunk", "2"] + base + twice)
    assert code == 0, err
    assert json.loads(sim) == json.loads(once) == json.loads(swept)
    assert [s["games"] for s in json.loads(swept)["settings"]] == [3]


# ----- 6 and 17: result files checked on resume --------------------------------------------------------

@pytest.fixture(scope="module")
def finished(tmp_path_factory):
    """A finished simulate sweep: (folder, its JSON report, result file names in plan order)."""
    out = tmp_path_factory.mktemp("finished")
    code, report, err = run_cli(SIM + ["--out", str(out)])
    assert code == 0, err
    plan = json.loads((out / "plan.json").read_text())
    return out, json.loads(report), [t["id"] + ".json" for t in plan["tasks"]]


def _copy(src, dst):
    import shutil
    shutil.copytree(src, dst)
    return dst


def _edit_count(path):
    rec = json.loads(path.read_text())
    rec["summary"]["wins"] = (rec["summary"]["wins"] + 1) % (rec["summary"]["games"] + 1)
    path.write_text(json.dumps(rec))


def _edit_count_and_games(path):
    rec = json.loads(path.read_text())
    rec["summary"]["games"] += 10
    path.write_text(json.dumps(rec))


def _no_checksum(path):                  # a file as an older eldritch wrote it
    rec = json.loads(path.read_text())
    del rec["check"]
    path.write_text(json.dumps(rec))


def _folder(path):
    path.unlink()
    path.mkdir()


def _fifo(path):
    path.unlink()
    os.mkfifo(path)


def _dev_zero(path):
    path.unlink()
    path.symlink_to("/dev/zero")


DAMAGE = {
    "edited count": _edit_count,
    "edited games": _edit_count_and_games,
    "no checksum": _no_checksum,
    "truncated": lambda p: p.write_bytes(p.read_bytes()[:len(p.read_bytes()) // 2]),
    "empty": lambda p: p.write_bytes(b""),
    "garbage": lambda p: p.write_bytes(os.urandom(300)),
    "list-shaped": lambda p: p.write_text("[1, 2, 3]"),
    "a number": lambda p: p.write_text("42"),
    "deeply nested": lambda p: p.write_text("[" * 100000 + "]" * 100000),
    "deeply nested unclosed": lambda p: p.write_text("[" * 100000),
    "a folder": _folder,
    "a pipe": _fifo,
    "/dev/zero": _dev_zero,
}


@pytest.mark.parametrize("damage", list(DAMAGE))
def test_a_damaged_result_file_is_recomputed_and_reported_in_one_line(tmp_path, finished, damage):
    src, report, names = finished
    out = _copy(src, tmp_path / "sweep")
    victim = out / "results" / names[1]
    DAMAGE[damage](victim)
    code, again, err = run_cli(SIM + ["--out", str(out)])
    assert code == 0, err
    assert json.loads(again) == report                  # recomputed, never merged as it was
    lines = err.splitlines()
    assert len(lines) == 1 and "refused and run again" in lines[0] and names[1][:-5] in lines[0], err
    assert sweepstore.read_json(str(victim))["id"] == names[1][:-5]
    assert os.path.lexists(str(victim) + sweepstore.BAD_SUFFIX)
    code, third, err = run_cli(SIM + ["--out", str(out)])     # and the next resume is quiet
    assert code == 0 and err == "" and json.loads(third) == report


@pytest.mark.parametrize("kind", ["folder", "fifo", "symlink", "file"])
def test_leftovers_named_tmp_in_the_results_do_not_stop_a_resume(tmp_path, finished, kind):
    """A folder named y.tmp in OUT/results/ stopped the resume with a raw OS message ("y.tmp: Is a
    directory"). A stale temporary file is still cleaned up; anything else named *.tmp (a folder, a
    pipe, a symbolic link) is not the sweep's and is left alone, and the sweep resumes."""
    src, report, names = finished
    out = _copy(src, tmp_path / "sweep")
    os.remove(out / "results" / names[0])              # one task to run again
    odd = out / "results" / "y.tmp"
    if kind == "folder":
        odd.mkdir()
        (odd / "inside").write_text("kept")
    elif kind == "fifo":
        os.mkfifo(odd)
    elif kind == "symlink":
        (tmp_path / "elsewhere").write_text("kept")
        os.symlink(tmp_path / "elsewhere", odd)
    else:
        odd.write_text("a killed run's half-written result")
    code, again, err = run_cli(SIM + ["--out", str(out)])
    assert code == 0 and err == "", err
    assert json.loads(again) == report
    assert os.path.lexists(odd) == (kind != "file")
    if kind == "symlink":
        assert (tmp_path / "elsewhere").read_text() == "kept"


def test_two_result_files_swapped_between_settings_are_both_recomputed(tmp_path, finished):
    src, report, names = finished
    out = _copy(src, tmp_path / "sweep")
    a, b = out / "results" / names[0], out / "results" / names[-1]       # 1 player and 2 players
    ta, tb = a.read_bytes(), b.read_bytes()
    a.write_bytes(tb)
    b.write_bytes(ta)
    code, again, err = run_cli(SIM + ["--out", str(out)])
    assert code == 0 and json.loads(again) == report, err
    assert err.count("\n") == 1 and "2 result files refused" in err


def test_a_result_file_changed_after_it_was_checked_is_refused_at_the_merge(tmp_path, finished):
    from eldritch.kernel.errors import KernelError
    src, _, names = finished
    out = _copy(src, tmp_path / "sweep")
    store = sweepstore.Store(str(out))
    plan = json.loads((out / "plan.json").read_text())
    store.open("simulate", plan["tasks"], plan["meta"])
    assert store.damaged == []
    _edit_count(out / "results" / names[0])
    with pytest.raises(KernelError, match="checksum mismatch"):
        store.get(names[0][:-5])


PLANS = {
    "truncated": lambda p: p.write_bytes(p.read_bytes()[:40]),
    "empty": lambda p: p.write_bytes(b""),
    "garbage": lambda p: p.write_bytes(b"\xff\xfe" + os.urandom(100)),
    "list-shaped": lambda p: p.write_text("[]"),
    "tasks not a list": lambda p: p.write_text('{"kind": "simulate", "tasks": 3}'),
    "tasks of numbers": lambda p: p.write_text('{"kind": "simulate", "tasks": [1, 2]}'),
    "deeply nested": lambda p: p.write_text('{"tasks": ' + "[" * 100000 + "]" * 100000 + "}"),
}


@pytest.mark.parametrize("damage", list(PLANS))
def test_a_bad_plan_is_written_again_in_one_line(tmp_path, finished, damage):
    src, report, _ = finished
    out = _copy(src, tmp_path / "sweep")
    PLANS[damage](out / "plan.json")
    code, again, err = run_cli(SIM + ["--out", str(out)])
    assert code == 0 and json.loads(again) == report, err
    assert err.count("\n") == 1 and "not a readable plan" in err
    assert json.loads((out / "plan.json").read_text())["kind"] == "simulate"


def test_another_sweeps_plan_is_still_refused(tmp_path, finished):
    src, _, _ = finished
    out = _copy(src, tmp_path / "sweep")
    code, _, err = run_cli(["sweep", "simulate", "--games", "4", "--chunk", "2", "--players", "3", "--out", str(out)])
    assert _one_error_line(code, err) and "another sweep" in err


# ----- 17: outputs checked before the work; bad options --------------------------------------------------

@pytest.mark.parametrize("flag,value", [("--output", "/proc/x.csv"), ("--output", "MISSING/x.csv"),
                                        ("--output", "."), ("--output", ""), ("--output", "FIFO")])
def test_atlas_refuses_an_output_it_cannot_write_before_the_work(tmp_path, flag, value):
    if value == "FIFO":
        value = str(tmp_path / "fifo")
        os.mkfifo(value)                                  # no reader: opening it would block
    value = value.replace("MISSING", str(tmp_path / "missing"))     # a folder that is not there
    out = tmp_path / "atlas"
    code, _, err = run_cli(["sweep", "atlas", "--out", str(out), "--sets", "core", "--focus", "0", "--spells", "0",
                            "--clues", "0", "--dice", "5G", flag, value])
    assert _one_error_line(code, err), err
    assert not out.exists()                               # no task was run, no folder made


def test_atlas_from_the_command_line_writes_its_csv(tmp_path):
    """The atlas has no store of solved tables (only the solver bot's simulate does): its sweep runs
    from the command line to its CSV, the same rows as `eldritch atlas` gives."""
    out, csv = tmp_path / "atlas", tmp_path / "atlas.csv"
    code, _, err = run_cli(["sweep", "atlas", "--out", str(out), "--sets", "other", "--focus", "0", "--spells", "0",
                            "--clues", "0", "--dice", "5G", "--output", str(csv)])
    assert code == 0, err
    rows = csv.read_text().splitlines()
    assert rows[0].startswith("set,") and len(rows) > 10, rows[:3]


def test_simulate_and_sweep_refuse_a_chart_they_cannot_write_before_the_work(tmp_path):
    pytest.importorskip("matplotlib")
    for argv in (["simulate", "--games", "1"], ["sweep", "simulate", "--games", "1", "--out", str(tmp_path / "s")]):
        code, out, err = run_cli(argv + ["--chart", "/proc/x.png"])
        assert _one_error_line(code, err) and out == "", err
    assert not (tmp_path / "s").exists()


@pytest.mark.parametrize("flag", ["--focus", "--spells", "--clues", "--dice"])
@pytest.mark.parametrize("value", ["²", "٣", "1-²", "²G", "0-" + "9" * 40])
def test_atlas_ranges_take_ascii_digits_only(tmp_path, flag, value):
    code, _, err = run_cli(["sweep", "atlas", "--out", str(tmp_path / "a"), "--sets", "core", flag, value])
    assert _one_error_line(code, err), err


@pytest.mark.parametrize("argv", [["simulate", "--bots", ","], ["simulate", "--bots", "|"],
                                  ["simulate", "--bots", "heuristic|"], ["simulate", "--bots", " , "],
                                  ["simulate", "--game", "stayaway", "--players", "4", "--bots", ","],
                                  ["sweep", "simulate", "--bots", ",", "--out", "OUT"]])
def test_bots_that_name_no_bot_are_one_line(tmp_path, argv):
    argv = [str(tmp_path / "o") if a == "OUT" else a for a in argv]
    code, _, err = run_cli(argv + ["--games", "1"])
    assert _one_error_line(code, err) and "names no bot" in err, err


# ----- 13: --ray --------------------------------------------------------------------------------------

@pytest.mark.parametrize("address", ["", " ", ":", "a:b", "host:99999", "host:0", "host:-1", "host:²", "ray://",
                                     "ray://:1", "ünïcode:1", "a b:1", "a\nb:1", "x" * 300 + ":1", "1.2.3.4",
                                     "[zz]:1", "-h:1", "..:1", "host:", "127.0.0.1:1", "ray://127.0.0.1:1",
                                     "[::1]:1"])
def test_a_malformed_or_unreachable_ray_address_is_one_line(tmp_path, address):
    code, out, err = run_cli(["sweep", "simulate", "--games", "1", "--out", str(tmp_path / "o"), "--ray", address])
    assert _one_error_line(code, err) and out == "", err
    assert "--ray" in err


def test_a_port_that_is_not_ray_times_out_in_one_line(tmp_path):
    """A TCP port that accepts connections and never speaks Ray: ray.init would wait for many minutes
    (more than 5 were seen); the sweep gives up after ELDRITCH_RAY_CONNECT_SECONDS, in one line."""
    pytest.importorskip("ray")
    listener = socket.socket()
    listener.bind(("127.0.0.1", 0))
    listener.listen(16)
    port = listener.getsockname()[1]
    held = []
    stop = threading.Event()

    def accept():
        listener.settimeout(0.2)
        while not stop.is_set():
            try:
                held.append(listener.accept()[0])
            except OSError:
                pass

    th = threading.Thread(target=accept, daemon=True)
    th.start()
    env = dict(os.environ, ELDRITCH_RAY_CONNECT_SECONDS="3")
    try:
        proc = subprocess.run([sys.executable, "-m", "eldritch.cli", "sweep", "simulate", "--games", "1",
                               "--out", str(tmp_path / "o"), "--ray", "127.0.0.1:%d" % port],
                              capture_output=True, text=True, env=env, timeout=120)
    finally:
        stop.set()
        th.join()
        for c in held:
            c.close()
        listener.close()
    assert proc.returncode == 2 and proc.stdout == "", proc.stderr[-2000:]
    assert proc.stderr.count("\n") == 1 and "no Ray cluster answered" in proc.stderr, proc.stderr[-2000:]
