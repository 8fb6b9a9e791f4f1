"""The game's state: every buffer, made once by the constructor; the setup; queries; events.

State owns the fields (below) and the plain queries every part of the rules uses; `reset()` puts
every field back to the setup of its seed (it allocates nothing either: a replay in place reaches
the same state as a new game). The rules are the mixins ArkhamGame (rules.py) combines.

Seats play investigators: seat_inv[seat] (NONE while picking), and the per-seat sheet (sanity,
strength and their maxima, Fight, Stealth, money, possessions, position). A position is a space id,
or AT_WORLD with ow_world/ow_stage (2 then 1, the Other World's two areas). Monster tokens: m_at (a
space, AT_POOL, AT_OW, AT_TROPHY, AT_BOUND) and m_owner (the seat for the last three), m_head (the
space it moves into next), m_checked (seats that took their sanity check against it this round),
m_flags (evaded this turn, fought, moved this mythos), m_spurned (seats whose investigator it drove
mad or knocked out: it has lost interest in them while it stays on the board). Gates: gate_at[space] (a gate card or NONE),
sealed[space], gate_shown[card], gate_keep[card] (the seat that closed it and keeps it as a trophy,
GATE_DAGON once given to the Esoteric Order of Dagon, else NONE: in the deck or open). Decks are
stacks (the top is the last card); their order is hidden. Table mode (house & OPT_TABLE_DRAWS): a
draw is entered by the table (want_draw, ready, on_drawn, next_drawn below).
"""

from array import array

from ...errors import KernelError
from ... import prng
from .board import (NONE, MAX_PLAYERS, MAX_START_ITEMS, MAX_SKILLS, DECK_ITEM, DECK_SPELL, SP_AUCTION,
                    SPECIAL_HOUND, SPECIAL_BLOCKING, RANDOM_ITEM, SKILL_FIGHT, SKILL_STEALTH)
from .defs import (PH_SETUP, ST_PICK, CH_DRAW, MAX_POSS, MAX_LOG, MAX_EV, MAX_ACTIONS, AT_POOL,
                   AT_WORLD, SEAT_PICK, RES_PLAYING, HR_SEED_GATE_LIMITS, OPT_TABLE_DRAWS, DRAW_MONSTER,
                   DRAW_GATE, DRAW_DECK, MAX_DRAWS, R_PICK, EV_PICK, EV_DRAWN)
from ..reach import OCC_MONSTER, OCC_BLOCKING, OCC_HOUND

F_EVADED = 1
F_FOUGHT = 2
F_MOVED = 4


def ev_capacity(board):
    """Event ints one step may record: the mythos phase moves every monster (up to its moves, and an
    attack), so the buffer grows with the board's monsters; at least MAX_EV."""
    n = 4 * (64 + board.nmonsters * 12)
    return n if n > MAX_EV else MAX_EV


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
        self.ev = array("i", [0] * ev_capacity(b))
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
        self.skill = bytearray(MAX_PLAYERS * MAX_SKILLS)   # the board's other skills (2..), base values
        self.lost_turns = bytearray(MAX_PLAYERS)
        self.retainer = bytearray(MAX_PLAYERS)
        self.boost_skill = bytearray(MAX_PLAYERS)   # an event's temporary skill bonus: the skill,
        self.boost_mod = bytearray(MAX_PLAYERS)     # its modifier + 128,
        self.boost_left = bytearray(MAX_PLAYERS)    # its turn starts left (2 when gained: this and the next)
        self.move_mod = bytearray(MAX_PLAYERS)      # its next movement roll's modifier + 8 (0: none)
        self.return_to = bytearray(MAX_PLAYERS)     # a round trip's way back (a space, NONE: none)
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
        self.m_spurned = bytearray(nm)
        self.fight_kinds = bytearray(b.nkinds)
        # gates, decks
        self.gate_at = bytearray(ns)
        self.sealed = bytearray(ns)
        self.gate_shown = bytearray(b.ngates)
        self.gate_keep = bytearray(b.ngates)
        self.gate_deck = Deck(b.ngates)
        self.item_deck = Deck(b.ncards)
        self.spell_deck = Deck(b.ncards)
        self.ally_deck = Deck(b.ncards)
        self.decks = (self.item_deck, self.spell_deck, self.ally_deck)
        # table mode: the draws an operation needs, entered one by one (CH_DRAW)
        self.draw_kinds = bytearray(MAX_DRAWS)
        self.drawn = bytearray(MAX_DRAWS)
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
                    self.maxsta, self.fight, self.stealth, self.skill, self.lost_turns, self.retainer,
                    self.draw_kinds, self.drawn, self.money, self.gates_closed, self.used_inv,
                    self.tied, self.m_owner, self.m_checked, self.m_flags, self.m_spurned, self.fight_kinds,
                    self.sealed,
                    self.gate_shown, self.occ, self.seat_dist, self.queue):
            for i in range(len(buf)):
                buf[i] = 0
        for buf in (self.boost_skill, self.boost_mod, self.boost_left, self.move_mod):
            for i in range(len(buf)):
                buf[i] = 0
        for buf in (self.seat_inv, self.pos, self.close_at, self.poss, self.m_head, self.gate_at, self.gate_keep,
                    self.return_to):
            for i in range(len(buf)):
                buf[i] = NONE
        for m in range(b.nmonsters):
            self.m_at[m] = AT_POOL
        self.gate_deck.clear()
        for g in range(b.ngates):
            self.gate_deck.push(g)
        self.gate_deck.shuffle(self.rng)
        for deck in self.decks:
            deck.clear()
        for c in range(b.ncards):
            self.decks[b.i_deck[b.card_kind[c]]].push(c)
        self.item_deck.shuffle(self.rng)
        self.spell_deck.shuffle(self.rng)
        self.ally_deck.shuffle(self.rng)
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
        self.foe_str = 0                # the strength of the monster attacked now (its dice rolled)
        self.loss_base = 0              # a sanity check lost or passed with dice to roll: the loss's base
        self.check_ok = 0               # and whether the check passed (which side of SAN a/b)
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
        self.discard_spell = 0          # which cards a discard takes, and what it is for (combat.py)
        self.discard_then = 0
        self.bet_max = 0                # an event's bet: the highest stake, the stake
        self.bet_stake = 0
        self.cast_mask = 0              # casting rolls still to make: possession slots (a loadout)
        self.cast_for = 0               # what a casting roll is for (combat.CAST_*), and its argument
        self.cast_arg = 0
        self.cast_seat = 0
        self.prog_ctx = 0               # the effect program running: an event's (0) or a card's use (1)
        self.used_mask = 0              # possession slots whose `use` was used this turn
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
        self.table = 1 if self.house & OPT_TABLE_DRAWS else 0
        self.draw_want = 0              # table mode: draws the pending operation needs,
        self.ndrawn = 0                 # entered so far,
        self.draw_used = 0              # and taken by the operation
        self.resume = 0                 # the operation a completed draw resumes (R_*)
        self.known_top = 0              # table mode: bit per deck whose top card is known (shown)
        self.gate_roll = 0              # the gate roll being carried out (its draws)
        self.fresh_gate = NONE          # (while it is carried out: the gate it opened, not one before)
        self.dice_op = 0                # a dice-valued effect waiting for its roll (OP_DICE's arg)
        self.pick_inv = NONE            # the investigator being set up (its random cards)
        self.pay_kind = 0               # an event's payment: cost kind and amount
        self.pay_amount = 0
        self.auction_card = NONE        # an auction: the card, the bid, the high bidder, the seats
        self.bid = 0                    # still in (bits), the seat asked now (actor)
        self.bidder = NONE
        self.bidders = 0

    # ----- events -------------------------------------------------------------------------------------

    def begin_events(self):
        self.nev = 0

    def event(self, code, a, b, c):
        n = self.nev
        ev = self.ev
        if n + 4 <= len(ev):
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
        want = DECK_SPELL if spells == 1 else DECK_ITEM
        for k in range(MAX_POSS):
            c = self.poss[base + k]
            if c != NONE and b.i_deck[b.card_kind[c]] == want:
                n += 1
        return n

    def skill_of(self, seat, k):
        """The seat's skill k (SKILL_FIGHT, SKILL_STEALTH or one of the board's others) with the
        bonuses of the cards it carries (items.tsv 'skills') and an event's boost, at least 0."""
        b = self.board
        if k == SKILL_FIGHT:
            v = self.fight[seat]
        elif k == SKILL_STEALTH:
            v = self.stealth[seat]
        else:
            v = self.skill[seat * MAX_SKILLS + k]
        if self.boost_left[seat] and self.boost_skill[seat] == k:
            v += self.boost_mod[seat] - 128
        base = seat * MAX_POSS
        for i in range(MAX_POSS):
            c = self.poss[base + i]
            if c != NONE:
                v += b.i_skill[b.card_kind[c] * MAX_SKILLS + k] - 128
        return v if v > 0 else 0

    def test_value(self, seat, k):
        """What a test of the event tables rolls against: a skill, or the current sanity or strength."""
        if k == 14:
            return self.san[seat]
        if k == 15:
            return self.sta[seat]
        return self.skill_of(seat, k)

    def slot_of_kind(self, seat, kind):
        """The possession slot of the seat's first card of this kind, or -1."""
        base = seat * MAX_POSS
        for k in range(MAX_POSS):
            c = self.poss[base + k]
            if c != NONE and self.board.card_kind[c] == kind:
                return k
        return -1

    def give(self, seat, c):
        """Put card c in a free possession slot; False (the card is left to the caller) when full."""
        base = seat * MAX_POSS
        for k in range(MAX_POSS):
            if self.poss[base + k] == NONE:
                self.poss[base + k] = c
                return True
        return False

    def deck_of(self, c):
        return self.board.i_deck[self.board.card_kind[c]]

    def return_card(self, c):
        """A card back under its deck."""
        self.decks[self.deck_of(c)].bottom(c)

    def shuffle_back(self, c):
        """A card shuffled back into its deck (a lost investigator's cards, the Blue Watcher)."""
        d = self.deck_of(c)
        self.decks[d].insert_random(self.rng, c)
        self.known_top &= ~(1 << d)

    # ----- draws (table mode: entered as the table drew them) ----------------------------------------

    def want_draw(self, kind):
        """Add a draw the pending operation needs (table mode; nothing otherwise); see ready()."""
        if self.table and self.draw_want < MAX_DRAWS:
            self.draw_kinds[self.draw_want] = kind
            self.draw_want += 1

    def ready(self, resume):
        """True when every draw wanted is in (always outside table mode); else the table is asked
        for the next one (CH_DRAW) and `resume` is what carries on once they are all in."""
        if not self.table:
            return True
        self.resume = resume
        while self.ndrawn < self.draw_want and self.draw_total() == 0:
            self.drawn[self.ndrawn] = NONE           # nothing left to draw: the operation sees none
            self.ndrawn += 1
        if self.ndrawn >= self.draw_want:
            return True
        self.resume = resume
        self.step = CH_DRAW
        return False

    def draws_done(self):
        self.draw_want = 0
        self.ndrawn = 0
        self.draw_used = 0

    def next_drawn(self):
        """The next card, gate card or monster token the table drew for this operation (NONE when
        none was: the deck or the pool had run out)."""
        if self.draw_used >= self.ndrawn:
            return NONE
        c = self.drawn[self.draw_used]
        self.draw_used += 1
        return c

    def reserved(self, c, dk):
        """c was already drawn (a draw of kind dk) for this operation and not yet placed: it cannot
        be drawn again."""
        for i in range(self.draw_used, self.ndrawn):
            if self.drawn[i] == c and self.draw_kinds[i] == dk:
                return True
        return False

    def draw_count(self, v):
        """How many of what the pending draw takes are of kind v (a monster kind, a gates.tsv row,
        a card kind) and still there to be drawn: the weight of the outcome v."""
        b = self.board
        dk = self.draw_kinds[self.ndrawn]
        n = 0
        if dk == DRAW_MONSTER:
            for m in range(b.nmonsters):
                if self.m_at[m] == AT_POOL and b.mon_kind[m] == v and not self.reserved(m, dk):
                    n += 1
        elif dk == DRAW_GATE:
            deck = self.gate_deck
            for i in range(deck.n):
                g = deck.cards[i]
                if b.gate_row[g] == v and not self.reserved(g, dk):
                    n += 1
        elif self.resume != R_PICK or b.i_special[v] != SP_AUCTION:   # no auction card to start with
            deck = self.decks[dk - DRAW_DECK]
            for i in range(deck.n):
                c = deck.cards[i]
                if b.card_kind[c] == v and not self.reserved(c, dk):
                    n += 1
        return n

    def draw_range(self):
        """The outcome values of the pending draw: 0 .. this - 1."""
        b = self.board
        dk = self.draw_kinds[self.ndrawn]
        if dk == DRAW_MONSTER:
            return b.nkinds
        if dk == DRAW_GATE:
            return b.ngate_rows
        return b.nitems

    def on_drawn(self, v):
        """The table drew something of kind v: take one such token or card (the first not yet
        reserved), then ask for the next draw or resume the operation."""
        b = self.board
        dk = self.draw_kinds[self.ndrawn]
        got = NONE
        if dk == DRAW_MONSTER:
            for m in range(b.nmonsters):
                if got == NONE and self.m_at[m] == AT_POOL and b.mon_kind[m] == v and not self.reserved(m, dk):
                    got = m
        elif dk == DRAW_GATE:
            deck = self.gate_deck
            for i in range(deck.n):
                g = deck.cards[i]
                if got == NONE and b.gate_row[g] == v and not self.reserved(g, dk):
                    got = g
        else:
            deck = self.decks[dk - DRAW_DECK]
            for i in range(deck.n):
                c = deck.cards[i]
                if got == NONE and b.card_kind[c] == v and not self.reserved(c, dk):
                    got = c
        self.drawn[self.ndrawn] = got
        self.ndrawn += 1
        self.event(EV_DRAWN, dk, v, 0)
        if self.ready(self.resume):
            self.resume_operation()

    def draw_total(self):
        """The number of things the pending draw can take (0: none is left)."""
        n = 0
        for v in range(self.draw_range()):
            n += self.draw_count(v)
        return n

    def take_card(self, deck_index):
        """The next card of deck DECK_*: its top, or in table mode the one the table drew (or the
        known top card, shown by a shop). NONE when the deck is empty."""
        deck = self.decks[deck_index]
        if not self.table:
            return deck.draw()
        if self.known_top & (1 << deck_index):
            self.known_top &= ~(1 << deck_index)
            return deck.draw()
        c = self.next_drawn()
        if c != NONE:
            deck.take(c)
        return c

    def want_card(self, deck_index):
        """Table mode: the operation will take a card of this deck (unless its top is known)."""
        if self.decks[deck_index].n and not self.known_top & (1 << deck_index):
            self.want_draw(DRAW_DECK + deck_index)

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

    def fill_occupancy(self, mover=-1):
        """occ[space]: OCC_MONSTER / OCC_BLOCKING / OCC_HOUND bits of the monsters on it; for a mover
        (a seat moving), not the monsters that lost interest in it (they let it pass)."""
        b = self.board
        occ = self.occ
        for s in range(b.nspaces):
            occ[s] = 0
        ignore = 1 << mover if mover >= 0 else 0
        for m in range(b.nmonsters):
            s = self.m_at[m]
            if s < b.nspaces and not self.m_spurned[m] & ignore:
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
        """Seat takes investigator inv: its sheet, starting cards (named ones taken from the decks,
        random ones drawn), start. False when the table must first enter its random cards (table
        mode: CH_DRAW, then R_PICK calls this again)."""
        b = self.board
        if self.table and self.ndrawn == 0 and self.draw_want == 0:
            for k in range(MAX_START_ITEMS):
                kind = b.inv_items[inv * MAX_START_ITEMS + k]
                if kind != NONE and kind >= RANDOM_ITEM:
                    self.want_draw(DRAW_DECK + kind - RANDOM_ITEM)
        self.pick_inv = inv
        if not self.ready(R_PICK):
            return False
        self.seat_inv[seat] = inv
        self.used_inv[inv] = 1
        self.seat_status[seat] = 0
        self.san[seat] = b.inv_sanity[inv]
        self.maxsan[seat] = b.inv_sanity[inv]
        self.sta[seat] = b.inv_strength[inv]
        self.maxsta[seat] = b.inv_strength[inv]
        self.fight[seat] = b.inv_fight[inv]
        self.stealth[seat] = b.inv_stealth[inv]
        for k in range(MAX_SKILLS):
            self.skill[seat * MAX_SKILLS + k] = b.inv_skill[inv * MAX_SKILLS + k]
        self.lost_turns[seat] = 0
        self.retainer[seat] = 0
        self.boost_left[seat] = 0
        self.move_mod[seat] = 0
        self.return_to[seat] = NONE
        self.money[seat] = b.inv_money[inv]
        self.pos[seat] = b.inv_start[inv]
        for m in range(b.nmonsters):
            self.m_spurned[m] &= ~(1 << seat)       # a new investigator: no monster has lost interest
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
            if kind >= RANDOM_ITEM:
                deck = self.decks[kind - RANDOM_ITEM]
                c = self.take_card(kind - RANDOM_ITEM)
                for _ in range(deck.n):
                    if c == NONE or b.i_special[b.card_kind[c]] != SP_AUCTION:
                        break
                    deck.bottom(c)                   # an auction card is no starting card: the next
                    c = deck.draw()
                if c != NONE and not self.give(seat, c):
                    self.return_card(c)
                continue
            for c in range(b.ncards):
                if b.card_kind[c] == kind and self.decks[b.i_deck[kind]].take(c):
                    self.give(seat, c)
                    break
        self.draws_done()
        self.event(EV_PICK, seat, inv, self.pos[seat])
        return True
