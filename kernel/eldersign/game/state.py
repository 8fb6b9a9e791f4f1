"""The game's state: every buffer, made once by the constructor, and the setup from the seed.

GameState owns the fields (investigators, seats, board slots, locks, spell dice, decks, the
adventures of the slots and of the final battle, PRNG, action log, events); `reset()` is the
rulebook's setup (shuffles, six adventures, investigators, the first mythos card) and the only part
that allocates. Also the plain queries every other part uses. Deck is a circular buffer of card
ids; `shuffled` is Fisher-Yates with the kernel PRNG (setup only).
"""

from array import array

from ...errors import KernelError
from ... import prng
from ..adventure import Adventure, Workspace
from .defs import (P_MOVE, MAX_PLAYERS, MAX_SLOTS, MAIN_SLOTS, MAX_HAND, MAX_MON, MAX_SPELL_DICE,
                   MAX_LOCKS, MAX_GAME_ACTIONS, MAX_LOG, MAX_EV, MAX_TASKS_GAME, NONE)
from .tasks import for_data
from ..dice import GREEN, YELLOW
from ..notation import parse_card
from ..situation import Situation


class Deck:
    """A deck as a circular buffer of card ids: draw from the top, put back at the bottom."""

    def __init__(self, cap):
        self.buf = array("H", [0] * (cap + 1))
        self.cap = cap + 1
        self.head = 0
        self.n = 0

    def clear(self):
        self.head = 0
        self.n = 0

    def draw(self):
        if self.n == 0:
            return -1
        c = self.buf[self.head]
        self.head = (self.head + 1) % self.cap
        self.n -= 1
        return c

    def bottom(self, c):
        if self.n < self.cap:
            self.buf[(self.head + self.n) % self.cap] = c
            self.n += 1

    def state(self, out):
        out.append(self.n & 255)
        out.append(self.n >> 8)
        for i in range(self.n):
            c = self.buf[(self.head + i) % self.cap]
            out.append(c & 255)
            out.append(c >> 8)


def shuffled(rng, ids):
    """Fisher-Yates with the kernel PRNG (setup only)."""
    ids = list(ids)
    for i in range(len(ids) - 1, 0, -1):
        j = prng.die(rng, i + 1)
        ids[i], ids[j] = ids[j], ids[i]
    return ids


class GameState:
    """The fields of one game and its setup; the rules are in the mixins Game combines."""

    def __init__(self, data, players=1, seed=0, ancient_one=0, companion=False):
        if not (1 <= players <= MAX_PLAYERS):
            raise KernelError("option", "players must be 1 to 8, not %d" % players)
        if isinstance(ancient_one, str):
            ancient_one = data.ancient_one(ancient_one)
        if not (0 <= ancient_one < len(data.ancient_ones)):
            raise KernelError("option", "no Ancient One %d" % ancient_one)
        if len(data.investigators) < players:
            raise KernelError("option", "%d players need %d investigators" % (players, players))
        self.data = data
        self.players = players
        self.seed = seed & prng.SEED_MAX
        self.ao_index = ancient_one
        self.ao = data.ancient_ones[ancient_one]
        self.companion = companion
        ninv = len(data.investigators)
        self.ninv = ninv
        # investigators (indexed by investigator id)
        self.san = bytearray(ninv)
        self.sta = bytearray(ninv)
        self.maxsan = bytearray(ninv)
        self.maxsta = bytearray(ninv)
        self.clues = bytearray(ninv)
        self.loc = bytearray(ninv)
        self.seat_of = bytearray(ninv)
        self.used = bytearray(ninv)          # 1 once chosen (in play or devoured)
        self.assisted = bytearray(ninv)      # assisted this round
        self.hand = bytearray(ninv * MAX_HAND)
        self.hand_flag = bytearray(ninv * MAX_HAND)   # 1 = used today (allies)
        self.troph = bytearray(ninv * 10)    # trophy cards by value 0..9
        # seats
        self.seat_inv = bytearray(MAX_PLAYERS)
        self.seat_state = bytearray(MAX_PLAYERS)      # 0 playing, 1 must pick, 2 out
        # board slots
        self.slot_card = array("H", [0] * MAX_SLOTS)
        self.slot_on = bytearray(MAX_SLOTS)           # 1 when a card is there
        self.slot_mon = bytearray(MAX_SLOTS * MAX_MON)        # monster ids
        self.slot_mon_at = bytearray(MAX_SLOTS * MAX_MON)     # outline index, or 100 + extra number
        self.slot_task_mon = bytearray(MAX_SLOTS * MAX_TASKS_GAME)   # monster slot index per task
        self.slot_adv = [None] * MAX_SLOTS
        # dice: locks in arrival order (colour, kind, source id)
        self.lock_col = bytearray(MAX_LOCKS)
        self.lock_kind = bytearray(MAX_LOCKS)
        self.lock_src = array("H", [0] * MAX_LOCKS)
        # spell-held dice: die code and spell card id
        self.sd_die = bytearray(MAX_SPELL_DICE)
        self.sd_card = bytearray(MAX_SPELL_DICE)
        # the adventure attempt
        self.att_focus = bytearray(24)
        self.att_spell = bytearray(24)
        self.att_helpers = bytearray(MAX_PLAYERS)
        self.att_done = 0
        # decks
        self.adv_deck = Deck(len(data.adventures))
        self.ow_deck = Deck(len(data.adventures))
        self.item_decks = (Deck(len(data.cards)), Deck(len(data.cards)), Deck(len(data.cards)),
                           Deck(len(data.cards)))
        self.mythos_deck = Deck(len(data.mythos))
        self.cup = Deck(len(data.monsters))
        self.inv_pool = Deck(ninv)
        self.rng = array("i", [1, 1])
        self.tbuf = bytearray(10)
        self.play_buffers(data)
        self.rebuilds = 0
        self.reset()

    def play_buffers(self, data):
        """What playing the adventures needs: every task the cards can show, one Adventure per slot
        sharing one ways workspace, the final battle's Adventure, the action log, the events and
        the legal-actions buffer. (A companion game, companion.py, makes lean stand-ins.)"""
        self.tasks = for_data(data)
        self.sit = Situation()          # refilled (allocation-free) before each attempt
        self.work = Workspace()
        self.slot_pool = [Adventure(None, work=self.work) for _ in range(MAX_SLOTS)]
        self.tids = array("H", [0] * MAX_TASKS_GAME)
        self.combat_adv = Adventure(parse_card(self.ao.combat), work=self.work)
        self.log = array("i", [0] * MAX_LOG)
        self.ev = array("i", [0] * MAX_EV)
        self.buf = array("i", [0] * MAX_GAME_ACTIONS)

    def reset_play(self):
        combat = self.combat_adv
        combat.set_situation(self.sit.set(6, 0, 0, 0, 0, 0, 0, 0, 0))
        combat.set_seed(0)
        combat.reset()

    # ----- setup ------------------------------------------------------------------------------

    def reset(self):
        """Setup from the seed (rulebook setup steps 1-9); allocates (it is the setup)."""
        d = self.data
        prng.seed(self.rng, self.seed)
        self.nlog = 0
        self.nev = 0
        self.rebuilds = 0
        # every field back to what the constructor made, so a replay in place reaches the same
        # state (and the same save digest) as a new game
        for b in (self.san, self.sta, self.maxsan, self.maxsta, self.clues, self.used, self.assisted,
                  self.hand_flag, self.troph, self.seat_state, self.slot_card, self.slot_on,
                  self.slot_mon_at, self.lock_col, self.lock_kind, self.lock_src, self.sd_die,
                  self.sd_card, self.att_focus, self.att_spell, self.att_helpers):
            for i in range(len(b)):
                b[i] = 0
        for b in (self.loc, self.seat_of, self.hand, self.seat_inv, self.slot_mon, self.slot_task_mon):
            for i in range(len(b)):
                b[i] = NONE
        self.reset_play()
        self.nlocks = 0
        self.nsd = 0
        self.clock = 0            # hours 0 (XII), 3, 6, 9
        self.doom = 0
        self.elder = 0
        self.turn = 0
        self.seat = 0
        self.phase = P_MOVE
        self.result = -1          # -1 playing, 1 won, 0 lost
        self.battle = False
        self.mythos = -1
        self.midnight_due = False
        self.awaken_due = False
        self.slot_adv = [None] * MAX_SLOTS
        self.green_gone = 0        # dice removed from the game at the awakening
        self.yellow_gone = False
        self.red_gone = False
        self.turn_yellow = 0       # 0 unused, 1 in the pool, 2 given back this turn
        self.turn_red = 0
        self.focus_used = False
        self.ended_by = -1
        self.best_code = 0
        self.att_nhelp = 0
        self.att_done = 0
        self.att_slot = -1
        self.pick_seat = 0
        self.setup_events = 0
        for deck in (self.adv_deck, self.ow_deck, self.mythos_deck, self.cup, self.inv_pool) + self.item_decks:
            deck.clear()
        main = [i for i in range(len(d.adventures)) if not d.adventures[i].other_world]
        ow = [i for i in range(len(d.adventures)) if d.adventures[i].other_world]
        for c in shuffled(self.rng, main):
            self.adv_deck.bottom(c)
        for c in shuffled(self.rng, ow):
            self.ow_deck.bottom(c)
        for k in range(4):
            for c in shuffled(self.rng, d.decks[k]):
                self.item_decks[k].bottom(c)
        for c in shuffled(self.rng, range(len(d.mythos))):
            self.mythos_deck.bottom(c)
        for c in shuffled(self.rng, range(len(d.monsters))):
            self.cup.bottom(c)
        for c in shuffled(self.rng, range(self.ninv)):
            self.inv_pool.bottom(c)
        self.begin_events()
        for s in range(MAIN_SLOTS):
            self.reveal(s)
        for seat in range(self.players):
            self.enter_investigator(seat, self.inv_pool.draw())
        if not self.companion:
            self.next_mythos()
            self.resolve_pending()
        self.start_turn()
        self.setup_events = self.nev

    # ----- events -----------------------------------------------------------------------------

    def begin_events(self):
        self.nev = 0

    def event(self, code, a=0, b=0, c=0):
        n = self.nev
        ev = self.ev
        if n + 4 <= len(ev):
            ev[n] = code
            ev[n + 1] = a
            ev[n + 2] = b
            ev[n + 3] = c
            self.nev = n + 4

    # ----- queries ----------------------------------------------------------------------------

    def active(self):
        """The active investigator, or NONE."""
        return self.seat_inv[self.seat]

    def is_terminal(self):
        return self.result >= 0

    def returns(self):
        """Everyone wins or loses together: 1 for each seat on a win, else 0."""
        return 1 if self.result == 1 else 0

    def current_player(self):
        return self.seat

    def free_dice(self, colour):
        """Dice of colour not locked, not on a spell, not out of the game."""
        if colour == GREEN:
            n = 6 - self.green_gone
        else:
            n = 0 if (self.yellow_gone if colour == YELLOW else self.red_gone) else 1
        locked = 0
        for i in range(self.nlocks):
            if self.lock_col[i] == colour:
                locked += 1
        if colour != GREEN and locked:
            locked = 1
        for i in range(self.nsd):
            if self.sd_die[i] >> 3 == colour:
                n -= 1
        n -= locked
        return n if n > 0 else 0

    def trophy_total(self, inv):
        t = 0
        base = inv * 10
        for v in range(10):
            t += v * self.troph[base + v]
        return t

    def hand_count(self, inv):
        n = 0
        base = inv * MAX_HAND
        for i in range(MAX_HAND):
            if self.hand[base + i] != NONE:
                n += 1
        return n

    def investigators_on(self, slot):
        n = 0
        for s in range(self.players):
            inv = self.seat_inv[s]
            if inv != NONE and self.loc[inv] == slot + 1:
                n += 1
        return n

    def any_investigator(self):
        for s in range(self.players):
            if self.seat_inv[s] != NONE:
                return self.seat_inv[s]
        return NONE
