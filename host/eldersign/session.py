"""A game in play on the host, whatever shows it: the terminal UI (tui.py) and the plain prompts
(play.py) both drive a Session.

    s = Session(game, data, settings, backend, autosave_dir=state_dir())
    for c in s.choices(): c.action, c.text, c.value, c.best, c.default
    step, notice = s.play(action, "player")      # applies, logs, autosaves
    cmd = parse_command(line, len(s.choices()))  # what a typed line asks for (one-line errors)

The choices are the kernel's legal actions with their words (`text.action_text`), so a new kind
of decision in the rules shows up with no change here. With hints on, an adventure decision's
choices carry the solver's exact odds and the best is marked (advisor.py); the default (what Enter
or a forced pause takes) is the best then, and otherwise the kernel bot's choice.

Nothing is lost: after every action the game is saved to the per-user state folder (autosave.sav,
through the save layer, saves.Autosaves: atomic and durable); a failed autosave is one line and the
game goes on, and `autosaved` says whether the last one succeeded (so a stop message never claims
a save that is not there). `save PATH` expands ~, makes no folder and never replaces anything but
an Elder Sign save (not a user's file, a symlink, a device or a pipe).
"""

from __future__ import annotations

import os
from array import array

from .advisor import Advisor
from ..atomic import SaveError, write_atomic, user_path, check_path
from .. import saves
from .gamelog import GameLog, acting_seat
from .. import userdirs
from . import playsave
from ..kernel.eldersign.fixed import percent_text
from ..kernel.numbers import is_count
from ..kernel.eldersign.game import bot as gamebot, text as gametext, table as gametable
from ..kernel.eldersign.dice import GREEN, YELLOW, RED
from ..kernel.eldersign.game.machine import MAX_GAME_ACTIONS, EV_ROLL, EV_BEGIN
from ..kernel.eldersign.notation import format_roll, format_task

MAX_LINE = 1000
COMMANDS_HELP = ("a number chooses; Enter takes the default (marked *); "
                 "save PATH, board, hint, help, quit")


class Choice:
    """One legal action as the player sees it."""

    def __init__(self, index, action, text, value=None):
        self.index = index          # 0-based position (the key is index + 1)
        self.action = action
        self.text = text
        self.value = value          # the solver's fixed-point odds, or None
        self.best = False
        self.default = False

    def odds_text(self) -> str:
        return "" if self.value is None else "%s%%" % percent_text(self.value)

    def line(self) -> str:
        """"  3. text  [72.41% best] *" (plain mode)."""
        marks = []
        if self.value is not None:
            marks.append(self.odds_text() + (" best" if self.best else ""))
        tail = ("  [%s]" % ", ".join(marks)) if marks else ""
        return "%s%3d. %s%s" % ("*" if self.default else " ", self.index + 1, self.text, tail)


def parse_command(line: str, n: int):
    """What a typed line asks for: ('choose', index), ('default',), ('save', path), ('board',),
    ('hint',), ('help',), ('quit',), or ('error', one line). Numbers are ASCII digits only."""
    if len(line) > MAX_LINE:
        return ("error", "that line is too long: type a number 1 to %d" % n)
    text = line.strip()
    if text == "":
        return ("default",)
    if text.isascii() and text.isdigit():
        if is_count(text) and 1 <= int(text) <= n:
            return ("choose", int(text) - 1)
        return ("error", "no choice %s: type a number 1 to %d" % (text[:12], n))
    word = text.split(None, 1)
    head = word[0].lower()
    if head == "save":
        if len(word) == 1:
            return ("error", "save needs a file name: save PATH")
        return ("save", word[1])
    if len(word) == 1 and head in ("board", "b"):
        return ("board",)
    if len(word) == 1 and head in ("hint", "h", "?"):
        return ("hint",)
    if len(word) == 1 and head in ("help",):
        return ("help",)
    if len(word) == 1 and head in ("quit", "q", "exit"):
        return ("quit",)
    shown = text[:20].encode("ascii", "backslashreplace").decode("ascii")
    return ("error", "'%s%s' is not a choice: %s" % (shown, "..." if len(text) > 20 else "",
                                                      COMMANDS_HELP.replace("; Enter", " (1 to %d); Enter" % n)))


class Session:
    """One game in play with its settings, log, autosave and advisor (see the module docstring)."""

    def __init__(self, game, data, settings, backend=None, autosave_dir: str | None = None,
                 log: GameLog | None = None, autosave_every_action: bool = True):
        self.game = game
        self.data = data
        self.settings = settings
        self.advisor = Advisor(backend) if backend is not None else None
        self.log = log if log is not None else GameLog(game, settings)
        self.autosave_dir = autosave_dir
        self.autosave_every_action = autosave_every_action
        self.autosaved: bool | None = None       # whether the last autosave succeeded (None: none tried)
        self.autosave_error: str | None = None   # the last failed autosave's line
        self.buf = array("i", [0] * MAX_GAME_ACTIONS)
        self._choices: list[Choice] | None = None
        self._last_notice = None
        self.last_roll = None
        for step in self.log.steps:
            self._track_roll_text(step.events)

    # ----- what the player sees ---------------------------------------------------------------

    @property
    def hints(self) -> bool:
        return self.settings.hints and self.advisor is not None

    def legal(self) -> list[int]:
        if self.game.is_terminal():
            return []
        n = self.game.legal_actions(self.buf)
        return [self.buf[i] for i in range(n)]

    def choices(self) -> list[Choice]:
        """The legal actions as Choices (cached until the next action)."""
        if self._choices is not None:
            return self._choices
        legal = self.legal()
        game = self.game
        out = [Choice(i, a, gametext.action_text(game, a)) for i, a in enumerate(legal)]
        default = None
        if out and self.hints and not self.bot_turn():
            values = self.advisor.decision_values(game, legal)
            for c in out:
                c.value = values.get(c.action)
            valued = [c for c in out if c.value is not None]
            if valued:
                top = max(c.value for c in valued)
                for c in valued:
                    c.best = c.value == top
                default = next(c for c in valued if c.best)
        if out and default is None:
            a = self.bot_action()
            default = next((c for c in out if c.action == a), out[0])
        if default is not None:
            default.default = True
        self._choices = out
        return out

    def default_choice(self) -> Choice | None:
        return next((c for c in self.choices() if c.default), None)

    def bot_turn(self) -> bool:
        return not self.game.is_terminal() and acting_seat(self.game) in self.settings.bots

    def bot_action(self) -> int:
        n = self.game.legal_actions(self.buf)
        return gamebot.choose(self.game, self.buf, n)

    def move_odds(self) -> dict:
        """{slot: value} at the move phase with hints on (the cards in reach), else {}."""
        if not self.hints or self.bot_turn():
            return {}
        return self.advisor.move_odds(self.game)

    def roll_value(self):
        if not self.hints or self.bot_turn():
            return None
        return self.advisor.roll_value(self.game)

    def hint(self) -> str:
        if not self.hints:
            return "hints are off (--no-hints)"
        if self.game.is_terminal():
            return "the game is over"
        return self.advisor.hint(self.game, self.choices())

    def board_lines(self) -> list[str]:
        """The board in words (plain mode): the kernel's board, then the adventure under way."""
        return gametext.board(self.game) + self.adventure_lines()

    def adventure_lines(self) -> list[str]:
        """The adventure (or attack) under way: tasks done, pool, roll or last roll, held dice,
        uses left; the last roll alone between adventures."""
        attempt = gametable.snapshot(self.game).attempt
        if attempt is None:
            return ["last roll: %s" % self.last_roll] if self.last_roll else []
        adv = attempt.adventure
        done = adv.done_mask()
        tasks = []
        for i, task in enumerate(adv.card.tasks):
            tasks.append(("done " if done & (1 << i) else "") + format_task(task))
        sep = " > " if adv.card.ordered else " | "
        where = attempt.name if attempt.slot < 0 else "%s (slot %d)" % (attempt.name, attempt.slot + 1)
        lines = ["adventure: %s: %s" % (where, sep.join(tasks)),
                 "  pool: %d green%s%s" % (adv.pool_dice(GREEN), " + yellow" if adv.pool_dice(YELLOW) else "",
                                          " + red" if adv.pool_dice(RED) else "")]
        roll = format_roll(adv.roll_counts)
        if roll:
            lines.append("  roll: %s" % roll)
        elif self.last_roll:
            lines.append("  last roll: %s" % self.last_roll)
        held = format_roll(adv.held)
        if held:
            lines.append("  held: %s" % held)
        focus, spells, clues = adv.uses()
        lines.append("  focus %d, spells %d, clues %d left" % (focus, spells, clues))
        return lines

    # ----- playing ----------------------------------------------------------------------------

    def play(self, action: int, by: str = "player"):
        """Apply action (logged, then autosaved): (Step, one-line notice or None)."""
        step = self.log.play(self.game, action, by)
        self._choices = None
        self._track_roll(self.game)
        notice = None
        if self.autosave_every_action:
            notice = self.autosave()
        return step, notice

    def _track_roll(self, game):
        for code, a, b, c in gametext.event_codes(game):
            if code == EV_BEGIN:
                self.last_roll = None
            elif code == EV_ROLL:
                self.last_roll = gametext.roll_text(a)

    def _track_roll_text(self, events):
        for e in events:
            if e.startswith("attempt at "):
                self.last_roll = None
            elif e.startswith("roll: "):
                self.last_roll = e[6:]

    # ----- saving -----------------------------------------------------------------------------

    def save_bytes(self) -> bytes:
        return playsave.dump(self.game, self.settings)

    @property
    def autosave_path(self) -> str | None:
        if self.autosave_dir is None:
            return None
        return os.path.join(self.autosave_dir, userdirs.AUTOSAVE)

    def autosave(self) -> str | None:
        """Save to the state folder; a one-line notice when it fails (shown once per new failure)."""
        if self.autosave_dir is None:
            return None
        auto = saves.Autosaves(self.autosave_dir, "eldersign")
        text = auto.write(gamesave_blob(self.game), playsave.settings_doc(self.settings))
        self.autosaved = auto.saved
        self.autosave_error = auto.error
        if auto.saved:
            self._last_notice = None
            return None
        if text == self._last_notice:
            return None
        self._last_notice = text
        return text

    def stop_message(self, interrupted: bool = False) -> str:
        """What to say when the game stops: where it is saved, after one more autosave, only if that
        is true (issue 24 item 3: on a full disk no autosave exists, so none is claimed)."""
        if self.autosave_dir is None:
            return "stopped"
        self.autosave()
        if self.autosaved:
            return "%sthe game is saved in %s (eldritch play --resume goes on)" % (
                "interrupted: " if interrupted else "", self.autosave_path)
        return "%sthe game could NOT be saved (%s)" % ("interrupted: " if interrupted else "",
                                                      self.autosave_error or "autosave failed")

    def save(self, text: str) -> str:
        """`save PATH`: one line saying where it went or why not."""
        path = user_path(text)
        if not path:
            return "save needs a file name: save PATH"
        try:
            check_path(path)
        except SaveError as exc:
            return str(exc)
        if os.path.isfile(path) and not os.path.islink(path) and not _is_save(path):
            return "%s exists and is not an Eldritch save: not overwritten" % path
        try:
            saves.write_save(path, "eldersign", gamesave_blob(self.game), playsave.settings_doc(self.settings))
        except SaveError as exc:
            return str(exc)
        return "saved to %s" % path

    def write_log(self, path: str | None, fmt: str = "text") -> str | None:
        """Write the log to path (and beside the autosave); a one-line notice on failure."""
        notices = []
        text = self.log.render(fmt)
        if self.autosave_dir is not None:
            try:
                userdirs.ensure_state_dir(self.autosave_dir)
                write_atomic(os.path.join(self.autosave_dir, userdirs.AUTOSAVE_LOG), self.log.text().encode())
            except SaveError as exc:
                notices.append("log not written: %s" % exc)
        if path:
            try:
                write_atomic(path, text.encode())
            except SaveError as exc:
                notices.append("log not written: %s" % exc)
        return "; ".join(notices) or None


def gamesave_blob(game) -> bytes:
    from ..kernel.eldersign.game import save as gamesave
    return gamesave.serialize(game)


def _is_save(path: str) -> bool:
    """True when the file at path starts like an Elder Sign save (host or bare kernel save)."""
    from ..atomic import REAL
    try:
        head = REAL.read_head(path, 64)
    except (OSError, ValueError):
        return False
    return saves.is_save_head(head, "eldersign")

