"""The board's own heap estimate (kernel/eldersign/boardcost.py) against the QEMU firmware on every
board CLI question of the firmware benchmarks and every solve the app's Elder Sign features make
(tools/boardtime.py SOLVE_QUESTIONS, Lights Out with a clue among them): each is answered at the
Pico's 190 KB without raised limits (the estimate is under the heap free), runs to its end with only
the estimate free after the CLI's check (a block takes the rest), and does not with half of it. So
the need is in (estimate / 2, estimate]: within 2x, never under.

    .venv/bin/python -m pytest benchmarks/test_firmware_estimate_bench.py --benchmark-only -q

Not in `make test`: the large questions take 30 to 146 G instructions a run (minutes to half an hour
of QEMU each); tests/test_firmware.py runs the small ones in CI and tests/test_board_estimate.py
checks every figure of benchmarks/firmware.json.
"""

import sys
from pathlib import Path

import pytest

REPO = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(REPO / "tools"))
sys.path.insert(0, str(REPO / "tests"))
import boardtime  # noqa: E402
import qemuboard  # noqa: E402
from test_board_sim import CLI_CASES  # noqa: E402

QUESTIONS = CLI_CASES + boardtime.ISSUE_QUESTIONS + boardtime.SOLVE_QUESTIONS


@pytest.fixture(scope="module")
def board(tmp_path_factory):
    path, why = qemuboard.build()
    if path is None:
        pytest.skip(why)
    # the library questions (--name) read the card data: the board flashed as make flash FROZEN=1 does
    with qemuboard.Flashed(flash=tmp_path_factory.mktemp("qemu") / "flash.img") as flashed:
        yield flashed


@pytest.mark.parametrize("args", QUESTIONS, ids=lambda a: " ".join(a))
def test_estimate_holds_the_need_within_2x(benchmark, board, args):
    got = {}

    def run():
        got["first"] = board.call("harness.cli(%r)" % (boardtime.board_args(args),), timeout=4 * 3600)
        first = got["first"]
        if first["ok"]:
            got["fits"] = board.call("harness.cli(%r, 0, %d)" % (boardtime.board_args(args),
                                                                 first["free"] - first["estimate"]), timeout=4 * 3600)
            got["half"] = board.call("harness.cli(%r, 0, %d)" % (boardtime.board_args(args),
                                                                 first["free"] - first["estimate"] // 2),
                                     timeout=4 * 3600)
    benchmark.pedantic(run, rounds=1, iterations=1)
    first = got["first"]
    benchmark.extra_info.update(estimate=first["estimate"], free=first["free"], kinstr=first["kinstr"])
    assert first["ok"], "refused or failed at 190 KB: " + first["output"][-800:]
    assert got["fits"]["ok"], "ran out with the estimate free: " + got["fits"]["output"][-800:]
    assert not got["half"]["ok"], "ran with half the estimate free"
