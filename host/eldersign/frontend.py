"""Elder Sign in the shared front end: the adapter (frontend/adapter.py) over a Game, its log
(gamelog.py), its renderer (render.py), its decision shapes (shapes.py) and the advisor (advisor.py).

    game = ElderSignGame(kernel_game, data, settings, backend)      # backend None: no odds
    session = frontend.session.Session(game, settings, persist)

With hints on, an adventure decision's options carry the solver's exact odds and the best (the
cheaper among equals) is advised; at the move phase each card in reach carries its odds and the
advised move is the card the hint names; elsewhere Enter takes the bot's choice. The game is
cooperative: nothing is hidden, every seat sees the same screen and log.
"""

from __future__ import annotations

from eldritch.frontend.adapter import GameAdapter
from eldritch.kernel.eldersign.game import bot as gamebot, text as gametext, table as gametable
from eldritch.kernel.eldersign.game.machine import (MAX_GAME_ACTIONS, EV_ROLL, EV_BEGIN, A_MOVE, A_ARG_MASK,
    G_BASE)
from eldritch.eldersign.advisor import Advisor, best_action
from eldritch.eldersign.gamelog import GameLog
from eldritch.eldersign import playsave, render, shapes

from array import array


class _Choice:
    """What Advisor.hint reads of an option."""

    def __init__(self, action, text, value):
        self.action = action
        self.text = text
        self.value = value


class ElderSignGame(GameAdapter):
    """Elder Sign for the front end (see the module docstring)."""

    name = "eldersign"
    title = "Elder Sign"
    hides_information = False
    command = "eldritch play"

    def __init__(self, game, data, settings, backend=None, log=None):
        self.state = game
        self.data = data
        self.settings = settings
        self.players = game.players
        self.advisor = Advisor(backend) if backend is not None else None
        self._backend = backend
        self._solver_bot = None
        self.log = log if log is not None else GameLog(game, settings)
        self.buf = array("i", [0] * MAX_GAME_ACTIONS)
        self.last_roll = None
        for step in self.log.steps:
            self._track_roll_text(step.events)
        self._cache_key = None
        self._values = {}
        self._move = {}
        self._roll_value = None

    # ----- the kernel ---------------------------------------------------------------------------

    def seat_name(self, seat):
        return gametext.seat_text(self.state, seat)

    def acting_seat(self):
        return gametext.acting_seat(self.state)

    def is_terminal(self):
        return self.state.is_terminal()

    def legal(self):
        n = self.state.legal_actions(self.buf)
        return [self.buf[i] for i in range(n)]

    def bot_action(self, seat):
        """The kernel's own bot's move, or with the kind "search" the solver bot's (the strongest:
        exact odds for every roll and the adventure choice), seeded by the state."""
        n = self.state.legal_actions(self.buf)
        if getattr(self.settings, "kind", "heuristic") == "search":
            if self._solver_bot is None:
                from eldritch.eldersign.solverbot import SolverBot
                self._solver_bot = SolverBot(self.state.seed, backend=self._backend)
            return self._solver_bot.choose(self.state, self.buf, n)
        return gamebot.choose(self.state, self.buf, n)

    def play(self, action, by):
        step = self.log.play(self.state, action, by)
        for code, a, b, c in gametext.event_codes(self.state):
            if code == EV_BEGIN:
                self.last_roll = None
            elif code == EV_ROLL:
                self.last_roll = gametext.roll_text(a)
        self._cache_key = None
        return step

    def _track_roll_text(self, events):
        for e in events:
            if e.startswith("attempt at "):
                self.last_roll = None
            elif e.startswith("roll: "):
                self.last_roll = e[6:]

    # ----- advice ---------------------------------------------------------------------------------

    def hints_on(self) -> bool:
        return self.advisor is not None and self.settings.hints

    def _advice(self):
        """(values, move odds, roll value) for the decision now (cached per state)."""
        key = len(self.state.actions())
        if self._cache_key != key:
            self._cache_key = key
            self._values, self._move, self._roll_value = {}, {}, None
            human = self.acting_seat() not in self.settings.bots
            if self.hints_on() and human and not self.state.is_terminal():
                self._values = self.advisor.decision_values(self.state, self.legal())
                self._move = self.advisor.move_odds(self.state)
                self._roll_value = self.advisor.roll_value(self.state)
        return self._values, self._move, self._roll_value

    def advised(self, legal) -> int:
        """The action Enter takes: the best valued (cheaper among equals); at the move phase the
        card the hint names; otherwise the bot's choice."""
        values, move, _ = self._advice()
        a = best_action(values, legal)
        if a is not None:
            return a
        if move:
            slot = max(move, key=lambda s: (move[s], -s))
            if A_MOVE + slot + 1 in legal:
                return A_MOVE + slot + 1
        return self.bot_action(self.acting_seat())

    def values(self) -> dict:
        return self._advice()[0]

    # ----- the screen -----------------------------------------------------------------------------

    def screen(self, viewer):
        _, move, roll_value = self._advice()
        return render.render(self.state, self.last_roll, self.settings.bots, self.log.turns, move, roll_value)

    def shape(self, seat, legal, hints):
        values, move, _ = self._advice()
        return shapes.decision(self.state, legal, values, self.advised(legal), move)

    def hint(self, seat):
        if self.advisor is None:
            return "no odds here: hints need the solver"
        values = self.values()
        choices = [_Choice(a, gametext.action_text(self.state, a), values.get(a)) for a in self.legal()]
        return self.advisor.hint(self.state, choices)

    def summary(self):
        return self.log.summary()

    # ----- saves and logs ----------------------------------------------------------------------------

    def save_payload(self):
        from eldritch.kernel.eldersign.game import save as gamesave
        return gamesave.serialize(self.state)

    def save_settings(self, settings):
        return playsave.settings_doc(settings)

    def log_text(self, viewer, fmt="text"):
        return self.log.render(fmt)

    def log_lines(self, viewer, since=0):
        return self.log.lines(viewer, since)

    def result_line(self):
        return self.log.summary() if self.log.result else None


def is_move(action) -> bool:
    return action >= G_BASE and action - (action & A_ARG_MASK) == A_MOVE and action > A_MOVE


def snapshot(game):
    return gametable.snapshot(game)


# ----- at a table of the server (host/games.py) -------------------------------------------------------------

PLAYERS = (1, 8)
ANCIENT_ONES = ("Yog-Sothoth", "Yig", "Azathoth", "Ithaqua")
TABLE_OPTIONS = [{"name": "ancient_one", "kind": "choice", "choices": list(ANCIENT_ONES), "default": "Yog-Sothoth",
                  "label": "the Ancient One"}]


def table_game(seed, players, bots, options, kind="heuristic"):
    """A new game with the solver's advice (the active backend) for the table server."""
    from eldritch.backend import get_backend
    from eldritch.kernel.eldersign.game.machine import Game
    data = playsave.game_data(())
    game = Game(data, players=players, seed=seed, ancient_one=options.get("ancient_one", "Yog-Sothoth"))
    return ElderSignGame(game, data, playsave.Settings(bots, kind=kind), get_backend(None))


def table_load(payload, settings_doc):
    from eldritch.backend import get_backend
    from eldritch.kernel.eldersign.game import save as gamesave
    settings, _ = playsave.parse(_host_save(payload, settings_doc))
    data = playsave.game_data(settings.cards, settings.data)
    return ElderSignGame(gamesave.deserialize(payload, data), data, settings, get_backend(None))


def _host_save(payload, settings_doc):
    from eldritch.saves import saveformat
    return saveformat.encode("eldersign", settings_doc, payload)
