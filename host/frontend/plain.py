"""The plain face of the front end: line by line, for pipes and screen readers (no Textual).

    code = PlainUI(session, guard).run()        # 0, or 130 after Ctrl-C

At each decision it prints what the decision is about (the screen's focus panel: the card attempted
and its roll, the hand...) and the current step of the decision shape as numbered rows, the
advised one marked `*`, then one prompt line; the focus and the options are the last thing printed,
so at 80x24 they are on screen. Keys: a number picks (a toggle's number turns an item on or off),
Enter takes the default (the advised option; a toggle's set), 0 goes back, and the words `save
PATH`, `board`, `log`, `hint`, `help`, `quit` (commands.py). Anything else is one line and the
game goes on.

In a game that hides information, before a human decision of another seat than the one looking the
screen and its scrollback are cleared (`\\x1b[2J\\x1b[3J`, on a terminal; a rule on a pipe) and a
handoff line names the next seat, who presses Enter before anything of theirs is shown. Only that
seat's view and log are printed until the next handoff.
"""

from __future__ import annotations

import shutil
import sys
import textwrap
import time

from eldritch.saves.atomic import SaveError
from eldritch.frontend.commands import parse_command, COMMANDS_HELP
from eldritch.frontend.walk import Walker

CLEAR = "\x1b[2J\x1b[3J\x1b[H"
INTERRUPTED = 130


def wrap(text: str, width: int, indent: int = 0) -> list:
    """Lines of at most width cells, broken at spaces only (a card symbol is never cut)."""
    pad = " " * indent
    return textwrap.wrap(text, width=max(width, 20), initial_indent=pad, subsequent_indent=pad + "  ",
                         break_long_words=False, break_on_hyphens=False) or [pad]


def screen_lines(screen, width: int, focus: bool = True, panels: bool = True, status: bool = True) -> list:
    out = []
    for line in (screen.status if status else ()):
        out += wrap(line.plain(), width, line.indent)
    if focus and screen.focus is not None:
        out.append("-- %s --" % screen.focus.title)
        for line in screen.focus.lines:
            out += wrap(line.plain(), width, line.indent)
    if panels:
        for p in screen.panels:
            out.append("-- %s --" % p.title)
            for line in p.lines:
                out += wrap(line.plain(), width, line.indent)
    return out


class PlainUI:
    """See the module docstring."""

    def __init__(self, session, guard, read=None, write=None, interactive=None, clear=None,
                 getpass=None, width=None):
        self.s = session
        self.guard = guard
        self.read = read or (lambda prompt: input(prompt))
        self._write = write
        self.interactive = sys.stdin.isatty() if interactive is None else interactive
        self.clear = (sys.stdout.isatty() if clear is None else clear)
        self.getpass = getpass
        self.width = width or min(shutil.get_terminal_size((80, 24)).columns, 100) - 1
        self._turn = object()
        self._focus_shown = None

    def say(self, text: str = "") -> None:
        if self._write is not None:
            self._write(text)
        else:
            print(text, flush=True)

    def say_lines(self, lines) -> None:
        for line in lines:
            self.say(line)

    # ----- the loop -------------------------------------------------------------------------------

    def run(self) -> int:
        s = self.s
        try:
            while not s.game.is_terminal():
                if s.bot_turn():
                    self.bot_step()
                    continue
                if s.forced():
                    self.show_record(s.play(s.legal()[0], "player"))
                    self.guard.check()
                    continue
                if s.needs_handoff():
                    if not self.handoff():
                        return 0
                    continue
                code = self.decide()
                if code is not None:
                    return code
        except KeyboardInterrupt:
            self.say("")
            self.say(self.s.stop_message(interrupted=True))
            return INTERRUPTED
        self.say_lines(screen_lines(s.screen(), self.width, focus=False))
        self.say(s.summary())
        return 0

    def bot_step(self) -> None:
        s = self.s
        if self.interactive and s.settings.speed > 0:
            time.sleep(s.settings.speed)          # bot turns at the player's pace, not a blur
        self.show_record(s.play(s.bot_action(), "bot"))
        self.guard.check()

    def show_record(self, played) -> None:
        record, notice = played
        self.say_lines(record.lines(self.s.shown_viewer))
        self.s.seen[self.s.shown_viewer] = self.s.steps()
        if notice:
            self.say(notice)

    def handoff(self) -> bool:
        """Clear the screen and scrollback, name the next seat, wait for them. False: input ended."""
        s = self.s
        seat = s.acting_seat()
        name = s.game.seat_name(seat)
        if self.clear:
            sys.stdout.write(CLEAR) if self._write is None else self.say(CLEAR)
            sys.stdout.flush()
        else:
            self.say("=" * 40)
        try:
            self.guard.input("Pass to %s. Press Enter when only %s is looking. " % (name, name), self.read)
        except EOFError:
            self.say("")
            self.say("input ended: %s" % s.stop_message())
            return False
        s.hand_to(seat)
        self._turn = s.game.turn_key() if hasattr(s.game, "turn_key") else None
        self._focus_shown = None
        screen = s.screen()
        self.say_lines(screen_lines(screen, self.width, focus=False))
        news = s.unseen_lines()
        if news:
            self.say("-- since your last look --")
            self.say_lines(news[-60:])
        return True

    def decide(self):
        """One decision: show it, read lines until an action is taken (None) or the game stops."""
        s = self.s
        screen = s.screen()
        turn = s.game.turn_key() if hasattr(s.game, "turn_key") else None
        if turn != self._turn:
            self._turn = turn
            self.say_lines(screen_lines(screen, self.width, focus=False))
        focus = screen_lines(screen, self.width, panels=False, status=False)
        if focus != self._focus_shown:
            self._focus_shown = focus
            self.say_lines(focus)
        walker = Walker(s.decision())
        show = True
        while True:
            if show:
                self.say(walker.prompt() + ":")
                for row in walker.rows():
                    self.say(row.text())
                show = False
            try:
                line = self.guard.input(self.prompt(walker), self.read)
            except EOFError:
                self.say("")
                self.say("input ended: %s" % s.stop_message())
                return 0
            except KeyboardInterrupt:
                self.say("")
                if self.confirm("Ctrl-C: quit the game?"):
                    return self.stop(INTERRUPTED)
                show = True
                continue
            cmd = parse_command(line, walker.count(), walker.depth)
            kind = cmd[0]
            action = None
            if kind == "error":
                self.say(cmd[1])
            elif kind == "help":
                self.say(COMMANDS_HELP)
            elif kind == "board":
                self.say_lines(screen_lines(s.screen(), self.width))
                show = True
            elif kind == "log":
                self.say_lines(s.log_lines()[-40:])
                show = True
            elif kind == "hint":
                self.say(s.hint())
            elif kind == "save":
                self.say(self.save(cmd[1]))
            elif kind == "quit":
                if self.confirm("quit the game?"):
                    return self.stop(0)
            elif kind == "back":
                walker.back()
                show = True
            else:
                action = walker.enter() if kind == "default" else walker.pick(cmd[1])
                if walker.problem:
                    self.say(walker.problem)
                elif action is None:
                    show = True
            if action is not None:
                self.show_record(s.play(action, "player"))
                self.guard.check()
                return None

    def prompt(self, walker) -> str:
        back = ", 0 back" if walker.depth else ""
        if walker.step.kind == "toggle":
            return "toggle 1-%d, Enter takes the set%s, or save PATH, board, log, hint, help, quit: " % (
                walker.count(), back)
        return "choose 1-%d (Enter: %d)%s, or save PATH, board, log, hint, help, quit: " % (
            walker.count(), walker.step.default + 1, back)

    # ----- saving and stopping --------------------------------------------------------------------

    def confirm(self, question: str) -> bool:
        """Ask on a terminal (Enter or n: no); without one there is nobody to ask: yes."""
        if not self.interactive:
            return True
        try:
            answer = self.guard.input("%s %s [y/N] " % (question, self.s.quit_words()), self.read)
        except (EOFError, KeyboardInterrupt):
            return True
        return answer.strip().lower() in ("y", "yes")

    def ask_passphrase(self) -> bool:
        """A game that hides information is saved sealed: ask the table's passphrase once."""
        s = self.s
        if not s.needs_passphrase():
            return True
        question = "the table's passphrase for its sealed saves (Enter with nothing: not saved): "
        try:
            if self.interactive and self.getpass is not None:
                words = self.getpass(question)
            else:
                words = self.guard.input(question, self.read)
        except (EOFError, KeyboardInterrupt):
            return False
        except SaveError as exc:                  # the prompt's own refusal (two passphrases differ)
            self.say(str(exc))
            return False
        if not words.strip():
            return False
        try:
            s.set_passphrase(words.strip())
        except SaveError as exc:
            self.say(str(exc))
            return False
        return True

    def save(self, path: str) -> str:
        self.ask_passphrase()
        return self.s.save(path)              # without a passphrase: why it is not saved

    def stop(self, code: int) -> int:
        self.ask_passphrase()
        self.say(self.s.stop_message(interrupted=code == INTERRUPTED))
        return code
