"""Every flag that takes a number refuses a number out of its range in one line (exit 2), whatever
the command: the flags are found by walking the argparse parsers (a flag whose type turns "1" into
a number), so a new one is checked without editing this file. Out of range for every flag: twenty
digits, four hundred, 1e400, minus twenty digits, nan and inf. Then the cases the numbers hid:
`--max-seconds 2147483648` raised OverflowError in the C backend; `stayaway simulate --games`
had no bound (simulate's and sweep's have 100,000,000); a range of players like 4-99999999999
was expanded before it was checked. Each call runs in this process within PER_CALL_SECONDS."""

import argparse
import signal

import pytest

from clirun import run_cli
from test_cli_fuzz_all import PATHS, _options

PER_CALL_SECONDS = 20
OUT_OF_RANGE = ["99999999999999999999", "9" * 400, "1e400", "-99999999999999999999", "nan", "inf"]

# a command line that runs each command small and quickly (a flag given again overrides its value)
BASE = {
    ("odds",): ["odds", "L L L | L I3", "--max-seconds", "1"],
    ("advise",): ["advise", "L L L | L I3", "--roll", "L L I2 P", "--max-seconds", "1"],
    ("table",): ["table", "--query", "curator", "--set", "core", "--dice", "5G", "--max-seconds", "1"],
    ("play",): ["play", "--plain", "--max-steps", "300"],
    ("simulate",): ["simulate", "--games", "1"],
    ("sweep", "simulate"): ["sweep", "simulate", "--games", "2", "--chunk", "1", "--out", "{fresh}"],
    ("sweep", "atlas"): ["sweep", "atlas", "--sets", "core", "--focus", "0", "--spells", "0", "--clues", "0",
                         "--dice", "5G", "--out", "{fresh}"],
    ("arkham", "odds", "fight"): ["arkham", "odds", "fight", "--strength", "1", "--stamina", "3"],
    ("arkham", "odds", "stealth"): ["arkham", "odds", "stealth", "--stealth", "1"],
    ("arkham", "odds", "sanity"): ["arkham", "odds", "sanity", "--sanity", "3", "--loss", "1/1"],
    ("arkham", "odds", "close"): ["arkham", "odds", "close", "--difficulty", "1"],
    ("arkham", "odds", "reach"): ["arkham", "odds", "reach", "--from", "Train Station", "--to", "Market Street"],
    ("arkham", "play"): ["arkham", "play", "--rounds", "3"],
    ("mansions", "play"): ["mansions", "play"],
    ("mansions", "odds"): ["mansions", "odds", "3"],
    ("stayaway",): ["stayaway", "simulate", "--players", "4", "--games", "2", "--max-steps", "3000"],
    ("serve",): ["serve", "--stop-after", "0", "--port", "0", "--no-qr", "--state-dir", "{fresh}"],
}


def _takes_a_number(action) -> bool:
    if not action.option_strings and action.nargs not in (None, 1):
        return False
    if action.nargs == 0 or not callable(action.type):
        return False
    for text in ("1", "4", "7"):
        try:
            value = action.type(text)
        except (argparse.ArgumentTypeError, TypeError, ValueError, Exception):
            continue
        if isinstance(value, (int, float)) and not isinstance(value, bool):
            return True
    return False


def _number_flags():
    out = []
    for words, chain in PATHS:
        for action in _options(chain[-1]):
            if _takes_a_number(action):
                out.append((words, action.option_strings[-1] if action.option_strings else None))
    return out


NUMBER_FLAGS = _number_flags()


class Overtime(BaseException):
    pass


def _overtime(signum, frame):
    raise Overtime()


def run(argv, sandbox, monkeypatch):
    fresh = str(sandbox / ("out%d" % run.count))
    run.count += 1
    argv = [w.replace("{fresh}", fresh) for w in argv]
    monkeypatch.chdir(sandbox)
    monkeypatch.setenv("ELDRITCH_STATE_DIR", str(sandbox / "state"))
    old = signal.signal(signal.SIGALRM, _overtime)
    signal.setitimer(signal.ITIMER_REAL, PER_CALL_SECONDS)
    try:
        return run_cli(argv)
    except Overtime:
        pytest.fail("took more than %d s: eldritch %s" % (PER_CALL_SECONDS, " ".join(map(repr, argv))))
    finally:
        signal.setitimer(signal.ITIMER_REAL, 0)
        signal.signal(signal.SIGALRM, old)


run.count = 0


def refused_in_one_line(result, argv):
    code, out, err = result
    lines = [ln for ln in err.splitlines() if ln.strip()]
    assert code == 2 and len(lines) == 1 and "Traceback" not in err, (argv, code, err[-1500:])
    assert lines[0].startswith(("eldritch: ", "eldritch ", "usage: ")), (argv, err)


def test_the_walk_finds_the_number_flags():
    found = {(" ".join(w), f) for w, f in NUMBER_FLAGS}
    for want in (("odds", "--max-seconds"), ("stayaway", "--games"), ("serve", "--max-connections"),
                 ("arkham odds fight", "--fight"), ("mansions odds", None), ("sweep simulate", "--workers")):
        assert want in found, want
    assert all(w in BASE for w, _ in NUMBER_FLAGS), sorted({w for w, _ in NUMBER_FLAGS if w not in BASE})


@pytest.fixture(scope="module")
def sandbox(tmp_path_factory):
    return tmp_path_factory.mktemp("numbers")


@pytest.mark.parametrize("words,flag", NUMBER_FLAGS, ids=["%s %s" % (" ".join(w), f or "N") for w, f in NUMBER_FLAGS])
def test_every_number_flag_refuses_a_number_out_of_its_range_in_one_line(words, flag, sandbox, monkeypatch):
    base = BASE[words]
    for value in OUT_OF_RANGE:
        if flag is None:                              # a positional number: the base's own is replaced
            argv = [w for w in base]
            argv[len(words)] = value
        else:
            argv = base + ["%s=%s" % (flag, value)]
        refused_in_one_line(run(argv, sandbox, monkeypatch), argv)


@pytest.mark.parametrize("argv", [
    ["odds", "L L L | L I3", "--max-seconds", "2147483648"],
    ["odds", "L L L | L I3", "--max-seconds", "4294967297"],
    ["odds", "L L L | L I3", "--max-seconds", "99999999999h"],
    ["odds", "L L L | L I3", "--max-memory", "99999999999T"],
    ["stayaway", "simulate", "--players", "4", "--games", "99999999999999999999"],
    ["stayaway", "simulate", "--players", "4", "--games", "100000001"],
    ["stayaway", "simulate", "--players", "4-99999999999", "--games", "1"],
    ["stayaway", "simulate", "--players", "99999999999999999999", "--games", "1"],
    ["simulate", "--players", "1-99999999999"],
    ["serve", "--table", "stayaway:99999999999999999999", "--stop-after", "0", "--port", "0"],
    ["arkham", "odds", "sanity", "--sanity", "3", "--loss", "99999999999999999999/1"],
])
def test_numbers_the_flags_hid_are_refused_in_one_line(argv, sandbox, monkeypatch):
    refused_in_one_line(run(argv, sandbox, monkeypatch), argv)
