"""Stay Away! in the shared front end: the adapter (frontend/adapter.py) over a kernel State.

    game = StayAwayGame(state, settings)           # settings: frontend.savefile.Settings
    session = frontend.session.Session(game, settings, persist)

- The screen of a seat is drawn from that seat's view only (render.py): their role, their hand,
  what they may know of the decision; the public screen shows the table alone.
- The decision (shapes.py); the advised option (Enter) is what the heuristic bot would play from
  that seat's view (a fresh bot seeded by the state, so the advice is the same in every face),
  named under the seat's hand with its reason (advice.py, from that view only).
- The log: each step in words for the public (cards played face up by name, cards passed face down
  as "a card"), for each seat (what that seat saw: their own cards, the cards shown to them) and for
  the referee (every card, with who saw it). The public header has no seed (with it and the actions
  anyone could rebuild every hand); the referee's has it. At the end the referee's text log is the
  kernel's, and the transcript (the golden-file form) kernel/stayaway/game/playlog.py's.
"""

from __future__ import annotations

from array import array

from eldritch.frontend.adapter import GameAdapter
from eldritch.frontend.gamelog import MultiLog, Record, PUBLIC, REFEREE
from eldritch.frontend.settings import Settings
from eldritch.kernel.stayaway.game import defs as D, playlog
from eldritch.kernel.stayaway.game.bots import HeuristicBot
from eldritch.kernel.stayaway.game.play import make_bots
from eldritch.kernel.stayaway.game.rules import Rules
from eldritch.kernel.stayaway.game.text import (event_lines, player_name, public_action_text,
    REFEREE as K_REFEREE)
from eldritch.kernel.stayaway.game.views import View
from eldritch.frontend.model import Line
from eldritch.stayaway.advice import reason
from eldritch.stayaway.render import render
from eldritch.stayaway import shapes

GAME = "stayaway"
OPTION_NAMES = ("quick_start", "thing_in_pile", "flame_in_pile", "neighbour_only", "vengeful",
                "house_quarantine")


def header(state, settings, referee: bool) -> list:
    out = ["# eldritch stayaway log v2", "players %d" % state.players,
           "bots %s" % (", ".join(player_name(b) for b in sorted(settings.bots)) or "none")]
    if referee:
        o = state.options
        out.insert(1, "seed %d" % state.seed)
        out.append("options " + " ".join("%s=%d" % (k, int(getattr(o, k))) for k in OPTION_NAMES)
                   + " infected=%d" % o.infected)
    return out


class StayAwayGame(GameAdapter):
    """Stay Away! for the front end (see the module docstring)."""

    name = GAME
    title = "Stay Away!"
    hides_information = True
    secrets = "every hand and every role"
    command = "eldritch stayaway play"

    def __init__(self, state, settings, log=None):
        self.state = state
        self.rules = state.rules
        self.settings = settings
        self.players = state.players
        self.bots = make_bots(seat_kinds(settings, state.players), state.seed, self.rules)
        self.buf = array("i", [0] * self.rules.max_actions)
        self.log = log if log is not None else self._fresh_log(state)

    def _fresh_log(self, state):
        if state.nlog:
            return replayed_log(state, self.settings)
        setup = Record(public=["  " + e for e in event_lines(state, 0, D.NOBODY)],
                       seats={q: ["  " + e for e in event_lines(state, 0, q)] for q in range(state.players)},
                       referee=["  " + e for e in event_lines(state, 0, K_REFEREE)])
        return MultiLog(header(state, self.settings, False), setup, header(state, self.settings, True))

    # ----- the kernel ---------------------------------------------------------------------------

    def seat_name(self, seat):
        return player_name(seat)

    def acting_seat(self):
        p = self.state.current_player()
        return p if p >= 0 else None

    def is_terminal(self):
        return self.state.is_terminal()

    def legal(self):
        n = self.state.legal_actions(self.buf)
        return [self.buf[i] for i in range(n)]

    def bot_action(self, seat):
        legal = self.legal()
        bot = self.bots[seat]
        if len(legal) == 1 or bot is None:
            return legal[0]
        return bot.choose(self.state.view(seat), legal)

    def play(self, action, by):
        rec = step_record(self.state, action, by)
        self.log.add(rec)
        if self.state.is_terminal():
            self.log.result = result_line(self.state)
        return rec

    def turn_key(self):
        return self.state.turn

    def table_bot(self, seat):
        """A fresh bot of the table's kind, seeded by the state: the same move after a restart."""
        legal = self.legal()
        if seat is None or len(legal) == 1:
            return legal[0]
        seed = (self.state.seed * 64 + 32 + self.state.nlog * 7 + seat) & 0x3FFFFFFF
        bot = make_bots([self.settings.kind_of(seat)], seed, self.rules)[0]
        return bot.choose(self.state.view(seat), legal)

    # ----- the screen and the decision ------------------------------------------------------------

    def view(self, seat) -> View:
        return View(self.state.view(seat))

    def screen(self, viewer):
        if viewer == PUBLIC or viewer is None:
            return render(self.view(0), public=True)
        if viewer == REFEREE:
            return render(self.view(0), public=True)          # at the end every role is in every view
        screen = render(self.view(viewer))
        if self.settings.hints and not self.state.is_terminal() and self.acting_seat() == viewer:
            legal = self.legal()
            if len(legal) > 1:
                a = self.advised(viewer, legal)
                screen.focus.lines.append(Line().add("advised: ", "dim").add(self.state.action_text(a), "accent")
                                          .add(", because %s" % reason(self.state.view(viewer), a), "dim"))
        return screen

    def advised(self, seat, legal) -> int:
        """The heuristic bot's move from this seat's view (a fresh bot seeded by the state)."""
        if len(legal) == 1:
            return legal[0]
        bot = HeuristicBot((self.state.seed * 64 + 16 + self.state.nlog * 7 + seat) & 0x3FFFFFFF)
        return bot.choose(self.state.view(seat), legal)

    def shape(self, seat, legal, hints):
        return shapes.decision(self.state, seat, legal, self.advised(seat, legal) if hints else None)

    def hint(self, seat):
        legal = self.legal()
        a = self.advised(seat, legal)
        return "The heuristic bot, in your place and with only what you know, would: %s, because %s." % (
            self.state.action_text(a), reason(self.state.view(seat), a))

    # ----- saves and logs ---------------------------------------------------------------------------

    def log_text(self, viewer, fmt="text"):
        """At the end the referee's text log and transcript are the kernel's (the same on every
        runtime); the others' are words."""
        if viewer == REFEREE and self.state.is_terminal():
            if fmt == "transcript":
                return "\n".join(transcript(self.state, self.settings)) + "\n"
            if fmt == "text":
                return self.state.referee_log()
        return GameAdapter.log_text(self, viewer, fmt)

    def kernel_log(self) -> str:
        """The kernel's whole log at the end: the referee's (every card, in words)."""
        return self.log_text(REFEREE, "text")


def seat_kinds(settings, players) -> list:
    """Each seat's bot kind, "human" where no bot plays."""
    return [settings.kind_of(q) if q in settings.bots else "human" for q in range(players)]


def transcript(state, settings) -> list:
    """The kernel's golden-file log of a game (kernel/stayaway/game/playlog.py: "> ACTION P1 text |
    view sums", the players' logs' sums and the referee's log), rebuilt by replaying its actions."""
    fresh = state.rules.new_game(state.seed, state.players)
    out = playlog.header(fresh, seat_kinds(settings, state.players))
    for a in state.actions():
        playlog.step_lines(fresh, a, out)
    playlog.end_lines(fresh, out)
    return out



def step_record(state, action, by) -> Record:
    """Apply action to state; the step as each reader sees it."""
    actor = state.current_player()
    who = player_name(actor)
    mine = state.action_text(action)
    theirs = public_action_text(state, action)
    nev = state.nev
    state.apply(action)
    seats = {}
    for q in range(state.players):
        head = "> %s: %s" % (who, mine if q == actor else theirs)
        seats[q] = [head] + ["  " + e for e in event_lines(state, nev, q)]
    return Record(seat=actor, who=who, by=by, action=action,
                  public=["> %s: %s" % (who, theirs)] + ["  " + e for e in event_lines(state, nev, D.NOBODY)],
                  seats=seats,
                  referee=["> %s: %s" % (who, mine)] + ["  " + e for e in event_lines(state, nev, K_REFEREE)])


def result_line(state) -> str:
    ret = state.returns()
    parts = ["%s %s %s" % (player_name(q), D.ROLE_NAMES[state.role[q]], "wins" if ret[q] else "loses")
             for q in range(state.players)]
    name = D.RESULT_NAMES[state.result] if state.result < len(D.RESULT_NAMES) else "over"
    return "game over: %s; %s" % (name, ", ".join(parts))


def replayed_log(state, settings, bots=None) -> MultiLog:
    """The log of a loaded game, rebuilt by replaying its actions from its seed."""
    fresh = state.rules.new_game(state.seed, state.players)
    adapter = StayAwayGame(fresh, settings)
    for a in state.actions():
        seat = fresh.current_player()
        adapter.play(a, "bot" if seat in settings.bots else "player")
    return adapter.log


def load(payload: bytes, settings_doc: dict, deck=None):
    """(state, settings) of a save's kernel payload and settings (the save layer has opened it)."""
    from eldritch.kernel.stayaway.game.save import options_of
    opts = options_of(payload)
    if deck:
        opts["deck"] = deck
    state = Rules(opts).deserialize(payload)
    return state, Settings.from_json(settings_doc, state.players)


# ----- at a table of the server (host/games.py) -------------------------------------------------------------

PLAYERS = (4, 12)
TABLE_OPTIONS = [{"name": name, "kind": "bool", "default": False, "label": label}
                 for name, label in (("quick_start", "the rulebook's quick start"),
                                     ("thing_in_pile", "advanced 1: The Thing shuffled into the pile"),
                                     ("flame_in_pile", "advanced 3: Flamethrower and Analysis in the pile"),
                                     ("neighbour_only", "advanced 4: Seduction and swaps only on neighbours"),
                                     ("vengeful", "advanced 6: vengeful mode"),
                                     ("house_quarantine", "house rule: the other edition's Quarantine"))]


def table_game(seed, players, bots, options, kind="heuristic"):
    """A new game for the table server: the adapter."""
    state = Rules({k: True for k, v in options.items() if v}).new_game(seed, players)
    return StayAwayGame(state, Settings(bots, kind, options=dict(options)))


def table_load(payload, settings_doc):
    """The adapter of a save's kernel payload and settings."""
    state, settings = load(payload, settings_doc)
    return StayAwayGame(state, settings)
