"""The terminal game's layout: a log that reads and scrolls, no cut text, an honest quit.

- The log view (`l`) takes the body's full width at 80x24 and at 120x40, in each game, also right
  after a hand-over and at Elder Sign's game end: its lines are wrapped at that width (a wrapped part
  indented under its line), and PgUp, PgDn, Home, End and the arrows scroll it.
- Every screen kind of every game at 80x24 (each decision, its menus and toggles, its hint, the
  quit question, the passphrase, a hand-over, Elder Sign's end) is checked: no widget holds more rows than it shows unless it
  scrolls, no fixed row is wider than the screen, every option is on screen, and what happened,
  when it is longer than its rows, says how many rows it left out.
- The quit question says exactly what will happen (where the game is saved; in a game that hides
  information without a passphrase, that it is saved only sealed and why), and so does the line
  printed when the game stops unsaved.
- wrapping.py: rows never wider than asked, words in order, a word cut only when longer than a row.
"""

import sys
from pathlib import Path

import pytest
from hypothesis import given, settings as hsettings, strategies as st
from rich.cells import cell_len
from textual.containers import VerticalScroll
from textual.widgets import OptionList, Static

from eldritch.frontend.persist import Persist
from eldritch.frontend.settings import Settings
from eldritch.frontend.session import Session
from eldritch.frontend.tui import FrontApp, ConfirmQuit, Passphrase, Pager, Handoff, screen_text
from eldritch.frontend.wrapping import wrap_spans, glue, GLUE
from eldritch.kernel.stayaway.game.rules import Rules as StayAwayRules
from eldritch.kernel.mansions.game.rules import Rules as MansionsRules
from eldritch.stayaway.frontend import StayAwayGame
from eldritch.mansions.frontend import MansionsGame
from eldritch.arkham.frontend import ArkhamGame, new_rules

sys.path.insert(0, str(Path(__file__).resolve().parent))
from frontend_driver import run, tui_game, mostly_advised, flat, region_text, settle  # noqa: E402
from test_frontend_results import eldersign  # noqa: E402


def stayaway(state=None, seed=3, players=4, bots=(2,)):
    settings = Settings(bots, speed=0)
    game = StayAwayGame(StayAwayRules().new_game(seed, players), settings)
    return Session(game, settings, Persist("stayaway", state) if state else None)


def mansions(state=None, seed=7, players=3, bots=(0,)):
    settings = Settings(bots, speed=0)
    rules = MansionsRules()
    return Session(MansionsGame(rules, rules.new_game(seed, players), settings), settings,
                   Persist("mansions", state) if state else None)


def arkham(state=None, seed=4, players=2, bots=(1,)):
    settings = Settings(bots, speed=0, options={})
    rules = new_rules({})
    return Session(ArkhamGame(rules, rules.new_game(seed, players), settings), settings,
                   Persist("arkham", state) if state else None)


GAMES = {"stayaway": stayaway, "mansions": mansions, "arkham": arkham, "eldersign": lambda: eldersign()}


# ----- the log view ---------------------------------------------------------------------------------

async def check_log_view(app):
    """Open the log, check its width and every scroll key, close it."""
    pilot = app.pilot
    w, _ = app.size
    await pilot.press("l")
    await pilot.pause()
    await pilot.pause()
    log = app._log
    assert app.log_open() and log.region.width == w, (log.region, w)       # the whole width
    width = log.scrollable_content_region.width
    assert log.drawn_width == width >= w - 3, (log.drawn_width, width)
    assert all(len(line.text.rstrip()) <= width for line in log.lines)
    assert log.max_scroll_y > 0, "the log is shorter than its view"
    await pilot.press("home")
    await pilot.pause()
    assert log.scroll_y == 0
    shown = flat(region_text(app, "#log"))
    source = app.session.log_lines()
    first = [line for line in source[:4]]
    assert flat(" ".join(first)) in shown, (first, shown)         # read whole: wrapped parts follow on
    await pilot.press("end")
    await pilot.pause()
    assert log.scroll_y == log.max_scroll_y
    assert flat(source[-1]) in flat(region_text(app, "#log"))
    bottom = log.scroll_y
    await pilot.press("pageup")
    await pilot.pause()
    assert log.scroll_y < bottom and bottom - log.scroll_y >= min(bottom, log.scrollable_content_region.height - 2)
    y = log.scroll_y
    await pilot.press("up")
    await pilot.pause()
    assert log.scroll_y == max(y - 1, 0)
    y = log.scroll_y
    await pilot.press("down")
    await pilot.pause()
    assert log.scroll_y == y + 1
    await pilot.press("pagedown")
    await pilot.pause()
    assert log.scroll_y > y + 1 or log.scroll_y == log.max_scroll_y
    await pilot.press("l")
    await pilot.pause()
    assert not app.log_open() and isinstance(app.focused, OptionList)


class LogViews:
    """The log view checked at the first decision with a log taller than the screen, and again at the
    first such decision after a hand-over (and at the end)."""

    def __init__(self):
        self.checked = []
        self.after_handoff = False

    async def __call__(self, app, when):
        if when == "handoff":
            self.after_handoff = True
            return
        long_enough = len(app.session.log_lines()) > app.size[1] * 2
        kind = "handoff" if self.after_handoff else "decision"
        self.after_handoff = False
        if when == "decision" and long_enough and kind not in self.checked:
            await check_log_view(app)
            self.checked.append(kind)
        elif when == "end" and long_enough:
            check_nothing_cut(app, "the end")
            await check_log_view(app)
            self.checked.append("end")


@pytest.mark.slow
@pytest.mark.parametrize("size", [(80, 24), (120, 40)])
@pytest.mark.parametrize("game", ["stayaway", "mansions", "arkham"])
def test_the_log_view_is_full_width_and_scrolls(game, size):
    views = LogViews()
    session = GAMES[game]()
    run(tui_game(session, size, mostly_advised(), views, stop=lambda app, k: k >= 40))
    assert ("handoff" if session.hides else "decision") in views.checked     # after a hand-over too


def test_the_log_view_at_80x24_in_one_arkham_game():
    """The fast sibling: an Arkham game a few dozen actions in, its log opened at 80x24."""
    session = arkham()
    while len(session.log_lines()) < 80:
        session.play(session.bot_action() if session.bot_turn() else session.default_action(),
                     "bot" if session.bot_turn() else "player")

    async def go():
        app = FrontApp(session, forced_pause=0, handle_sigint=False)
        async with app.run_test(size=(80, 24)) as pilot:
            app.pilot = pilot
            await settle(app, pilot)
            await check_log_view(app)
    run(go())


def test_one_screen_of_each_kind_at_80x24_is_not_cut(tmp_path):
    """The fast sibling: Elder Sign's move phase, its hint, its quit question."""
    async def go():
        session = eldersign(seed=11)
        session.play(session.default_action(), "player")           # an investigator taken: the move phase
        app = FrontApp(session, forced_pause=0, handle_sigint=False)
        async with app.run_test(size=(80, 24)) as pilot:
            app.pilot = pilot
            await settle(app, pilot)
            cut = NothingCut()
            await cut(app, "decision")
            assert {"decision", "hint", "quit"} <= cut.kinds
    run(go())


def test_the_quit_words_of_each_case():
    assert arkham(None).quit_words() == "Nothing is saved in this session: y quits, n plays on."
    words = stayaway("/nonexistent-state").quit_words()
    assert words.startswith("This game hides every hand and every role, so it is saved only sealed")
    assert words.endswith("y asks for one (Enter without one quits without saving), n plays on.")


@pytest.mark.slow
@pytest.mark.parametrize("size", [(80, 24), (120, 40)])
def test_eldersign_log_view_at_the_game_end(size):
    views = LogViews()
    whole = eldersign(seed=11)                        # the game played to its end with the advice
    while not whole.game.is_terminal():
        whole.play(whole.default_action(), "player")
    actions = whole.game.state.actions()
    session = eldersign(seed=11)
    for a in actions[:-6]:                            # the same game a few actions before its end
        session.play(a, "player")
    run(tui_game(session, size, mostly_advised(1000), views))
    assert session.game.is_terminal() and "end" in views.checked


# ----- nothing cut at 80x24 --------------------------------------------------------------------------

def rendered_rows(widget) -> int:
    return widget.get_content_height(widget.app.size, widget.app.size, widget.content_region.width)


def check_nothing_cut(app, what):
    """No widget on the active screen holds more than it shows, unless it scrolls (see the module
    docstring)."""
    screen = app.screen
    for widget in screen.query(Static):
        if not widget.display or not widget.is_on_screen or widget.region.height == 0:
            continue
        if any(isinstance(a, VerticalScroll) for a in widget.ancestors):
            scroller = next(a for a in widget.ancestors if isinstance(a, VerticalScroll))
            assert scroller.styles.overflow_y in ("auto", "scroll"), (what, widget.id)
            continue                                         # in a pane that scrolls: nothing is lost
        rows = rendered_rows(widget)
        assert rows <= widget.content_region.height, "%s: #%s shows %d of %d rows" % (
            what, widget.id, widget.content_region.height, rows)
        text = widget.render()
        plain = getattr(text, "plain", None)
        if plain is not None and widget.id in ("status", "news", "prompt", "notice"):
            widest = max((cell_len(line) for line in plain.split("\n")), default=0)
            assert widest <= widget.content_region.width, "%s: #%s has a row of %d cells in %d" % (
                what, widget.id, widest, widget.content_region.width)
    if screen is app.main_screen():
        menu = app.query_one("#menu", OptionList)
        assert menu.max_scroll_y == 0 and len(app.rows) == menu.option_count, what
        assert menu.region.y + menu.region.height <= app.size[1], what
        for i in range(menu.option_count):
            prompt = menu.get_option_at_index(i).prompt
            assert max(cell_len(line) for line in prompt.plain.split("\n")) <= menu.content_region.width, what
        news = app._news
        if news is not None and news.lines and app.news_rows and not app.log_open():
            from eldritch.frontend.tui import wrap_lines
            whole = wrap_lines(news.lines, app.query_one("#news").content_region.width)
            shown = ["".join(t for t, _ in row) for row in app.news_rows]
            if len(whole) > len(shown):
                assert any("left out here" in row for row in shown), what


class NothingCut:
    """At each decision: the screen, then with its hint, then the quit question (answered no)."""

    def __init__(self):
        self.kinds = set()
        self.hints = 0

    async def __call__(self, app, when):
        pilot = app.pilot
        if when == "handoff":
            check_nothing_cut(app, "handoff")
            self.kinds.add("handoff")
            return
        check_nothing_cut(app, when)
        self.kinds.add(when)
        if when != "decision":
            return
        step = app.walker.step.kind if app.walker is not None else "none"
        self.kinds.add(step)
        if self.hints < 6:
            self.hints += 1
            await pilot.press("h")
            await pilot.pause()
            check_nothing_cut(app, "hint")
            if isinstance(app.screen, Pager):
                self.kinds.add("pager")
                await pilot.press("escape")
                await pilot.pause()
            self.kinds.add("hint")
            await pilot.press("q")
            await pilot.pause()
            assert isinstance(app.screen, ConfirmQuit)
            check_nothing_cut(app, "quit")
            await pilot.press("n")
            await pilot.pause()
            self.kinds.add("quit")


@pytest.mark.slow
@pytest.mark.parametrize("game", ["stayaway", "mansions", "arkham", "eldersign"])
def test_no_screen_of_any_game_cuts_text_at_80x24(game):
    cut = NothingCut()
    session = GAMES[game]()
    run(tui_game(session, (80, 24), mostly_advised(), cut, stop=lambda app, k: k >= 60))
    assert {"decision", "hint", "quit", "menu"} <= cut.kinds
    if session.hides:
        assert "handoff" in cut.kinds


def test_a_long_hint_opens_in_a_pager_not_cut():
    async def go():
        session = eldersign(seed=11)
        app = FrontApp(session, forced_pause=0, handle_sigint=False)
        async with app.run_test(size=(80, 24)) as pilot:
            await settle(app, pilot)
            app.notice("word " * 400)
            await pilot.pause()
            assert isinstance(app.screen, Pager)
            check_nothing_cut(app, "pager")
            assert "word word" in screen_text(app)
            await pilot.press("escape")
            await pilot.pause()
            assert app.waiting_for_player
    run(go())


# ----- an honest quit -------------------------------------------------------------------------------

async def quit_text(session, size=(80, 24)):
    app = FrontApp(session, forced_pause=0, handle_sigint=False)
    async with app.run_test(size=size) as pilot:
        await settle(app, pilot)
        if app.handing_off:
            await pilot.press("enter")
            await settle(app, pilot)
        await pilot.press("q")
        await pilot.pause()
        assert isinstance(app.screen, ConfirmQuit)
        check_nothing_cut(app, "quit")
        text = flat(str(app.screen.query_one("#question").render()))
        await pilot.press("y")
        await pilot.pause()
        asked = None
        if isinstance(app.screen, Passphrase):
            check_nothing_cut(app, "passphrase")
            asked = flat(" ".join(str(w.render()) for w in app.screen.query(Static)))
            await pilot.press("enter")                       # nothing typed: not saved
            await pilot.pause()
    return text, asked


@pytest.mark.slow
def test_quit_says_exactly_what_happens(tmp_path):
    s = arkham(str(tmp_path / "a"))
    text, asked = run(quit_text(s))
    assert "y saves the game in %s and quits" % s.autosave_path in text and asked is None
    assert "either way" not in text

    s = stayaway(str(tmp_path / "s"))
    text, asked = run(quit_text(s))
    assert "saved only sealed with the table's passphrase" in text and "every hand and every role" in text
    assert "Enter without one quits without saving" in text and "either way" not in text
    assert "saved only sealed" in asked and "Enter with nothing: not saved" in asked
    stop = s.stop_message()
    assert stop.startswith("stopped: not saved: this game hides every hand and every role") and "none was given" in stop
    assert "not saved: this game hides" in s.save(str(tmp_path / "x.sav"))

    s = mansions(str(tmp_path / "m"))
    text, _ = run(quit_text(s))
    assert "the keeper's objective, mythos hand and guide answers" in text

    s = arkham(None)
    text, _ = run(quit_text(s))
    assert "Nothing is saved in this session" in text


def test_the_plain_mode_asks_the_same_question(tmp_path):
    from eldritch.frontend.interrupt import NoGuard
    from eldritch.frontend.plain import PlainUI
    s = stayaway(str(tmp_path / "s"), bots=(1, 2, 3))
    asked = []

    def read(prompt):
        asked.append(prompt)
        return "quit" if len(asked) == 2 else "y" if len(asked) == 3 else ""
    out = []
    PlainUI(s, NoGuard(), read=read, write=out.append, interactive=True, clear=False, width=79).run()
    assert any(s.quit_words() in a for a in asked), asked
    assert any("not saved: this game hides every hand" in line for line in out), out[-3:]


# ----- wrapping -------------------------------------------------------------------------------------

WORDS = st.text(alphabet="abcdefghijklmnopqrstuvwxyz★·ÄI0123456789/%", min_size=1, max_size=30)


@hsettings(max_examples=150, deadline=None)
@given(st.lists(st.tuples(st.lists(WORDS, min_size=1, max_size=8), st.booleans()), min_size=1, max_size=6),
       st.integers(8, 90), st.integers(0, 6), st.integers(0, 4))
def test_wrapped_rows_fit_and_keep_every_word_in_order(spans, width, indent, hang):
    runs = [((" " if i else "") + (glue(" ".join(words)) if glued else " ".join(words)), "")
            for i, (words, glued) in enumerate(spans)]
    rows = wrap_spans(runs, width, indent, hang)
    texts = ["".join(t for t, _ in row) for row in rows]
    assert all(cell_len(t) <= max(width, 8) for t in texts)
    words_in = " ".join(r[0].replace(GLUE, " ") for r in runs).split()
    got = " ".join(texts).split()
    # a word longer than a row is cut into pieces: joined back, the words are the same, in order
    assert "".join(got) == "".join(words_in)
    room = max(width, 8) - min(indent + hang, max(width, 8) - 1)        # the narrowest row
    for words, glued in spans:
        for word in ([] if glued else words):
            if cell_len(word) <= room:
                assert word in got, (word, texts)                   # a word that fits is never cut
    for glued_words, glued in spans:
        unit = " ".join(glued_words)
        if glued and cell_len(unit) <= room:
            assert any(unit in t for t in texts), (unit, texts)          # a glued unit is never broken


def test_the_check_finds_a_cut_row():
    """The check can fail: a status line held to one row (as it was, at most three) is caught."""
    async def go():
        session = eldersign(seed=11)
        app = FrontApp(session, forced_pause=0, handle_sigint=False)
        async with app.run_test(size=(80, 24)) as pilot:
            await settle(app, pilot)
            check_nothing_cut(app, "as drawn")
            app.query_one("#status").styles.max_height = 1
            await pilot.pause()
            with pytest.raises(AssertionError, match="#status shows 1 of 2 rows"):
                check_nothing_cut(app, "status held to one row")
    run(go())
