"""`eldritch stayaway`: help with examples, bot games whose referee log is the same on CPython (both
backends) and MicroPython, the hot-seat privacy screen, sealed saves, simulate with Wilson intervals,
and bad input as one line on stderr with exit code 2."""

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest


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
    (["stayaway", "--players", "4", "--bots", "all", "--bot-kind", "random,heuristic"],
     "--bot-kind: 2 kinds for 4 players"),
    (["stayaway", "--players", "4", "--bots", "all", "--bot-kind", "random,clever"], "not 'clever'"),
    (["stayaway", "simulate", "--games", "2", "--bot-kind", "random,heuristic,random,random"],
     "one kind for simulate"),
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


def test_a_bot_kind_per_seat_plays_each_seat_with_its_own_bot(tmp_path):
    """--bot-kind random,heuristic,...: each seat's bot is of its own kind (the kernel's make_bots
    with one kind per seat), the transcript's header says which, and a save keeps them."""
    from eldritch.frontend.settings import Settings
    from eldritch.kernel.stayaway.game import playlog
    from eldritch.kernel.stayaway.game.rules import Rules
    kinds = "random,heuristic,random,heuristic,heuristic"
    path = tmp_path / "game.log"
    proc = run(["stayaway", "--seed", "5", "--players", "5", "--bots", "all", "--bot-kind", kinds, "--log", str(path),
                "--log-format", "transcript"])
    assert proc.returncode == 0, proc.stderr
    lines, _ = playlog.bot_game(Rules(None), 5, 5, kinds)
    assert path.read_text() == "\n".join(lines) + "\n" and lines[3] == "bots " + kinds
    assert lines != playlog.bot_game(Rules(None), 5, 5, "heuristic")[0]
    settings = Settings({0, 1}, "random", seat_kinds=("random", "search"))
    back = Settings.from_json(settings.as_json(), 2)
    assert [back.kind_of(q) for q in range(2)] == ["random", "search"]
    assert "seat_kinds" not in Settings({0}, "random").as_json()
    from eldritch.kernel.errors import KernelError
    with pytest.raises(KernelError):
        Settings.from_json(dict(settings.as_json(), seat_kinds=["random", "clever"]), 2)


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


def hot_seat(tmp_path, seed, players, bots, answers):
    """A Stay Away! game in plain mode with typed lines; (session, printed lines)."""
    from eldritch.frontend.interrupt import NoGuard
    from eldritch.frontend.plain import PlainUI
    from eldritch.frontend.persist import Persist
    from eldritch.frontend.settings import Settings
    from eldritch.frontend.session import Session
    from eldritch.kernel.stayaway.game.rules import Rules
    from eldritch.stayaway.frontend import StayAwayGame
    game = Rules().new_game(seed, players)
    settings = Settings(bots, speed=0)
    session = Session(StayAwayGame(game, settings), settings, Persist("stayaway", str(tmp_path)))
    lines = list(answers)
    out = []

    def read(prompt):
        out.append(prompt)
        if not lines:
            raise EOFError
        return lines.pop(0)
    PlainUI(session, NoGuard(), read=read, write=out.append, interactive=False, clear=False).run()
    return session, out


def test_hot_seat_privacy_screen_between_human_players(tmp_path):
    """Two humans and three bots: before each human decision by a different human than the last, the
    screen asks to pass the device; each human then sees their own hand and role only."""
    session, text = hot_seat(tmp_path, 2, 5, {2, 3, 4}, [""] * 3000)
    passes = [t for t in text if t.startswith("Pass to")]
    assert len(passes) > 5 and all(t.startswith(("Pass to P1.", "Pass to P2.")) for t in passes)

    for i, t in enumerate(text):
        if t.startswith("Pass to"):
            who = t.split()[2].rstrip(".")
            nxt = next(x for x in text[i + 1:] if x.startswith("You are"))
            assert nxt.startswith("You are %s:" % who)
            other = "P2" if who == "P1" else "P1"
            upto = next((j for j in range(i + 1, len(text)) if text[j].startswith("Pass to")), len(text))
            assert not any(x.startswith("You are %s" % other) or x.startswith("-- %s's hand" % other)
                           for x in text[i + 1:upto])


def words_fd(words="table words"):
    r, w = os.pipe()
    os.write(w, words.encode() + b"\n")
    os.close(w)
    return r


def test_sealed_save_and_load(tmp_path):
    path = tmp_path / "game.sae"
    state = tmp_path / "state"
    proc = run(["stayaway", "--seed", "9", "--players", "4", "--bots", "2,3,4", "--plain",
                "--state-dir", str(state)], stdin="save %s\ntable words\nquit\n" % path)
    assert proc.returncode == 0 and "sealed into" in proc.stdout, proc.stderr
    box = path.read_bytes()
    assert box.startswith(b"ELDRITCH STAYAWAY SEALED SAVE v1") and b"seed" not in box
    r = words_fd("wrong words")
    proc = subprocess.run(ELDRITCH + ["stayaway", "--load", str(path), "--passphrase-fd", str(r), "--bots", "2,3,4",
                                      "--state-dir", str(state)], capture_output=True, text=True, timeout=300,
                          pass_fds=(r,))
    os.close(r)
    assert proc.returncode == 2 and "wrong passphrase" in proc.stderr, proc.stderr
    # the autosave went on numbering the table's saves: game.sae is now an older one, loaded by agreement
    r = words_fd()
    proc = subprocess.run(ELDRITCH + ["stayaway", "--load", str(path), "--passphrase-fd", str(r), "--plain",
                                      "--allow-older", "--state-dir", str(state)], input="quit\n",
                          capture_output=True, text=True, timeout=300, pass_fds=(r,))
    os.close(r)
    assert proc.returncode == 0 and "You are P1" in proc.stdout, proc.stderr
    assert "loaded by agreement" in proc.stdout
    assert "saved in" in proc.stdout                 # the passphrase seals the autosave


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
