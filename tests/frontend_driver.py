"""Driving the shared front end in tests: the same choices through the Textual app (Pilot) and the
plain mode, as key tokens, so the two logs can be compared.

    tokens, checks = run(tui_game(make_session(), size=(80, 24), choose=policy, check=fn))
    code, out = plain_game(make_session(), tokens)

A token is "1".."9" (a digit key / a typed number), "enter" (Enter / an empty line), "0" (back) or
"handoff" (Enter at a handoff screen / line). `choose(session, k)` returns the action the test
takes at its k-th decision; the driver turns it into keys through the decision shape (path_to), so
the keys are the ones a person would press.
"""

import asyncio
import inspect
import re

from eldritch.frontend.interrupt import NoGuard
from eldritch.frontend.plain import PlainUI
from eldritch.frontend.shapes import path_to, advised_action, check as check_shape
from eldritch.frontend.walk import Walker


def run(coro):
    return asyncio.run(coro)


def keys_for(shape, action) -> list:
    """The key tokens that take `action` from the start of `shape`."""
    path = path_to(shape, action)
    assert path is not None, "action %d is not in the shape" % action
    walker = Walker(shape)
    out = []
    for kind, arg in path:
        if kind == "pick":
            out.append("enter" if arg == walker.step.default else str(arg + 1))
            walker.pick(arg)
        else:
            target = walker.step.canonical(arg)
            for i in sorted(walker.step.canonical(walker.chosen) ^ target):
                out.append(str(i + 1))
            out.append("enter")
    return out


def mostly_advised(every: int = 4):
    """A policy: the advised action, and every `every`-th decision another leaf of the shape."""
    def choose(session, k):
        shape = session.decision()
        legal = session.legal()
        if k % every == every - 1 and len(legal) > 1:
            return sorted(legal)[(k * 7) % len(legal)]
        return advised_action(shape)
    return choose


async def settle(app, pilot, limit=2000):
    """Until a player must act (bots at speed 0 and forced choices play inside one key's handling,
    so this is usually at once)."""
    for _ in range(limit):
        if app.waiting_for_player or app.session.game.is_terminal() or app.handing_off:
            return
        await pilot.pause(0)
    raise AssertionError("the app never came back to a player")


async def called(check, app, when):
    result = check(app, when)
    if inspect.isawaitable(result):
        await result


async def tui_game(session, size, choose, check=None, max_decisions=3000, app_kwargs=None, stop=None):
    """Play the session's game to its end through the Textual app (or until stop(app, k), checked
    before each decision, is true); (tokens, decisions, app). `check(app, when)` may be a coroutine
    function: it is awaited, and `app.pilot` is the running Pilot (to press keys and look)."""
    from eldritch.frontend.tui import FrontApp
    app = FrontApp(session, forced_pause=0, handle_sigint=False, **(app_kwargs or {}))
    tokens = []
    k = 0
    async with app.run_test(size=size) as pilot:
        app.pilot = pilot
        await settle(app, pilot)
        while not session.game.is_terminal():
            assert k < max_decisions, "too many decisions"
            if app.handing_off:
                from eldritch.frontend.tui import Handoff
                for _ in range(50):
                    if isinstance(app.screen, Handoff):
                        break
                    await pilot.pause(0)
                await pilot.pause()
                if check is not None:
                    await called(check, app, "handoff")
                await pilot.press("enter")
                tokens.append("handoff")
                await settle(app, pilot)
                continue
            if stop is not None and stop(app, k):
                break
            shape = session.decision()
            check_shape(shape, session.legal())
            if check is not None:
                await called(check, app, "decision")
            action = choose(session, k)
            before = len(session.game.actions())
            for key in keys_for(shape, action):
                await pilot.press(key)
                tokens.append(key)
            await settle(app, pilot)
            assert session.game.actions()[before] == action
            k += 1
        if check is not None:
            await called(check, app, "end" if session.game.is_terminal() else "stop")
    return tokens, k, app


def plain_game(session, tokens, interactive=False):
    """Play the same game in plain mode with the tokens as typed lines; (exit code, printed lines)."""
    lines = ["" if t in ("enter", "handoff") else t for t in tokens]
    out = []

    def read(prompt):
        out.append(prompt)
        if not lines:
            raise EOFError
        return lines.pop(0)
    ui = PlainUI(session, NoGuard(), read=read, write=out.append, interactive=interactive, clear=True,
                 width=79)
    code = ui.run()
    return code, out


SCROLLBAR = re.compile("[▁▂▃▄▅▆▇█▔▕▏│╭╮╰╯─━┃]")


def flat(text: str) -> str:
    """Screen text with borders and scroll bars removed and blanks collapsed (so a line wrapped at a
    space still reads as one)."""
    return " ".join(SCROLLBAR.sub(" ", text).split())


def region_text(app, selector: str, screen: str | None = None) -> str:
    """The screen's text inside one widget's region (a pane beside it is cut away)."""
    from eldritch.frontend.tui import screen_text
    r = app.query_one(selector).region
    lines = (screen if screen is not None else screen_text(app)).split("\n")[r.y:r.y + r.height]
    return "\n".join(line[r.x:r.x + r.width] for line in lines)


def check_fits(app) -> None:
    """No decision shows more options than the screen has rows: every option row is on screen."""
    from textual.widgets import OptionList
    menu = app.query_one("#menu", OptionList)
    height = app.size[1]
    assert len(app.rows) == menu.option_count <= height - 4, (len(app.rows), height)
    region = menu.region
    assert region.height >= menu.option_count and region.y + region.height <= height, (region, menu.option_count)
    assert menu.max_scroll_y == 0, "options scrolled out of sight"
