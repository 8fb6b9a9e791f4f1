"""The board's command line under the MicroPython unix port refuses up front what it cannot answer
(issue 24.14): a question over its budget (the kernel's budget.py, as the host) is one line, a solve
that runs out of memory all the same is one line, and the launcher works from a checkout deeper than
the 255 bytes the port can intern."""

import os
import shutil
import subprocess

import pytest

from conftest import REPO, MICROPYTHON

LAUNCHER = str(REPO / "micropython" / "eldritch-board")
ENV = dict(os.environ, MICROPYTHON=str(MICROPYTHON))


def board(*args, launcher=LAUNCHER):
    return subprocess.run([launcher] + list(args), capture_output=True, text=True, env=ENV, timeout=120)


def one_line(proc, start="eldritch: "):
    return proc.returncode == 2 and proc.stdout == "" and proc.stderr.count("\n") == 1 \
        and proc.stderr.startswith(start)


def test_a_question_over_the_boards_budget_is_refused_in_one_line():
    proc = board("odds", "L L", "--green", "8", "--yellow", "--red", "--focus", "4", "--spells", "4",
                 "--clues", "4")
    assert one_line(proc, "eldritch: limits: this question needs about "), proc.stderr[-1000:]
    assert "allow it with --max-seconds" in proc.stderr and "--max-memory" in proc.stderr
    advise = board("advise", "L L L | L I3", "--roll", "L L L I3 P P P P", "--focus", "4", "--spells", "4",
                   "--clues", "4")
    assert one_line(advise, "eldritch: limits: "), advise.stderr[-1000:]


def test_the_budget_flags_allow_a_question_and_bad_values_are_one_line():
    small = ["odds", "L L L | L I3", "--green", "5"]
    assert board(*small, "--max-seconds", "2m", "--max-memory", "512K").returncode == 0
    assert one_line(board(*small, "--max-seconds", "0"))
    for flag, value in (("--max-seconds", "²"), ("--max-seconds", "1x"), ("--max-memory", "٣M"),
                        ("--max-memory", ""), ("--max-memory", "9" * 40)):
        proc = board(*small, flag, value)
        assert one_line(proc, "eldritch: argument %s" % flag), (flag, value, proc.stderr)


def test_running_out_of_memory_anyway_is_one_line():
    """--max-memory lifts the refusal; the 2 MB heap of the unix port then runs out mid-solve (on
    main this was a MemoryError traceback)."""
    proc = board("odds", "L L L | L I3", "--green", "6", "--clues", "1", "--max-memory", "1G")
    assert one_line(proc, "eldritch: memory: out of memory while solving"), proc.stderr[-1000:]


def test_the_launcher_runs_from_a_checkout_deeper_than_255_bytes(tmp_path):
    """The unix port interns the script's folder and every module's file name: from a folder of 256
    bytes or more it aborted with "FATAL: uncaught NLR" before printing anything."""
    deep = tmp_path / ("d" * 120) / ("e" * 120)
    deep.mkdir(parents=True)
    shutil.copytree(REPO / "micropython", deep / "micropython")
    shutil.copytree(REPO / "kernel", deep / "kernel")
    assert len(str(deep / "micropython")) > 255
    question = ["odds", "--name", "curator", "--focus", "0", "--json"]
    far = board(*question, launcher=str(deep / "micropython" / "eldritch-board"))
    near = board(*question)
    assert far.returncode == 0 and far.stderr == "", far.stderr[-1000:]
    assert far.stdout == near.stdout and '"backend": "micropython"' in far.stdout


def test_a_reader_that_leaves_early_is_not_an_error():
    """`| head` closes the pipe: the answer's write fails with EPIPE, which is the reader's choice
    (exit 0, as the host CLI does), not an OSError traceback."""
    proc = subprocess.Popen([LAUNCHER, "advise", "I3 > P P > L L", "--roll", "I3 I1 P P T L y:I4 r:W", "--focus", "0"],
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE, env=ENV)
    proc.stdout.close()                     # gone before the answer is written
    err = proc.stderr.read()
    assert proc.wait(timeout=120) == 0 and err == b"", err


@pytest.mark.parametrize("arg", ["L" * 256, "é" * 128])
def test_an_argument_of_256_bytes_is_one_line(arg):
    proc = board("odds", arg)
    assert one_line(proc, "eldritch: argument too long (256 bytes")
