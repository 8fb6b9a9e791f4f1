"""The game's state: every buffer, made once by the constructor; the setup; queries; events.

State owns the fields (below) and the plain queries every part of the rules uses; `reset()` puts
every field back to the setup of its seed (it allocates nothing either: a replay in place reaches
the same state as a new game). The rules are the mixins ArkhamGame (rules.py) combines.

Seats play investigators: seat_inv[seat] (NONE while picking), and the per-seat sheet (sanity,
strength and their maxima, Fight, Stealth, money, possessions, position). A position is a space id,
or AT_WORLD with ow_world/ow_stage (2 then 1, the Other World's two areas). Monster tokens: m_at (a
space, AT_POOL, AT_OW, AT_TROPHY, AT_BOUND) and m_owner (the seat for the last three), m_head (the
space it moves into next), m_checked (seats that took their sanity check against it this round),
m_flags (evaded this turn, fought, moved this mythos). Gates: gate_at[space] (a gate card or NONE),
sealed[space], gate_shown[card], gate_keep[card] (the seat that closed it and keeps it as a trophy,
GATE_DAGON once given to the Esoteric Order of Dagon, else NONE: in the deck or open). Decks are stacks (the top is the last card); their order is hidden.
"""

from array import array

from ...errors import KernelError
from ... import prng
from .board import NONE, MAX_PLAYERS, MAX_START_ITEMS, DECK_SPELL, SPECIAL_HOUND, SPECIAL_BLOCKING
from .defs import (PH_SETUP, ST_PICK, MAX_POSS, MAX_LOG, MAX_EV, MAX_ACTIONS, AT_POOL, AT_WORLD,
                   SEAT_PICK, RES_PLAYING, HR_SEED_GATE_LIMITS, EV_PICK)
from ..reach import OCC_MONSTER, OCC_BLOCKING, OCC_HOUND

F_EVADED = 1
F_FOUGHT = 2
F_MOVED = 4


class Deck:
    """A stack of card ids in a bytearray: draw from the top (the end), put back at the bottom or
    shuffled in (Fisher-Yates with the game's PRNG). Allocates nothing after construction."""

    def __init__(self, cap):
        self.cards = bytearray(cap)
        self.n = 0

    def clear(self):
        self.n = 0

    def push(self, c):
        self.cards[self.n] = c
        self.n += 1

    def draw(self):
        if self.n == 0:
            return NONE
        self.n -= 1
        return self.cards[self.n]

    def top(self):
        return self.cards[self.n - 1] if self.n else NONE

    def bottom(self, c):
        """Put c under the deck."""
        cards = self.cards
        for i in range(self.n, 0, -1):
            cards[i] = cards[i - 1]
        cards[0] = c
        self.n += 1

    def insert_random(self, rng, c):
        """Shuffle c back in: at a uniformly random depth."""
        at = prng.die(rng, self.n + 1)
        cards = self.cards
        for i in range(self.n, at, -1):
            cards[i] = cards[i - 1]
        cards[at] = c
        self.n += 1

    def take(self, c):
        """Remove card c (wherever it is); False when it is not in the deck."""
        cards = self.cards
        for i in range(self.n):
            if cards[i] == c:
                for j in range(i, self.n - 1):
                    cards[j] = cards[j + 1]
                self.n -= 1
                return True
        return False

    def shuffle(self, rng):
        cards = self.cards
        for i in range(self.n - 1, 0, -1):
            j = prng.die(rng, i + 1)
            t = cards[i]
            cards[i] = cards[j]
            cards[j] = t


class State:
    """The fields of one game and its setup; the rules are in the mixins ArkhamGame combines."""

    def __init__(self, board, players, seed, house=0, round_limit=-1, doom_length=0):
        if not (board.min_players <= players <= board.max_players):
            raise KernelError("option", "this board is for %d to %d players, not %d" % (
                board.min_players, board.max_players, players))
        self.board = board
        self.players = players
        self.seed = seed & prng.SEED_MAX
        self.house = house
        self.round_limit = board.round_limit if round_limit < 0 else round_limit
        self.doom_length = doom_length or board.doom_length
        limit = board.gate_limit[players]
        if house & HR_SEED_GATE_LIMITS and players == 3:
            limit = board.gate_limit[1]     # the seed's text: "1-3 investigators ... 8 gates"
        self.gate_limit = limit
        b = board
        ns = b.nspaces
        nm = b.nmonsters
        self.rng = array("i", [1, 1])
        self.logb = bytearray(3 * MAX_LOG)      # the action log, 3 bytes an action (codes < 2^17)
        self.ev = array("i", [0] * MAX_EV)
        self.buf = array("i", [0] * MAX_ACTIONS)
        # seats
        self.seat_inv = bytearray(MAX_PLAYERS)
        self.seat_status = bytearray(MAX_PLAYERS)
        self.pos = bytearray(MAX_PLAYERS)
        self.ow_world = bytearray(MAX_PLAYERS)
        self.ow_stage = bytearray(MAX_PLAYERS)
        self.close_at = bytearray(MAX_PLAYERS)
        self.san = bytearray(MAX_PLAYERS)
        self.maxsan = bytearray(MAX_PLAYERS)
        self.sta = bytearray(MAX_PLAYERS)
        self.maxsta = bytearray(MAX_PLAYERS)
        self.fight = bytearray(MAX_PLAYERS)
        self.stealth = bytearray(MAX_PLAYERS)
        self.money = array("H", [0] * MAX_PLAYERS)
        self.poss = bytearray(MAX_PLAYERS * MAX_POSS)
        self.gates_closed = bytearray(MAX_PLAYERS)
        self.used_inv = bytearray(b.ninv)
        self.tied = bytearray(MAX_PLAYERS)
        # monsters
        self.m_at = bytearray(nm)
        self.m_owner = bytearray(nm)
        self.m_head = bytearray(nm)
        self.m_checked = bytearray(nm)
        self.m_flags = bytearray(nm)
        self.fight_kinds = bytearray(b.nkinds)
        # gates, decks
        self.gate_at = bytearray(ns)
        self.sealed = bytearray(ns)
        self.gate_shown = bytearray(b.ngates)
        self.gate_keep = bytearray(b.ngates)
        self.gate_deck = Deck(b.ngates)
        self.item_deck = Deck(b.ncards)
        self.spell_deck = Deck(b.ncards)
        # scratch for paths (allocation-free BFS)
        self.occ = bytearray(ns)
        self.seat_dist = bytearray(MAX_PLAYERS * ns)
        self.queue = bytearray(ns)
        self.version = 0                # bumped by every change: view() and serialize() cache on it
        self._view = b""
        self._view_version = -1
        self._save = b""
        self._save_version = -1
        self.reset()

    # ----- setup -----------------------------------------------------------------------------------

    def reset(self):
        """Back to the setup of the seed: decks shuffled, every seat to pick an investigator."""
        b = self.board
        prng.seed(self.rng, self.seed)
        self.version += 1
        self.nlog = 0
        self.log_a = 0                           # a running Fletcher-16 of the log (saves)
        self.log_b = 0
        self.nev = 0
        for buf in (self.seat_status, self.ow_world, self.ow_stage, self.san, self.maxsan, self.sta,
                    self.maxsta, self.fight, self.stealth, self.money, self.gates_closed, self.used_inv,
                    self.tied, self.m_owner, self.m_checked, self.m_flags, self.fight_kinds, self.sealed,
                    self.gate_shown, self.occ, self.seat_dist, self.queue):
            for i in range(len(buf)):
                buf[i] = 0
        for buf in (self.seat_inv, self.pos, self.close_at, self.poss, self.m_head, self.gate_at, self.gate_keep):
            for i in range(len(buf)):
                buf[i] = NONE
        for m in range(b.nmonsters):
            self.m_at[m] = AT_POOL
        self.gate_deck.clear()
        for g in range(b.ngates):
            self.gate_deck.push(g)
        self.gate_deck.shuffle(self.rng)
        self.item_deck.clear()
        self.spell_deck.clear()
        for c in range(b.ncards):
            if b.i_deck[b.card_kind[c]] == DECK_SPELL:
                self.spell_deck.push(c)
            else:
                self.item_deck.push(c)
        self.item_deck.shuffle(self.rng)
        self.spell_deck.shuffle(self.rng)
        for s in range(self.players):
            self.seat_status[s] = SEAT_PICK
        self.round = 0
        self.doom = 0
        self.phase = PH_SETUP
        self.step = ST_PICK
        self.actor = 0
        self.seat = 0
        self.result = RES_PLAYING
        self.setup_left = b.setup_gates
        # context registers of the step in progress (see the rules modules)
        self.mode = 0
        self.moves_left = 0
        self.entered = 0
        self.snuck = 0
        self.must_fight = 0
        self.sneak_gate = 0
        self.target = NONE
        self.purpose = 0
        self.mask = 0
        self.bonus = 0
        self.check_m = NONE
        self.check_seat = 0
        self.place = 0
        self.prog_pos = 0
        self.prog_end = 0
        self.test_level = 0
        self.shop_card = NONE
        self.dest_optional = 0
        self.discard_spell = 0
        self.orient_m = NONE
        self.coin_n = 0
        self.coin_for = 0
        self.cur_m = NONE
        self.fly_target = NONE
        self.last_roll = 0
        self.met = 0
        self.event_done = 0
        self.test_pass_end = 0
        self.attacked = 0
        self.last_seat = 0
        self.dist_dirty = 1

    # ----- events -------------------------------------------------------------------------------------

    def begin_events(self):
        self.nev = 0

    def event(self, code, a, b, c):
        n = self.nev
        ev = self.ev
        if n + 4 <= MAX_EV:
            ev[n] = code
            ev[n + 1] = a
            ev[n + 2] = b
            ev[n + 3] = c
            self.nev = n + 4

    # ----- queries ------------------------------------------------------------------------------------

    def in_arkham(self, seat):
        """The seat has an investigator on the board (not in an Other World, not picking)."""
        return self.seat_inv[seat] != NONE and self.pos[seat] != AT_WORLD

    def open_gates(self):
        n = 0
        for s in range(self.board.nspaces):
            if self.gate_at[s] != NONE:
                n += 1
        return n

    def has_special(self, seat, special):
        """The possession slot of the first card with this special, or -1."""
        b = self.board
        base = seat * MAX_POSS
        for k in range(MAX_POSS):
            c = self.poss[base + k]
            if c != NONE and b.i_special[b.card_kind[c]] == special:
                return k
        return -1

    def count_poss(self, seat, spells):
        """How many spells (spells=1) or items (spells=0) the seat carries."""
        b = self.board
        n = 0
        base = seat * MAX_POSS
        for k in range(MAX_POSS):
            c = self.poss[base + k]
            if c != NONE and (b.i_deck[b.card_kind[c]] == DECK_SPELL) == (spells == 1):
                n += 1
        return n

    def give(self, seat, c):
        """Put card c in a free possession slot; False (the card is left to the caller) when full."""
        base = seat * MAX_POSS
        for k in range(MAX_POSS):
            if self.poss[base + k] == NONE:
                self.poss[base + k] = c
                return True
        return False

    def return_card(self, c):
        """A card back under its deck."""
        if self.board.i_deck[self.board.card_kind[c]] == DECK_SPELL:
            self.spell_deck.bottom(c)
        else:
            self.item_deck.bottom(c)

    def shuffle_back(self, c):
        """A card shuffled back into its deck (a lost investigator's cards)."""
        if self.board.i_deck[self.board.card_kind[c]] == DECK_SPELL:
            self.spell_deck.insert_random(self.rng, c)
        else:
            self.item_deck.insert_random(self.rng, c)

    def gate_trophies(self, seat):
        n = 0
        for g in range(self.board.ngates):
            if self.gate_keep[g] == seat:
                n += 1
        return n

    def monsters_at(self, s):
        n = 0
        for m in range(self.board.nmonsters):
            if self.m_at[m] == s:
                n += 1
        return n

    def investigators_at(self, s):
        n = 0
        for seat in range(self.players):
            if self.seat_inv[seat] != NONE and self.pos[seat] == s:
                n += 1
        return n

    def fill_occupancy(self):
        """occ[space]: OCC_MONSTER / OCC_BLOCKING / OCC_HOUND bits of the monsters on it."""
        b = self.board
        occ = self.occ
        for s in range(b.nspaces):
            occ[s] = 0
        for m in range(b.nmonsters):
            s = self.m_at[m]
            if s < b.nspaces:
                sp = b.k_special[b.mon_kind[m]]
                if sp & SPECIAL_HOUND:
                    occ[s] |= OCC_HOUND
                else:
                    occ[s] |= OCC_MONSTER
                if sp & SPECIAL_BLOCKING:
                    occ[s] |= OCC_BLOCKING

    def trophies(self, seat):
        n = 0
        for m in range(self.board.nmonsters):
            if self.m_at[m] == 252 and self.m_owner[m] == seat:
                n += 1
        return n

    def put_investigator(self, seat, inv):
        """Seat takes investigator inv: its sheet, starting items (taken from the decks), start."""
        b = self.board
        self.seat_inv[seat] = inv
        self.used_inv[inv] = 1
        self.seat_status[seat] = 0
        self.san[seat] = b.inv_sanity[inv]
        self.maxsan[seat] = b.inv_sanity[inv]
        self.sta[seat] = b.inv_strength[inv]
        self.maxsta[seat] = b.inv_strength[inv]
        self.fight[seat] = b.inv_fight[inv]
        self.stealth[seat] = b.inv_stealth[inv]
        self.money[seat] = b.inv_money[inv]
        self.pos[seat] = b.inv_start[inv]
        self.ow_stage[seat] = 0
        self.close_at[seat] = NONE
        self.gates_closed[seat] = 0
        base = seat * MAX_POSS
        for k in range(MAX_POSS):
            self.poss[base + k] = NONE
        for k in range(MAX_START_ITEMS):
            kind = b.inv_items[inv * MAX_START_ITEMS + k]
            if kind == NONE:
                continue
            for c in range(b.ncards):
                if b.card_kind[c] == kind and (self.item_deck.take(c) or self.spell_deck.take(c)):
                    self.give(seat, c)
                    break
        self.event(EV_PICK, seat, inv, self.pos[seat])
