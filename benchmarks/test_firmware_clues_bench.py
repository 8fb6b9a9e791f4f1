"""Clues on the board, on the 32-bit QEMU firmware at the Pico's 190 KB heap: four odds questions
with clues and spells and the three advise questions on a clue reroll
(tools/boardtime.py ISSUE_QUESTIONS) each print the host's C-core answer byte for byte (the `backend`
field aside), with their instructions counted (`qemu-system-arm -icount shift=0`).

    .venv/bin/python -m pytest benchmarks/test_firmware_clues_bench.py --benchmark-only -q -s

One QEMU boot for the seven, each on a fresh heap (a soft reset); the host's answers come from
`eldritch ... --json` on the C core in the same run. A mismatch, a MemoryError or the board CLI's
"out of memory" line fails. Not in `make test`: the seven take about 300 G instructions, half an
hour or more of QEMU on a loaded machine (`make bench` runs it). Results and the command are in
benchmarks/README.md ("The board's clue questions on the 32-bit firmware").
"""

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

REPO = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(REPO / "tools"))
import boardtime  # noqa: E402
import qemuboard  # noqa: E402

ELDRITCH = Path(sys.executable).parent / "eldritch"


@pytest.fixture(scope="module")
def board(tmp_path_factory):
    path, why = qemuboard.build()
    if path is None:
        pytest.skip(why)
    # the board CLI needs no data files (card notation only), so no `make flash`: an empty flash
    b = qemuboard.QemuBoard(flash=tmp_path_factory.mktemp("qemu") / "flash.img", fresh=True)
    b.start()
    try:
        yield b
    finally:
        b.stop()


def host_answer(args):
    """The C core's answer as the host prints it, its backend field made "-"."""
    proc = subprocess.run([str(ELDRITCH)] + list(args), capture_output=True, text=True, timeout=600,
                          env=dict(os.environ, ELDRITCH_BACKEND="c"))
    assert proc.returncode == 0, proc.stderr
    assert json.loads(proc.stdout)["backend"] == "c"
    return proc.stdout.replace('"backend": "c"', '"backend": "-"')


def board_answer(board, args):
    """(printed text with its backend field made "-", the harness's report) of one board CLI run."""
    out = board.run("import harness\nharness.cli(%r)" % (boardtime.board_args(args),), soft_reset=True,
                    timeout=3 * 3600).decode(errors="replace").replace("\r\n", "\n")
    printed, _, line = out.partition("HARNESS ")
    assert line, "no harness report:\n" + out[-2000:]
    report = json.loads(line.splitlines()[0])
    return printed.replace('"backend": "micropython"', '"backend": "-"'), report


@pytest.mark.parametrize("args", boardtime.ISSUE_QUESTIONS, ids=lambda a: " ".join(a[:2]))
def test_clue_question_on_the_firmware_is_the_hosts(benchmark, board, args):
    assert "--json" in args
    got = {}

    def run():
        got["printed"], got["report"] = board_answer(board, args)
    benchmark.pedantic(run, rounds=1, iterations=1)
    report = got["report"]
    benchmark.extra_info["kinstr"] = report["kinstr"]
    benchmark.extra_info["rp2040_s"] = round(boardtime.rp2040_seconds(report["kinstr"]), 1)
    print("\n%s: %.1f G instructions, ok=%s, error=%r" % (" ".join(args), report["kinstr"] / 1e6, report["ok"],
                                                        report["error"]))
    assert "out of memory" not in got["printed"], got["printed"][-500:]
    assert report["ok"] and report["error"] == "", (report, got["printed"][-500:])
    assert got["printed"] == host_answer(args)
