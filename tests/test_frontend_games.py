"""Stay Away!, Mansions of Madness and Arkham Horror through the shared front end, driven
headless by Textual's Pilot at 80x24 and at 120x40.

Each test plays a seeded game to its end with human seats driven through the decision shapes (the
keys a person would press; bots take the other seats): at every decision every option is on screen
(none scrolled away, never more than the screen has rows), at every handoff nothing of the previous
seat is left on screen, and the log equals the plain mode's for the same keys. Then: `quit` asks and
saves in every game (sealed with the table's passphrase where the game hides information), and
`--log` of a game that can go on holds only the public log.
"""

import sys
from pathlib import Path

import pytest

from eldritch.frontend.gamelog import PUBLIC, REFEREE
from eldritch import saves
from eldritch.frontend.persist import Persist
from eldritch.frontend.settings import Settings
from eldritch.frontend.session import Session
from eldritch.frontend.tui import FrontApp, ConfirmQuit, Passphrase, screen_text
from eldritch.kernel.stayaway.game.rules import Rules as StayAwayRules
from eldritch.kernel.mansions.game.rules import Rules as MansionsRules
from eldritch.kernel.mansions.game import view as mview
from eldritch.stayaway.frontend import StayAwayGame, load as load_stayaway
from eldritch.mansions.frontend import MansionsGame, load as load_mansions
from eldritch.arkham.frontend import ArkhamGame, new_rules, load as load_arkham

sys.path.insert(0, str(Path(__file__).resolve().parent))
from frontend_driver import run, tui_game, plain_game, mostly_advised, check_fits, settle  # noqa: E402

SIZES = [(80, 24), (120, 40)]


def stayaway(state_dir=None, seed=5, players=4, bots=(2, 3)):
    settings = Settings(bots, speed=0)
    game = StayAwayGame(StayAwayRules().new_game(seed, players), settings)
    return Session(game, settings, Persist("stayaway", state_dir) if state_dir else None)


def mansions(state_dir=None, seed=7, players=2, bots=()):
    settings = Settings(bots, speed=0)
    rules = MansionsRules()
    game = MansionsGame(rules, rules.new_game(seed, players), settings)
    return Session(game, settings, Persist("mansions", state_dir) if state_dir else None)


def arkham(state_dir=None, seed=1, players=2, bots=(1,)):
    settings = Settings(bots, speed=0, options={})
    rules = new_rules({})
    game = ArkhamGame(rules, rules.new_game(seed, players), settings)
    return Session(game, settings, Persist("arkham", state_dir) if state_dir else None)


def check_screen(app, when):
    """At a decision: every option fits. At a handoff: the screen holds no seat's panel, log or hand."""
    if when == "decision":
        check_fits(app)
        text = screen_text(app)
        s = app.session
        game = s.game
        if isinstance(game, StayAwayGame):
            me = s.viewer
            assert "You are P%d:" % (me + 1) in text
            for other in range(game.players):
                if other != me:
                    assert "You are P%d:" % (other + 1) not in text
        if isinstance(game, MansionsGame) and s.viewer != 0:
            assert "keeper's secrets" not in text and "next event:" not in text
            obj = game.state.view(s.viewer)[mview.H_OBJ]
            if obj == 255:
                for name in game.story.obj_name:
                    assert name not in text
    elif when == "handoff":
        text = screen_text(app)
        assert "Pass to " in text
        lines = [l for l in text.splitlines() if l.strip()]
        assert len(lines) <= 8, text            # the handoff box and nothing else
        assert app._log is not None and len(app._log.lines) == 0


@pytest.mark.slow
@pytest.mark.parametrize("size", SIZES)
@pytest.mark.parametrize("make", [stayaway, mansions, arkham], ids=["stayaway", "mansions", "arkham"])
def test_a_seeded_game_through_the_screen_logs_as_plain_mode(make, size):
    session = make()
    tokens, decisions, _ = run(tui_game(session, size, mostly_advised(), check_screen))
    assert session.game.is_terminal() and decisions >= 10
    if session.hides:
        assert "handoff" in tokens
    plain = make()
    code, _ = plain_game(plain, tokens)
    assert code == 0 and plain.game.is_terminal()
    for viewer in [PUBLIC, REFEREE] + list(range(session.game.players)):
        assert plain.game.log.text(viewer) == session.game.log.text(viewer)


# ----- quit asks and saves, in every game ------------------------------------------------------------

async def quit_midway(session, words=None, size=(80, 24), actions=3):
    app = FrontApp(session, forced_pause=0, handle_sigint=False)
    async with app.run_test(size=size) as pilot:
        while len(session.game.state.actions()) < actions:
            await settle(app, pilot)
            await pilot.press("enter")            # a handoff, or the advised option (a step of it)
        await settle(app, pilot)
        await pilot.press("q")
        assert isinstance(app.screen, ConfirmQuit)
        await pilot.press("n")
        assert not isinstance(app.screen, ConfirmQuit) and app.is_running
        await pilot.press("q")
        await pilot.press("y")
        await pilot.pause()
        if words is not None:
            assert isinstance(app.screen, Passphrase)
            app.screen.query_one("#words").value = words
            await pilot.press("enter")
            await pilot.pause()
    return app.return_code


@pytest.mark.parametrize("make,load,words", [
    (stayaway, lambda save: load_stayaway(save.payload, save.settings)[0], "table words"),
    (mansions, lambda save: load_mansions(save.payload, save.settings)[1], "table words"),
    (arkham, lambda save: load_arkham(save.payload, save.settings, new_rules)[1], None),
], ids=["stayaway", "mansions", "arkham"])
def test_quit_asks_then_saves_in_every_game(tmp_path, make, load, words):
    session = make(str(tmp_path))
    assert run(quit_midway(session, words)) == 0
    name = session.game.name
    path = tmp_path / ("%s-autosave.sav" % name)
    blob = path.read_bytes()
    if words is not None:                           # sealed: nothing readable without the words
        assert blob.startswith(b"ELDRITCH %s SEALED SAVE" % name.upper().encode()) and b"seed" not in blob
    save = saves.read_save(str(path), name, passphrase=words, state_dir=str(tmp_path))
    state = load(save)
    assert state.actions() == session.game.state.actions() and len(state.actions()) >= 3


def test_log_of_a_game_that_can_go_on_is_the_public_one(tmp_path):
    """--log while a hidden-information game can go on: no seed, no hand, no referee line; at the end
    the referee's (every card)."""
    session = stayaway(str(tmp_path))
    while session.steps() < 40:
        session.play(session.bot_action() if session.bot_turn() else session.default_action())
    path = tmp_path / "game.log"
    assert session.write_log(str(path)) is None
    text = path.read_text()
    assert text == session.game.log.text(PUBLIC) and "seed" not in text and "seen by" not in text
    assert "You are" not in text and "you drew" not in text and "you kept" not in text
    while not session.game.is_terminal():
        session.play(session.bot_action() if session.bot_turn() else session.default_action())
    session.write_log(str(path))
    assert path.read_text() == session.game.state.referee_log() and "seed 5" in path.read_text()
