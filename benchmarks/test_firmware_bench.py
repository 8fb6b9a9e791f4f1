"""Board time on the QEMU firmware: every feature of every mode and the board CLI's
questions, their instructions counted exactly (`qemu-system-arm -icount shift=0`, tools/qemuboard.py)
and gated against the checked-in counts of benchmarks/firmware.json (3% either way: a growth is a
regression, a drop an improvement to check in with `tools/boardfit.py --firmware --counts --write`).
The wall times pytest-benchmark prints are QEMU's on this machine and mean nothing for the board; the
counts, their RP2040 estimate and the method are in benchmarks/README.md ("The handheld's time").

    .venv/bin/python -m pytest benchmarks/test_firmware_bench.py --benchmark-only -q

Every menu action of every feature, and the heavy clue question of boardfit.HEAVY, is also checked
against the per-action rule (within 2 s of an RP2040 or showing progress: boardtime.over_budget).
The heavy questions' last frames must show the host's answers (the C core's odds, or its advice's
best option and count of options, to the screen's decimals). One boot for the file;
library_big_pool takes about 30 s of QEMU (20 G instructions) and each heavy clue question 5 to 8
minutes (221 G and more).
"""

import json
import subprocess
import sys
from pathlib import Path

import pytest

REPO = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(REPO))
sys.path.insert(0, str(REPO / "tools"))
sys.path.insert(0, str(REPO / "tests"))
import boardfit  # noqa: E402
import boardtime  # noqa: E402
import qemuboard  # noqa: E402
from test_board_sim import CLI_CASES  # noqa: E402


@pytest.fixture(scope="module")
def board(tmp_path_factory):
    path, why = qemuboard.build()
    if path is None:
        pytest.skip(why)
    with qemuboard.Flashed(flash=tmp_path_factory.mktemp("qemu") / "flash.img") as flashed:
        yield flashed


RUNS = {}          # each feature's run, for the budget check after its count's


def _gate(benchmark, board, name, call):
    result = {}

    def run():
        result.update(board.call(call))
    benchmark.pedantic(run, rounds=1, iterations=1)
    RUNS[name] = result
    benchmark.extra_info["kinstr"] = result["kinstr"]
    benchmark.extra_info["rp2040_s"] = round(boardtime.rp2040_seconds(result["kinstr"]), 2)
    ok, why = boardtime.check_count(name, result["kinstr"])
    assert ok, why


@pytest.mark.parametrize("name", list(boardfit.FEATURES) + list(boardfit.GAMES))
def test_feature_instructions(benchmark, board, name):
    _gate(benchmark, board, name, boardfit.harness_call(name, 0, boardtime.BUDGET_K))


def _host_shows(args):
    """What the board's last frame must show for a host question (boardfit.HEAVY): an odds screen's
    "odds P%" (four decimals), a play screen's "1/N P%" (its best option, two decimals, N options)."""
    from kernel.eldersign.fixed import percent_text
    proc = subprocess.run([str(Path(sys.executable).parent / "eldritch")] + args + ["--json"],
                          capture_output=True, text=True, timeout=600)
    assert proc.returncode == 0, proc.stderr
    answer = json.loads(proc.stdout)
    assert answer["backend"] == "c"
    if args[0] == "odds":
        return "odds %s%%" % percent_text(_fixed(answer["exact"]), 4)
    best = answer["options"][0]
    return "1/%d %s%%" % (len(answer["options"]), percent_text(_fixed(best["exact"]), 2))


def _fixed(exact):
    num, den = exact.split("/")
    assert int(den) == 1 << 48          # the kernel's fixed point (fixed.ONE)
    return int(num)


@pytest.mark.parametrize("name", list(boardfit.FEATURES) + list(boardfit.GAMES) + list(boardfit.HEAVY))
def test_every_menu_action_within_budget_or_showing_progress(benchmark, board, name):
    """Every feature's every action (as in CI's tests/test_firmware.py, here for all of them) and
    the heavy menu actions of boardfit.HEAVY: within boardtime.BUDGET_K, or progress frames with no
    stretch between two over it (boardtime.over_budget). A feature's run is the one its count was
    gated on when that test ran first (`make bench` runs with --benchmark-only: hence the fixture)."""
    result = {}

    def run():
        if name in boardfit.HEAVY:
            words, want, _ = boardfit.HEAVY[name]
            result.update(board.call("harness.feature(%r, %r, 0, %d)" % (words, list(want), boardtime.BUDGET_K),
                                     timeout=3600))
        else:
            result.update(RUNS.get(name) or board.call(boardfit.harness_call(name, 0, boardtime.BUDGET_K)))
    benchmark.pedantic(run, rounds=1, iterations=1)
    benchmark.extra_info["longest_stretch_kinstr"] = max([w[3] for w in result["slow"]] + [0])
    if name in boardfit.HEAVY:
        # the board's answer is the host's: the C core's, to the screen's decimals
        assert _host_shows(boardfit.HEAVY[name][2]) in result["last"], result["last"]
    assert boardtime.over_budget(result) == [], (name, result["longest"], result["slow"])


@pytest.mark.parametrize("args", CLI_CASES, ids=lambda a: " ".join(a[:2]))
def test_board_cli_instructions(benchmark, board, args):
    _gate(benchmark, board, "cli " + " ".join(args), "harness.cli(%r)" % (boardtime.board_args(args),))
