"""The terminal UI of `eldritch play` (issue 13), driven headless by Textual's Pilot.

- A seeded game with one human seat played through the screen (keys, Enter, the command line)
  ends with the same log as the same seed and choices through the plain mode and the kernel.
- The advice shown at every adventure decision of a seeded game equals `eldritch advise --json`
  for the same card, roll and situation (exact values), and the best is marked on screen.
- Golden screens: the rendered screen as text at key moments (tests/golden_screens; regenerate with
  `.venv/bin/python -m tests.test_play_tui --write` when the screen or the rules change on purpose).
- Every bad input is one notice line and the game goes on; Ctrl-C and quit ask; a real SIGINT to
  the app in a terminal (a pty) leaves a loadable save and the log and exits 130.
"""

import asyncio
import io
import json
import os
import pty
import select
import signal
import sys
import time
from pathlib import Path


from eldritch.backend import get_backend
from eldritch.cli import main
from eldritch import userdirs
from eldritch.eldersign import playsave
from eldritch.eldersign.advisor import question
from eldritch.eldersign.gamelog import GameLog
from eldritch.kernel.eldersign.fixed import exact_text
from eldritch.kernel.eldersign.game.data import GameData
from eldritch.kernel.eldersign.game.machine import (Game, A_DRAW, A_FAIL, A_ASIDE, A_KEEP, A_ASK, A_HOLD,
                                                    A_ARG_MASK, G_BASE)
from eldritch.kernel.eldersign.game import table as gametable
from eldritch.eldersign.playsave import Settings
from eldritch.eldersign.session import Session
from eldritch.eldersign.tui import PlayApp, ConfirmQuit, screen_text
from eldritch.eldersign import tui_view as view

HERE = Path(__file__).resolve().parent
REPO = HERE.parent
SCREENS = HERE / "golden_screens"
SIZE = (120, 40)
DATA = GameData()
BACKEND = get_backend()
SEED = 52          # one human seat (seat 1) and a bot (seat 2); a short game under the policy


def new_session(state, seed=SEED, players=2, bots=(1,), hints=True, game=None, picked=False):
    """A session on a new game; picked: the investigators drawn already (the first screen is then the
    first seat's move, not the setup's question)."""
    game = game or Game(DATA, players=players, seed=seed)
    if picked:
        for _ in range(players):
            game.apply(A_DRAW)
    return Session(game, DATA, Settings(bots=bots, hints=hints, speed=0.0), BACKEND, autosave_dir=str(state))


def policy(k, n, default_index):
    """The choices of the scripted player: mostly the default, now and then another one."""
    return (k * 7) % n if k % 3 == 0 else default_index


async def settle(app, pilot, limit=400):
    """Let bot turns and forced choices run until the player has to choose (or the game ends)."""
    for _ in range(limit):
        await pilot.pause()
        if app.waiting_for_player or app.session.game.is_terminal():
            return
    raise AssertionError("the app never came back to the player")


async def steady_screen(app, pilot, tries=50):
    """The screen once it stops changing (deferred log writes and layout done)."""
    last = screen_text(app)
    for _ in range(tries):
        await pilot.pause()
        now = screen_text(app)
        if now == last:
            return now
        last = now
    return last


def run(coro):
    return asyncio.run(coro)


# ----- the same game through the screen, the plain mode and the kernel --------------------------

async def play_through_screen(state, max_decisions=4000):
    """The seeded game driven by keys; (session, indices chosen at each prompt, golden screens)."""
    session = new_session(state)
    app = PlayApp(session, forced_pause=0, handle_sigint=False)
    chosen = []
    shots = {}
    async with app.run_test(size=SIZE) as pilot:
        await settle(app, pilot)
        shots["pick"] = await steady_screen(app, pilot)        # setup: seat 1 chooses its investigator
        k = 0
        while not session.game.is_terminal() and k < max_decisions:
            if "first" not in shots and gametable.snapshot(session.game).phase == "move":
                shots["first"] = await steady_screen(app, pilot)
            if "adventure" not in shots and question(session.game) is not None:
                shots["adventure"] = await steady_screen(app, pilot)
                await pilot.press("h")
                shots["hint"] = await steady_screen(app, pilot)
            if "turn3" not in shots and session.log.turns >= 3 and gametable.snapshot(session.game).phase == "move":
                shots["turn3"] = await steady_screen(app, pilot)
            choices = session.choices()
            default = session.default_choice().index
            i = policy(k, len(choices), default)
            _check_shown_advice(app, choices)
            if i == default and k % 2:
                await pilot.press("enter")                      # the highlighted default
            elif i < 9 and len(choices) < 10:
                await pilot.press(str(i + 1))                   # a digit key
            else:
                await pilot.press(":", *str(i + 1), "enter")    # the command line
            chosen.append(i)
            k += 1
            await settle(app, pilot)
        assert session.game.is_terminal()
        shots["end"] = await steady_screen(app, pilot)
    return session, chosen, shots


def _check_shown_advice(app, choices):
    """What the screen shows at a decision: each valued choice's odds and the best mark."""
    from textual.widgets import OptionList
    ol = app.query_one("#choices", OptionList)
    assert ol.option_count == len(choices)
    for c in choices:
        shown = str(ol.get_option_at_index(c.index).prompt)
        if c.value is not None:
            assert view.percent(c.value) in shown and (("★ best" in shown) == c.best)
    assert ol.highlighted == next(c.index for c in choices if c.default)


def test_a_seeded_game_through_the_screen_logs_as_plain_mode_and_kernel(tmp_path, monkeypatch, capsys):
    """The game test of issue 13's Done-when, with the golden screens taken on the way."""
    session, chosen, shots = run(play_through_screen(tmp_path / "tui"))
    for name in SHOTS:
        assert shots[name] == (SCREENS / ("%s.txt" % name)).read_text(), name
    assert "★ best" in shots["adventure"] and "to complete" in shots["first"]
    assert "choose an investigator" in shots["pick"] and "draw an investigator at random" in shots["pick"]
    assert "Best: " in shots["hint"] and "the investigators lose" in shots["end"]
    tui_log = session.log.text()
    assert session.log.result is not None and len(chosen) > 20
    # the plain mode, typing the same choice numbers
    monkeypatch.setenv("ELDRITCH_STATE_DIR", str(tmp_path / "plain"))
    monkeypatch.setattr(sys, "stdin", io.StringIO("".join("%d\n" % (i + 1) for i in chosen)))
    log = tmp_path / "plain.log"
    assert main(["play", "--plain", "--seed", str(SEED), "--players", "2", "--bots", "2", "--speed", "0",
                 "--log", str(log)]) == 0
    capsys.readouterr()
    assert log.read_text() == tui_log
    # the kernel: the same actions replayed from the seed
    game = Game(DATA, players=2, seed=SEED)
    for a in session.game.actions():
        game.apply(a)
    assert GameLog.replayed(game, DATA, session.settings).text() == tui_log
    # and the autosave is the finished game
    saved, _, settings = playsave.load_file(str(tmp_path / "tui" / userdirs.AUTOSAVE))
    assert saved.actions() == session.game.actions() and settings.bots == {1}


# ----- the advice shown equals `eldritch advise` -------------------------------------------------

FAIL_LOST_ALIASES = {"fail the roll (no dice left: the adventure fails)": "fail the roll: no die left, the adventure fails"}


def test_advice_at_every_decision_equals_eldritch_advise(tmp_path, capsys):
    """Every adventure decision of a seeded game: the odds of each choice (what the screen shows)
    are exactly those of `eldritch advise --json` for the same roll and situation. A completion,
    a clue reroll or a spell hold is the option of the same words; failing the roll (asked in steps
    by the game) is worth the best fail option, setting a colour aside the best with that colour,
    keeping a die (focus or a helper) the option that keeps it."""
    session = new_session(tmp_path, seed=5, players=1, bots=())
    session.autosave_dir = None
    decisions = compared = k = 0
    while not session.game.is_terminal():
        choices = session.choices()
        q = question(session.game)
        if q is not None:
            decisions += 1
            assert main(["advise"] + q.advise_args() + ["--json"]) == 0
            options = json.loads(capsys.readouterr().out)["options"]
            cli = {o["action"]: o["exact"] for o in options}
            fails = [o for o in options if o["action"].startswith("fail the roll")]
            aside = gametable.snapshot(session.game).aside
            for c in choices:
                a = c.action
                kind = a - (a & A_ARG_MASK) if a >= G_BASE else -1
                if c.text == "give up the adventure":
                    assert c.value == 0           # not an `advise` option: giving up completes nothing
                    continue
                if a < G_BASE:
                    want = cli[FAIL_LOST_ALIASES.get(c.text, c.text)]
                elif kind == A_HOLD:
                    want = cli[c.text.split(" with ")[0] + " with a spell"]
                elif kind == A_FAIL:
                    want = max((o["exact"] for o in fails), key=lambda x: exact_value(x))
                elif kind == A_ASIDE:
                    colour = c.text.split(" ")[3]
                    mine = [o["exact"] for o in fails if "set aside a %s die" % colour in o["action"]]
                    want = max(mine, key=lambda x: exact_value(x))
                elif kind in (A_KEEP, A_ASK):
                    die = "" if c.text == "keep no die" else c.text.rsplit(" ", 1)[1]
                    colour = ("green", "yellow", "red")[aside]
                    mine = [o["exact"] for o in fails if "set aside a %s die" % colour in o["action"]
                            and (o["action"].endswith(", focus " + die) if die else "focus" not in o["action"])]
                    assert len(mine) == 1, (c.text, [o["action"] for o in fails])
                    want = mine[0]
                else:
                    assert c.value is None, c.text     # cards, abilities, spell dice: no odds
                    continue
                assert exact_text(c.value) == want, c.text
                compared += 1
            if any(c.best for c in choices):
                # at the roll's main step every option is on offer, so the best is advise's; after
                # failing the roll (set-aside, keep) the best of what is offered
                main_step = gametable.snapshot(session.game).phase == "adventure"
                best = options[0]["exact"] if main_step else max(
                    (exact_text(c.value) for c in choices if c.value is not None), key=exact_value)
                assert {exact_text(c.value) for c in choices if c.best} == {best}
        d = session.default_choice().index
        session.play(choices[policy(k, len(choices), d)].action)
        k += 1
    assert decisions >= 20 and compared >= 100


def exact_value(text):
    """The exact fixed-point value of an `advise --json` "exact" field (to take a maximum)."""
    num, _, den = text.partition("/")
    from fractions import Fraction
    return Fraction(int(num), int(den or 1))


SHOTS = ("pick", "first", "adventure", "hint", "turn3", "end")


# ----- bad input, quit, Ctrl-C, resume ------------------------------------------------------------

BAD_TYPED = ["²", "0", "99", "save", "save /nonexistent/dir/x.sav", "save {tmp}", "abc", "x" * 1500,
             "1.5", "١"]


def test_every_bad_input_is_one_notice_and_the_game_goes_on(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)

    async def go():
        session = new_session(tmp_path / "state", picked=True)
        app = PlayApp(session, forced_pause=0, handle_sigint=False)
        async with app.run_test(size=SIZE) as pilot:
            await settle(app, pilot)
            nlog = len(session.game.actions())
            above = tuple(str(d) for d in range(len(session.choices()) + 1, 10))
            for key in ("x", "0", "z", "!") + above:              # keys that choose nothing here
                before = len(app.notices)
                await pilot.press(key)
                assert len(app.notices) == before + 1 and "\n" not in app.notices[-1], key
            for line in BAD_TYPED:
                before = len(app.notices)
                app.action_open_command("")
                await pilot.pause()
                app.query_one("#command").value = line.format(tmp=tmp_path)
                await pilot.press("enter")
                assert len(app.notices) == before + 1 and "\n" not in app.notices[-1], line[:20]
            assert len(session.game.actions()) == nlog and app.waiting_for_player and app.is_running
            assert [n for n in os.listdir(tmp_path) if n != "state"] == []
            assert app.notices[-6].startswith("cannot write /nonexistent/dir/x.sav: no folder")
            # and a good save works from the same line
            app.action_open_command("save ")
            await pilot.press("g", ".", "s", "a", "v", "enter")
            assert app.notices[-1] == "saved to g.sav"
    run(go())
    assert playsave.load_file(str(tmp_path / "g.sav"))[0].seed == SEED
    os.unlink(str(tmp_path / "g.sav"))


def test_ctrl_c_and_quit_ask_then_save(tmp_path):
    async def go():
        session = new_session(tmp_path, picked=True)
        app = PlayApp(session, forced_pause=0, handle_sigint=False)
        async with app.run_test(size=SIZE) as pilot:
            await settle(app, pilot)
            await pilot.press("2")
            await settle(app, pilot)
            await pilot.press("q")
            assert isinstance(app.screen, ConfirmQuit)
            await pilot.press("n")
            assert not isinstance(app.screen, ConfirmQuit) and app.is_running
            await pilot.press("ctrl+c")
            assert isinstance(app.screen, ConfirmQuit)
            await pilot.press("y")
            await pilot.pause()
        return app.return_code, session
    code, session = run(go())
    assert code == 130
    game, _, _ = playsave.load_file(str(tmp_path / userdirs.AUTOSAVE))
    assert game.actions() == session.game.actions() and len(game.actions()) >= 1


def test_resume_shows_the_adventure_as_it_was(tmp_path):
    """A game saved in the middle of an adventure comes back with its roll, held dice and odds."""
    session = new_session(tmp_path)
    while question(session.game) is None or not any(gametable.snapshot(session.game).attempt.adventure.held):
        choices = session.choices()
        focus = [c for c in choices if c.text.startswith("focus")]        # after failing a roll
        fail = [c for c in choices if c.text.startswith("fail the roll")]
        session.play((focus[0] if focus else fail[0] if fail else session.default_choice()).action)
    session.autosave()
    game, data, settings = playsave.load_file(str(tmp_path / userdirs.AUTOSAVE))
    resumed = Session(game, data, settings, BACKEND, autosave_dir=str(tmp_path),
                      log=GameLog.replayed(game, data, settings))

    async def go(s):
        app = PlayApp(s, forced_pause=0, handle_sigint=False)
        async with app.run_test(size=SIZE) as pilot:
            await settle(app, pilot)
            return await steady_screen(app, pilot)
    before, after = run(go(session)), run(go(resumed))
    assert after == before and "held: " in after and "roll: " in after and "★ best" in after


# ----- a real SIGINT to the app in a terminal -----------------------------------------------------

def test_sigint_to_the_app_in_a_terminal_saves_and_writes_the_log(tmp_path):
    state = tmp_path / "state"
    log = tmp_path / "game.log"
    env = dict(os.environ, ELDRITCH_STATE_DIR=str(state), PYTHONPATH=str(REPO), TERM="xterm-256color",
               COLUMNS="120", LINES="40")
    pid, fd = pty.fork()
    if pid == 0:                                          # the child: the game in a terminal
        os.chdir(str(tmp_path))
        os.execve(sys.executable, [sys.executable, "-m", "eldritch.cli", "play", "--seed", "6",
                                   "--players", "2", "--bots", "2", "--log", str(log)], env)
    out = b""
    deadline = time.time() + 30
    while time.time() < deadline and not (b"choose an investigator" in out and (state / userdirs.AUTOSAVE).exists()):
        ready, _, _ = select.select([fd], [], [], 0.2)
        if ready:
            try:
                out += os.read(fd, 65536)
            except OSError:
                break
    assert (state / userdirs.AUTOSAVE).exists(), out[-500:]
    os.kill(pid, signal.SIGINT)
    end = time.time() + 30
    status = None
    while time.time() < end:
        done, status = os.waitpid(pid, os.WNOHANG)
        if done:
            break
        ready, _, _ = select.select([fd], [], [], 0.2)
        if ready:
            try:
                out += os.read(fd, 65536)
            except OSError:
                pass
    os.close(fd)
    assert status is not None and os.WIFEXITED(status) and os.WEXITSTATUS(status) == 130, out[-800:]
    assert b"Traceback" not in out
    game, data, settings = playsave.load_file(str(state / userdirs.AUTOSAVE))
    assert log.read_text() == GameLog.replayed(game, data, settings).text()


def write():
    SCREENS.mkdir(exist_ok=True)
    import tempfile
    with tempfile.TemporaryDirectory() as d:
        _, _, shots = run(play_through_screen(Path(d)))
    for name in SHOTS:
        (SCREENS / ("%s.txt" % name)).write_text(shots[name])


if __name__ == "__main__":
    if "--write" in sys.argv:
        write()
