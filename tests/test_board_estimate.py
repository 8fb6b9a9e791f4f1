"""The board's own heap estimate of a solve (kernel/eldersign/boardcost.py need_bytes, what the board
CLI and the app refuse by) against what the QEMU firmware measured: every board CLI question of
the firmware benchmarks and every solve the app's Elder Sign features make (tools/boardtime.py
SOLVE_QUESTIONS) has its need in benchmarks/firmware.json (the smallest heap free at the CLI's check
with which the solve and the answer ran to their end, `tools/boardfit.py --firmware cli --write`),
and the estimate is at least that need and at most twice it. tests/test_firmware.py runs the
small ones live on the firmware; benchmarks/test_firmware_estimate_bench.py all of them.
"""

import sys

import pytest

from conftest import REPO

sys.path.insert(0, str(REPO / "tools"))
sys.path.insert(0, str(REPO / "micropython"))
import boardtime  # noqa: E402
from test_board_sim import CLI_CASES  # noqa: E402

QUESTIONS = CLI_CASES + boardtime.ISSUE_QUESTIONS + boardtime.SOLVE_QUESTIONS
MEASURED = [a for a in QUESTIONS if "need" in boardtime.figures().get("cli " + " ".join(a), {})]
# Questions of 23 to 146 G instructions: a bisection of their need takes hours of QEMU, so their
# check is the benchmark's (two runs each: the estimate free, half of it free)
UNMEASURED = [a for a in QUESTIONS if a not in MEASURED]


def board_estimate(args, word=4):
    """The board CLI's estimate of a question's heap on a board of that word size, for the context it
    checks (micropython/cli.py's own parsing and solver, run here on CPython)."""
    import cli
    from kernel.eldersign import boardcost, budget
    from kernel.eldersign.advice import question
    from kernel.eldersign.notation import parse_roll
    opts = cli.parse_args(args)
    card, terror, _ = cli.card_from(opts)
    sit = cli.situation_from(opts, terror, opts["command"] == "odds")
    solver = cli.lean_solver(card, sit.terror, sit.sanity, sit.stamina)
    if opts["command"] == "odds":
        ctx = (sit.green, sit.yellow, sit.red, (), sit.focus, sit.spells, sit.clues)
    else:
        ctx = question(solver, parse_roll(opts["--roll"], "roll"), sit, parse_roll(opts["--held"], "held"))
    g, y, r, held, f, s, c = ctx
    est = solver.estimate(ctx)
    assert est.board_bytes == boardcost.need_bytes(budget.shape_of(solver), budget.limits_of(g, y, r, len(held), f, s, c),
                                                   est.contexts)
    return boardcost.need_bytes(budget.shape_of(solver), budget.limits_of(g, y, r, len(held), f, s, c), est.contexts,
                                word)


@pytest.mark.parametrize("args", MEASURED, ids=lambda a: " ".join(a))
def test_the_board_estimate_holds_the_measured_need_within_2x(args):
    fig = boardtime.figures()["cli " + " ".join(args)]
    est = board_estimate(args)
    assert fig["need"] <= est <= 2 * fig["need"], (est, fig["need"], est / fig["need"])


def test_every_question_is_measured_here_or_by_the_benchmark():
    """The questions without a bisected need (the largest, whose bisection takes hours in the
    pure-Python solver) are answered at the QEMU board's heap all the same (`ok` in the firmware's
    figures: now from the C core, in the workspace the heap has), and the estimate is under the heap
    free there (about 166 KB at the CLI's check), so the board CLI does not refuse them."""
    assert len(MEASURED) >= 18
    for args in UNMEASURED:
        fig = boardtime.figures().get("cli " + " ".join(args))
        if fig is not None:                  # else measured by the menu's feature (library_big_pool)
            assert fig.get("ok") is True and fig.get("kinstr"), args
        assert board_estimate(args) < 166 * 1024, args


def test_the_estimate_doubles_object_overheads_on_a_64_bit_micropython():
    """The unix port's objects and pointers are twice the board's: its estimate is larger, never the
    board's figure (its heap would run out first)."""
    for args in QUESTIONS[:4]:
        assert board_estimate(args, 8) > board_estimate(args, 4)


@pytest.mark.parametrize("native", [False, True], ids=["interpreter", "c-core"])
def test_the_time_model_is_the_fit_of_the_emulators_cycles_within_1_2x_on_each(native):
    """kernel/eldersign/boardcost.py's cycles per thousand Cortex-M3 instructions is the fit of
    benchmarks/rp2040_cycles.json (tools/boardtime.py cycles: the QEMU firmware's counts and
    rp2040py's cycles for the same questions), on at least five questions, and the model is within
    1.2x of the emulator on each; the C core's (CYCLES_PER_KINSTR_C) likewise of
    rp2040_cycles_native.json."""
    counts = boardtime.calibration(native)
    wanted = [" ".join(a) for a in boardtime.CALIBRATION]
    assert len(wanted) >= 5 and all(q in counts for q in wanted)
    per_k, ratios = boardtime.fit(counts)
    model_per_k = boardtime.CYCLES_PER_KINSTR_C if native else boardtime.CYCLES_PER_KINSTR
    assert abs(per_k - model_per_k) <= per_k / 100
    for q in wanted:
        model = counts[q]["kinstr"] * model_per_k
        assert 1 / 1.2 <= model / counts[q]["cycles"] <= 1.2, (q, model, counts[q]["cycles"])
