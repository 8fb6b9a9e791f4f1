"""`eldritch stayaway`: help with examples, bot games whose referee log is the same on CPython (both
backends) and MicroPython, the hot-seat privacy screen, sealed saves, simulate with Wilson intervals,
and bad input as one line on stderr with exit code 2."""

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from eldritch.cli import main
from eldritch.stayaway import cli as stayaway_cli
from eldritch.kernel.stayaway.game import defs as D
from eldritch.kernel.stayaway.game.views import View

REPO = Path(__file__).resolve().parents[2]
MICROPYTHON = Path(sys.executable).parent / "micropython"
ELDRITCH = [sys.executable, "-m", "eldritch.cli"]


def run(args, env=None, stdin=""):
    return subprocess.run(ELDRITCH + args, capture_output=True, text=True, timeout=300, env=env, input=stdin)


def test_help_has_examples():
    proc = run(["stayaway", "--help"])
    assert proc.returncode == 0 and "examples:" in proc.stdout and "--bots all --log" in proc.stdout
    assert "simulate" in proc.stdout


def test_bot_game_log_is_the_same_on_every_runtime(tmp_path):
    logs = []
    for backend in ("c", "python"):
        path = tmp_path / ("game_%s.log" % backend)
        proc = run(["stayaway", "--seed", "7", "--players", "6", "--bots", "all", "--log", str(path)],
                   env=dict(os.environ, ELDRITCH_BACKEND=backend))
        assert proc.returncode == 0, proc.stderr
        assert "game over" in proc.stdout
        logs.append(path.read_text())
    assert logs[0] == logs[1] and logs[0].startswith("# eldritch stayaway referee log v1\nseed 7 players 6")
    code = ("import sys\nsys.path.insert(0, %r)\n"
            "from kernel.stayaway.game.rules import Rules\nfrom kernel.stayaway.game.play import play_game, make_bots\n"
            "r = Rules()\ns = play_game(r, 7, 6, make_bots(['heuristic'] * 6, 7, r))\n"
            "sys.stdout.write(s.referee_log())\n" % str(REPO))
    proc = subprocess.run([str(MICROPYTHON), "-X", "heapsize=64m", "-c", code], capture_output=True, text=True,
                          timeout=300)
    assert proc.returncode == 0, proc.stderr
    assert proc.stdout == logs[0]


@pytest.mark.parametrize("args,needle", [
    (["stayaway", "--players", "3"], "--players: 3 is not 4 to 12"),
    (["stayaway", "--players", "5", "--bots", "9"], "--bots: '9' is not a seat 1 to 5"),
    (["stayaway", "--players", "5", "--infected", "99", "--bots", "all"], "infected must be"),
    (["stayaway", "--load", "/nonexistent/x.sae"], "cannot read"),
    (["stayaway", "--deck", "/nonexistent/deck.tsv", "--bots", "all"], "cannot open"),
    (["stayaway", "simulate", "--players", "4-x"], "is not a count or a range"),
    (["stayaway", "--quick-start", "--thing-in-pile", "--bots", "all"], "quick_start deals The Thing"),
    (["stayaway", "--ninth-suspicious", "13", "--bots", "all"], "ninth_suspicious must be"),
])
def test_bad_input_is_one_line_and_exit_2(args, needle):
    proc = run(args)
    assert proc.returncode == 2
    lines = proc.stderr.strip().splitlines()
    assert len(lines) == 1 and needle in lines[0], proc.stderr


def test_the_ninth_suspicious_option_plays_the_109_card_deck(tmp_path):
    path = tmp_path / "game.log"
    proc = run(["stayaway", "--seed", "3", "--players", "11", "--bots", "all", "--ninth-suspicious", "11",
                "--log", str(path)])
    assert proc.returncode == 0, proc.stderr
    assert "ninth_suspicious=11" in path.read_text().splitlines()[2]


def test_simulate_reports_win_rates_with_intervals():
    proc = run(["stayaway", "simulate", "--games", "6", "--players", "4,5", "--json"])
    assert proc.returncode == 0, proc.stderr
    data = json.loads(proc.stdout)
    assert [r["players"] for r in data["rows"]] == [4, 5]
    for r in data["rows"]:
        assert r["thing_wins"] + r["human_wins"] + r["other"] == 6
        lo, hi = r["thing_interval"]
        assert lo <= r["thing_rate"] <= hi
    proc = run(["stayaway", "simulate", "--games", "3", "--players", "6"])
    assert proc.returncode == 0 and "| 6 | 3 |" in proc.stdout


class Script:
    """A terminal that answers from a list and records what it shows."""

    def __init__(self, answers):
        self.answers = list(answers)
        self.out = []

    def read(self, prompt):
        self.out.append(prompt)
        if not self.answers:
            raise EOFError
        return self.answers.pop(0)

    def write(self, text):
        self.out.append(text)


def _args(extra):
    import argparse
    from eldritch.cli import build_parser
    return build_parser().parse_args(["stayaway"] + extra)


def test_hot_seat_privacy_screen_between_human_players(monkeypatch):
    """Two humans and three bots: before each human decision by a different human than the last, the
    screen asks to pass the device; each human sees their own hand and role only."""
    answers = []
    for _ in range(400):
        answers += ["", "1"]            # Enter at the privacy screen, then the first action
    script = Script(answers)
    term = stayaway_cli.Terminal(script.read, script.write, clear=False)
    seen_states = []
    original = stayaway_cli.private_screen

    def spy(v, since):
        seen_states.append(v)
        return original(v, since)

    monkeypatch.setattr(stayaway_cli, "private_screen", spy)
    args = _args(["--seed", "3", "--players", "5", "--bots", "3,4,5"])
    stayaway_cli.run(args, None, term)
    text = script.out
    passes = [t for t in text if t.startswith("Pass to")]
    assert passes and all(t.startswith(("Pass to P1.", "Pass to P2.")) for t in passes)
    # the screen after a "Pass to Pn" belongs to Pn, and shows that player's own hand
    for i, t in enumerate(text):
        if t.startswith("Pass to"):
            who = t.split()[2].rstrip(".")
            nxt = next(x for x in text[i + 1:] if x.startswith("You are"))
            assert nxt.startswith("You are %s:" % who)
    for v in seen_states:
        assert v.me in (0, 1)
        hand_line = "your hand: " + ", ".join(D.CARD_NAMES[c] for c in v.hand)
        assert hand_line in text


def run_fd(args, words, env=None, stdin=""):
    """run() with the passphrase on a descriptor (--passphrase-fd N), as a script passes it."""
    r, w = os.pipe()
    os.write(w, words.encode() + b"\n")
    os.close(w)
    try:
        return subprocess.run(ELDRITCH + args + ["--passphrase-fd", str(r)], capture_output=True, text=True,
                              timeout=300, env=env, input=stdin, pass_fds=(r,))
    finally:
        os.close(r)


def test_sealed_save_and_load(tmp_path, monkeypatch):
    """A save typed at the table is sealed (mode 0600, no seed or card in clear); it opens with the
    table's words on a descriptor, never on the command line; wrong words are one line."""
    env = dict(os.environ, ELDRITCH_STATE_DIR=str(tmp_path / "state"))
    monkeypatch.setenv("ELDRITCH_STATE_DIR", str(tmp_path / "state"))
    path = tmp_path / "game.sae"
    script = Script(["", "save %s" % path, "table words", "quit"])
    term = stayaway_cli.Terminal(script.read, script.write, clear=False)
    stayaway_cli.run(_args(["--seed", "9", "--players", "4", "--bots", "2,3,4"]), None, term)
    box = path.read_bytes()
    assert box.startswith(b"ELDRITCH STAYAWAY SEALED SAVE v1\n") and b"seed" not in box
    assert os.stat(path).st_mode & 0o777 == 0o600
    proc = run(["stayaway", "--load", str(path), "--passphrase", "table words"])
    assert proc.returncode == 2 and "never on the command line" in proc.stderr
    proc = run_fd(["stayaway", "--load", str(path), "--bots", "2,3,4"], "wrong words", env)
    assert proc.returncode == 2 and "wrong passphrase" in proc.stderr and proc.stderr.count("\n") == 1
    proc = run_fd(["stayaway", "--load", str(path), "--bots", "2,3,4"], "table words", env, stdin="\n")
    assert "You are P1" in proc.stdout


def test_general_simulate_plays_stayaway():
    """`eldritch simulate --game stayaway`: The Thing's side's win rate per player count (Wilson
    interval), the Humans' wins among the metrics; bad player counts are one line, exit 2."""
    proc = run(["simulate", "--game", "stayaway", "--players", "4,5", "--games", "6", "--json"])
    assert proc.returncode == 0, proc.stderr
    data = json.loads(proc.stdout)
    text = json.dumps(data)
    assert '"stayaway"' in text and "human_wins" in text
    proc = run(["simulate", "--game", "stayaway", "--players", "3", "--games", "2"])
    assert proc.returncode == 2 and "4 to 12 players" in proc.stderr
