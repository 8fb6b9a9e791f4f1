"""The Textual face of the front end: one app for every game, over a frontend Session.

    code = run_tui(session, args)        # until the game ends or the players quit

The screen, top to bottom: the status lines; the body (what the decision is about, the game's
panels below it, and the log beside them on a wide screen: `l` shows the log on a narrow one; PgUp
and PgDn scroll); the decision's prompt and its options (never more than fit: the shapes give at
most 9 and a back row); a notice line; the keys. At a decision: 1-9 pick (a toggle's number turns a
die or card on or off), Enter takes the highlighted option (the advised one to start with; a
toggle's set), 0 / Esc / Backspace go back a step; `h` explains the advice, `s` saves, `:` opens
the command line (the plain mode's words), `+`/`-` change the bots' speed, `q` (or Ctrl-C) asks,
then saves. Below 80x24 one line says the size needed.

A game that hides information: before a human decision of another seat than the one looking, the
log and every panel are emptied and a handoff screen names the next seat; nothing of theirs is
drawn until they press Enter. A SIGINT from outside saves and exits 130 without asking.
"""

from __future__ import annotations

import asyncio
import io
import signal
import time

from rich.console import Console, Group
from rich.padding import Padding
from rich.text import Text
from textual.app import App, ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical, VerticalScroll
from textual.screen import ModalScreen, Screen
from textual.widgets import Footer, Input, OptionList, Static
from textual.widgets.option_list import Option

from eldritch.saves.atomic import SaveError
from eldritch.frontend.commands import parse_command, COMMANDS_HELP
from eldritch.frontend.walk import Walker

INTERRUPTED = 130
FORCED_PAUSE = 0.4
SPEEDS = (0.0, 0.05, 0.1, 0.2, 0.3, 0.5, 0.8, 1.2, 2.0)
MIN_SIZE = (80, 24)
WIDE = 110                # from this width the log shows beside the panels

STYLE = {"bold": "bold", "dim": "dim", "good": "green", "bad": "red", "accent": "cyan", "warn": "yellow",
         "green": "green", "yellow": "yellow", "red": "red", "strike": "strike"}


def rich_style(names: str) -> str:
    return " ".join(STYLE.get(n, "") for n in names.split()).strip()


def rich_line(line) -> Text:
    t = Text()
    for span in line.spans:
        t.append(span.text, style=rich_style(span.style))
    return t


def rich_lines(lines) -> Group:
    """Model lines as Rich renderables: wrapped at spaces, each part keeping its line's indent."""
    return Group(*[Padding(rich_line(l), (0, 0, 0, l.indent)) if l.indent else rich_line(l) for l in lines])


def rich_panels(panels) -> Group:
    parts = []
    for p in panels:
        parts.append(Text("── %s ──" % p.title, style="bold cyan"))
        parts.append(rich_lines(p.lines))
    return Group(*parts)


class ConfirmQuit(ModalScreen[bool]):
    """Quit? y / n (the game is saved either way)."""

    BINDINGS = [Binding("y", "answer(True)", "yes"), Binding("n", "answer(False)", "no"),
                Binding("escape", "answer(False)", "no", show=False),
                Binding("enter", "answer(False)", "no", show=False)]
    DEFAULT_CSS = """
    ConfirmQuit { align: center middle; }
    ConfirmQuit > Static { width: 64; height: auto; border: thick $warning; padding: 1 2; background: $surface; }
    """

    def __init__(self, question: str):
        super().__init__()
        self.question = question

    def compose(self) -> ComposeResult:
        yield Static("%s\nThe game is saved either way: y quits, n plays on." % self.question, id="question")

    def action_answer(self, yes: bool) -> None:
        self.dismiss(yes)


class Handoff(Screen[bool]):
    """The shared screen between two seats: only the next seat's name; Enter when they look."""

    BINDINGS = [Binding("enter", "go", "I am looking", priority=True)]
    DEFAULT_CSS = """
    Handoff { align: center middle; }
    Handoff > Static { width: 70; height: auto; border: heavy $accent; padding: 1 2; text-align: center; }
    """

    def __init__(self, name: str):
        super().__init__()
        self.seat_name = name

    def compose(self) -> ComposeResult:
        yield Static("Pass to %s.\n\nPress Enter when only %s is looking." % (self.seat_name, self.seat_name),
                     id="handoff")

    def action_go(self) -> None:
        self.dismiss(True)


class Passphrase(ModalScreen[str]):
    """The table's passphrase for sealed saves (Enter with nothing: no save)."""

    DEFAULT_CSS = """
    Passphrase { align: center middle; }
    Passphrase > Vertical { width: 64; height: auto; border: thick $warning; padding: 1 2; background: $surface; }
    """

    def compose(self) -> ComposeResult:
        with Vertical():
            yield Static("This game's saves are sealed: the table's passphrase (Enter with nothing: no save)")
            yield Input(password=True, id="words")

    def on_mount(self) -> None:
        self.query_one("#words", Input).focus()

    def on_input_submitted(self, event: Input.Submitted) -> None:
        event.stop()
        self.dismiss(event.value)


class FrontApp(App[int]):
    """The game on screen (see the module docstring)."""

    ENABLE_COMMAND_PALETTE = False
    CSS = """
    Screen { layout: vertical; }
    #status { height: auto; max-height: 3; padding: 0 1; background: $boost; }
    #body { height: 1fr; }
    #left { width: 1fr; scrollbar-gutter: stable; }
    #focus { height: auto; padding: 0 1; border-top: solid $accent; }
    #panels { height: auto; padding: 0 1; }
    #logpane { width: 45%; border-left: solid $primary; }
    #log { height: 1fr; }
    #prompt { height: auto; max-height: 2; padding: 0 1; background: $boost; text-style: bold; }
    #menu { height: auto; max-height: 11; border: none; padding: 0; }
    #notice { height: auto; max-height: 2; padding: 0 1; color: $warning; display: none; }
    #notice.shown { display: block; }
    #command { display: none; }
    #command.open { display: block; }
    #toosmall { display: none; height: 1; }
    Screen.narrow #logpane { display: none; }
    Screen.narrow.showlog #left { display: none; }
    Screen.narrow.showlog #logpane { display: block; width: 1fr; border-left: none; }
    Screen.toosmall > * { display: none; }
    Screen.toosmall > #toosmall { display: block; }
    """
    BINDINGS = [
        Binding("ctrl+c", "ask_quit('Ctrl-C')", "quit", show=False, priority=True),
        Binding("ctrl+q", "ask_quit('quit')", "quit", show=False, priority=True),
        Binding("q", "ask_quit('quit')", "quit"),
        Binding("h", "hint", "hint"),
        Binding("s", "open_command('save ')", "save"),
        Binding("l", "toggle_log", "log"),
        Binding("pagedown", "scroll_body(1)", "more", priority=True),
        Binding("pageup", "scroll_body(-1)", "back up", show=False, priority=True),
        Binding("escape", "back", "back", show=False),
        Binding("backspace", "back", "back", show=False),
        Binding("colon", "open_command('')", "command", show=False),
        Binding("plus", "speed(1)", "bots slower", show=False),
        Binding("equals_sign", "speed(1)", "bots slower", show=False),
        Binding("minus", "speed(-1)", "bots faster", show=False),
    ]

    def __init__(self, session, forced_pause: float = FORCED_PAUSE, exit_after_first_screen: bool = False,
                 handle_sigint: bool = True, first_save=None, on_first_screen=None):
        super().__init__()
        self.session = session
        self.title = "Eldritch: %s" % session.game.title
        self.forced_pause = forced_pause
        self.exit_after_first_screen = exit_after_first_screen
        self.handle_sigint = handle_sigint
        self.first_save = first_save
        self.on_first_screen = on_first_screen
        self._timer = None
        self._log = None
        self._shown_steps = 0
        self.walker = None
        self.rows = []
        self.notices: list = []
        self.interrupted = False
        self.handing_off = False

    # ----- layout ---------------------------------------------------------------------------------

    def compose(self) -> ComposeResult:
        s = self.session
        screen = s.screen() if not s.needs_handoff() else None
        yield Static(rich_lines(screen.status) if screen else "", id="status")
        with Horizontal(id="body"):
            with VerticalScroll(id="left"):
                focus = Static(rich_lines(screen.focus.lines) if screen and screen.focus else "", id="focus")
                focus.border_title = screen.focus.title if screen and screen.focus else ""
                yield focus
                yield Static(rich_panels(screen.panels) if screen else "", id="panels")
            yield Vertical(id="logpane")
        prompt, options = self._first_decision()
        yield Static(prompt, id="prompt")
        yield OptionList(*options, id="menu")
        yield Static("", id="notice")
        yield Input(id="command", select_on_focus=False,
                    placeholder="a number, save PATH, hint, board, log, help, quit (Esc closes)")
        yield Static("", id="toosmall")
        yield Footer()

    def _first_decision(self):
        """The first screen's prompt and options (built with it: one layout for the first paint)."""
        s = self.session
        if s.game.is_terminal() or s.bot_turn() or s.forced() or s.needs_handoff():
            return "", []
        self.walker = Walker(s.decision())
        self.rows = self.walker.rows()
        return self.walker.prompt(), [Option(self._row_text(r), id="r%d" % i) for i, r in enumerate(self.rows)]

    def on_mount(self) -> None:
        if self.handle_sigint:
            try:
                asyncio.get_running_loop().add_signal_handler(signal.SIGINT, self.on_sigint)
            except (RuntimeError, ValueError, NotImplementedError):
                self.handle_sigint = False
        self._check_size()
        menu = self.query_one("#menu", OptionList)
        menu.highlighted = next((i for i, r in enumerate(self.rows) if r.default), 0) if self.rows else None
        menu.focus()
        if self.exit_after_first_screen:
            self.call_after_refresh(self._first_screen_done)
            return
        self.call_after_refresh(self._start)

    def _start(self) -> None:
        if self.on_first_screen is not None:
            self.on_first_screen()
        from textual.widgets import RichLog
        log = RichLog(id="log", wrap=True, max_lines=3000, min_width=20)
        self.query_one("#logpane").mount(log)
        self._log = log
        self._refill_log()
        if self.first_save is not None:
            for line in self.first_save():
                self.notice(line)
        self.advance()

    def _first_screen_done(self) -> None:
        self.first_screen_cpu = time.process_time()
        self.exit(0)

    def on_unmount(self) -> None:
        if self.handle_sigint:
            try:
                asyncio.get_running_loop().remove_signal_handler(signal.SIGINT)
            except (RuntimeError, ValueError):
                pass

    def on_resize(self, event) -> None:
        self._check_size(event.size)

    def _check_size(self, size=None) -> None:
        w, h = size or self.size
        screen = self.screen
        if isinstance(screen, (Handoff, ModalScreen)):
            screen = self.screen_stack[0]
        small = w < MIN_SIZE[0] or h < MIN_SIZE[1]
        screen.set_class(small, "toosmall")
        screen.set_class(w < WIDE, "narrow")
        if small:
            self.query_one("#toosmall", Static).update(
                "eldritch needs a terminal of at least %dx%d (this one is %dx%d)" % (MIN_SIZE + (w, h)))

    # ----- drawing --------------------------------------------------------------------------------

    def refresh_screen(self) -> None:
        s = self.session
        screen = s.screen()
        self.query_one("#status", Static).update(rich_lines(screen.status))
        focus = self.query_one("#focus", Static)
        focus.update(rich_lines(screen.focus.lines) if screen.focus else "")
        focus.border_title = screen.focus.title if screen.focus else ""
        self.query_one("#panels", Static).update(rich_panels(screen.panels))
        self._write_new_log()
        self._show_decision()

    def blank(self) -> None:
        """Empty every panel and the log (before a handoff: nothing of the last seat stays)."""
        for wid in ("#status", "#focus", "#panels", "#prompt"):
            self.query_one(wid, Static).update("")
        self.query_one("#focus", Static).border_title = ""
        self.query_one("#menu", OptionList).clear_options()
        self.walker = None
        self.rows = []
        if self._log is not None:
            self._log.clear()
        self.notice("")

    def _refill_log(self) -> None:
        if self._log is None:
            return
        self._log.clear()
        for line in self.session.log_lines()[-1500:]:
            self._log.write(Text(line))
        self._shown_steps = self.session.steps()
        self.session.seen[self.session.shown_viewer] = self._shown_steps

    def _write_new_log(self) -> None:
        log = self._log
        if log is None:
            return
        s = self.session
        n = s.steps()
        if n > self._shown_steps:
            for line in s.log_lines(self._shown_steps):
                log.write(Text(line, style="bold" if line.startswith(">") else ""))
            self._shown_steps = n
            s.seen[s.shown_viewer] = n
        if s.game.is_terminal() and getattr(self, "_end_written", False) is False:
            self._end_written = True
            log.write(Text(s.summary(), style="bold magenta"))

    def _show_decision(self, keep_walker: bool = False) -> None:
        s = self.session
        menu = self.query_one("#menu", OptionList)
        prompt = self.query_one("#prompt", Static)
        if s.game.is_terminal():
            self.walker = None
            self.rows = []
            prompt.update("the game is over: %s. q leaves" % s.summary())
            menu.clear_options()
            return
        if s.bot_turn() or s.forced():
            self.walker = None
            self.rows = []
            who = "the dice" if s.acting_seat() is None else s.game.seat_name(s.acting_seat())
            prompt.update("%s %s" % (who, "(bot) is playing" if s.bot_turn() else "..."))
            menu.clear_options()
            return
        if not keep_walker or self.walker is None:
            self.walker = Walker(s.decision())
        w = self.walker
        prompt.update(w.prompt())
        self.rows = w.rows()
        menu.clear_options()
        menu.add_options([Option(self._row_text(r), id="r%d" % i) for i, r in enumerate(self.rows)])
        default = next((i for i, r in enumerate(self.rows) if r.default), 0)
        menu.highlighted = default
        self.query_one("#left", VerticalScroll).scroll_home(animate=False)

    def _row_text(self, r) -> Text:
        t = Text()
        key = r.key if r.key != "Enter" else "⏎"
        t.append("%s " % key.rjust(2), style="bold")
        if r.checked is not None:
            t.append("[x] " if r.checked else "[ ] ", style="bold cyan" if r.checked else "dim")
        t.append(r.label, style=rich_style(r.style))
        if r.odds:
            t.append("  " + r.odds, style="bold cyan" if r.advised else "cyan")
        if r.advised:
            t.append(" ★ advised", style="bold yellow")
        if r.note:
            t.append("  " + r.note, style="dim")
        return t

    def notice(self, text: str) -> None:
        if text:
            self.notices.append(text)
        n = self.query_one("#notice", Static)
        n.update(text)
        n.set_class(bool(text), "shown")

    # ----- the flow of play -----------------------------------------------------------------------

    @property
    def waiting_for_player(self) -> bool:
        """True when the game waits for a human's key (tests wait for this)."""
        s = self.session
        return (self._timer is None and not s.game.is_terminal() and not s.bot_turn() and not s.forced()
                and not self.handing_off and self.walker is not None and not isinstance(self.screen, ModalScreen))

    def advance(self) -> None:
        """After an action (or at the start): play what needs no waiting, draw once, then schedule
        the next bot action or forced choice, or hand the screen over."""
        self._timer = None
        s = self.session
        while not s.game.is_terminal() and not s.needs_handoff():
            if s.bot_turn() and s.settings.speed <= 0:
                action, by = s.bot_action(), "bot"
            elif s.forced() and self.forced_pause <= 0:
                action, by = s.legal()[0], "player"
            else:
                break
            _, notice = s.play(action, by)
            if notice:
                self.notice(notice)
        if s.needs_handoff():
            self.handoff()
            return
        self.refresh_screen()
        if s.game.is_terminal():
            return
        if s.bot_turn():
            self._timer = self.set_timer(s.settings.speed, self._bot_step)
        elif s.forced():
            self._timer = self.set_timer(self.forced_pause, self._forced_step)

    def handoff(self) -> None:
        s = self.session
        seat = s.acting_seat()
        self.handing_off = True
        self.blank()

        def done(_=None) -> None:
            self.handing_off = False
            s.hand_to(seat)
            self._refill_log()
            self.advance()
        self.push_screen(Handoff(s.game.seat_name(seat)), done)

    def _bot_step(self) -> None:
        self._timer = None
        s = self.session
        if s.game.is_terminal() or not s.bot_turn():
            self.advance()
            return
        self._play(s.bot_action(), "bot")

    def _forced_step(self) -> None:
        self._timer = None
        s = self.session
        if s.forced():
            self._play(s.legal()[0], "player")
        else:
            self.advance()

    def _play(self, action: int, by: str) -> None:
        _, notice = self.session.play(action, by)
        if notice:
            self.notice(notice)
        self.advance()

    def _can_take_keys(self) -> bool:
        s = self.session
        if s.game.is_terminal():
            self.notice("the game is over: q leaves")
            return False
        if not self.waiting_for_player:
            self.notice("wait: it is not your decision yet")
            return False
        return True

    def pick(self, index: int) -> None:
        """Key index+1 at the current step."""
        if not self._can_take_keys():
            return
        w = self.walker
        action = w.pick(index)
        self._after_key(action)

    def enter(self) -> None:
        if not self._can_take_keys():
            return
        self._after_key(self.walker.enter())

    def _after_key(self, action) -> None:
        w = self.walker
        if w.problem:
            self.notice(w.problem)
            return
        self.notice("")
        if action is not None:
            self._play(action, "player")
        else:
            self._show_decision(keep_walker=True)

    def action_back(self) -> None:
        if isinstance(self.focused, Input):
            self.close_command()
            return
        if self.walker is not None and self.walker.back():
            self.notice("")
            self._show_decision(keep_walker=True)

    # ----- input ----------------------------------------------------------------------------------

    def on_option_list_option_selected(self, event: OptionList.OptionSelected) -> None:
        event.stop()
        oid = event.option.id or ""
        if not oid.startswith("r"):
            return
        i = int(oid[1:])
        if not 0 <= i < len(self.rows):
            return
        key = self.rows[i].key
        if key == "Enter":
            self.enter()
        elif key == "0":
            self.action_back()
        else:
            self.pick(int(key) - 1)

    def on_key(self, event) -> None:
        if isinstance(self.focused, Input):
            if event.key == "escape":
                self.close_command()
                event.stop()
            return
        if isinstance(self.screen, ModalScreen) or isinstance(self.screen, Handoff):
            return
        key = event.key
        if key.isascii() and key.isdigit() and len(key) == 1:
            event.stop()
            if key == "0":
                if self.walker is not None and self.walker.depth:
                    self.action_back()
                else:
                    self.notice("nothing to go back to: 1-%d choose" % (self.walker.count() if self.walker else 0))
                return
            self.pick(int(key) - 1)
            return
        if event.is_printable and event.character and key not in self._bound_keys():
            event.stop()
            shown = event.character.encode("ascii", "backslashreplace").decode("ascii")
            self.notice("'%s' is not a key here: 1-9 choose, Enter takes the highlighted one, 0 back, "
                        "h hint, s save, l log, : command, q quit" % shown)

    def _bound_keys(self) -> set:
        return {"q", "h", "s", "l", "colon", "plus", "minus", "equals_sign", "enter", "space"}

    def action_open_command(self, text: str) -> None:
        box = self.query_one("#command", Input)
        box.add_class("open")
        box.value = text
        box.focus()
        box.cursor_position = len(text)

    def close_command(self) -> None:
        box = self.query_one("#command", Input)
        box.value = ""
        box.remove_class("open")
        self.query_one("#menu", OptionList).focus()

    def on_input_submitted(self, event: Input.Submitted) -> None:
        if event.input.id != "command":
            return
        event.stop()
        line = event.value
        self.close_command()
        self.run_command(line)

    def run_command(self, line: str) -> None:
        """A typed line, as the plain mode reads it (commands.parse_command)."""
        w = self.walker
        cmd = parse_command(line, max(w.count() if w else 1, 1), w.depth if w else 0)
        kind = cmd[0]
        if kind == "error":
            self.notice(cmd[1])
        elif kind == "help":
            self.notice(COMMANDS_HELP)
        elif kind == "board":
            self.refresh_screen()
        elif kind == "log":
            self.action_toggle_log()
        elif kind == "hint":
            self.action_hint()
        elif kind == "save":
            self.save(cmd[1])
        elif kind == "quit":
            self.action_ask_quit("quit")
        elif kind == "back":
            self.action_back()
        elif kind == "default":
            self.enter()
        else:
            self.pick(cmd[1])

    def action_hint(self) -> None:
        if self.handing_off:
            return
        self.notice(self.session.hint())

    def action_toggle_log(self) -> None:
        self.screen.toggle_class("showlog")

    def action_scroll_body(self, direction: int) -> None:
        left = self.query_one("#left", VerticalScroll)
        (left.scroll_page_down if direction > 0 else left.scroll_page_up)(animate=False)

    def action_speed(self, step: int) -> None:
        s = self.session
        k = min(range(len(SPEEDS)), key=lambda i: abs(SPEEDS[i] - s.settings.speed))
        k = max(0, min(len(SPEEDS) - 1, k + step))
        s.settings.speed = SPEEDS[k]
        self.notice("bots: %.2f s per action" % SPEEDS[k])

    def with_passphrase(self, then) -> None:
        """Run then(ok) once the session can seal its saves (asking the table when it cannot yet)."""
        s = self.session
        if not s.needs_passphrase():
            then(True)
            return

        def got(words) -> None:
            if words and words.strip():
                try:
                    s.set_passphrase(words.strip())
                except SaveError as exc:
                    self.notice(str(exc))
                    then(False)
                    return
                then(True)
            else:
                then(False)
        self.push_screen(Passphrase(), got)

    def save(self, path: str) -> None:
        def go(ok: bool) -> None:
            self.notice(self.session.save(path) if ok else
                        "not saved: this game's saves are sealed with the table's passphrase (the game goes on)")
        self.with_passphrase(go)

    def action_ask_quit(self, why: str) -> None:
        if isinstance(self.screen, (ConfirmQuit, Passphrase)):
            return
        question = "Ctrl-C: quit the game?" if why == "Ctrl-C" else "Quit the game?"
        code = INTERRUPTED if why == "Ctrl-C" else 0

        def answered(yes) -> None:
            if not yes:
                return

            def leave(ok: bool) -> None:
                if self._timer is not None:
                    self._timer.stop()
                    self._timer = None
                if ok:
                    notice = self.session.autosave()
                    if notice:
                        self.notices.append(notice)
                self.exit(code, return_code=code)
            self.with_passphrase(leave)
        self.push_screen(ConfirmQuit(question), answered)

    def on_sigint(self) -> None:
        """SIGINT from outside: no one to ask; the autosave is current, leave with 130."""
        self.interrupted = True
        if self._timer is not None:
            self._timer.stop()
            self._timer = None
        self.session.autosave()
        self.exit(INTERRUPTED, return_code=INTERRUPTED)


def screen_text(app: App) -> str:
    """The screen as plain text, line by line (tests)."""
    width, height = app.size
    console = Console(width=width, height=height, file=io.StringIO(), force_terminal=True,
                      color_system=None, record=True, legacy_windows=False, safe_box=False)
    console.print(app.screen._compositor.render_update(full=True, screen_stack=app._background_screens))
    return "\n".join(line.rstrip() for line in console.export_text().splitlines())


def run_tui(session, args, first_save=None, on_first_screen=None) -> int:
    from eldritch.frontend.textual_input import tolerate_invalid_utf8
    tolerate_invalid_utf8()                 # a 0xFF byte typed must not end the game (issue 24.18)
    app = FrontApp(session, exit_after_first_screen=getattr(args, "exit_after_first_screen", False),
                   first_save=first_save, on_first_screen=on_first_screen)
    result = app.run()
    code = app.return_code
    if code is None:
        code = result if isinstance(result, int) else 0
    if app.exit_after_first_screen:
        print("first screen after %.3f s of CPU" % getattr(app, "first_screen_cpu", -1))
    elif session.game.is_terminal():
        print(session.summary())
    else:
        print(session.stop_message(interrupted=code == INTERRUPTED))
    return code
