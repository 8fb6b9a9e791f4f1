"""Stay Away! on the surface every kernel game shares (kernel/surface.py): Rules makes and loads
States; a State is the whole game, its transitions allocation-free after setup.

    rules = Rules({"vengeful": True})          # options below; None for the rulebook's game
    state = rules.new_game(seed=7, players=6)
    n = state.legal_actions(buf)               # buf: array("i", [0] * rules.max_actions)
    state.apply(buf[0]); state.view(2); state.is_terminal(); state.returns()

Options (a dict; every key optional):
    deck              a deck file replacing data/deck.tsv (free deck building; schema in data/README.md)
    quick_start       the rulebook's quick start: The Thing dealt with 2 Infected!
    thing_in_pile     advanced 1: The Thing shuffled into the pile; who draws it becomes The Thing
    infected          advanced 2: how many Infected! cards are used (default: as numbered)
    flame_in_pile     advanced 3: Flamethrower and Analysis go into the pile, not the deal
    neighbour_only    advanced 4: Seduction, You'd better run!, Can't we be friends? and Get out of
                      here! only on a neighbour (unless Quarantine or doors bar both)
    vengeful          advanced 6: The Thing burnt while Humans and Infected remain, play goes on
    house_quarantine  the other edition's Quarantine (a house rule): three of the target's turns, and
                      no exchanges at all with a player in Quarantine
    ninth_suspicious  the 109th card: a ninth Suspicious (46 Action cards), used from this many players
                      (4 to 12; 0, the default, leaves it out). The Hungarian rulebook counts 109
                      cards and one edition's data lists 46 Action cards, but no source here says which
                      card the deck list lacks or its number (data/README.md)
(Advanced rule 5, free deck building, is the deck option.) There are no chance nodes: shuffles and
Suspicious's random card are drawn from the state's PRNG inside apply, as kernel/surface.py allows.
"""

from array import array

from ... import prng
from ...errors import KernelError
from ...surface import TERMINAL, in_legal_actions
from .defs import (MIN_PLAYERS, MAX_PLAYERS, MAX_ACTIONS, R_PLAYING, PHASE_NAMES, HAND_MAX, DECK_MAX, MAX_EVENTS,
                   EVENT_BYTES, MAX_LOG, NTYPES)
from .deck import Deck
from . import core, setup, turn, legal

FLAGS = ("quick_start", "thing_in_pile", "flame_in_pile", "neighbour_only", "vengeful", "house_quarantine")


class Options:
    """The game's settings, checked: KernelError("option", ...) names a bad key or value."""

    def __init__(self, options=None):
        self.deck = None
        self.infected = -1
        self.ninth_suspicious = 0
        for name in FLAGS:
            setattr(self, name, False)
        if options is None:
            return
        if not isinstance(options, dict):
            raise KernelError("option", "options must be a dict, not %r" % (options,))
        for key in options:
            value = options[key]
            if key in FLAGS:
                if value not in (True, False, 0, 1):
                    raise KernelError("option", "%s must be true or false, not %r" % (key, value))
                setattr(self, key, bool(value))
            elif key == "infected":
                if not isinstance(value, int) or isinstance(value, bool) or not 0 <= value <= 40:
                    raise KernelError("option", "infected must be a number of cards 0 to 40, not %r" % (value,))
                self.infected = value
            elif key == "ninth_suspicious":
                if value is None or value is False or value == 0:
                    value = 0
                elif not isinstance(value, int) or isinstance(value, bool) or not MIN_PLAYERS <= value <= MAX_PLAYERS:
                    raise KernelError("option", "ninth_suspicious must be the player count printed on the card, "
                                      "%d to %d (0: no ninth Suspicious), not %r" % (MIN_PLAYERS, MAX_PLAYERS, value))
                self.ninth_suspicious = value
            elif key == "deck":
                if value is not None and not isinstance(value, str):
                    raise KernelError("option", "deck must be a file path")
                self.deck = value
            else:
                raise KernelError("option", "unknown option %r (options: deck, infected, ninth_suspicious, %s)"
                                  % (key, ", ".join(FLAGS)))
        if self.quick_start and self.thing_in_pile:
            raise KernelError("option", "quick_start deals The Thing: it cannot go with thing_in_pile")

    def flags(self):
        """The flags as one byte (saves record them)."""
        b = 0
        for i in range(len(FLAGS)):
            if getattr(self, FLAGS[i]):
                b |= 1 << i
        return b


class Rules:
    """Stay Away! with one set of options (the deck file is read here, once)."""

    name = "stayaway"
    min_players = MIN_PLAYERS
    max_players = MAX_PLAYERS
    max_actions = MAX_ACTIONS

    def __init__(self, options=None):
        self.options = Options(options)
        self.deck = Deck(self.options.deck)

    def check_players(self, players):
        if not isinstance(players, int) or not MIN_PLAYERS <= players <= MAX_PLAYERS:
            raise KernelError("option", "players must be %d to %d, not %r" % (MIN_PLAYERS, MAX_PLAYERS, players))

    def new_game(self, seed, players):
        self.check_players(players)
        if not isinstance(seed, int):
            raise KernelError("option", "the seed must be a whole number, not %r" % (seed,))
        return State(self, seed, players)

    def deserialize(self, blob):
        from .save import load
        return load(self, blob)


class State:
    """One game of Stay Away!: its data, in buffers allocated here once, and the surface. Every rule
    is a function over the state in the module of its part of the rules (core, setup, turn, exchange,
    cards, panic, legal); each surface method hands over to one of them."""

    def __init__(self, rules, seed, players, deal=True):
        self.rules = rules
        self.options = rules.options
        self.players = players
        self.prng = array("i", [1, 1])
        self.seat_player = bytearray(MAX_PLAYERS)
        self.seat_of = bytearray(MAX_PLAYERS)
        self.alive = bytearray(MAX_PLAYERS)
        self.role = bytearray(MAX_PLAYERS)
        self.quar = bytearray(MAX_PLAYERS)          # Quarantine: the target's turns left, 0 none
        self.door = bytearray(MAX_PLAYERS)          # 1 when a Locked door lies on gap g
        self.hand = bytearray(MAX_PLAYERS * HAND_MAX)
        self.hand_n = bytearray(MAX_PLAYERS)
        self.pile = bytearray(DECK_MAX)             # the top is pile[pile_n - 1]
        self.disc = bytearray(DECK_MAX)
        self.disc_pub = bytearray(DECK_MAX)         # 1 when everyone saw the card go there
        self.res = bytearray(3)                     # the Resolute draw
        self.passes = bytearray(MAX_PLAYERS)        # Round and round: each player's card
        self.returns_ = bytearray(MAX_PLAYERS)
        self.ever_eliminated_human = 0
        self.ev = bytearray(MAX_EVENTS * EVENT_BYTES)     # a ring: the newest MAX_EVENTS events
        # from bytes (no list of zeros on the way): the initializer is raw memory, so an item of
        # k bytes takes k bytes of it
        self.dropped = array("i", bytes(4 * MAX_PLAYERS))  # each player's events gone from the ring
        self.log = array("H", bytes(2 * MAX_LOG))       # grows past MAX_LOG (core.log_action)
        self.buf = array("i", bytes(4 * MAX_ACTIONS))
        self.tally_buf = bytearray(NTYPES)          # copies of each card in one hand (core.tally)
        self.record = True                          # False in a search's imagined games: no log
        core.clear(self)
        self.counts = setup.deck_counts(rules.deck, players, rules.options)
        setup.check_counts(self.counts, players, rules.options, rules.deck.path)
        self.seed = seed & prng.SEED_MAX
        self.vbuf = None
        self.vcache = [None] * players       # (version, view bytes) per player
        self.vlogs = [None] * players        # each player's log as their view holds it (views.LogCache)
        self.version = 0                     # bumped by every change: a view is cached per version
        if deal:
            self.reset()

    def reset(self):
        """Back to the setup of the game's seed (the deal, then the first player's draw)."""
        core.clear(self)
        self.version += 1
        self.forget_views()
        prng.seed(self.prng, self.seed)
        setup.deal(self)
        turn.start_turn(self, 0)

    def forget_views(self):
        """The log caches of state.view go (the state's log went back, or was replaced)."""
        for q in range(len(self.vlogs)):
            self.vlogs[q] = None

    # ----- the surface ---------------------------------------------------------------------------

    def current_player(self):
        return TERMINAL if self.result != R_PLAYING else self.actor

    def apply(self, action):
        """Apply one action; KernelError("action", ...) when it is not legal now."""
        if self.result != R_PLAYING:
            raise KernelError("action", "the game is over")
        if not self.is_legal(action):
            raise KernelError("action", "%r is not a legal action now (%s phase, player %d to act)"
                              % (action, PHASE_NAMES[self.phase], self.actor + 1))
        core.log_action(self, action)
        self.version += 1
        legal.step(self, action)

    def apply_listed(self, action):
        """apply() for an action just taken from legal_actions (a search's rollouts): no second check."""
        core.log_action(self, action)
        self.version += 1
        legal.step(self, action)

    # the rule function itself as the method: the hot path (is_legal, every bot's step) makes no
    # second call
    legal_actions = legal.legal_actions

    def is_legal(self, action):
        # the checks of kernel/checks.py written out: on the handheld every module imported costs
        # heap this mode does not have (its Pico test runs at the edge)
        return isinstance(action, int) and not isinstance(action, bool) and 0 <= action <= 0x3FFFFFFF \
            and in_legal_actions(self, self.buf, action)

    def chance_outcomes(self):
        return []

    def is_terminal(self):
        return self.result != R_PLAYING

    def returns(self):
        return [self.returns_[p] for p in range(self.players)]

    def view_into(self, player, buf):
        """Player's view written into buf (views.VIEW_MAX bytes); its length. Allocates nothing."""
        from .views import write_view
        return write_view(self, player, buf)

    def view(self, player):
        """The player's view as bytes (allocates; the same bytes as write_view, its log kept up to
        date event by event between calls: viewcache.py)."""
        from .views import write_head, V_EVENTS, V_NEVENTS
        from .viewcache import cached_log, LogCache
        if not isinstance(player, int) or isinstance(player, bool) or not 0 <= player < self.players:
            raise KernelError("player", "no player %r in a %d-player game" % (player, self.players))
        got = self.vcache[player]
        if got is not None and got[0] == self.version:
            return got[1]
        if self.vbuf is None:
            self.vbuf = bytearray(V_EVENTS)
        cache = self.vlogs[player]
        if cache is None:
            cache = self.vlogs[player] = LogCache()
        log = cached_log(self, player, cache)
        write_head(self, player, self.vbuf)
        count = len(log) // 4
        self.vbuf[V_NEVENTS] = count >> 8
        self.vbuf[V_NEVENTS + 1] = count & 255
        v = bytes(self.vbuf) + bytes(log)
        self.vcache[player] = (self.version, v)
        return v

    def action_text(self, action):
        from .text import action_text
        if isinstance(action, int) and not isinstance(action, bool) and 0 <= action <= 0x3FFFFFFF:
            try:
                return action_text(self, action)
            except (IndexError, KeyError):
                pass                    # a code whose parts name no card or player
        raise KernelError("action", "%r is not an action of this game" % (action,))

    def serialize(self):
        from .save import dump
        return bytes(dump(self))

    def actions(self):
        return [self.log[i] for i in range(self.nlog)]

    def replay(self, actions):
        self.reset()
        for a in actions:
            self.apply(a)

    def referee_log(self, request=False):
        """The full log, every card shown: only at the end, or on the referee's explicit request."""
        if self.result == R_PLAYING and not request:
            raise KernelError("log", "the referee log is shown only at the end (or on an explicit request)")
        from .text import referee_log
        return referee_log(self)

    def player_log(self, player):
        """Player's own log: their view's events in words."""
        from .text import player_log
        return player_log(self.rules, self.view(player))

    def clone(self, with_log=True):
        """A copy (allocates). Without the log: for a search's imagined games, which record nothing."""
        other = State(self.rules, self.seed, self.players, deal=False)
        other.copy_from(self, with_log)
        return other

    def copy_from(self, src, with_log=True):
        for name in BUFFERS:
            getattr(self, name)[:] = getattr(src, name)
        if with_log:
            self.ev[:] = src.ev
            self.dropped[:] = src.dropped
            if len(self.log) != len(src.log):
                self.log = array("H", src.log)
            else:
                self.log[:] = src.log
        for name in SCALARS:
            setattr(self, name, getattr(src, name))
        self.version += 1
        self.forget_views()
        if not with_log:
            self.nev = 0
            self.nlog = 0
            for p in range(MAX_PLAYERS):
                self.dropped[p] = 0
            self.record = False


BUFFERS = ("prng", "seat_player", "seat_of", "alive", "role", "quar", "door", "hand", "hand_n", "pile", "disc",
           "disc_pub", "res", "passes", "returns_")
SCALARS = ("pile_n", "disc_n", "res_n", "direction", "thing", "phase", "active", "actor", "turn", "ctx_kind",
           "ctx_a", "ctx_b", "ctx_card", "ctx_n", "ctx_flag", "offer_card", "partner", "last_infected",
           "ever_eliminated_human", "thing_known", "flame_old", "result", "nev", "nlog", "record")
