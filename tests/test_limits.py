"""Bounded solves: questions over the limits are refused up front in one line, before any
workspace exists; the largest question under the limits is answered, with the same integers on
both backends; progress shows on a terminal; Ctrl-C exits 130 in one line; MemoryError never
escapes. And advice refuses dice that cannot exist, the same on both backends.
"""

import io
import json

import pytest

from eldritch import cli

from eldritch.backend import limits
from eldritch.backend import get_backend
from eldritch.kernel.errors import KernelError
from eldritch.kernel.eldersign import budget
from eldritch.kernel.eldersign.advice import advise
from eldritch.kernel.eldersign.notation import parse_card, parse_roll
from eldritch.kernel.eldersign.situation import Situation

CARD = "I3 > P P > L L"
HUGE = ["odds", CARD, "--green", "8", "--yellow", "--red", "--focus", "4", "--spells", "4", "--clues", "4"]


def run(argv, capsys):
    try:
        code = cli.main(argv)
    except SystemExit as exc:          # argparse usage errors (one line, exit 2)
        code = exc.code
    out, err = capsys.readouterr()
    return code, out, err


def test_question_over_the_default_limits_is_refused_in_one_line(backend, capsys):
    code, out, err = run(["--backend", backend.name] + HUGE, capsys)
    assert code == 2 and out == ""
    assert err.count("\n") == 1 and err.startswith("eldritch: limits: this question needs about")
    assert "--max-seconds" in err and "the limits are 60 s and 1.0 GiB" in err


def test_refusal_allocates_no_workspace(backend):
    solver = backend.make_solver(parse_card(CARD))
    with pytest.raises(KernelError, match="allow it with --max-seconds"):
        with limits.guard(solver, (8, 1, 1, (), 4, 4, 4), limits.Limits(), backend.name):
            raise AssertionError("never solved")
    assert getattr(solver, "workspace_bytes", 0) == 0 and getattr(solver, "_ws", None) is None
    assert solver.pairs == 0


def test_refusal_names_the_flag_that_allows_it(capsys):
    code, out, err = run(["--backend", "c", "odds", CARD, "--green", "6", "--yellow", "--red", "--focus", "2",
                          "--spells", "1", "--clues", "2", "--max-seconds", "0.001"], capsys)
    assert code == 2 and "allow it with --max-seconds" in err
    seconds = err.split("--max-seconds ")[1].split()[0]
    code, out, err = run(["--backend", "c", "odds", CARD, "--green", "6", "--yellow", "--red", "--focus", "2",
                          "--spells", "1", "--clues", "2", "--max-seconds", seconds], capsys)
    assert code == 0 and "%" in out
    code, out, err = run(["--backend", "c", "odds", CARD, "--max-memory", "64K"], capsys)
    assert code == 2 and "--max-memory" in err and err.count("\n") == 1


# A family of questions, each costlier than the one before on both backends.
FAMILY = [(2, 0, 0, 0, 0, 0), (3, 0, 0, 0, 0, 0), (4, 0, 0, 1, 0, 0), (4, 1, 0, 1, 0, 0), (4, 1, 1, 1, 0, 0),
          (4, 1, 1, 1, 1, 0), (4, 1, 1, 1, 1, 1)]


def _ctx(q):
    g, y, r, f, s, c = q
    return (g, y, r, (), f, s, c)


def test_largest_question_under_the_limits_is_answered_with_the_same_integers():
    """For each backend, limits set exactly at a question's estimate accept it (the largest of the
    family they accept) and refuse the next; both backends then give the same value vector."""
    card = parse_card(CARD)
    answers = {}
    for name, k in (("c", 4), ("python", 3)):
        backend = get_backend(name)
        probe = backend.make_solver(card)
        ms = [probe.estimate(_ctx(q)).milliseconds(name) for q in FAMILY]
        assert ms == sorted(ms) and ms[k] < ms[k + 1]
        bound = limits.Limits(ms[k] / 1000, 1 << 30)
        largest = max(i for i in range(len(FAMILY)) if ms[i] <= ms[k])
        assert largest == k
        with pytest.raises(KernelError, match="limits"):
            with limits.guard(backend.make_solver(card), _ctx(FAMILY[k + 1]), bound, name):
                pass
        solver = backend.make_solver(card)
        with limits.guard(solver, _ctx(FAMILY[k]), bound, name):
            answers[name] = (k, solver.values(_ctx(FAMILY[k])))
    # the other backend answers the same questions (with the limits lifted) with the same integers
    for name, (k, vec) in answers.items():
        other = get_backend("python" if name == "c" else "c").make_solver(card)
        assert other.values(_ctx(FAMILY[k])) == vec, (name, FAMILY[k])


def test_progress_bar_counts_contexts_on_a_terminal():
    out = io.StringIO()
    bar = limits.Progress(200, "odds", stream=out, delay=0, force=True, contexts=lambda: 50)
    bar(1000)
    assert "[#######" in out.getvalue() and "50/200 contexts" in out.getvalue()
    bar.close()
    assert out.getvalue().endswith("\r\x1b[K")
    quiet = io.StringIO()
    limits.Progress(200, "odds", stream=quiet, delay=0, contexts=lambda: 50)(1000)   # not a terminal
    assert quiet.getvalue() == ""


def test_long_solve_shows_progress(backend, monkeypatch):
    out = io.StringIO()
    real = limits.Progress

    def forced(total, label, stream=None, delay=1.0, contexts=None):
        return real(total, label, out, delay=0, force=True, contexts=contexts)
    monkeypatch.setattr(limits, "Progress", forced)
    import eldritch.backend.cbackend as cb
    monkeypatch.setattr(cb, "REPORT_EVERY", 500)
    solver = backend.make_solver(parse_card(CARD))
    with limits.guard(solver, (3, 1, 1, (), 1, 0, 0), limits.Limits(), backend.name, "odds"):
        solver.values((3, 1, 1, (), 1, 0, 0))
    assert "contexts" in out.getvalue()


def test_ctrl_c_stops_the_solve_cleanly(backend, monkeypatch, capsys):
    """Ctrl-C during a solve: exit code 130, one line, no traceback (the C core stops at its next
    progress call; the Python solver at its next context)."""
    import eldritch.backend.cbackend as cb
    monkeypatch.setattr(cb, "REPORT_EVERY", 100)

    class Interrupting:
        def __init__(self, *args, **kwargs):
            pass

        def __call__(self, pairs):
            raise KeyboardInterrupt

        def close(self):
            pass
    monkeypatch.setattr(limits, "Progress", Interrupting)
    code, out, err = run(["--backend", backend.name, "odds", CARD, "--focus", "1", "--yellow"], capsys)
    assert code == 130 and out == "" and err == "eldritch: interrupted\n"


def test_memory_error_is_one_line(backend, monkeypatch, capsys):
    solver = backend.make_solver(parse_card(CARD))

    def exhausted(*args, **kwargs):
        raise MemoryError
    monkeypatch.setattr(solver, "values", exhausted)
    monkeypatch.setattr(type(backend), "make_solver", lambda self, *a, **k: solver)
    code, out, err = run(["--backend", backend.name, "odds", CARD], capsys)
    assert code == 2 and err.count("\n") == 1 and err.startswith("eldritch: memory: out of memory")


@pytest.mark.parametrize("text,want", [("90", 90), ("2.5", 2.5), ("10m", 600), ("1h", 3600)])
def test_parse_seconds(text, want):
    assert limits.parse_seconds(text) == want


@pytest.mark.parametrize("text,want", [("1G", 1 << 30), ("512M", 512 << 20), ("2.5GiB", 5 << 29), ("1000", 1000)])
def test_parse_size(text, want):
    assert limits.parse_size(text) == want


@pytest.mark.parametrize("flag,value", [("--max-seconds", "-1"), ("--max-seconds", "²"), ("--max-memory", "1X"),
                                        ("--max-memory", "0"), ("--max-seconds", "9" * 30)])
def test_bad_limit_flags_are_one_line(flag, value, capsys):
    code, out, err = run(["odds", CARD, flag, value], capsys)
    assert code == 2 and err.count("\n") == 1


def test_budget_refusal_text_is_integer_maths():
    est = budget.Estimate(10, 10 ** 12, 0, 3 << 30, 0, frames=10 ** 6, lw=2, n=4)
    w = dict(zip(budget.TERMS, budget.PROFILES["c"]))
    # the cost model in integer picoseconds: per pair its lattice words, states x log2 MB, MB
    per_pair = w["pair"] + 2 * w["pair_lw"] + 4 * 11 * w["pair_nlog"] + 3072 * w["pair_mb"]
    ms = (10 ** 12 * per_pair + 10 ** 6 * w["frame"] + 10 * w["context"] + w["base"]) // 10 ** 9
    assert est.milliseconds("c") == ms
    text = budget.refusal(est, "c", 60000, 1 << 30)
    assert text.startswith("this question needs about %s on one core and 3.0 GiB" % budget.text_seconds(ms))
    assert budget.text_seconds(45000000) == "12.5 h" and budget.text_seconds(61000) == "61 s"
    assert budget.refusal(budget.Estimate(1, 1000, 0, 1 << 20, 0), "c", 60000, 1 << 30) is None


# ----- dice that cannot exist, the same refusal on both backends ----------------------------------

@pytest.mark.parametrize("roll,held,colour,count", [
    ("L L L P P", "L L P P P", "green", 10),
    ("L y:L", "y:P", "yellow", 2),
    ("L r:L", "r:W", "red", 2),
])
def test_advise_rejects_dice_that_cannot_exist(backend, roll, held, colour, count):
    solver = backend.make_solver(parse_card("L L L | L I3"))
    with pytest.raises(KernelError) as exc:
        advise(solver, parse_roll(roll), Situation(focus=1), parse_roll(held, "held"))
    assert exc.value.what == "dice" and ("%d %s dice" % (count, colour)) in str(exc.value)


def test_impossible_dice_refused_in_one_line_by_the_cli(backend, capsys):
    code, out, err = run(["--backend", backend.name, "advise", "L L L | L I3", "--roll", "L L L P P",
                          "--held", "L L P P P"], capsys)
    assert code == 2 and err == "eldritch: dice: 10 green dice in the roll and held together; there are at most 8\n"


def test_backends_agree_on_a_full_hand_with_every_use():
    """Every use at once on a full hand: C answers what Python answers (16.67%), with no 'no workspace
    for limits' refusal on C alone."""
    argv = ["advise", "L L L | L I3", "--roll", "L L P", "--held", "L L P P P", "--focus", "4",
            "--spells", "4", "--json"]
    outs = []
    for name in ("c", "python"):
        buf = io.StringIO()
        import contextlib
        with contextlib.redirect_stdout(buf):
            assert cli.main(["--backend", name] + argv) == 0
        got = json.loads(buf.getvalue())
        got.pop("backend", None)
        outs.append(got)
    assert outs[0] == outs[1]
    assert "16.67" in json.dumps(outs[0]) or "16.6" in json.dumps(outs[0])
