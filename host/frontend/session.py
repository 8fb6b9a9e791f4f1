"""A game in play, whatever shows it: seats human or bot, the decision shape of the seat to act, the
log as each reader may see it, autosave, save, resume and the seat whose eyes are on the screen.

    s = Session(game_adapter, settings, Persist("arkham", state_dir()))
    while not s.game.is_terminal():
        if s.bot_turn(): s.play(s.bot_action(), "bot"); continue
        if s.needs_handoff(): ... show the handoff screen ...; s.hand_to(s.acting_seat())
        shape = s.decision()                    # model.Menu / Toggle, leaves = legal actions
        s.play(action_from_keys, "player")      # logged, then autosaved

`settings` has `bots` (0-based seats), `hints` and `speed` (seconds per bot action on screen).

Hidden information: in a game that hides it, `viewer` is the seat the screen belongs to. It changes
only through `hand_to` (after a handoff screen the next seat confirmed), so nothing is drawn for a
seat before they are the one looking; at the end of the game it becomes the referee (the rules show
every card then). A game with one human seat starts with that seat as the viewer (no handoffs).
Saves of such a game are sealed with the table's Seal (host/saves/seal.py: from the table's passphrase,
given at the start with --passphrase-fd, adopted from a loaded save, or asked by the face when first
needed), or not written at all: without one, `autosave` does nothing and `save` says so
(`needs_passphrase`). The log written to a file while the game can go on is the public one; the
referee's is written once the game is over. Every file goes through persist.py (the save layer).
"""

from __future__ import annotations

from eldritch.frontend.gamelog import PUBLIC, REFEREE
from eldritch.frontend.news import last_decision, news_panel
from eldritch.saves.atomic import shown
from eldritch.frontend.shapes import advised_action



def sealed_only(game) -> str:
    """Why a game that hides information is saved only sealed, in words."""
    return ("this game hides %s, so it is saved only sealed with the table's passphrase (never in the "
            "clear, where anyone could read them)" % getattr(game, "secrets", "what each player knows"))


class Session:
    """One game in play (see the module docstring)."""

    def __init__(self, game, settings, persist=None, autosave_every_action: bool = True, seal=None):
        self.game = game
        self.settings = settings
        self.persist = persist
        self.autosave_every_action = autosave_every_action
        self.seal = seal
        self._legal = None
        self._shape = None
        self.seen: dict = {}                   # viewer -> steps of the log shown to them so far
        humans = self.humans()
        if not game.hides_information:
            self.viewer = REFEREE
        elif game.is_terminal():
            self.viewer = REFEREE
        elif len(humans) == 1:
            self.viewer = humans[0]
        else:
            self.viewer = None                 # nobody yet: the first human decision hands over

    # ----- seats ----------------------------------------------------------------------------------

    @property
    def hides(self) -> bool:
        return self.game.hides_information

    def humans(self) -> list:
        return [s for s in range(self.game.players) if s not in self.settings.bots]

    def acting_seat(self):
        return self.game.acting_seat()

    def bot_turn(self) -> bool:
        """True when the machine moves now: a bot's seat, or chance."""
        if self.game.is_terminal():
            return False
        seat = self.acting_seat()
        return seat is None or seat in self.settings.bots

    def legal(self) -> list:
        if self._legal is None:
            self._legal = [] if self.game.is_terminal() else self.game.legal()
        return self._legal

    def forced(self) -> bool:
        """A human seat with one legal action: taken without asking."""
        return not self.game.is_terminal() and not self.bot_turn() and len(self.legal()) == 1

    def needs_handoff(self) -> bool:
        """A human decision for a seat that is not the one looking (games that hide information)."""
        if not self.hides or self.game.is_terminal() or self.bot_turn() or self.forced():
            return False
        return self.acting_seat() != self.viewer

    def hand_to(self, seat) -> None:
        self.viewer = seat

    @property
    def shown_viewer(self):
        """Whose eyes the screen is drawn for (PUBLIC before the first handoff)."""
        return PUBLIC if self.viewer is None else self.viewer

    # ----- the decision ---------------------------------------------------------------------------

    @property
    def hints(self) -> bool:
        return bool(getattr(self.settings, "hints", True))

    def decision(self):
        """The decision shape of the seat to act (cached until the next action)."""
        if self._shape is None:
            self._shape = self.game.shape(self.acting_seat(), self.legal(), self.hints)
        return self._shape

    def default_action(self):
        """What Enter (then Enter) takes: the advised leaf, else the first."""
        return advised_action(self.decision())

    def bot_action(self) -> int:
        return self.game.bot_action(self.acting_seat())

    def hint(self) -> str:
        if not self.hints:
            return "hints are off (--no-hints)"
        if self.game.is_terminal():
            return "the game is over"
        return self.game.hint(self.acting_seat())

    def play(self, action: int, by: str = "player"):
        """Apply action (logged, then autosaved): (the step's Record, one-line notice or None)."""
        record = self.game.play(action, by)
        self._legal = None
        self._shape = None
        if self.game.is_terminal() and self.hides:
            self.viewer = REFEREE
        notice = self.autosave() if self.autosave_every_action else None
        return record, notice

    # ----- what is shown --------------------------------------------------------------------------

    def screen(self):
        return self.game.screen(self.shown_viewer)

    def news_seat(self):
        """Whose last decision the news starts from: the seat deciding now when a person holds it
        (and, in a game that hides information, is the one looking), else the seat looking, else the
        seat of the last person who decided."""
        if not self.game.is_terminal():
            seat = self.acting_seat()
            if seat is not None and seat not in self.settings.bots and (not self.hides or seat == self.viewer):
                return seat
        if self.hides and self.viewer not in (None, PUBLIC, REFEREE):
            return self.viewer
        i = last_decision(self.game.log, None)
        return None if i is None else self.game.log.steps[i].seat

    def news(self):
        """What happened since the last decision of news_seat, as the viewer may read it (a Panel)."""
        return news_panel(self.game, self.shown_viewer, self.news_seat())

    def log_lines(self, since: int = 0) -> list:
        return self.game.log_lines(self.shown_viewer, since)

    def steps(self) -> int:
        return len(self.game.log.steps)

    def unseen_lines(self) -> list:
        """The viewer's log lines since they last looked (their whole log the first time)."""
        v = self.shown_viewer
        since = self.seen.get(v, 0)
        self.seen[v] = self.steps()
        return self.game.log_lines(v, since)

    def summary(self) -> str:
        return self.game.summary()

    # ----- saving ---------------------------------------------------------------------------------

    def needs_passphrase(self) -> bool:
        return self.hides and self.seal is None

    def set_passphrase(self, words: str) -> None:
        """A new table's passphrase (SaveError for an empty one): its saves are sealed with it."""
        from eldritch.saves.seal import Seal
        self.seal = Seal.new(words)

    def _parts(self):
        return self.game.save_payload(), self.game.save_settings(self.settings)

    @property
    def autosave_path(self):
        return self.persist.autosave_path if self.persist is not None else None

    def autosave(self) -> str | None:
        """Autosave now (nothing in a hidden game without its seal); None or one line."""
        if self.persist is None or self.persist.state is None or self.needs_passphrase():
            return None
        payload, settings = self._parts()
        return self.persist.autosave(payload, settings, self.seal if self.hides else None)

    def save(self, text: str) -> str:
        """`save PATH`: one line."""
        if self.needs_passphrase():
            return "not saved: %s, and none was given (the game goes on)" % sealed_only(self.game)
        if self.persist is None:
            return "not saved: no saving in this session"
        payload, settings = self._parts()
        return self.persist.save(text, payload, settings, self.seal if self.hides else None)

    def quit_words(self) -> str:
        """What quitting now will do, exactly (the quit prompt's second line)."""
        if self.persist is None or self.persist.state is None:
            return "Nothing is saved in this session: y quits, n plays on."
        if self.needs_passphrase():
            why = sealed_only(self.game)
            return "%s%s. y asks for one (Enter without one quits without saving), n plays on." % (
                why[0].upper(), why[1:])
        return "y saves the game in %s and quits (%s --resume goes on), n plays on." % (
            self.autosave_path, self.game.command)

    def log_viewer_for_file(self):
        """The log a file may hold now: the referee's at the end (or in an open game), else public."""
        return REFEREE if (not self.hides or self.game.is_terminal()) else PUBLIC

    def write_log(self, path: str | None, fmt: str = "text") -> str | None:
        viewer = self.log_viewer_for_file()
        if fmt == "transcript" and viewer != REFEREE:
            fmt = "text"                  # the golden form holds every secret: the public words until the end
        text = self.game.log_text(viewer, fmt)
        if self.persist is None:
            from eldritch.saves.atomic import write_atomic, SaveError
            if not path:
                return None
            try:
                write_atomic(path, text.encode())
            except SaveError as exc:
                return "log not written: %s" % exc
            return None
        return self.persist.write_log(path, text, self.game.log_text(self.log_viewer_for_file(), "text"))

    def stop_message(self, interrupted: bool = False) -> str:
        """What to say when the game stops: where it is saved, after one more autosave, only if that
        is true (on a full disk no autosave exists, so none is claimed)."""
        head = "interrupted: " if interrupted else ""
        if self.persist is None or self.persist.state is None:
            return head + "stopped"
        if self.needs_passphrase():
            return head + "stopped: not saved: %s, and none was given" % sealed_only(self.game)
        self.autosave()
        if self.persist.saved:
            return "%sthe game is saved in %s (%s --resume goes on)" % (head, shown(self.autosave_path),
                                                                          self.game.command)
        return "%sthe game could NOT be saved (%s)" % (head, self.persist.error or "autosave failed")
