"""Mansions of Madness in the shared front end: the adapter (frontend/adapter.py) over a kernel State.

    game = MansionsGame(rules, state, settings)
    session = frontend.session.Session(game, settings, persist)

Seat 0 is the keeper, 1 .. 4 the investigators. A seat's screen is drawn from its own view
(render.py); the keeper's secrets (his objective until clue 1, guide answers, mythos hand, the next
event) reach only the keeper's screen and log. The log: the public one reads as the investigators
see the game (the guide's answers hidden, the keeper's draws unnamed), the keeper's names his cards,
the referee's has everything; the public header has no seed. Decisions with many options (moves,
attacks, keeper cards with their targets, guide answers) are grouped; the advised option is the
heuristic bot's from that seat's view (a fresh bot seeded by the state, so every face agrees).
"""

from __future__ import annotations

from array import array

from eldritch.frontend.adapter import GameAdapter
from eldritch.frontend.gamelog import MultiLog, Record, PUBLIC, REFEREE
from eldritch.frontend.settings import Settings
from eldritch.kernel.errors import KernelError
from eldritch.kernel.mansions.game import text, playlog
from eldritch.kernel.mansions.game.bots import make_bot, bot_choice, BOTS
from eldritch.kernel.mansions.game.consts import MAX_ACTIONS, KEEPER
from eldritch.kernel.mansions.game.rules import Rules
from eldritch.kernel.mansions.game.state import G_ROUND
from eldritch.mansions.context import test_words
from eldritch.mansions.render import render
from eldritch.mansions import shapes

GAME = "mansions"
def seat_name(story, state, seat) -> str:
    if seat is None:
        return "the d10"
    if seat == KEEPER:
        return "the keeper"
    inv = state.s_inv[seat] if state is not None else 255
    if inv == 255:
        return "investigator %d" % seat
    return "investigator %d (%s)" % (seat, story.inv_name[inv])


class MansionsGame(GameAdapter):
    """Mansions of Madness for the front end (see the module docstring)."""

    name = GAME
    title = "Mansions of Madness"
    hides_information = True
    secrets = "the keeper's objective, mythos hand and guide answers"
    command = "eldritch mansions play"

    def __init__(self, rules, state, settings, log=None):
        self.rules = rules
        self.story = rules.story
        self.state = state
        self.settings = settings
        self.players = state.players
        self.bots = {s: make_bot(settings.kind, self.story, s, state.seed) for s in settings.bots}
        self.buf = array("i", [0] * MAX_ACTIONS)
        self.log = log if log is not None else self._fresh_log()

    def _header(self, referee):
        kinds = [self.settings.kind if s in self.settings.bots else "human" for s in range(self.players)]
        lines = playlog.header(self.rules, self.state.seed, self.players, kinds)
        lines[0] = "# eldritch mansions log v2"
        if not referee:
            lines = [l for l in lines if not l.startswith("seed ")]
        return lines

    def _fresh_log(self):
        if self.state.nlog:
            return replayed_log(self.rules, self.state, self.settings)
        return MultiLog(self._header(False), None, self._header(True))

    # ----- the kernel ---------------------------------------------------------------------------

    def seat_name(self, seat):
        return seat_name(self.story, self.state, seat)

    def acting_seat(self):
        p = self.state.current_player()
        return p if p >= 0 else None

    def is_terminal(self):
        return self.state.is_terminal()

    def legal(self):
        n = self.state.legal_actions(self.buf)
        return [self.buf[i] for i in range(n)]

    def bot_action(self, seat):
        n = self.state.legal_actions(self.buf)
        if seat is None:                 # chance: the d10, rolled by the state's own PRNG
            return self.buf[0]
        bot = self.bots.get(seat)
        if bot is None:
            return self.buf[0]
        return bot_choice(bot, self.state, seat, self.buf, n)

    def play(self, action, by):
        rec = step_record(self.story, self.state, action, by)
        self.log.add(rec)
        if self.state.is_terminal():
            self.log.result = playlog.result_line(self.state)[len("result "):]
        return rec

    def log_text(self, viewer, fmt="text"):
        if fmt == "transcript":
            return "\n".join(transcript(self.rules, self.state, self.settings)) + "\n"
        return GameAdapter.log_text(self, viewer, fmt)

    def turn_key(self):
        return self.state.g[G_ROUND]

    def table_bot(self, seat):
        """Chance's d10, or a fresh bot of the table's kind seeded by the state (the same move
        after a restart)."""
        n = self.state.legal_actions(self.buf)
        if seat is None or n == 1:
            return self.buf[0]
        bot = make_bot(self.settings.kind, self.story, seat, (self.state.seed * 11 + 5 + self.state.nlog) & 0x3FFFFFFF)
        return bot_choice(bot, self.state, seat, self.buf, n)

    # ----- the screen and the decision ------------------------------------------------------------

    def screen(self, viewer):
        if viewer == PUBLIC or viewer is None or viewer == REFEREE:
            public_seat = 1 if self.players > 1 else 0
            return render(self.story, self.state.view(public_seat), public=True)
        return render(self.story, self.state.view(viewer), state=self.state)

    def advised(self, seat, legal):
        if len(legal) == 1:
            return legal[0]
        bot = make_bot("heuristic", self.story, seat, (self.state.seed * 7 + self.state.nlog) & 0x3FFFFFFF)
        buf = array("i", legal)
        return bot.choose(self.state.view(seat), buf, len(legal))

    def shape(self, seat, legal, hints):
        return shapes.decision(self.state, self.seat_name(seat), legal,
                               self.advised(seat, legal) if hints else None)

    def hint(self, seat):
        a = self.advised(seat, self.legal())
        return "The heuristic bot, in your place and with only what you know, would: %s." % self.state.action_text(a)

    # ----- saves --------------------------------------------------------------------------------

    def save_settings(self, settings):
        doc = settings.as_json()
        doc["options"] = dict(self.rules.options)          # the story and the rule choices
        return doc


def head_words(st, action, viewer) -> str:
    """An action in the words a reader reads it (the viewer KEEPER for the referee: every word); the
    d10 of a test says first what the test is and its chance (context.py: public, as its roll is)."""
    words = st.action_text(action) if viewer is None else text.action_text_for(st, action, viewer)
    about = test_words(st) if st.current_player() < 0 else ""
    return "%s (%s)" % (words, about) if about else words


def step_record(story, st, action, by) -> Record:
    """Apply action to st; the step as each reader sees it."""
    actor = st.current_player()
    who = "the d10" if actor < 0 else seat_name(story, st, actor)
    words = {q: head_words(st, action, q) for q in range(st.players)}
    referee_words = head_words(st, action, None)
    st.apply(action)
    seats = {}
    for q in range(st.players):
        seats[q] = ["> %s: %s" % (who, words[q])] + ["  " + e for e in text.events(st, q)]
    public_seat = 1 if st.players > 1 else 0
    public = ["> %s: %s" % (who, words[public_seat])]
    public += ["  " + e for e in text.events(st, public_seat)]
    referee = ["> %s: %s" % (who, referee_words)] + ["  " + e for e in text.events(st, KEEPER)]
    return Record(seat=actor if actor >= 0 else None, who=who, by=by, action=action, public=public,
                  seats=seats, referee=referee)


def transcript(rules, state, settings) -> list:
    """The kernel's golden-file log of the game (kernel/mansions/game/playlog.py: "> ACTION SEAT TEXT"
    and every event as the keeper sees them), rebuilt by replaying its actions from the seed."""
    kinds = [settings.kind if s in settings.bots else "human" for s in range(state.players)]
    st = rules.new_game(state.seed, state.players)
    out = playlog.header(rules, state.seed, state.players, kinds)
    for a in state.actions():
        playlog.step_lines(st, a, out)
    out.append(playlog.result_line(st))
    return out


def replayed_log(rules, state, settings) -> MultiLog:
    fresh = rules.new_game(state.seed, state.players)
    adapter = MansionsGame(rules, fresh, settings)
    for a in state.actions():
        seat = fresh.current_player()
        adapter.play(a, "bot" if seat < 0 or seat in settings.bots else "player")
    return adapter.log


def load(payload: bytes, settings_doc: dict, story="demo", choices=None):
    """(rules, state, settings) of a save's kernel payload and settings: the save's story and rule
    choices when it holds them, else (a save written before the front end) the command line's."""
    settings = Settings.from_json(settings_doc, 5)
    if settings.kind not in BOTS:
        raise KernelError("save", "bot kind must be one of %s" % ", ".join(BOTS))
    if settings.options:
        rules = Rules(settings.options)
    else:
        options = dict(choices or {})
        options["story"] = story
        rules = Rules(options)
    state = rules.deserialize(payload)
    settings = Settings.from_json(settings_doc, state.players)
    return rules, state, settings


# ----- at a table of the server (host/games.py) -------------------------------------------------------------

PLAYERS = (2, 5)
TABLE_OPTIONS = []          # the demonstration story and the rulebook's choices


def table_game(seed, players, bots, options, kind="heuristic"):
    """A new game for the table server: the adapter (seat 0 the keeper)."""
    rules = Rules({"story": "demo"})
    return MansionsGame(rules, rules.new_game(seed, players), Settings(bots, kind))


def table_load(payload, settings_doc):
    rules, state, settings = load(payload, settings_doc)
    return MansionsGame(rules, state, settings)
