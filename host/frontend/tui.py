"""The Textual face of the front end: one app for every game, over a frontend Session.

    code = run_tui(session, args)        # until the game ends or the players quit

The screen, top to bottom: the status lines; the body (what the decision is about, the game's
panels below it, and the log beside them on a wide screen; PgUp and PgDn scroll it); what happened
since your last decision (news.py: every public event and your own private ones, in words); the
decision's prompt and its options (never more than fit: the shapes give at most 9 and a back row);
a notice line; the keys. At a decision: 1-9 pick (a toggle's number turns a die or card on or off),
Enter takes the highlighted option (the advised one to start with; a toggle's set), 0 / Esc /
Backspace go back a step; `h` explains the advice, `s` saves, `:` opens the command line (the plain
mode's words), `+`/`-` change the bots' speed, `q` (or Ctrl-C) asks, saying exactly what quitting
does, then does it. `l` opens the log at the body's full width (at every size), where PgUp, PgDn,
Home, End and the arrows scroll it; `l` or Esc closes it. Below 80x24 one line says the size needed.

The fixed rows (status, what happened, prompt, options, notice) are wrapped here, at spaces, by
wrapping.py, so the app knows how many rows each takes: what happened gets the rows the decision
and the body leave, and more (the body keeps BODY_MIN and scrolls) when what came of your own last
decision needs them; short of room it shows that first, then the newest lines, and one line saying
how many are left out and that `l` shows them. A notice too long for the screen opens in a pager.
Nothing is cut without a marker.

A game that hides information: before a human decision of another seat than the one looking, the
log and every panel are emptied and a handoff screen names the next seat; nothing of theirs is
drawn until they press Enter. A SIGINT from outside saves and exits 130 without asking.
"""

from __future__ import annotations

import asyncio
import io
import signal
import time

from rich.console import Console
from rich.measure import Measurement
from rich.text import Text
from textual.actions import SkipAction
from textual.app import App, ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical, VerticalScroll
from textual.screen import ModalScreen, Screen
from textual.widgets import Footer, Input, OptionList, RichLog, Static
from textual.widgets.option_list import Option

from eldritch.saves.atomic import SaveError
from eldritch.frontend.commands import parse_command, COMMANDS_HELP
from eldritch.frontend.model import Line
from eldritch.frontend.news import cut
from eldritch.frontend.walk import Walker
from eldritch.frontend.wrapping import wrap_spans, wrap_text, glue

INTERRUPTED = 130
FORCED_PAUSE = 0.4
SPEEDS = (0.0, 0.05, 0.1, 0.2, 0.3, 0.5, 0.8, 1.2, 2.0)
MIN_SIZE = (80, 24)
WIDE = 110                # from this width the log shows beside the panels
LOG_PANE = 0.45           # its share of the width there (the CSS's #logpane width)
MAX_LOG_LINES = 3000
NEWS_MIN = 4              # rows what happened gets when the body would rather have them (title included)
BODY_MIN = 3              # rows the body keeps however much happened
KEY_WIDTH = 3             # " 1 " before an option's words

STYLE = {"bold": "bold", "dim": "dim", "good": "green", "bad": "red", "accent": "cyan", "warn": "yellow",
         "green": "green", "yellow": "yellow", "red": "red", "strike": "strike"}


def rich_style(names: str) -> str:
    return " ".join(STYLE.get(n, "") for n in names.split()).strip()


class Wrapped:
    """Model lines as a Rich renderable wrapped when drawn, at the width it is given (wrapping.py:
    at spaces, each wrapped part under its line's words)."""

    def __init__(self, lines):
        self.lines = lines
        self.drawn = {}           # width -> its rows as Texts (Textual renders a widget many times)

    def __rich_console__(self, console, options):
        width = options.max_width
        rows = self.drawn.get(width)
        if rows is None:
            rows = self.drawn[width] = [rows_text([row]) for row in wrap_lines(self.lines, width)]
        yield from rows

    def __rich_measure__(self, console, options):
        widest = max((l.indent + len(l.plain()) for l in self.lines), default=1)
        return Measurement(min(8, options.max_width), min(widest, options.max_width))


def rich_lines(lines) -> Wrapped:
    """Model lines as a Rich renderable: wrapped at spaces, each part under its line's words."""
    return Wrapped(lines)


def rich_panels(panels) -> Wrapped:
    lines = []
    for p in panels:
        lines.append(Line.of("── %s ──" % p.title, "bold accent"))
        lines.extend(p.lines)
    return Wrapped(lines)


def rows_text(rows) -> Text:
    """Rows of (text, style) runs (wrapping.wrap_spans) as one Text, a row a line."""
    t = Text(no_wrap=True, overflow="crop")
    for i, row in enumerate(rows):
        if i:
            t.append("\n")
        for text, style in row:
            t.append(text, style=rich_style(style))
    return t


def wrap_lines(lines, width: int) -> list:
    """Model lines wrapped at width: rows of runs (each part keeps its line's indent, and two more)."""
    out = []
    for line in lines:
        out.extend(wrap_spans([(sp.text, sp.style) for sp in line.spans], width, line.indent))
    return out


def log_rows(text: str, width: int) -> list:
    """One log line wrapped at width: a step ("> WHO: WHAT") bold, its wrapped parts under its words;
    an event keeps its indent, its wrapped parts two further in."""
    stripped = text.lstrip(" ")
    style = "bold" if text.startswith(">") else ""
    return wrap_spans([(stripped, style)], width, len(text) - len(stripped))


class LogPane(RichLog):
    """The log, wrapped at its own width at spaces and wrapped again whenever that width changes (a
    pane that was hidden, a resized terminal): it always reads at the width it is shown at."""

    DEFAULT_CSS = "LogPane { scrollbar-gutter: stable; }"

    def __init__(self, **kwargs):
        super().__init__(wrap=False, markup=False, highlight=False, min_width=1, auto_scroll=True, **kwargs)
        self.source: list = []
        self.drawn_width = 0

    def text_width(self) -> int:
        return self.scrollable_content_region.width

    def set_lines(self, lines) -> None:
        self.source = list(lines)[-MAX_LOG_LINES:]
        self.redraw()

    def add_lines(self, lines) -> None:
        self.source.extend(lines)
        if len(self.source) > MAX_LOG_LINES:
            self.source = self.source[-MAX_LOG_LINES:]
            self.redraw()
            return
        width = self.text_width()
        if width != self.drawn_width or width <= 0:
            self.redraw()
            return
        for line in lines:
            self._write(line, width)

    def _write(self, line: str, width: int) -> None:
        for row in log_rows(line, width):
            self.write(rows_text([row]), width=width, scroll_end=True)

    def redraw(self) -> None:
        super().clear()
        width = self.text_width()
        self.drawn_width = width if width > 0 else 0
        if width <= 0:
            return                       # hidden: drawn when it is shown (on_resize)
        for line in self.source:
            self._write(line, width)

    def clear(self):
        self.source = []
        self.drawn_width = 0
        return super().clear()

    def on_resize(self, event) -> None:
        if self.text_width() != self.drawn_width:
            self.call_after_refresh(self.redraw)


class ConfirmQuit(ModalScreen[bool]):
    """Quit? y / n, and exactly what quitting does (Session.quit_words)."""

    BINDINGS = [Binding("y", "answer(True)", "yes"), Binding("n", "answer(False)", "no"),
                Binding("escape", "answer(False)", "no", show=False),
                Binding("enter", "answer(False)", "no", show=False)]
    DEFAULT_CSS = """
    ConfirmQuit { align: center middle; }
    ConfirmQuit > Static { width: 70; height: auto; border: thick $warning; padding: 1 2; background: $surface; }
    """

    def __init__(self, question: str, consequence: str = "y quits, n plays on."):
        super().__init__()
        self.question = question
        self.consequence = consequence

    def compose(self) -> ComposeResult:
        yield Static("%s\n%s" % (self.question, self.consequence), id="question")

    def action_answer(self, yes: bool) -> None:
        self.dismiss(yes)


class Pager(ModalScreen[None]):
    """A text too long for the notice line (a hint), wrapped and scrolled; any of Enter, Esc, q or
    h closes it."""

    BINDINGS = [Binding("escape", "close", "close"), Binding("enter", "close", "close", show=False),
                Binding("q", "close", "close", show=False), Binding("h", "close", "close", show=False)]
    DEFAULT_CSS = """
    Pager { align: center middle; }
    Pager > VerticalScroll { width: 90%; height: auto; max-height: 90%; border: thick $accent;
                             padding: 0 1; background: $surface; }
    """

    def __init__(self, title: str, text: str):
        super().__init__()
        self.title_text = title
        self.text = text

    def compose(self) -> ComposeResult:
        with VerticalScroll() as box:
            box.border_title = self.title_text
            box.border_subtitle = "Enter or Esc closes; PgUp/PgDn scroll"
            yield Static(self.text, id="pagertext")

    def action_close(self) -> None:
        self.dismiss(None)


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
    """The table's passphrase for sealed saves (Enter with nothing: no save), and why it is asked."""

    DEFAULT_CSS = """
    Passphrase { align: center middle; }
    Passphrase > Vertical { width: 70; height: auto; border: thick $warning; padding: 1 2; background: $surface; }
    """

    def __init__(self, why: str = ""):
        super().__init__()
        self.why = why

    def compose(self) -> ComposeResult:
        with Vertical():
            yield Static("%sThe table's passphrase (Enter with nothing: not saved):" % (
                (self.why[0].upper() + self.why[1:] + ".\n") if self.why else ""))
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
    #status { height: auto; padding: 0 1; background: $boost; }
    #body { height: 1fr; }
    #left { width: 1fr; scrollbar-gutter: stable; }
    #focus { height: auto; padding: 0 1; border-top: solid $accent; }
    #panels { height: auto; padding: 0 1; }
    #logpane { width: 45%; border-left: solid $primary; }
    #log { height: 1fr; }
    #news { height: auto; padding: 0 1; border-top: solid $secondary; display: none; }
    #news.shown { display: block; }
    #prompt { height: auto; padding: 0 1; background: $boost; text-style: bold; }
    #menu { height: auto; max-height: 100%; border: none; padding: 0; }
    #notice { height: auto; padding: 0 1; color: $warning; display: none; }
    #notice.shown { display: block; }
    #command { display: none; }
    #command.open { display: block; }
    #toosmall { display: none; height: 1; }
    Screen.narrow #logpane { display: none; }
    Screen.showlog #left { display: none; }
    Screen.showlog #logpane { display: block; width: 1fr; border-left: none; }
    Screen.showlog #news { display: none; }
    Screen.toosmall > * { display: none; }
    Screen.toosmall > #news.shown, Screen.toosmall > #notice.shown, Screen.toosmall > #command.open { display: none; }
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
        Binding("up", "scroll_log('up')", show=False, priority=True),
        Binding("down", "scroll_log('down')", show=False, priority=True),
        Binding("home", "scroll_log('home')", show=False, priority=True),
        Binding("end", "scroll_log('end')", show=False, priority=True),
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
        self._model = None          # the Screen drawn (None: blank)
        self._news = None           # what happened (a Panel), or None
        self._prompt_text = ""
        self._notice_text = ""
        self.news_rows: list = []   # the rows of what happened on screen now (tests read them)
        self._hint_text = None      # the last hint (a notice too long for its line opens in a pager)
        self._option_heights: list = []
        self._menu_drawn = None     # (width, the rows) the options were last laid out for

    # ----- layout ---------------------------------------------------------------------------------

    def compose(self) -> ComposeResult:
        s = self.session
        shown = not s.needs_handoff()
        self._model = s.screen() if shown else None
        self._news = s.news() if shown else None
        screen = self._model
        yield Static("", id="status")
        with Horizontal(id="body"):
            with VerticalScroll(id="left"):
                focus = Static(rich_lines(screen.focus.lines) if screen and screen.focus else "", id="focus")
                focus.border_title = screen.focus.title if screen and screen.focus else ""
                yield focus
                yield Static(rich_panels(screen.panels) if screen else "", id="panels")
            yield Vertical(id="logpane")
        yield Static("", id="news")
        self._prompt_text = self._first_decision()
        yield Static("", id="prompt")
        yield OptionList(id="menu")
        yield Static("", id="notice")
        yield Input(id="command", select_on_focus=False,
                    placeholder="a number, save PATH, hint, board, log, help, quit (Esc closes)")
        yield Static("", id="toosmall")
        yield Footer()

    def _first_decision(self) -> str:
        """The first screen's prompt (its options are laid out with the rest on mount)."""
        s = self.session
        if s.game.is_terminal() or s.bot_turn() or s.forced() or s.needs_handoff():
            return ""
        self.walker = Walker(s.decision())
        self.rows = self.walker.rows()
        return self.walker.prompt()

    def on_mount(self) -> None:
        if self.handle_sigint:
            try:
                asyncio.get_running_loop().add_signal_handler(signal.SIGINT, self.on_sigint)
            except (RuntimeError, ValueError, NotImplementedError):
                self.handle_sigint = False
        self._check_size()
        self._layout(menu=True)
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
        log = LogPane(id="log")
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
        self._layout(menu=True, size=event.size)

    def main_screen(self):
        return self.screen_stack[0]

    def _check_size(self, size=None) -> None:
        w, h = size or self.size
        screen = self.main_screen()
        small = w < MIN_SIZE[0] or h < MIN_SIZE[1]
        screen.set_class(small, "toosmall")
        screen.set_class(w < WIDE, "narrow")
        if small:
            self.query_one("#toosmall", Static).update(
                "eldritch needs a terminal of at least %dx%d (this one is %dx%d)" % (MIN_SIZE + (w, h)))

    def log_open(self) -> bool:
        return self.main_screen().has_class("showlog")

    # ----- the fixed rows: wrapped here, so that what happened gets what is left ------------------------

    def _layout(self, menu: bool = False, size=None) -> None:
        """Wrap the status, prompt, options and notice at the screen's width, then give what happened
        the rows that are left (see the module docstring)."""
        w, h = size or self.size
        if w <= 0 or h <= 0:
            return
        width = max(w - 2, 20)
        model = self._model
        status_rows = wrap_lines(model.status, width) if model is not None else []
        self.query_one("#status", Static).update(rows_text(status_rows) if status_rows else "")
        prompt_rows = wrap_spans([(self._prompt_text, "")], width) if self._prompt_text else []
        self.query_one("#prompt", Static).update(rows_text(prompt_rows) if prompt_rows else "")
        notice_rows = wrap_spans([(self._notice_text, "")], width) if self._notice_text else []
        self.query_one("#notice", Static).update(rows_text(notice_rows) if notice_rows else "")
        if menu:
            self._fill_menu(w)
        menu_rows = sum(self._option_heights)
        command = 3 if self.query_one("#command", Input).has_class("open") else 0
        avail = h - max(len(status_rows), 1) - len(prompt_rows) - len(notice_rows) - menu_rows - 1 - command
        self._place_news(w, avail)

    def _place_news(self, w: int, avail: int) -> None:
        box = self.query_one("#news", Static)
        news = self._news
        if news is None or not news.lines or self.log_open():
            self.news_rows = []
            box.set_class(False, "shown")
            return
        width = max(w - 2, 20)
        rows = wrap_lines(news.lines, width)
        model = self._model
        focus_rows = 0
        if model is not None and model.focus is not None:
            left = w if w < WIDE else int(w * (1 - LOG_PANE))
            focus_rows = 1 + len(wrap_lines(model.focus.lines, max(left - 3, 20)))
        head_rows = len(wrap_lines(news.lines[:news.head], width))
        want = max(NEWS_MIN, avail - focus_rows, head_rows + 3)    # what came of your decision first
        room = min(want, avail - BODY_MIN) - 1                        # less the title's row
        if room < 2:
            self.news_rows = []
            box.set_class(False, "shown")
            return
        if len(rows) > room:
            rows = self._news_cut(news, width, room)
        self.news_rows = rows
        box.border_title = news.title
        box.update(rows_text(rows))
        box.set_class(True, "shown")

    def _news_cut(self, news, width: int, room: int) -> list:
        """What happened in `room` rows: the rows of what came of your decision (news.head lines)
        up to half, a marker saying how many rows are left out, then the newest rows."""
        head = wrap_lines(news.lines[:news.head], width)
        rows = head + wrap_lines(news.lines[news.head:], width)
        return cut(rows, len(head), room, lambda n: [("… %d row%s left out here: l shows the whole log" % (
            n, "" if n == 1 else "s"), "dim")])

    def _fill_menu(self, w: int) -> None:
        """The options again, laid out at width w (the highlighted one kept); nothing to do when
        neither the options nor the width changed."""
        menu = self.query_one("#menu", OptionList)
        key = (w, tuple((r.key, r.label, r.odds, r.advised, r.checked, r.note) for r in self.rows))
        if key == self._menu_drawn and menu.option_count == len(self.rows):
            return
        self._menu_drawn = key
        keep = menu.highlighted
        prompts = [self._row_text(r, w) for r in self.rows]
        self._option_heights = [len(p.plain.split("\n")) for p in prompts]
        menu.clear_options()
        menu.add_options([Option(p, id="r%d" % i) for i, p in enumerate(prompts)])
        if self.rows:
            default = next((i for i, r in enumerate(self.rows) if r.default), 0)
            menu.highlighted = keep if keep is not None and keep < len(self.rows) else default

    def _row_text(self, r, width: int) -> Text:
        """An option as rows: its key, its words (wrapped under themselves), its odds and the
        advised mark kept together, its note."""
        key = r.key if r.key != "Enter" else "⏎"
        spans = []
        if r.checked is not None:
            spans.append(("[x] " if r.checked else "[ ] ", "bold accent" if r.checked else "dim"))
        spans.append((r.label, r.style))
        marks = " ".join(m for m in (r.odds, "★ advised" if r.advised else "") if m)
        if marks:
            spans.append(("  " + glue(marks), "bold accent" if r.advised else "accent"))
        if r.note:
            spans.append(("  " + r.note, "dim"))
        rows = wrap_spans(spans, width - KEY_WIDTH, 0, 2)
        t = Text(no_wrap=True, overflow="crop")
        for i, row in enumerate(rows):
            if i:
                t.append("\n" + " " * KEY_WIDTH)
            else:
                t.append("%s " % key.rjust(2), style="bold")
            for text, style in row:
                if "★ advised" in text:
                    odds, _, _ = text.partition("★ advised")
                    t.append(odds, style=rich_style(style))
                    t.append("★ advised", style="bold yellow")
                else:
                    t.append(text, style=rich_style(style))
        return t

    # ----- drawing --------------------------------------------------------------------------------

    def refresh_screen(self) -> None:
        s = self.session
        screen = s.screen()
        self._model = screen
        self._news = s.news()
        focus = self.query_one("#focus", Static)
        focus.update(rich_lines(screen.focus.lines) if screen.focus else "")
        focus.border_title = screen.focus.title if screen.focus else ""
        self.query_one("#panels", Static).update(rich_panels(screen.panels))
        self._write_new_log()
        self._show_decision()

    def blank(self) -> None:
        """Empty every panel and the log (before a handoff: nothing of the last seat stays)."""
        self._model = None
        self._news = None
        self._prompt_text = ""
        for wid in ("#status", "#focus", "#panels", "#prompt", "#news"):
            self.query_one(wid, Static).update("")
        self.query_one("#focus", Static).border_title = ""
        self.query_one("#news", Static).border_title = ""
        self.walker = None
        self.rows = []
        if self._log is not None:
            self._log.clear()
        self.main_screen().set_class(False, "showlog")
        self.notice("")
        self._layout(menu=True)

    def _refill_log(self) -> None:
        if self._log is None:
            return
        self._log.set_lines(self.session.log_lines())
        self._shown_steps = self.session.steps()
        self.session.seen[self.session.shown_viewer] = self._shown_steps

    def _write_new_log(self) -> None:
        log = self._log
        if log is None:
            return
        s = self.session
        n = s.steps()
        if n > self._shown_steps:
            log.add_lines(s.log_lines(self._shown_steps))
            self._shown_steps = n
            s.seen[s.shown_viewer] = n
        if s.game.is_terminal() and getattr(self, "_end_written", False) is False:
            self._end_written = True
            log.add_lines([s.summary()])

    def _show_decision(self, keep_walker: bool = False) -> None:
        s = self.session
        if s.game.is_terminal():
            self.walker = None
            self.rows = []
            self._prompt_text = "the game is over: %s. q leaves, l shows the log" % s.summary()
        elif s.bot_turn() or s.forced():
            self.walker = None
            self.rows = []
            who = "the dice" if s.acting_seat() is None else s.game.seat_name(s.acting_seat())
            self._prompt_text = "%s %s" % (who, "(bot) is playing" if s.bot_turn() else "...")
        else:
            if not keep_walker or self.walker is None:
                self.walker = Walker(s.decision())
            self._prompt_text = self.walker.prompt()
            self.rows = self.walker.rows()
        menu = self.query_one("#menu", OptionList)
        menu.highlighted = None
        self._layout(menu=True)
        if self.rows:
            menu.highlighted = next((i for i, r in enumerate(self.rows) if r.default), 0)
            self.query_one("#left", VerticalScroll).scroll_home(animate=False)

    def notice(self, text: str) -> None:
        """One line under the decision (wrapped when long); a text that would take more than a third
        of the screen opens in the pager instead."""
        if text:
            self.notices.append(text)
        w, h = self.size
        if text and len(wrap_text(text, max(w - 2, 20))) > max(3, h // 3):
            self._notice_text = "(shown in a box: Enter or Esc closes it)"
            self.push_screen(Pager("hint" if text == self._hint_text else "notice", text))
        else:
            self._notice_text = text
        self.query_one("#notice", Static).set_class(bool(self._notice_text), "shown")
        self._layout()

    # ----- the flow of play -----------------------------------------------------------------------

    @property
    def waiting_for_player(self) -> bool:
        """True when the game waits for a human's key (tests wait for this)."""
        s = self.session
        return (self._timer is None and self._log is not None and not s.game.is_terminal() and not s.bot_turn()
                and not s.forced() and not self.handing_off and self.walker is not None
                and not isinstance(self.screen, ModalScreen))

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
        if self.log_open():
            self.action_toggle_log()
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
        self._layout()

    def close_command(self) -> None:
        box = self.query_one("#command", Input)
        box.value = ""
        box.remove_class("open")
        self.query_one("#menu", OptionList).focus()
        self._layout()

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
        self._hint_text = self.session.hint()
        self.notice(self._hint_text)

    def action_toggle_log(self) -> None:
        if self.handing_off or self._log is None:
            return
        screen = self.main_screen()
        screen.toggle_class("showlog")
        if self.log_open():
            self._log.focus()
            self._log.scroll_end(animate=False)
        else:
            self.query_one("#menu", OptionList).focus()
        self._layout()

    def action_scroll_body(self, direction: int) -> None:
        if self.screen is not self.main_screen():
            raise SkipAction()
        if self.log_open():
            (self._log.scroll_page_down if direction > 0 else self._log.scroll_page_up)(animate=False)
            return
        left = self.query_one("#left", VerticalScroll)
        (left.scroll_page_down if direction > 0 else left.scroll_page_up)(animate=False)

    def action_scroll_log(self, where: str) -> None:
        """Up, Down, Home and End scroll the log while it is open (else they go where they would)."""
        if self.screen is not self.main_screen() or not self.log_open() or isinstance(self.focused, Input):
            raise SkipAction()
        log = self._log
        if where == "up":
            log.scroll_up(animate=False)
        elif where == "down":
            log.scroll_down(animate=False)
        elif where == "home":
            log.scroll_home(animate=False)
        else:
            log.scroll_end(animate=False)

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
        from eldritch.frontend.session import sealed_only
        self.push_screen(Passphrase(sealed_only(s.game)), got)

    def save(self, path: str) -> None:
        def go(ok: bool) -> None:
            self.notice(self.session.save(path))
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
        self.push_screen(ConfirmQuit(question, self.session.quit_words()), answered)

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
    tolerate_invalid_utf8()                 # a 0xFF byte typed must not end the game
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
