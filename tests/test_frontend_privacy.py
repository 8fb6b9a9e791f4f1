"""Hidden information on a shared screen: a hot-seat Stay Away! game and a Mansions game
(keeper and investigator both human) played in plain mode in a pseudo-terminal, Enter at every
prompt. The raw output stream is cut at each `\\x1b[2J\\x1b[3J` (screen and scrollback cleared): what
follows a clear is all the next seat can see or scroll back to until the next clear. Each such
capture belongs to the seat its handoff line names, and must hold nothing of another seat: no other
player's role line or hand, roles the viewer does not know, the keeper's objective (before clue 1
reveals it), his guide answers, his mythos hand or next event.

The same game is replayed in-process (the same seed and the same defaults give the same actions) to
know, at each handoff, every seat's hand and what the viewer knows.

What happened (the panel above the decision, frontend/news.py) on the Textual screen of a hot-seat
game holds, at every decision, only lines of the looking seat's own log, and the lines of another
seat's private log that the looking seat's does not have are never on its screen.
"""

import os
import pty
import re
import select
import sys
import time
from pathlib import Path

import pytest

from eldritch.frontend.settings import Settings
from eldritch.frontend.session import Session
from eldritch.kernel.stayaway.game import defs as SD
from eldritch.kernel.stayaway.game.rules import Rules as StayAwayRules
from eldritch.kernel.stayaway.game.views import View
from eldritch.kernel.mansions.game.rules import Rules as MansionsRules
from eldritch.kernel.mansions.game import view as mview
from eldritch.stayaway.frontend import StayAwayGame
from eldritch.mansions.frontend import MansionsGame

REPO = Path(__file__).resolve().parents[1]
CLEAR = "\x1b[2J\x1b[3J"
PROMPTS = ("quit: ", "looking. ", "[y/N] ", "(Enter with nothing: not saved): ")


def play_in_a_pty(argv, tmp_path, limit=120):
    """Run `eldritch ARGV` in a pseudo-terminal, answering Enter at every prompt; the raw output."""
    env = dict(os.environ, ELDRITCH_STATE_DIR=str(tmp_path / "state"), PYTHONPATH=str(REPO),
               TERM="xterm-256color", COLUMNS="80", LINES="24")
    pid, fd = pty.fork()
    if pid == 0:
        os.chdir(str(tmp_path))
        os.execve(sys.executable, [sys.executable, "-m", "eldritch.cli"] + argv, env)
    out = b""
    deadline = time.time() + limit
    status = None
    try:
        while time.time() < deadline:
            ready, _, _ = select.select([fd], [], [], 0.5)
            if ready:
                try:
                    chunk = os.read(fd, 65536)
                except OSError:
                    chunk = b""
                if not chunk:
                    break
                out += chunk
                if out.decode("utf-8", "replace").endswith(PROMPTS):
                    os.write(fd, b"\n")
            done, status = os.waitpid(pid, os.WNOHANG)
            if done:
                break
    finally:
        if status is None or not os.WIFEXITED(status):
            try:
                os.kill(pid, 9)
            except OSError:
                pass
            os.waitpid(pid, 0)
        os.close(fd)
    return out.decode("utf-8", "replace").replace("\r\n", "\n")


def captures(raw):
    """[(seat named by the handoff, everything printed until the next clear)]"""
    out = []
    for part in raw.split(CLEAR)[1:]:
        m = re.search(r"Pass to (.+?)\. Press Enter", part)
        assert m, part[:200]
        out.append((m.group(1), part))
    return out


def replay(session):
    """The same game in-process with every default: [(seat handed to, {seat: view} when handed to,
    {seat: view} when the next seat is handed to)]: what the viewer knows only grows in between."""
    points = []
    while not session.game.is_terminal():
        if session.bot_turn():
            session.play(session.bot_action(), "bot")
        elif session.forced():
            session.play(session.legal()[0])
        elif session.needs_handoff():
            seat = session.acting_seat()
            session.hand_to(seat)
            if points:
                points[-1] = points[-1][:2] + (snapshot(session),)
            points.append((seat, snapshot(session), None))
        else:
            session.play(session.default_action())
    if points:
        points[-1] = points[-1][:2] + (snapshot(session),)
    return points


def snapshot(session):
    game = session.game
    if isinstance(game, StayAwayGame):
        return {q: View(game.state.view(q)) for q in range(game.players)}
    return {q: bytes(game.state.view(q)) for q in range(game.players)}


def hand_block(text):
    """The card names under the last 'your hand:' of a capture."""
    lines = text.split("\n")
    starts = [i for i, l in enumerate(lines) if l.strip() == "your hand:"]
    assert starts, text[:300]
    out = []
    for l in lines[starts[0] + 1:]:
        if not l.startswith("  ") or l.startswith("    "):
            if l.startswith("    "):
                continue
            break
        out.append(l.strip().split(":")[0])
    return out


def test_stayaway_hot_seat_captures_hold_only_the_seat_looking(tmp_path):
    seed, players, bots = 5, 4, (2, 3)
    raw = play_in_a_pty(["stayaway", "play", "--plain", "--seed", str(seed), "--players", str(players),
                         "--bots", ",".join(str(b + 1) for b in bots), "--speed", "0"], tmp_path)
    settings = Settings(bots, speed=0)
    points = replay(Session(StayAwayGame(StayAwayRules().new_game(seed, players), settings), settings))
    shots = captures(raw)
    assert len(shots) == len(points) >= 4 and "game over" in raw
    for (name, text), (seat, views, later) in zip(shots, points):
        assert name == "P%d" % (seat + 1)
        v = views[seat]
        knows = later[seat].roles
        assert "You are P%d: %s" % (seat + 1, SD.ROLE_NAMES[v.role]) in text
        assert sorted(hand_block(text)) == sorted(SD.CARD_NAMES[c] for c in v.hand)
        for other in range(players):
            if other == seat:
                continue
            assert "You are P%d" % (other + 1) not in text and "P%d's hand" % (other + 1) not in text
            if knows[other] == SD.UNKNOWN and not later[seat].over():
                for line in text.split("\n"):
                    if re.match(r"\s*\d+ P%d\b" % (other + 1), line):
                        assert not re.search(r"\b(Human|Infected|The Thing)\b", line), line


def test_mansions_keeper_and_investigator_captures_hold_only_the_seat_looking(tmp_path):
    seed = 7
    raw = play_in_a_pty(["mansions", "play", "--plain", "--seed", str(seed), "--players", "2", "--bots", "none",
                         "--speed", "0"], tmp_path)
    rules = MansionsRules()
    settings = Settings((), speed=0)
    points = replay(Session(MansionsGame(rules, rules.new_game(seed, 2), settings), settings))
    shots = captures(raw)
    story = rules.story
    answers = [t for t in story.answer_text.values()]
    assert len(shots) == len(points) >= 4 and ("wins" in raw or "loses" in raw)
    seen_keeper = seen_investigator = 0
    for (name, text), (seat, views, later) in zip(shots, points):
        if seat == 0:
            assert name == "the keeper" and "keeper's secrets" in text
            seen_keeper += 1
            continue
        seen_investigator += 1
        assert name.startswith("investigator %d" % seat)
        assert "keeper's secrets" not in text and "next event:" not in text and "mythos hand:" not in text
        for words in answers:
            assert words not in text
        if views[seat][mview.H_REVEALED] == 0:
            before = text.split("the keeper reveals his objective")[0]      # clue 1 may reveal it later
            for objective in story.obj_name:
                assert objective not in before
    assert seen_keeper and seen_investigator


@pytest.mark.slow
def test_what_happened_on_a_hot_seat_screen_is_the_looking_seat_s_own(tmp_path):
    from eldritch.frontend.tui import screen_text
    sys.path.insert(0, str(Path(__file__).resolve().parent))
    from frontend_driver import run, tui_game, mostly_advised, flat
    checked = []

    def check(app, when):
        if when != "decision":
            return
        s = app.session
        seat = s.viewer
        mine = s.game.log_lines(seat)
        news = [" " * line.indent + line.plain() for line in s.news().lines]
        assert all(line in mine for line in news if "left out here" not in line), news
        shown = flat(screen_text(app))
        for other in range(s.game.players):
            theirs = set(s.game.log_lines(other)) - set(mine)
            for line in theirs:
                assert flat(line) not in shown or flat(line) in flat(" ".join(mine)), (other, line)
        checked.append(seat)

    for make in (lambda: StayAwayGame(StayAwayRules().new_game(5, 4), Settings((2, 3), speed=0)),
                 lambda: MansionsGame(MansionsRules(), MansionsRules().new_game(7, 2), Settings((), speed=0))):
        game = make()
        run(tui_game(Session(game, game.settings, None), (80, 24), mostly_advised(), check,
                     stop=lambda app, k: k >= 40))
    assert len(set(checked)) >= 2
