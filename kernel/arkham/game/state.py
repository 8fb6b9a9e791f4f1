"""What every part of the rules uses, as functions over the game (rules.ArkhamGame): the setup of
a seed (reset), the step's events, the plain queries, the table mode's draws; and Deck, a stack of
cards. The other rule modules import these by name; nothing here calls up into them.

The game's fields are ArkhamGame's, its buffers made once by its constructor; `reset(game)` puts
every field back to the setup of its seed (it allocates nothing either: a replay in place reaches
the same state as a new game).

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
draw is entered by the table (want_draw, ready, next_drawn below; chance.on_drawn takes it).
"""

from ... import prng
from .board import (NONE, MAX_START_ITEMS, MAX_SKILLS, DECK_ITEM, DECK_SPELL, SP_AUCTION, SPECIAL_HOUND,
                    SPECIAL_BLOCKING, RANDOM_ITEM, SKILL_FIGHT, SKILL_STEALTH)
from .defs import (PH_SETUP, ST_PICK, CH_DRAW, MAX_POSS, MAX_EV, AT_POOL, AT_WORLD, SEAT_PICK, RES_PLAYING,
                   OPT_TABLE_DRAWS, DRAW_MONSTER, DRAW_GATE, DRAW_DECK, MAX_DRAWS, R_PICK, EV_PICK)
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


# ----- setup -----------------------------------------------------------------------------------

def reset(game):
    """Back to the setup of the seed: decks shuffled, every seat to pick an investigator."""
    b = game.board
    prng.seed(game.rng, game.seed)
    game.version += 1
    game.nlog = 0
    game.log_a = 0                           # a running Fletcher-16 of the log (saves)
    game.log_b = 0
    game.nev = 0
    for buf in (game.seat_status, game.ow_world, game.ow_stage, game.san, game.maxsan, game.sta,
                game.maxsta, game.fight, game.stealth, game.skill, game.lost_turns, game.retainer,
                game.draw_kinds, game.drawn, game.money, game.gates_closed, game.used_inv,
                game.tied, game.m_owner, game.m_checked, game.m_flags, game.m_spurned, game.fight_kinds,
                game.sealed,
                game.gate_shown, game.occ, game.seat_dist, game.queue):
        for i in range(len(buf)):
            buf[i] = 0
    for buf in (game.boost_skill, game.boost_mod, game.boost_left, game.move_mod):
        for i in range(len(buf)):
            buf[i] = 0
    for buf in (game.seat_inv, game.pos, game.close_at, game.poss, game.m_head, game.gate_at, game.gate_keep,
                game.return_to):
        for i in range(len(buf)):
            buf[i] = NONE
    for m in range(b.nmonsters):
        game.m_at[m] = AT_POOL
    game.gate_deck.clear()
    for g in range(b.ngates):
        game.gate_deck.push(g)
    game.gate_deck.shuffle(game.rng)
    for deck in game.decks:
        deck.clear()
    for c in range(b.ncards):
        game.decks[b.i_deck[b.card_kind[c]]].push(c)
    game.item_deck.shuffle(game.rng)
    game.spell_deck.shuffle(game.rng)
    game.ally_deck.shuffle(game.rng)
    for s in range(game.players):
        game.seat_status[s] = SEAT_PICK
    game.round = 0
    game.doom = 0
    game.phase = PH_SETUP
    game.step = ST_PICK
    game.actor = 0
    game.seat = 0
    game.result = RES_PLAYING
    game.setup_left = b.setup_gates
    # context registers of the step in progress (see the rules modules)
    game.mode = 0
    game.moves_left = 0
    game.entered = 0
    game.snuck = 0
    game.must_fight = 0
    game.sneak_gate = 0
    game.target = NONE
    game.foe_str = 0                # the strength of the monster attacked now (its dice rolled)
    game.loss_base = 0              # a sanity check lost or passed with dice to roll: the loss's base
    game.check_ok = 0               # and whether the check passed (which side of SAN a/b)
    game.purpose = 0
    game.mask = 0
    game.bonus = 0
    game.check_m = NONE
    game.check_seat = 0
    game.place = 0
    game.prog_pos = 0
    game.prog_end = 0
    game.test_level = 0
    game.shop_card = NONE
    game.dest_optional = 0
    game.discard_spell = 0          # which cards a discard takes, and what it is for (combat.py)
    game.discard_then = 0
    game.bet_max = 0                # an event's bet: the highest stake, the stake
    game.bet_stake = 0
    game.cast_mask = 0              # casting rolls still to make: possession slots (a loadout)
    game.cast_for = 0               # what a casting roll is for (combat.CAST_*), and its argument
    game.cast_arg = 0
    game.cast_seat = 0
    game.prog_ctx = 0               # the effect program running: an event's (0) or a card's use (1)
    game.used_mask = 0              # possession slots whose `use` was used this turn
    game.orient_m = NONE
    game.coin_n = 0
    game.coin_for = 0
    game.cur_m = NONE
    game.fly_target = NONE
    game.last_roll = 0
    game.met = 0
    game.event_done = 0
    game.test_pass_end = 0
    game.attacked = 0
    game.last_seat = 0
    game.dist_dirty = 1
    game.table = 1 if game.house & OPT_TABLE_DRAWS else 0
    game.draw_want = 0              # table mode: draws the pending operation needs,
    game.ndrawn = 0                 # entered so far,
    game.draw_used = 0              # and taken by the operation
    game.resume = 0                 # the operation a completed draw resumes (R_*)
    game.known_top = 0              # table mode: bit per deck whose top card is known (shown)
    game.gate_roll = 0              # the gate roll being carried out (its draws)
    game.fresh_gate = NONE          # (while it is carried out: the gate it opened, not one before)
    game.dice_op = 0                # a dice-valued effect waiting for its roll (OP_DICE's arg)
    game.pick_inv = NONE            # the investigator being set up (its random cards)
    game.pay_kind = 0               # an event's payment: cost kind and amount
    game.pay_amount = 0
    game.auction_card = NONE        # an auction: the card, the bid, the high bidder, the seats
    game.bid = 0                    # still in (bits), the seat asked now (actor)
    game.bidder = NONE
    game.bidders = 0


# ----- events -------------------------------------------------------------------------------------

def begin_events(game):
    game.nev = 0


def event(game, code, a, b, c):
    n = game.nev
    ev = game.ev
    if n + 4 <= len(ev):
        ev[n] = code
        ev[n + 1] = a
        ev[n + 2] = b
        ev[n + 3] = c
        game.nev = n + 4


def record(game, action):
    """Append an action to the log (3 bytes) and its running checksum."""
    i = 3 * game.nlog
    lb = game.logb
    lb[i] = action >> 16
    lb[i + 1] = (action >> 8) & 255
    lb[i + 2] = action & 255
    game.nlog += 1
    a = game.log_a
    b = game.log_b
    for k in range(3):
        a = (a + lb[i + k]) % 255
        b = (b + a) % 255
    game.log_a = a
    game.log_b = b


# ----- queries ------------------------------------------------------------------------------------

def in_arkham(game, seat):
    """The seat has an investigator on the board (not in an Other World, not picking)."""
    return game.seat_inv[seat] != NONE and game.pos[seat] != AT_WORLD


def open_gates(game):
    n = 0
    for s in range(game.board.nspaces):
        if game.gate_at[s] != NONE:
            n += 1
    return n


def has_special(game, seat, special):
    """The possession slot of the first card with this special, or -1."""
    b = game.board
    base = seat * MAX_POSS
    for k in range(MAX_POSS):
        c = game.poss[base + k]
        if c != NONE and b.i_special[b.card_kind[c]] == special:
            return k
    return -1


def count_poss(game, seat, spells):
    """How many spells (spells=1) or items (spells=0) the seat carries."""
    b = game.board
    n = 0
    base = seat * MAX_POSS
    want = DECK_SPELL if spells == 1 else DECK_ITEM
    for k in range(MAX_POSS):
        c = game.poss[base + k]
        if c != NONE and b.i_deck[b.card_kind[c]] == want:
            n += 1
    return n


def skill_of(game, seat, k):
    """The seat's skill k (SKILL_FIGHT, SKILL_STEALTH or one of the board's others) with the
    bonuses of the cards it carries (items.tsv 'skills') and an event's boost, at least 0."""
    b = game.board
    if k == SKILL_FIGHT:
        v = game.fight[seat]
    elif k == SKILL_STEALTH:
        v = game.stealth[seat]
    else:
        v = game.skill[seat * MAX_SKILLS + k]
    if game.boost_left[seat] and game.boost_skill[seat] == k:
        v += game.boost_mod[seat] - 128
    base = seat * MAX_POSS
    for i in range(MAX_POSS):
        c = game.poss[base + i]
        if c != NONE:
            v += b.i_skill[b.card_kind[c] * MAX_SKILLS + k] - 128
    return v if v > 0 else 0


def test_value(game, seat, k):
    """What a test of the event tables rolls against: a skill, or the current sanity or strength."""
    if k == 14:
        return game.san[seat]
    if k == 15:
        return game.sta[seat]
    return skill_of(game, seat, k)


def slot_of_kind(game, seat, kind):
    """The possession slot of the seat's first card of this kind, or -1."""
    base = seat * MAX_POSS
    for k in range(MAX_POSS):
        c = game.poss[base + k]
        if c != NONE and game.board.card_kind[c] == kind:
            return k
    return -1


def give(game, seat, c):
    """Put card c in a free possession slot; False (the card is left to the caller) when full."""
    base = seat * MAX_POSS
    for k in range(MAX_POSS):
        if game.poss[base + k] == NONE:
            game.poss[base + k] = c
            return True
    return False


def deck_of(game, c):
    return game.board.i_deck[game.board.card_kind[c]]


def return_card(game, c):
    """A card back under its deck."""
    game.decks[deck_of(game, c)].bottom(c)


def shuffle_back(game, c):
    """A card shuffled back into its deck (a lost investigator's cards, the Blue Watcher)."""
    d = deck_of(game, c)
    game.decks[d].insert_random(game.rng, c)
    game.known_top &= ~(1 << d)


# ----- draws (table mode: entered as the table drew them) ----------------------------------------

def want_draw(game, kind):
    """Add a draw the pending operation needs (table mode; nothing otherwise); see ready()."""
    if game.table and game.draw_want < MAX_DRAWS:
        game.draw_kinds[game.draw_want] = kind
        game.draw_want += 1


def ready(game, resume):
    """True when every draw wanted is in (always outside table mode); else the table is asked
    for the next one (CH_DRAW) and `resume` is what carries on once they are all in."""
    if not game.table:
        return True
    game.resume = resume
    while game.ndrawn < game.draw_want and draw_total(game) == 0:
        game.drawn[game.ndrawn] = NONE           # nothing left to draw: the operation sees none
        game.ndrawn += 1
    if game.ndrawn >= game.draw_want:
        return True
    game.resume = resume
    game.step = CH_DRAW
    return False


def draws_done(game):
    game.draw_want = 0
    game.ndrawn = 0
    game.draw_used = 0


def next_drawn(game):
    """The next card, gate card or monster token the table drew for this operation (NONE when
    none was: the deck or the pool had run out)."""
    if game.draw_used >= game.ndrawn:
        return NONE
    c = game.drawn[game.draw_used]
    game.draw_used += 1
    return c


def reserved(game, c, dk):
    """c was already drawn (a draw of kind dk) for this operation and not yet placed: it cannot
    be drawn again."""
    for i in range(game.draw_used, game.ndrawn):
        if game.drawn[i] == c and game.draw_kinds[i] == dk:
            return True
    return False


def draw_count(game, v):
    """How many of what the pending draw takes are of kind v (a monster kind, a gates.tsv row,
    a card kind) and still there to be drawn: the weight of the outcome v."""
    b = game.board
    dk = game.draw_kinds[game.ndrawn]
    n = 0
    if dk == DRAW_MONSTER:
        for m in range(b.nmonsters):
            if game.m_at[m] == AT_POOL and b.mon_kind[m] == v and not reserved(game, m, dk):
                n += 1
    elif dk == DRAW_GATE:
        deck = game.gate_deck
        for i in range(deck.n):
            g = deck.cards[i]
            if b.gate_row[g] == v and not reserved(game, g, dk):
                n += 1
    elif game.resume != R_PICK or b.i_special[v] != SP_AUCTION:   # no auction card to start with
        deck = game.decks[dk - DRAW_DECK]
        for i in range(deck.n):
            c = deck.cards[i]
            if b.card_kind[c] == v and not reserved(game, c, dk):
                n += 1
    return n


def draw_range(game):
    """The outcome values of the pending draw: 0 .. this - 1."""
    b = game.board
    dk = game.draw_kinds[game.ndrawn]
    if dk == DRAW_MONSTER:
        return b.nkinds
    if dk == DRAW_GATE:
        return b.ngate_rows
    return b.nitems


def draw_total(game):
    """The number of things the pending draw can take (0: none is left)."""
    n = 0
    for v in range(draw_range(game)):
        n += draw_count(game, v)
    return n


def take_card(game, deck_index):
    """The next card of deck DECK_*: its top, or in table mode the one the table drew (or the
    known top card, shown by a shop). NONE when the deck is empty."""
    deck = game.decks[deck_index]
    if not game.table:
        return deck.draw()
    if game.known_top & (1 << deck_index):
        game.known_top &= ~(1 << deck_index)
        return deck.draw()
    c = next_drawn(game)
    if c != NONE:
        deck.take(c)
    return c


def want_card(game, deck_index):
    """Table mode: the operation will take a card of this deck (unless its top is known)."""
    if game.decks[deck_index].n and not game.known_top & (1 << deck_index):
        want_draw(game, DRAW_DECK + deck_index)


def gate_trophies(game, seat):
    n = 0
    for g in range(game.board.ngates):
        if game.gate_keep[g] == seat:
            n += 1
    return n


def monsters_at(game, s):
    n = 0
    for m in range(game.board.nmonsters):
        if game.m_at[m] == s:
            n += 1
    return n


def investigators_at(game, s):
    n = 0
    for seat in range(game.players):
        if game.seat_inv[seat] != NONE and game.pos[seat] == s:
            n += 1
    return n


def fill_occupancy(game, mover=-1):
    """occ[space]: OCC_MONSTER / OCC_BLOCKING / OCC_HOUND bits of the monsters on it; for a mover
    (a seat moving), not the monsters that lost interest in it (they let it pass)."""
    b = game.board
    occ = game.occ
    for s in range(b.nspaces):
        occ[s] = 0
    ignore = 1 << mover if mover >= 0 else 0
    for m in range(b.nmonsters):
        s = game.m_at[m]
        if s < b.nspaces and not game.m_spurned[m] & ignore:
            sp = b.k_special[b.mon_kind[m]]
            if sp & SPECIAL_HOUND:
                occ[s] |= OCC_HOUND
            else:
                occ[s] |= OCC_MONSTER
            if sp & SPECIAL_BLOCKING:
                occ[s] |= OCC_BLOCKING


def trophies(game, seat):
    n = 0
    for m in range(game.board.nmonsters):
        if game.m_at[m] == 252 and game.m_owner[m] == seat:
            n += 1
    return n


def put_investigator(game, seat, inv):
    """Seat takes investigator inv: its sheet, starting cards (named ones taken from the decks,
    random ones drawn), start. False when the table must first enter its random cards (table
    mode: CH_DRAW, then R_PICK calls this again)."""
    b = game.board
    if game.table and game.ndrawn == 0 and game.draw_want == 0:
        for k in range(MAX_START_ITEMS):
            kind = b.inv_items[inv * MAX_START_ITEMS + k]
            if kind != NONE and kind >= RANDOM_ITEM:
                want_draw(game, DRAW_DECK + kind - RANDOM_ITEM)
    game.pick_inv = inv
    if not ready(game, R_PICK):
        return False
    game.seat_inv[seat] = inv
    game.used_inv[inv] = 1
    game.seat_status[seat] = 0
    game.san[seat] = b.inv_sanity[inv]
    game.maxsan[seat] = b.inv_sanity[inv]
    game.sta[seat] = b.inv_strength[inv]
    game.maxsta[seat] = b.inv_strength[inv]
    game.fight[seat] = b.inv_fight[inv]
    game.stealth[seat] = b.inv_stealth[inv]
    for k in range(MAX_SKILLS):
        game.skill[seat * MAX_SKILLS + k] = b.inv_skill[inv * MAX_SKILLS + k]
    game.lost_turns[seat] = 0
    game.retainer[seat] = 0
    game.boost_left[seat] = 0
    game.move_mod[seat] = 0
    game.return_to[seat] = NONE
    game.money[seat] = b.inv_money[inv]
    game.pos[seat] = b.inv_start[inv]
    for m in range(b.nmonsters):
        game.m_spurned[m] &= ~(1 << seat)       # a new investigator: no monster has lost interest
    game.ow_stage[seat] = 0
    game.close_at[seat] = NONE
    game.gates_closed[seat] = 0
    base = seat * MAX_POSS
    for k in range(MAX_POSS):
        game.poss[base + k] = NONE
    for k in range(MAX_START_ITEMS):
        kind = b.inv_items[inv * MAX_START_ITEMS + k]
        if kind == NONE:
            continue
        if kind >= RANDOM_ITEM:
            deck = game.decks[kind - RANDOM_ITEM]
            c = take_card(game, kind - RANDOM_ITEM)
            for _ in range(deck.n):
                if c == NONE or b.i_special[b.card_kind[c]] != SP_AUCTION:
                    break
                deck.bottom(c)                   # an auction card is no starting card: the next
                c = deck.draw()
            if c != NONE and not give(game, seat, c):
                return_card(game, c)
            continue
        for c in range(b.ncards):
            if b.card_kind[c] == kind and game.decks[b.i_deck[kind]].take(c):
                give(game, seat, c)
                break
    draws_done(game)
    event(game, EV_PICK, seat, inv, game.pos[seat])
    return True
