"""`eldritch play` on screen, driven headless by Textual's Pilot through the shared
front end (host/frontend/) and the Elder Sign adapter (host/eldersign/frontend.py).

- A seeded game with one human seat played to its end through the screen at 80x24 and at 120x40:
  at each human decision the card attempted is on screen with its full notation, reward and
  penalty, the current roll, and the advised option with its odds; no decision shows more options
  than fit; the log equals the plain mode's for the same keys, and the kernel's replay.
- The advice at every decision of a seeded game equals `eldritch advise --json` (exact values);
  the advised option is the best, the cheaper among equals.
- Golden screens (tests/golden_screens; regenerate with `.venv/bin/python -m tests.test_play_tui
  --write` when the screen or the rules change on purpose).
- Every bad input is one notice line and the game goes on; Ctrl-C and quit ask; resume shows the
  adventure as it was; a real SIGINT in a terminal (a pty) leaves a loadable save and the log.
"""

import json
import os
import pty
import select
import signal
import sys
import time
from pathlib import Path

import pytest

from eldritch.backend import get_backend
from eldritch.cli import main
from eldritch.saves import userdirs
from eldritch.eldersign import playsave
from eldritch.eldersign.advisor import question, cost
from eldritch.eldersign.gamelog import GameLog
from eldritch.eldersign.play import make_session
from eldritch.eldersign.playsave import Settings
from eldritch.kernel.eldersign.game.words import effect_words
from eldritch.frontend.tui import FrontApp, ConfirmQuit, screen_text
from eldritch.kernel.eldersign.adventure import P_DECIDE
from eldritch.kernel.eldersign.fixed import exact_text
from eldritch.kernel.eldersign.game.data import GameData
from eldritch.kernel.eldersign.game.machine import (Game, A_DRAW, A_FAIL, A_ASIDE, A_KEEP, A_ASK, A_HOLD,
                                                    A_ARG_MASK, G_BASE)
from eldritch.kernel.eldersign.game import table as gametable, text as gametext
from eldritch.kernel.eldersign.notation import format_roll, format_task

sys.path.insert(0, str(Path(__file__).resolve().parent))      # (run as a module: --write)
from frontend_driver import run, tui_game, plain_game, mostly_advised, settle, flat, check_fits, keys_for, region_text

HERE = Path(__file__).resolve().parent
REPO = HERE.parent
SCREENS = HERE / "golden_screens"
DATA = GameData()
BACKEND = get_backend()
SEED = 52          # one human seat (seat 1) and a bot (seat 2)
GAME_SEED, GAME_PLAYERS = 1, 4     # the screen game: seat 1 human, three bots, 40 decisions


def new_session(state=None, seed=SEED, players=2, bots=(1,), hints=True, game=None, picked=False):
    game = game or Game(DATA, players=players, seed=seed)
    if picked:
        for _ in range(players):
            game.apply(A_DRAW)
    return make_session(game, DATA, Settings(bots=bots, hints=hints, speed=0.0), BACKEND,
                        str(state) if state is not None else None)


def tasks_text(adv):
    done = adv.done_mask()
    sep = " > " if adv.card.ordered else " | "
    return sep.join(("done:" if done & (1 << i) else "") + format_task(t) for i, t in enumerate(adv.card.tasks))


def check_elder_sign(app, when):
    """What a player must see at each decision."""
    if when != "decision":
        return
    check_fits(app)
    session = app.session
    shown = screen_text(app)
    text = flat(region_text(app, "#left", shown))
    menu = flat(region_text(app, "#menu", shown))
    tb = gametable.snapshot(session.game.state)
    if tb.attempt is not None:
        adv = tb.attempt.adventure
        assert "tasks: " + tasks_text(adv) in text or "combat: " + tasks_text(adv) in text, tasks_text(adv)
        if tb.attempt.slot >= 0:
            v = next(s for s in tb.slots if s.slot == tb.attempt.slot)
            assert "reward: " + (effect_words(v.reward, tb.notes) or "none") in text
            assert "penalty: " + (effect_words(v.penalty, tb.notes) or "none") in text
        if adv.phase() == P_DECIDE:
            assert "roll: " + format_roll(adv.roll_counts) in text
    advised = [r for r in app.rows if r.advised]
    if advised and advised[0].odds:
        r = advised[0]
        assert flat("%s  %s ★ advised" % (r.label, r.odds)) in menu, r.label


@pytest.mark.slow
@pytest.mark.parametrize("size", [(80, 24), (120, 40)])
def test_a_seeded_game_through_the_screen_shows_each_decision_and_logs_as_plain_mode(size, tmp_path):
    bots = tuple(range(1, GAME_PLAYERS))
    session = new_session(tmp_path / "tui", seed=GAME_SEED, players=GAME_PLAYERS, bots=bots)
    tokens, decisions, _ = run(tui_game(session, size, mostly_advised(), check_elder_sign))
    assert session.game.is_terminal() and decisions >= 30
    tui_log = session.game.log.text()
    plain = new_session(tmp_path / "plain", seed=GAME_SEED, players=GAME_PLAYERS, bots=bots)
    code, _ = plain_game(plain, tokens)
    assert code == 0 and plain.game.log.text() == tui_log
    game = Game(DATA, players=GAME_PLAYERS, seed=GAME_SEED)
    for a in session.game.actions():
        game.apply(a)
    assert GameLog.replayed(game, DATA, session.settings).text() == tui_log
    saved, _, settings = playsave.load_file(str(tmp_path / "tui" / userdirs.AUTOSAVE))
    assert saved.actions() == session.game.actions() and settings.bots == set(bots)


# ----- the advice shown equals `eldritch advise` -------------------------------------------------

FAIL_LOST_ALIASES = {"fail the roll (no dice left: the adventure fails)": "fail the roll: no die left, the adventure fails"}


def exact_value(text):
    num, _, den = text.partition("/")
    from fractions import Fraction
    return Fraction(int(num), int(den or 1))


def test_advice_at_every_decision_equals_eldritch_advise(capsys):
    """Every adventure decision of a seeded game: the odds of each option are exactly those of
    `eldritch advise --json` for the same roll and situation; the advised option is the best, the
    cheaper one among equals. Failing the roll is worth the best fail option, setting a colour aside
    the best with that colour, keeping a die the option that keeps it."""
    session = new_session(seed=5, players=1, bots=())
    adapter = session.game
    decisions = compared = 0
    k = 0
    while not adapter.is_terminal():
        legal = session.legal()
        q = question(adapter.state)
        if q is not None and len(legal) > 1:
            decisions += 1
            values = adapter.values()
            assert main(["advise"] + q.advise_args() + ["--json"]) == 0
            options = json.loads(capsys.readouterr().out)["options"]
            cli = {o["action"]: o["exact"] for o in options}
            fails = [o for o in options if o["action"].startswith("fail the roll")]
            aside = gametable.snapshot(adapter.state).aside
            for a in legal:
                text = gametext.action_text(adapter.state, a)
                kind = a - (a & A_ARG_MASK) if a >= G_BASE else -1
                if text == "give up the adventure":
                    assert values[a] == 0
                    continue
                if a < G_BASE:
                    want = cli[FAIL_LOST_ALIASES.get(text, text)]
                elif kind == A_HOLD:
                    want = cli[text.split(" with ")[0] + " with a spell"]
                elif kind == A_FAIL:
                    want = max((o["exact"] for o in fails), key=exact_value)
                elif kind == A_ASIDE:
                    colour = text.split(" ")[3]
                    mine = [o["exact"] for o in fails if "set aside a %s die" % colour in o["action"]]
                    if not mine:                 # a colour advise does not set aside here: no odds
                        assert a not in values, text
                        continue
                    want = max(mine, key=exact_value)
                elif kind in (A_KEEP, A_ASK):
                    die = "" if text == "keep no die" else text.rsplit(" ", 1)[1]
                    colour = ("green", "yellow", "red")[aside]
                    mine = [o["exact"] for o in fails if "set aside a %s die" % colour in o["action"]
                            and (o["action"].endswith(", focus " + die) if die else "focus" not in o["action"])]
                    assert len(mine) == 1, text
                    want = mine[0]
                else:
                    continue
                assert exact_text(values[a]) == want, text
                compared += 1
            valued = [a for a in legal if a in values]
            if valued:
                top = max(values[a] for a in valued)
                best = [a for a in valued if values[a] == top]
                assert session.default_action() == min(best, key=lambda a: (cost(a), legal.index(a)))
        i = (k * 7) % len(legal) if k % 3 == 0 else legal.index(session.default_action())
        session.play(legal[i])
        k += 1
    assert decisions >= 20 and compared >= 100


# ----- golden screens -------------------------------------------------------------------------------

SHOTS = ("pick", "first", "adventure", "hint", "toggle", "end")
SHOT_SIZE = (120, 40)


async def steady_screen(app, pilot, tries=50):
    last = screen_text(app)
    for _ in range(tries):
        await pilot.pause()
        now = screen_text(app)
        if now == last:
            return now
        last = now
    return last


async def golden_shots(state):
    """A seeded game with the screen taken at key moments: the investigator's pick, the first move,
    the first roll, its hint, a reroll toggle opened, the end."""
    session = new_session(state)
    app = FrontApp(session, forced_pause=0, handle_sigint=False)
    shots = {}
    k = 0
    async with app.run_test(size=SHOT_SIZE) as pilot:
        await settle(app, pilot)
        shots["pick"] = await steady_screen(app, pilot)
        while not session.game.is_terminal():
            tb = gametable.snapshot(session.game.state)
            if "first" not in shots and tb.phase == "move":
                shots["first"] = await steady_screen(app, pilot)
            if "adventure" not in shots and question(session.game.state) is not None:
                shots["adventure"] = await steady_screen(app, pilot)
                await pilot.press("h")
                shots["hint"] = await steady_screen(app, pilot)
            toggle = [i for i, o in enumerate(session.decision().options) if o.then is not None
                      and o.then.kind == "toggle"] if session.decision().kind == "menu" else []
            if "toggle" not in shots and toggle:
                await pilot.press(str(toggle[0] + 1))
                shots["toggle"] = await steady_screen(app, pilot)
                await pilot.press("0")
            if len(shots) == len(SHOTS) - 1:
                break                    # the rest of the game without keys (its screens are tested elsewhere)
            action = mostly_advised()(session, k)
            for key in keys_for(session.decision(), action):
                await pilot.press(key)
            await settle(app, pilot)
            k += 1
        while not session.game.is_terminal():
            session.play(session.bot_action() if session.bot_turn() else
                         session.legal()[0] if session.forced() else mostly_advised()(session, k))
            k += 1
        app.advance()
        shots["end"] = await steady_screen(app, pilot)
    return shots


@pytest.mark.slow
def test_golden_screens(tmp_path):
    shots = run(golden_shots(tmp_path))
    for name in SHOTS:
        assert shots[name] == (SCREENS / ("%s.txt" % name)).read_text(), name
    assert "★ advised" in shots["adventure"] and "to complete" in shots["first"]
    assert "reward: " in shots["adventure"] and "penalty: " in shots["adventure"]
    assert "choose an investigator" in shots["pick"] and "draw an investigator at random" in shots["pick"]
    assert "Best: " in shots["hint"] and "[x]" in shots["toggle"] and "the game is over" in shots["end"]


# ----- bad input, quit, Ctrl-C, resume ------------------------------------------------------------

BAD_TYPED = ["²", "99", "save", "save /nonexistent/dir/x.sav", "save {tmp}", "abc", "x" * 1500,
             "1.5", "١", "back"]


@pytest.mark.slow
def test_every_bad_input_is_one_notice_and_the_game_goes_on(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)

    async def go():
        session = new_session(tmp_path / "state", picked=True)
        app = FrontApp(session, forced_pause=0, handle_sigint=False)
        async with app.run_test(size=(80, 24)) as pilot:
            await settle(app, pilot)
            nlog = len(session.game.actions())
            above = tuple(str(d) for d in range(app.walker.count() + 1, 10))
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
            assert any("cannot write /nonexistent/dir/x.sav: no folder" in n for n in app.notices)
            app.action_open_command("save ")
            await pilot.press("g", ".", "s", "a", "v", "enter")
            assert app.notices[-1] == "saved to g.sav"
    run(go())
    assert playsave.load_file(str(tmp_path / "g.sav"))[0].seed == SEED


def test_ctrl_c_and_quit_ask_then_save(tmp_path):
    async def go():
        session = new_session(tmp_path, picked=True)
        app = FrontApp(session, forced_pause=0, handle_sigint=False)
        async with app.run_test(size=(80, 24)) as pilot:
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
    adapter = session.game
    while (question(adapter.state) is None or not any(gametable.snapshot(adapter.state).attempt.adventure.held)
           or session.bot_turn()):           # a decision of the human seat (the bot's would be played on)
        legal = session.legal()
        texts = {a: gametext.action_text(adapter.state, a) for a in legal}
        focus = [a for a in legal if texts[a].startswith("focus")]
        fail = [a for a in legal if texts[a].startswith("fail the roll")]
        session.play(focus[0] if focus else fail[0] if fail else session.default_action())
    session.autosave()
    game, data, settings = playsave.load_file(str(tmp_path / userdirs.AUTOSAVE))
    resumed = make_session(game, data, settings, BACKEND, str(tmp_path), GameLog.replayed(game, data, settings))

    async def go(s):
        app = FrontApp(s, forced_pause=0, handle_sigint=False)
        async with app.run_test(size=SHOT_SIZE) as pilot:
            await settle(app, pilot)
            return await steady_screen(app, pilot)
    before, after = run(go(session)), run(go(resumed))
    assert after == before and "held: " in after and "roll: " in after and "★ advised" in after


def test_below_80x24_one_line_says_the_size_needed(tmp_path):
    async def go():
        session = new_session(tmp_path, picked=True)
        app = FrontApp(session, forced_pause=0, handle_sigint=False)
        async with app.run_test(size=(70, 20)) as pilot:
            await settle(app, pilot)
            small = [l for l in screen_text(app).splitlines() if l.strip()]
            await pilot.resize_terminal(80, 24)
            await pilot.pause()
            return small, screen_text(app)
    small, fits = run(go())
    assert small == ["eldritch needs a terminal of at least 80x24 (this one is 70x20)"]
    assert "move phase" in fits


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
    deadline = time.time() + 60
    while time.time() < deadline and not (b"choose an investigator" in out and (state / userdirs.AUTOSAVE).exists()):
        ready, _, _ = select.select([fd], [], [], 0.2)
        if ready:
            try:
                out += os.read(fd, 65536)
            except OSError:
                break
    assert (state / userdirs.AUTOSAVE).exists(), out[-500:]
    os.kill(pid, signal.SIGINT)
    end = time.time() + 60
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
    import tempfile
    SCREENS.mkdir(exist_ok=True)
    for old in SCREENS.glob("*.txt"):
        old.unlink()
    with tempfile.TemporaryDirectory() as d:
        shots = run(golden_shots(Path(d)))
    for name in SHOTS:
        (SCREENS / ("%s.txt" % name)).write_text(shots[name])


if __name__ == "__main__":
    if "--write" in sys.argv:
        write()
