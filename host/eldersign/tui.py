"""`eldritch play` on screen: the Textual app over a Session (session.py).

    code = run_tui(session, args)          # the app until the game ends or the player quits

The screen: the status line (Ancient One, doom track, elder signs, clock, turn, mythos, locked
dice), the board (adventures with tasks, monsters, who is there and the odds of each card in reach
at the move phase; Other Worlds apart), the investigators (stats, cards, trophies), the adventure
under way (tasks done, pool, roll, held and locked dice, odds from here), the choices and the log
in words. Choices are the session's: keys 1-9 take one, a click or Enter on the highlighted one
(the default starts highlighted: the solver's best when hints are on), ':' or a digit with ten or
more choices opens the command line (a number, `save PATH`, `hint`, `quit`: the plain mode's words,
parsed by the same function, so a bad line is one notice and the game goes on). A single forced
choice is taken after a short pause; bot seats play at `speed` seconds per action ('+' and '-'
change it). `h` explains the best option in words. `q`, Ctrl-Q and Ctrl-C ask, then the game is
saved (it is autosaved after every action anyway) and the log written by the caller; a SIGINT from
outside saves and exits 130 without asking.
"""

from __future__ import annotations

import asyncio
import io
import signal
import time

from rich.console import Console
from rich.text import Text
from textual.app import App, ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical
from textual.screen import ModalScreen
from textual.widgets import Footer, Input, OptionList, Static
from textual.widgets.option_list import Option

from . import tui_view as view
from .gamelog import acting_seat
from ..kernel.eldersign.game import text as gametext
from ..kernel.eldersign.game.machine import A_MOVE, A_ARG_MASK
from .session import Session, parse_command, COMMANDS_HELP

INTERRUPTED = 130
FORCED_PAUSE = 0.4
SPEEDS = (0.0, 0.05, 0.1, 0.2, 0.3, 0.5, 0.8, 1.2, 2.0)


def _titled(widget, title: str):
    """widget with its border title (set before it is mounted: no second layout for it)."""
    widget.border_title = title
    return widget


class ChoiceList(OptionList):
    """The choices: an OptionList that shows its highlighted option (the default) in the frame where
    it gets its size, the first screen's included. (OptionList scrolls to it when it is shown,
    which is after the first paint: the first screen came in two frames, the second a full layout
    later, with the default out of sight in the first when it is below the twelfth choice.) The
    hook is Textual's, called when a layout gives the widget its size; were it renamed, the list
    would scroll on show as before."""

    def _size_updated(self, *args, **kwargs):
        changed = super()._size_updated(*args, **kwargs)
        if changed:
            self.scroll_to_highlight()
        return changed


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


class PlayApp(App[int]):
    """The game on screen (see the module docstring)."""

    TITLE = "Eldritch: Elder Sign"
    ENABLE_COMMAND_PALETTE = False
    CSS = """
    Screen { layout: vertical; }
    #status { height: 2; padding: 0 1; background: $boost; }
    #top { height: 1fr; }
    #board { width: 3fr; border: round $primary; padding: 0 1; }
    #side { width: 2fr; }
    #investigators { border: round $primary; padding: 0 1; height: auto; max-height: 50%; }
    #adventure { border: round $accent; padding: 0 1; height: 1fr; }
    #bottom { height: 14; }
    #choices { width: 3fr; border: round $success; }
    #logpane { width: 2fr; border: round $primary; background: $surface; }
    #log { height: 1fr; scrollbar-gutter: stable; }
    #board, #investigators, #adventure { scrollbar-gutter: stable; overflow-y: auto; }
    #notice { height: auto; max-height: 3; padding: 0 1; color: $warning; }
    #command { display: none; }
    #command.open { display: block; }
    """
    BINDINGS = [
        Binding("ctrl+c", "ask_quit('Ctrl-C')", "quit", show=False, priority=True),
        Binding("ctrl+q", "ask_quit('quit')", "quit", show=False, priority=True),
        Binding("q", "ask_quit('quit')", "quit"),
        Binding("h", "hint", "hint"),
        Binding("s", "open_command('save ')", "save"),
        Binding("colon", "open_command('')", "command"),
        Binding("plus", "speed(1)", "bots slower", show=False),
        Binding("equals_sign", "speed(1)", "bots slower", show=False),
        Binding("minus", "speed(-1)", "bots faster", show=False),
    ]

    def __init__(self, session: Session, forced_pause: float = FORCED_PAUSE,
                 exit_after_first_screen: bool = False, handle_sigint: bool = True, first_save=None,
                 on_first_screen=None):
        super().__init__()
        self.first_save = first_save
        self.on_first_screen = on_first_screen     # called once the first screen is painted
        self.session = session
        self.forced_pause = forced_pause
        self.exit_after_first_screen = exit_after_first_screen
        self.handle_sigint = handle_sigint
        self._timer = None
        self._odds: dict = {}
        self._roll_value = None
        self._shown_steps = 0
        self._log = None           # the log pane's RichLog (made after the first paint)
        self.notices: list[str] = []
        self.interrupted = False

    # ----- layout -----------------------------------------------------------------------------

    def compose(self) -> ComposeResult:
        # the first screen is built here, with its content and titles, so it is laid out once
        s = self.session
        yield Static(view.status(s), id="status")
        with Horizontal(id="top"):
            yield _titled(Static(view.board(s, {}), id="board"), "board")
            with Vertical(id="side"):
                yield _titled(Static(view.investigators(s), id="investigators"), "investigators")
                yield _titled(Static(view.adventure(s, None), id="adventure"), "adventure")
        with Horizontal(id="bottom"):
            yield self._show_choices_frame(ChoiceList(*self._choice_options(), id="choices"))
            yield _titled(Vertical(id="logpane"), "log")        # its RichLog comes after the first paint
        yield Static(id="notice")
        yield Input(id="command", select_on_focus=False, placeholder="a number, save PATH, hint, board, help, quit (Esc closes)")
        yield Footer()

    def on_mount(self) -> None:
        if self.handle_sigint:
            try:
                asyncio.get_running_loop().add_signal_handler(signal.SIGINT, self.on_sigint)
            except (RuntimeError, ValueError, NotImplementedError):
                self.handle_sigint = False
        self.query_one("#choices", OptionList).focus()
        if self.exit_after_first_screen:
            self.call_after_refresh(self._first_screen_done)
            return
        self.call_after_refresh(self._start)

    def _start(self) -> None:
        """After the first paint: the log, the first autosave (and keeping the previous one), then play."""
        if self.on_first_screen is not None:
            self.on_first_screen()
        self._open_log()
        if self.first_save is not None:
            for line in self.first_save():
                self.notice(line)
        self.advance()

    def _open_log(self) -> None:
        """The log pane's RichLog with the game's log so far. Made after the first paint: the first
        screen's log pane is empty anyway (a RichLog writes nothing before it has its size), and
        RichLog brings Rich's pretty-printer (and attrs when installed), some 15 ms of imports."""
        from textual.widgets import RichLog
        log = RichLog(id="log", wrap=True, max_lines=2000, min_width=20)
        self.query_one("#logpane").mount(log)
        for line in self.session.log.text().splitlines()[-300:-1]:
            log.write(Text(line))
        self._shown_steps = len(self.session.log.steps)
        self._log = log

    def _first_screen_done(self) -> None:
        """(--exit-after-first-screen, the start-up benchmark) the CPU time to the first screen."""
        self.first_screen_cpu = time.process_time()
        self.exit(0)

    def on_unmount(self) -> None:
        if self.handle_sigint:
            try:
                asyncio.get_running_loop().remove_signal_handler(signal.SIGINT)
            except (RuntimeError, ValueError):
                pass

    # ----- drawing ----------------------------------------------------------------------------

    def refresh_screen(self, odds: bool = True) -> None:
        s = self.session
        if odds:
            self._odds = s.move_odds()
            self._roll_value = s.roll_value()
        else:
            self._odds = {}
            self._roll_value = None
        self.query_one("#status", Static).update(view.status(s))
        self.query_one("#board", Static).update(view.board(s, self._odds))
        self.query_one("#investigators", Static).update(view.investigators(s))
        self.query_one("#adventure", Static).update(view.adventure(s, self._roll_value))
        self._show_new_log_lines()
        self._show_choices()

    def _show_new_log_lines(self) -> None:
        log = self._log
        if log is None:
            return                 # not yet shown: it starts with the whole log
        steps = self.session.log.steps
        for step in steps[self._shown_steps:]:
            log.write(Text(step.line(), style="bold" if step.by == "player" else ""))
            for e in step.events:
                log.write(Text("  " + e))
        self._shown_steps = len(steps)
        if self.session.game.is_terminal() and self.session.log.result:
            log.write(Text(self.session.log.summary(), style="bold magenta"))

    def _show_choices(self) -> None:
        ol = self.query_one("#choices", OptionList)
        ol.clear_options()
        ol.add_options(self._choice_options())
        self._show_choices_frame()

    def _choice_options(self) -> list:
        """The choices as options (or the end of the game), with the odds known so far."""
        s = self.session
        game = s.game
        if game.is_terminal():
            return [Option(Text(s.log.summary() + " — press q to leave", style="bold magenta"))]
        if s.bot_turn():
            return []
        out = []
        for c in s.choices():
            note = ""
            if c.action - (c.action & A_ARG_MASK) == A_MOVE and c.action > A_MOVE:
                slot = c.action - A_MOVE - 1
                if slot in self._odds:
                    note = "%s to complete" % view.percent(self._odds[slot])
            out.append(Option(view.choice_prompt(c, s.hints, note), id="c%d" % c.index))
        return out

    def _show_choices_frame(self, ol: OptionList | None = None) -> OptionList:
        """The title over the choices and the highlighted default (on `ol` before it is mounted, or
        on the one shown); the option list."""
        s = self.session
        game = s.game
        if ol is None:
            ol = self.query_one("#choices", OptionList)
        if game.is_terminal():
            ol.border_title = "the game is over"
            return ol
        who = gametext.seat_text(game, acting_seat(game))
        if s.bot_turn():
            ol.border_title = "%s (bot) is playing" % who
            return ol
        question = gametext.question(game)        # a card or a rule asks this seat
        ol.border_title = "%s: %s" % (who, question or gametext.phase_name(game) + " phase")
        default = s.default_choice()
        if default is not None:
            ol.highlighted = default.index
        return ol

    def notice(self, text: str) -> None:
        """One line (or a hint's few) under the choices."""
        self.notices.append(text)
        self.query_one("#notice", Static).update(text)

    # ----- the flow of play -------------------------------------------------------------------

    @property
    def waiting_for_player(self) -> bool:
        """True when the game waits for this player's choice (tests wait for this)."""
        s = self.session
        return (self._timer is None and not s.game.is_terminal() and not s.bot_turn()
                and len(s.choices()) > 1 and not isinstance(self.screen, ConfirmQuit))

    def advance(self) -> None:
        """After an action (or at the start): play what needs no waiting (bots at speed 0, forced
        choices with no pause), draw once, then schedule the next bot action or forced choice."""
        self._timer = None
        s = self.session
        while not s.game.is_terminal():
            if s.bot_turn() and s.settings.speed <= 0:
                action, by = s.bot_action(), "bot"
            elif not s.bot_turn() and self.forced_pause <= 0 and len(s.choices()) == 1:
                action, by = s.choices()[0].action, "player"
            else:
                break
            _, notice = s.play(action, by)
            if notice:
                self.notice(notice)
        self.refresh_screen()
        if s.game.is_terminal():
            return
        if s.bot_turn():
            self._timer = self.set_timer(s.settings.speed, self._bot_step)
        elif len(s.choices()) == 1:
            self._timer = self.set_timer(self.forced_pause, self._forced_step)

    def _bot_step(self) -> None:
        self._timer = None
        s = self.session
        if s.game.is_terminal() or not s.bot_turn():
            self.advance()
            return
        self._play(s.bot_action(), "bot")

    def _forced_step(self) -> None:
        self._timer = None
        choices = self.session.choices()
        if len(choices) == 1 and not self.session.bot_turn():
            self._play(choices[0].action, "player")
        else:
            self.advance()

    def _play(self, action: int, by: str) -> None:
        _, notice = self.session.play(action, by)
        if notice:
            self.notice(notice)
        self.advance()

    def choose(self, index: int) -> None:
        """The player takes choice index (0-based) if it is their decision now."""
        s = self.session
        if s.game.is_terminal():
            self.notice("the game is over: q leaves")
            return
        if s.bot_turn() or self._timer is not None:
            self.notice("wait: it is not your decision yet")
            return
        choices = s.choices()
        if not 0 <= index < len(choices):
            self.notice("no choice %d: 1 to %d" % (index + 1, len(choices)))
            return
        self.notice("")
        self._play(choices[index].action, "player")

    # ----- input ------------------------------------------------------------------------------

    def on_option_list_option_selected(self, event: OptionList.OptionSelected) -> None:
        event.stop()
        if event.option.id and event.option.id.startswith("c"):
            self.choose(int(event.option.id[1:]))

    def on_key(self, event) -> None:
        if isinstance(self.focused, Input):
            if event.key == "escape":
                self.close_command()
                event.stop()
            return
        key = event.key
        if key.isascii() and key.isdigit() and len(key) == 1:
            event.stop()
            n = len(self.session.choices())
            if n >= 10:
                self.action_open_command(key)
            elif key == "0":
                self.notice("no choice 0: 1 to %d" % n)
            else:
                self.choose(int(key) - 1)
            return
        if event.is_printable and event.character and key not in self._bound_keys():
            event.stop()
            shown = event.character.encode("ascii", "backslashreplace").decode("ascii")
            self.notice("'%s' is not a key here: 1-9 choose, Enter takes the highlighted choice, "
                        "h hint, s save, : command, q quit" % shown)

    def _bound_keys(self) -> set:
        return {"q", "h", "s", "colon", "plus", "minus", "equals_sign", "enter", "space"}

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
        self.query_one("#choices", OptionList).focus()

    def on_input_submitted(self, event: Input.Submitted) -> None:
        event.stop()
        line = event.value
        self.close_command()
        self.run_command(line)

    def run_command(self, line: str) -> None:
        """A typed line, as the plain mode reads it (session.parse_command)."""
        s = self.session
        choices = s.choices()
        cmd = parse_command(line, max(len(choices), 1))
        kind = cmd[0]
        if kind == "error":
            self.notice(cmd[1])
        elif kind == "help":
            self.notice(COMMANDS_HELP)
        elif kind == "board":
            self.refresh_screen()
        elif kind == "hint":
            self.action_hint()
        elif kind == "save":
            self.notice(s.save(cmd[1]))
        elif kind == "quit":
            self.action_ask_quit("quit")
        elif kind == "default":
            d = s.default_choice()
            if d is not None:
                self.choose(d.index)
        else:
            self.choose(cmd[1])

    def action_hint(self) -> None:
        self.notice(self.session.hint())

    def action_speed(self, step: int) -> None:
        s = self.session
        speeds = SPEEDS
        k = min(range(len(speeds)), key=lambda i: abs(speeds[i] - s.settings.speed))
        k = max(0, min(len(speeds) - 1, k + step))
        s.settings.speed = speeds[k]
        self.notice("bots: %.2f s per action" % speeds[k])

    def action_ask_quit(self, why: str) -> None:
        if isinstance(self.screen, ConfirmQuit):
            return
        question = "Ctrl-C: quit the game?" if why == "Ctrl-C" else "Quit the game?"

        def answered(yes: bool | None) -> None:
            if yes:
                self.session.autosave()
                code = INTERRUPTED if why == "Ctrl-C" else 0
                self.exit(code, return_code=code)
        self.push_screen(ConfirmQuit(question), answered)

    def on_sigint(self) -> None:
        """SIGINT from outside (kill -INT): no one to ask; the autosave is current, leave with 130."""
        self.interrupted = True
        if self._timer is not None:
            self._timer.stop()
            self._timer = None
        self.session.autosave()
        self.exit(INTERRUPTED, return_code=INTERRUPTED)


def screen_text(app: App) -> str:
    """The screen as plain text, line by line (golden screens in the tests)."""
    width, height = app.size
    console = Console(width=width, height=height, file=io.StringIO(), force_terminal=True,
                      color_system=None, record=True, legacy_windows=False, safe_box=False)
    console.print(app.screen._compositor.render_update(full=True, screen_stack=app._background_screens))
    return "\n".join(line.rstrip() for line in console.export_text().splitlines())


def run_tui(session: Session, args, first_save=None, on_first_screen=None) -> int:
    app = PlayApp(session, exit_after_first_screen=getattr(args, "exit_after_first_screen", False),
                  first_save=first_save, on_first_screen=on_first_screen)
    result = app.run()
    code = app.return_code
    if code is None:
        code = result if isinstance(result, int) else 0
    if app.exit_after_first_screen:
        print("first screen after %.3f s of CPU" % getattr(app, "first_screen_cpu", -1))
    elif code == INTERRUPTED:
        print(session.stop_message(interrupted=True))
    elif not session.game.is_terminal():
        print(session.stop_message())
    else:
        print(session.log.summary())
    return code
