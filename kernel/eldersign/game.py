"""The whole Elder Sign game as a state machine (OpenSpiel style), 1 to 8 players.

    g = Game(data, players=2, seed=7)       # setup: decks shuffled, first mythos card revealed
    n = g.legal_actions(buf)                # buf: array('i', MAX_GAME_ACTIONS)
    g.apply(buf[0]); g.is_terminal(); g.returns()

A turn is move -> (adventure | one entrance action) -> clock; after the Ancient One wakes it is
attack -> clock. The adventure phase is the adventure kernel (adventure.py): one Adventure object
per board slot, made at setup and rebound (ids into the game's task table, gametasks.py) when a
card enters the slot or a monster changes its tasks; the game passes
the adventure's own action codes (all below G_BASE) through, and wraps them with what surrounds an
adventure: costs, terror effects of the card and of the mythos card, focus and assistance, spells
holding dice across turns, item dice, clues, monster tasks, trophies, rewards and penalties.

Chance is the state's PRNG (kernel/prng.py): shuffles at setup, and each adventure attempt is
seeded from it, so seed + action log replays the game. Game-level actions (G_BASE + kind + arg):
move, use a card, begin rolling, give up, first aid, lost and found, gift shop, pick an investigator.

Effects (effects.py) run through `run(code, inv)`; events are small-int records in `ev` (4 ints:
code, a, b, c) rendered as text by gametext.py. After setup, `legal_actions` and `apply` allocate
nothing (the golden games run every step under micropython.heap_lock()); `rebuilds` counts the
times a slot's adventure was rebound to a new set of tasks.
"""

from array import array

from ..errors import KernelError
from .. import prng
from . import effects as E
from .adventure import (Adventure, Workspace, ACT_HOLD, ACT_FAIL, ACT_FAIL_LOST, ACT_REROLL, ACT_ROLL,
                        ACT_ENTER, MAX_ACTIONS, P_WON, P_LOST, P_DECIDE, WAY_BYTES)
from .card import MAX_TASKS
from .gametasks import for_data
from .dice import GREEN, YELLOW, RED, TERROR, NFACES, DIE_FACES
from .notation import parse_card

try:
    from micropython import const
except ImportError:  # CPython
    def const(x):
        return x

G_BASE = const(1 << 27)
A_MOVE = const(G_BASE)                 # + location: 0 entrance, 1 + slot
A_USE = const(G_BASE + 0x100)          # + hand index
A_BEGIN = const(G_BASE + 0x200)        # start rolling (adventure or attack)
A_GIVEUP = const(G_BASE + 0x300)       # fail the adventure now / end the attack
A_AID = const(G_BASE + 0x400)          # + 0 stamina+1, 1 sanity+1, 2 all stamina, 3 all sanity, 4 both
A_LOSTFOUND = const(G_BASE + 0x500)
A_SHOP = const(G_BASE + 0x600)         # + gift shop row
A_PICK = const(G_BASE + 0x700)         # + investigator
A_KIND_MASK = const(0x7F00)

P_MOVE = const(0)
P_PREP = const(1)
P_ADV = const(2)
P_ENTRANCE = const(3)
P_PICK = const(4)
P_BATTLE_PREP = const(5)
P_BATTLE = const(6)
P_OVER = const(7)
PHASE_NAMES = ("move", "prepare", "adventure", "entrance", "pick", "battle-prepare", "battle", "over")

MAX_PLAYERS = const(8)
MAX_SLOTS = const(12)          # 6 adventures + up to 6 Other Worlds
MAIN_SLOTS = const(6)
MAX_HAND = const(24)
MAX_MON = const(4)             # monsters on one card
MAX_SPELL_DICE = const(16)
MAX_LOCKS = const(16)
MAX_GAME_ACTIONS = MAX_ACTIONS + 64
MAX_LOG = const(4096)
MAX_EV = const(1024)           # event ints per step (4 per event)
MAX_TASKS_GAME = MAX_TASKS
NONE = const(255)
LOC_ENTRANCE = const(0)
LOC_AO = const(254)
LOC_NONE = const(255)

# lock sources
LK_MYTHOS = const(1)
LK_MONSTER = const(2)
LK_ADVENTURE = const(3)

# events
EV_TURN = const(1)          # seat, investigator, turn
EV_MOVE = const(2)          # inv, location
EV_BEGIN = const(3)         # slot, green, yellow*2+red
EV_ROLL = const(4)          # roll code
EV_TASK = const(5)          # slot, task
EV_TERROR = const(6)        # slot
EV_WON = const(7)           # slot, adventure id
EV_LOST = const(8)          # slot, adventure id
EV_STAT = const(9)          # inv, op, new value
EV_DRAW = const(10)         # inv, card id
EV_DISCARD = const(11)      # inv, card id
EV_DOOM = const(12)         # doom count
EV_ELDER = const(13)        # elder signs
EV_MONSTER = const(14)      # monster id, slot, task (NONE: back to the cup)
EV_DEFEAT = const(15)       # monster id, inv
EV_REVEAL = const(16)       # adventure id, slot
EV_LOCK = const(17)         # colour, source kind
EV_FREE = const(18)         # colour, source kind
EV_CLOCK = const(19)        # hour (0 = XII)
EV_MIDNIGHT = const(20)
EV_MYTHOS = const(21)       # mythos id
EV_DEVOUR = const(22)       # inv, seat
EV_PICK = const(23)         # seat, inv
EV_OUT = const(24)          # seat
EV_AWAKEN = const(25)
EV_ATTACK = const(26)
EV_HIT = const(27)          # doom left
EV_WIN = const(28)          # reason 0 elder signs, 1 battle
EV_LOSS = const(29)         # reason 0 all devoured, 1 awakening (Azathoth)
EV_NOTE = const(30)         # note index
EV_HOLD = const(31)         # die code, spell card id
EV_HELP = const(32)         # helper inv, die code
EV_FOCUS = const(33)        # die code
EV_EMPTY = const(34)        # inv, what (nothing to lose or draw)
EV_USE = const(35)          # inv, card id
EV_TROPHY = const(36)       # inv, value
EV_LOSTFOUND = const(37)    # face index
EV_SHOP = const(38)         # row
EV_AID = const(39)          # option
EV_GIVEUP = const(40)
EV_RETURN = const(41)       # card id back to its deck (spell emptied)
EV_CLUE = const(42)         # clue spent


_GF = DIE_FACES[GREEN]
_YF = DIE_FACES[YELLOW]
_RF = DIE_FACES[RED]


def roll_code(counts):
    """adventure.roll_code without allocating (the same code: decode it with adventure.decode_roll)."""
    code = 0
    i = 5
    while i >= 0:
        code = code * 9 + counts[_GF[i]]
        i -= 1
    k = 6
    for i in range(6):
        if counts[NFACES + _YF[i]]:
            k = i
    code = code * 7 + k
    k = 6
    for i in range(6):
        if counts[2 * NFACES + _RF[i]]:
            k = i
    return code * 7 + k


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


class Game:
    """The state of one game. `data` is a gamedata.GameData."""

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
        # every task the cards can show, and one adventure per slot sharing one ways workspace
        self.tasks = for_data(data)
        self.work = Workspace()
        self.slot_pool = [Adventure(None, work=self.work) for _ in range(MAX_SLOTS)]
        self.tids = array("H", [0] * MAX_TASKS_GAME)
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
        self.combat_adv = Adventure(parse_card(self.ao.combat), seed=0, work=self.work)
        self.rng = array("i", [1, 1])
        self.log = array("i", [0] * MAX_LOG)
        self.ev = array("i", [0] * MAX_EV)
        self.buf = array("i", [0] * MAX_GAME_ACTIONS)
        self.tbuf = bytearray(10)
        self.rebuilds = 0
        self.reset()

    # ----- setup ------------------------------------------------------------------------------

    def reset(self):
        """Setup from the seed (rulebook setup steps 1-9); allocates (it is the setup)."""
        d = self.data
        prng.seed(self.rng, self.seed)
        self.nlog = 0
        self.nev = 0
        self.rebuilds = 0
        for b in (self.san, self.sta, self.maxsan, self.maxsta, self.clues, self.used, self.assisted,
                  self.hand_flag, self.troph, self.seat_state, self.slot_on, self.lock_col,
                  self.lock_kind, self.sd_die, self.sd_card, self.att_focus, self.att_spell):
            for i in range(len(b)):
                b[i] = 0
        for b in (self.loc, self.seat_of, self.hand, self.seat_inv, self.slot_mon, self.slot_task_mon):
            for i in range(len(b)):
                b[i] = NONE
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
        if n + 4 <= MAX_EV:
            ev = self.ev
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

    # ----- legal actions ----------------------------------------------------------------------

    def legal_actions(self, buf):
        """Write the legal actions into buf (array of MAX_GAME_ACTIONS); return the count."""
        ph = self.phase
        inv = self.active()
        n = 0
        if ph == P_MOVE:
            buf[0] = A_MOVE
            n = 1
            for s in range(MAX_SLOTS):
                if self.slot_on[s]:
                    buf[n] = A_MOVE + 1 + s
                    n += 1
            return n
        if ph == P_PREP or ph == P_BATTLE_PREP or ph == P_ENTRANCE:
            if ph != P_ENTRANCE:
                buf[0] = A_BEGIN
                n = 1
            base = inv * MAX_HAND
            for i in range(MAX_HAND):
                c = self.hand[base + i]
                if c != NONE and self.usable(inv, i, ph):
                    buf[n] = A_USE + i
                    n += 1
            if ph == P_ENTRANCE:
                for k in range(5):
                    if self.aid_ok(inv, k):
                        buf[n] = A_AID + k
                        n += 1
                buf[n] = A_LOSTFOUND
                n += 1
                tt = self.trophy_total(inv)
                shop = self.data.shop
                for k in range(len(shop)):
                    if shop[k].cost_n <= tt:
                        buf[n] = A_SHOP + k
                        n += 1
            return n
        if ph == P_PICK:
            for i in range(self.ninv):
                if not self.used[i]:
                    buf[n] = A_PICK + i
                    n += 1
            return n
        if ph == P_ADV or ph == P_BATTLE:
            adv = self.cur_adv()
            m = adv.legal_actions(buf)
            for i in range(m):
                a = buf[i]
                if a < ACT_HOLD and ph == P_ADV and not self.cost_ok(adv, a >> 8):
                    continue
                buf[n] = a
                n += 1
            buf[n] = A_GIVEUP
            return n + 1
        return 0

    def cur_adv(self):
        if self.phase == P_BATTLE:
            return self.combat_adv
        return self.slot_adv[self.loc[self.active()] - 1]

    def cost_ok(self, adv, t):
        inv = self.active()
        return self.san[inv] > adv.task_sanity[t] and self.sta[inv] > adv.task_stamina[t]

    def usable(self, inv, i, ph):
        c = self.hand[inv * MAX_HAND + i]
        kind = self.data.cards[c]
        use = kind.use
        if kind.limit == "hold" or not use:
            return False
        if kind.limit == "day" and self.hand_flag[inv * MAX_HAND + i]:
            return False
        op = use[0]
        if op == E.OP_DIE_YELLOW:
            return ph != P_ENTRANCE and self.turn_yellow == 0 and self.free_dice(YELLOW) > 0
        if op == E.OP_DIE_RED:
            return ph != P_ENTRANCE and self.turn_red == 0 and self.free_dice(RED) > 0
        if op == E.OP_DEFEAT_MONSTER:
            return self.monster_target() >= 0
        return True

    def aid_ok(self, inv, k):
        if k == 0:
            return self.sta[inv] < self.maxsta[inv]
        if k == 1:
            return self.san[inv] < self.maxsan[inv]
        tt = self.trophy_total(inv)
        if k == 2:
            return tt >= 2 and self.sta[inv] < self.maxsta[inv]
        if k == 3:
            return tt >= 2 and self.san[inv] < self.maxsan[inv]
        return tt >= 4 and (self.sta[inv] < self.maxsta[inv] or self.san[inv] < self.maxsan[inv])

    def is_legal(self, action):
        buf = self.buf
        n = self.legal_actions(buf)
        for i in range(n):
            if buf[i] == action:
                return True
        if action >= ACT_ENTER and action < G_BASE and (self.phase == P_ADV or self.phase == P_BATTLE):
            return self.cur_adv().is_legal(action)
        return False

    # ----- apply ------------------------------------------------------------------------------

    def apply(self, action):
        """Apply one action; KernelError('action', ...) when it is not legal now."""
        if self.result >= 0:
            raise KernelError("action", "the game is over")
        if self.nlog >= MAX_LOG:
            raise KernelError("action", "the game log is full")
        if not self.is_legal(action):
            raise KernelError("action", "%d is not a legal action now (%s phase)" % (action, PHASE_NAMES[self.phase]))
        self.begin_events()
        self.log[self.nlog] = action
        self.nlog += 1
        ph = self.phase
        if action < G_BASE:
            if ph == P_BATTLE:
                self.battle_step(action)
            else:
                self.adventure_step(action)
        else:
            kind = action & A_KIND_MASK
            arg = action & 0xFF
            if kind == A_MOVE - G_BASE:
                self.do_move(arg)
            elif kind == A_USE - G_BASE:
                self.use_card(self.active(), arg)
                self.resolve_pending()
                self.after_effects_in_turn()
            elif kind == A_BEGIN - G_BASE:
                if ph == P_PREP:
                    self.begin_adventure()
                else:
                    self.begin_attack()
            elif kind == A_GIVEUP - G_BASE:
                self.event(EV_GIVEUP)
                if ph == P_BATTLE:
                    self.end_attack()
                else:
                    self.end_adventure(False)
            elif kind == A_AID - G_BASE:
                self.first_aid(arg)
                self.end_turn()
            elif kind == A_LOSTFOUND - G_BASE:
                self.lost_and_found()
            elif kind == A_SHOP - G_BASE:
                self.gift_shop(arg)
            elif kind == A_PICK - G_BASE:
                self.pick(arg)

    # ----- turn -------------------------------------------------------------------------------

    def start_turn(self):
        """The active seat's turn begins (or, out of play, only the clock moves)."""
        while True:
            if self.result >= 0:
                self.phase = P_OVER
                return
            s = self.seat
            self.turn_yellow = 0
            self.turn_red = 0
            self.focus_used = False
            inv = self.seat_inv[s]
            self.event(EV_TURN, s, inv, self.turn)
            if inv == NONE:
                # out of the game: the clock still moves as if the player took a turn
                self.phase = P_MOVE
                self.clock_phase()
                if self.phase == P_PICK or self.result >= 0:
                    return
                continue
            self.phase = P_BATTLE_PREP if self.battle else P_MOVE
            return

    def do_move(self, loc):
        inv = self.active()
        self.loc[inv] = loc
        self.event(EV_MOVE, inv, loc)
        self.phase = P_ENTRANCE if loc == LOC_ENTRANCE else P_PREP

    def end_turn(self):
        """Phase 3: the clock, then midnight, picks, and the next seat."""
        if self.result >= 0:
            self.phase = P_OVER
            return
        self.clock_phase()
        if self.phase == P_PICK or self.result >= 0:
            if self.result >= 0:
                self.phase = P_OVER
            return
        self.start_turn()

    def clock_phase(self):
        self.advance_clock(1)
        self.finish_round_step()

    def finish_round_step(self):
        """After the clock: midnight (or the Ancient One's attack), picks, next seat."""
        if self.midnight_due and self.result < 0:
            self.midnight_due = False
            self.midnight()
        if self.result >= 0:
            self.phase = P_OVER
            return
        self.turn += 1
        if self.turn % self.players == 0:
            for i in range(self.ninv):
                self.assisted[i] = 0
        self.seat = (self.seat + 1) % self.players
        if self.pick_pending():
            return

    def pick_pending(self):
        for s in range(self.players):
            if self.seat_state[s] == 1:
                if self.inv_pool.n == 0 or self.battle:
                    self.seat_state[s] = 2
                    self.event(EV_OUT, s)
                    continue
                self.pick_seat = s
                self.phase = P_PICK
                return True
        self.check_all_out()
        return False

    def check_all_out(self):
        for s in range(self.players):
            if self.seat_state[s] != 2:
                return
        self.lose(0)

    def pick(self, inv):
        s = self.pick_seat
        self.seat_state[s] = 0
        # the chosen investigator comes out of the pool (kept in order)
        n = self.inv_pool.n
        for _ in range(n):
            c = self.inv_pool.draw()
            if c != inv:
                self.inv_pool.bottom(c)
        self.enter_investigator(s, inv)
        self.event(EV_PICK, s, inv)
        self.resolve_pending()
        if self.result >= 0:
            self.phase = P_OVER
            return
        if not self.pick_pending():
            self.start_turn()

    def enter_investigator(self, seat, inv):
        d = self.data.investigators[inv]
        self.seat_inv[seat] = inv
        self.seat_of[inv] = seat
        self.used[inv] = 1
        self.san[inv] = d.sanity
        self.sta[inv] = d.stamina
        self.maxsan[inv] = d.sanity
        self.maxsta[inv] = d.stamina
        self.clues[inv] = 0
        self.loc[inv] = LOC_AO if self.battle else LOC_ENTRANCE
        self.run(d.start, inv)

    def advance_clock(self, steps):
        for _ in range(steps):
            self.clock = (self.clock + 3) % 12
            self.event(EV_CLOCK, self.clock)
            if self.clock == 0:
                self.midnight_due = True

    # ----- midnight and mythos -----------------------------------------------------------------

    def midnight(self):
        self.event(EV_MIDNIGHT)
        if self.battle:
            self.ao_attack()
            return
        first_round = self.turn < self.players
        if not first_round:
            inv = self.active()
            if inv == NONE:
                inv = self.any_investigator()
            for s in range(MAX_SLOTS):
                if self.slot_on[s]:
                    self.run(self.data.adventures[self.slot_card[s]].midnight, inv)
            if self.mythos >= 0:
                self.run(self.data.mythos[self.mythos].midnight, inv)
        if self.result < 0 and not self.battle:
            self.next_mythos()
        # once per day abilities refresh
        for i in range(len(self.hand_flag)):
            self.hand_flag[i] = 0
        self.resolve_pending(True)

    def next_mythos(self):
        if self.mythos >= 0:
            self.free_locks(LK_MYTHOS, 0)
            self.mythos_deck.bottom(self.mythos)
        self.mythos = self.mythos_deck.draw()
        m = self.data.mythos[self.mythos]
        self.event(EV_MYTHOS, self.mythos)
        if m.lock_colour >= 0:
            self.add_lock(m.lock_colour, LK_MYTHOS, 0)
        inv = self.active()
        if inv == NONE:
            inv = self.any_investigator()
        self.run(m.immediate, inv)

    def any_investigator(self):
        for s in range(self.players):
            if self.seat_inv[s] != NONE:
                return self.seat_inv[s]
        return NONE

    # ----- locks and spell dice ---------------------------------------------------------------

    def add_lock(self, colour, kind, src):
        if self.nlocks >= MAX_LOCKS:
            return
        i = self.nlocks
        self.lock_col[i] = colour
        self.lock_kind[i] = kind
        self.lock_src[i] = src
        self.nlocks = i + 1
        self.event(EV_LOCK, colour, kind)
        # the die goes on the icon at once, even from a spell
        locked = 0
        for k in range(i + 1):
            if self.lock_col[k] == colour:
                locked += 1
        total = 6 - self.green_gone if colour == GREEN else 1
        if colour != GREEN:
            locked = 1
        on_spells = 0
        for k in range(self.nsd):
            if self.sd_die[k] >> 3 == colour:
                on_spells += 1
        if locked + on_spells > total:
            for k in range(self.nsd):
                if self.sd_die[k] >> 3 == colour:
                    self.drop_spell_die(k)
                    break

    def free_locks(self, kind, src):
        i = 0
        while i < self.nlocks:
            if self.lock_kind[i] == kind and self.lock_src[i] == src:
                self.event(EV_FREE, self.lock_col[i], kind)
                for k in range(i, self.nlocks - 1):
                    self.lock_col[k] = self.lock_col[k + 1]
                    self.lock_kind[k] = self.lock_kind[k + 1]
                    self.lock_src[k] = self.lock_src[k + 1]
                self.nlocks -= 1
            else:
                i += 1

    def drop_spell_die(self, k):
        """Spell-held die k leaves its spell; a spell with no die left goes to its deck's bottom."""
        card = self.sd_card[k]
        for j in range(k, self.nsd - 1):
            self.sd_die[j] = self.sd_die[j + 1]
            self.sd_card[j] = self.sd_card[j + 1]
        self.nsd -= 1
        for j in range(self.nsd):
            if self.sd_card[j] == card:
                return
        self.item_decks[self.data.cards[card].deck_index].bottom(card)
        self.event(EV_RETURN, card)

    # ----- board: adventures, Other Worlds, monsters ------------------------------------------

    def reveal(self, s):
        """A new adventure in main slot s (or none when the deck is empty)."""
        c = self.adv_deck.draw()
        self.put_card(s, c)

    def put_card(self, s, c):
        base = s * MAX_MON
        for k in range(MAX_MON):
            self.slot_mon[base + k] = NONE
        if c < 0:
            self.slot_on[s] = 0
            self.slot_adv[s] = None
            return
        self.slot_on[s] = 1
        self.slot_card[s] = c
        self.event(EV_REVEAL, c, s)
        card = self.data.adventures[c]
        if card.lock >= 0:
            self.add_lock(card.lock, LK_ADVENTURE, c)
        self.rebuild(s)
        inv = self.active()
        if inv == NONE:
            inv = self.any_investigator()
        if inv != NONE:
            self.run(card.entry, inv)

    def open_gate(self):
        c = self.ow_deck.draw()
        if c < 0:
            self.event(EV_EMPTY, NONE, E.OP_GATE)
            return
        for s in range(MAIN_SLOTS, MAX_SLOTS):
            if not self.slot_on[s]:
                self.put_card(s, c)
                return
        self.ow_deck.bottom(c)
        self.event(EV_EMPTY, NONE, E.OP_GATE)

    def rebuild(self, s):
        """Rebind the slot's Adventure to its printed tasks and the monsters on it (no allocation:
        the task ids come from the game's task table, gametasks.py)."""
        self.rebuilds += 1
        a = self.slot_card[s]
        card = self.data.adventures[a]
        gt = self.tasks
        outlines = card.outlines
        ids = self.tids
        tm = self.slot_task_mon
        tb = s * MAX_TASKS_GAME
        base = s * MAX_MON
        nprinted = len(card.card.tasks)
        n = 0
        for t in range(nprinted):
            tid = gt.printed[a * MAX_TASKS + t]
            mk = NONE
            for k in range(MAX_MON):
                m = self.slot_mon[base + k]
                at = self.slot_mon_at[base + k]
                if m != NONE and at < 100 and outlines[at][0] == t:
                    if outlines[at][1] == 2:
                        tid = gt.partial_id(a, at, m)
                    else:
                        tid = gt.monster[m]
                    mk = k
            ids[n] = tid
            tm[tb + n] = mk
            n += 1
        for k in range(MAX_MON):
            m = self.slot_mon[base + k]
            at = self.slot_mon_at[base + k]
            if m != NONE and (at >= 100 or outlines[at][0] < 0):
                if n == MAX_TASKS_GAME:
                    raise KernelError("card", "at most %d tasks on a card" % MAX_TASKS_GAME)
                ids[n] = gt.monster[m]
                tm[tb + n] = k
                n += 1
        for t in range(n, MAX_TASKS_GAME):
            tm[tb + t] = NONE
        adv = self.slot_pool[s]
        adv.set_situation(6, 0, 0, 0, 0, 0, card.terror_code, 0, 0)
        adv.set_seed(0)
        adv.set_card(gt.table, ids, n, card.card.ordered and n > 1)
        self.slot_adv[s] = adv

    def monster_appears(self):
        """Draw a monster and place it (kernel rule, GAME.md): the first free outline in slot order,
        else an extra task on the card with the fewest extra monsters (lowest slot first); never on
        the card being attempted right now; no room anywhere: back to the cup."""
        m = self.cup.draw()
        if m < 0:
            self.event(EV_EMPTY, NONE, E.OP_MONSTER)
            return
        busy = self.att_slot if self.phase == P_ADV else -1
        best = -1
        best_at = 0
        for s in range(MAX_SLOTS):
            if not self.slot_on[s] or s == busy:
                continue
            outlines = self.data.adventures[self.slot_card[s]].outlines
            for o in range(len(outlines)):
                if outlines[o][0] < 0 and self.slot_adv[s].ntasks >= MAX_TASKS_GAME:
                    continue
                if not self.outline_taken(s, o):
                    best = s
                    best_at = o
                    break
            if best >= 0:
                break
        if best < 0:
            fewest = 99
            for s in range(MAX_SLOTS):
                if not self.slot_on[s] or s == busy:
                    continue
                if self.slot_adv[s].ntasks >= MAX_TASKS_GAME or self.free_mon(s) < 0:
                    continue
                extras = 0
                for k in range(MAX_MON):
                    if self.slot_mon[s * MAX_MON + k] != NONE and self.slot_mon_at[s * MAX_MON + k] >= 100:
                        extras += 1
                if extras < fewest:
                    fewest = extras
                    best = s
                    best_at = 100 + extras
        if best < 0 or self.free_mon(best) < 0:
            self.cup.bottom(m)
            self.event(EV_MONSTER, m, NONE, NONE)
            return
        k = self.free_mon(best)
        self.slot_mon[best * MAX_MON + k] = m
        self.slot_mon_at[best * MAX_MON + k] = best_at
        self.event(EV_MONSTER, m, best, best_at)
        mon = self.data.monsters[m]
        if mon.lock_colour >= 0:
            self.add_lock(mon.lock_colour, LK_MONSTER, best * MAX_MON + k)
        self.rebuild(best)

    def outline_taken(self, s, o):
        for k in range(MAX_MON):
            if self.slot_mon[s * MAX_MON + k] != NONE and self.slot_mon_at[s * MAX_MON + k] == o:
                return True
        return False

    def free_mon(self, s):
        for k in range(MAX_MON):
            if self.slot_mon[s * MAX_MON + k] == NONE:
                return k
        return -1

    def monster_target(self):
        """The monster an item or spell defeats (kernel rule): the first in slot order, preferring
        the card the active investigator is on; -1 when none is in play."""
        inv = self.active()
        if inv != NONE and 1 <= self.loc[inv] <= MAX_SLOTS and self.phase != P_ADV:
            s = self.loc[inv] - 1
            for k in range(MAX_MON):
                if self.slot_on[s] and self.slot_mon[s * MAX_MON + k] != NONE:
                    return s * MAX_MON + k
        if self.phase == P_ADV:
            return -1      # not while the dice are out (the card's tasks are fixed for the attempt)
        for i in range(MAX_SLOTS * MAX_MON):
            if self.slot_on[i // MAX_MON] and self.slot_mon[i] != NONE:
                return i
        return -1

    def defeat(self, mi, inv):
        """Monster at slot-monster index mi is defeated by inv: trophy, lock freed, back effect."""
        m = self.slot_mon[mi]
        s = mi // MAX_MON
        self.slot_mon[mi] = NONE
        mon = self.data.monsters[m]
        self.event(EV_DEFEAT, m, inv)
        self.free_locks(LK_MONSTER, mi)
        self.add_trophy(inv, mon.trophy)
        self.cup.bottom(m)
        self.run(mon.defeat, inv)
        return s

    # ----- the adventure phase ----------------------------------------------------------------

    def begin_adventure(self):
        inv = self.active()
        s = self.loc[inv] - 1
        self.att_slot = s
        adv = self.slot_adv[s]
        helpers = 0
        for k in range(MAX_PLAYERS):
            self.att_helpers[k] = NONE
        for seat in range(self.players):
            h = self.seat_inv[seat]
            if h != NONE and h != inv and self.loc[h] == s + 1 and not self.assisted[h] and helpers < 3:
                self.att_helpers[helpers] = h
                helpers += 1
        green = self.free_dice(GREEN)
        yellow = 1 if self.turn_yellow == 1 else 0
        red = 1 if self.turn_red == 1 else 0
        adv.set_situation(green, yellow, red, (0 if self.focus_used else 1) + helpers,
                          self.hold_spells(inv, 4), self.clues[inv] if self.clues[inv] < 4 else 4,
                          self.data.adventures[self.slot_card[s]].terror_code,
                          self.san[inv] if self.san[inv] < 20 else 20,
                          self.sta[inv] if self.sta[inv] < 20 else 20)
        adv.set_seed((prng.next15(self.rng) << 15) | prng.next15(self.rng))
        adv.reset()
        self.preload_spell_dice(adv)
        self.att_nhelp = 0
        self.att_done = 0
        self.event(EV_BEGIN, s, green, yellow * 2 + red)
        self.phase = P_ADV
        if adv.is_terminal():
            self.end_adventure(False)

    def preload_spell_dice(self, adv):
        """After adv.reset(): the dice spells hold from earlier turns are held in this attempt."""
        for d in range(24):
            self.att_focus[d] = 0
            self.att_spell[d] = 0
        for k in range(self.nsd):
            adv.add_held(self.sd_die[k])
            self.att_spell[self.sd_die[k]] += 1

    def hold_spells(self, inv, top):
        """Spells in inv's hand that can hold a die and hold none yet (at most top)."""
        n = 0
        base = inv * MAX_HAND
        for i in range(MAX_HAND):
            c = self.hand[base + i]
            if c != NONE and self.data.cards[c].limit == "hold" and not self.spell_busy(c):
                n += 1
        return n if n < top else top

    def spell_busy(self, c):
        for k in range(self.nsd):
            if self.sd_card[k] == c:
                return True
        return False

    def adventure_step(self, action):
        inv = self.active()
        s = self.loc[inv] - 1
        adv = self.slot_adv[s]
        roll = adv.roll_counts
        if action == ACT_ROLL or action >= ACT_ENTER:
            adv.apply(action)
            self.event(EV_ROLL, roll_code(roll))
        elif action < ACT_HOLD:
            t = action >> 8
            base = (action & 255) * WAY_BYTES
            ways = adv.ways
            for d in range(24):
                u = ways[base + 24 + d]
                if u:
                    f = self.att_focus[d] if self.att_focus[d] < u else u
                    self.att_focus[d] -= f
                    self.att_spell[d] -= u - f
                    self.use_spell_dice(d, u - f)
            adv.apply(action)
            self.att_done |= 1 << t
            self.event(EV_TASK, s, t)
            sanity = adv.task_sanity[t]
            stamina = adv.task_stamina[t]
            clock = adv.task_clock[t]
            if sanity:
                self.change(E.OP_SANITY, -sanity, inv)
            if stamina:
                self.change(E.OP_STAMINA, -stamina, inv)
            if clock:
                self.advance_clock(clock)
        elif action < ACT_FAIL:
            d = action - ACT_HOLD
            c = self.free_hold_spell(inv)
            self.sd_die[self.nsd] = d
            self.sd_card[self.nsd] = c
            self.nsd += 1
            self.att_spell[d] += 1
            self.event(EV_HOLD, d, c)
            adv.apply(action)
        elif action < ACT_REROLL:
            if roll[GREEN * NFACES + TERROR]:
                self.event(EV_TERROR, s)
                self.run(self.data.adventures[self.slot_card[s]].terror, inv)
                if self.mythos >= 0:
                    self.run(self.data.mythos[self.mythos].terror, inv)
            if action != ACT_FAIL_LOST and (action - ACT_FAIL) & 31:
                d = ((action - ACT_FAIL) & 31) - 1
                self.att_focus[d] += 1
                if not self.focus_used:
                    self.focus_used = True
                    self.event(EV_FOCUS, d)
                else:
                    h = self.att_helpers[self.att_nhelp]
                    self.att_nhelp += 1
                    self.assisted[h] = 1
                    self.event(EV_HELP, h, d)
            adv.apply(action)
        else:
            adv.apply(action)
            self.clues[inv] -= 1
            self.event(EV_CLUE, inv)
        self.resolve_pending()
        if self.result >= 0:
            self.phase = P_OVER
            return
        if self.battle or self.seat_inv[self.seat] != inv:
            # the Ancient One woke, or the active investigator was devoured: the turn's clock phase
            self.end_adventure(False, True)
            return
        if adv.is_terminal():
            self.end_adventure(adv.phase() == P_WON)

    def free_hold_spell(self, inv):
        base = inv * MAX_HAND
        for i in range(MAX_HAND):
            c = self.hand[base + i]
            if c != NONE and self.data.cards[c].limit == "hold" and not self.spell_busy(c):
                self.hand[base + i] = NONE
                return c
        return 0

    def use_spell_dice(self, d, n):
        k = 0
        while n > 0 and k < self.nsd:
            if self.sd_die[k] == d:
                self.drop_spell_die(k)
                n -= 1
            else:
                k += 1

    def end_adventure(self, won, interrupted=False):
        """The end of the adventure phase: monsters, dice back, trophy and reward or penalty."""
        inv = self.active()
        if interrupted or inv == NONE or self.battle:
            # devoured during the attempt, or the Ancient One woke: the clock phase follows
            self.att_nhelp = 0
            self.end_turn()
            return
        s = self.loc[inv] - 1
        self.phase = P_PREP
        # defeated monsters: a trophy at the end of the phase, even if the adventure fails
        defeated = False
        if s >= 0 and self.slot_on[s]:
            tb = s * MAX_TASKS_GAME
            for t in range(MAX_TASKS_GAME):
                k = self.slot_task_mon[tb + t]
                if k != NONE and self.att_done & (1 << t) and self.slot_mon[s * MAX_MON + k] != NONE:
                    self.defeat(s * MAX_MON + k, inv)
                    defeated = True
        card_id = self.slot_card[s]
        card = self.data.adventures[card_id]
        if won and not interrupted:
            self.event(EV_WON, s, card_id)
            for seat in range(self.players):
                h = self.seat_inv[seat]
                if h != NONE and self.loc[h] == s + 1:
                    self.loc[h] = LOC_ENTRANCE
            self.free_locks(LK_ADVENTURE, card_id)
            self.add_trophy(inv, card.trophy)
            self.return_monsters(s)
            if s < MAIN_SLOTS:
                self.reveal(s)
            else:
                self.put_card(s, -1)
            self.run(card.reward, inv)
        else:
            if not interrupted:
                self.event(EV_LOST, s, card_id)
                self.run(card.penalty, inv)
            if defeated and self.slot_on[s] and self.slot_card[s] == card_id:
                self.rebuild(s)
            for k in range(self.att_nhelp):
                h = self.att_helpers[k]
                if self.seat_inv[self.seat_of[h]] == h:
                    if self.sta[h] >= self.san[h]:
                        self.change(E.OP_STAMINA, -1, h)
                    else:
                        self.change(E.OP_SANITY, -1, h)
        self.att_nhelp = 0
        if self.turn_yellow == 1:
            self.turn_yellow = 2
        if self.turn_red == 1:
            self.turn_red = 2
        self.resolve_pending()
        self.end_turn()

    def return_monsters(self, s):
        base = s * MAX_MON
        for k in range(MAX_MON):
            m = self.slot_mon[base + k]
            if m != NONE:
                self.free_locks(LK_MONSTER, base + k)
                self.cup.bottom(m)
                self.slot_mon[base + k] = NONE

    # ----- the entrance -----------------------------------------------------------------------

    def first_aid(self, k):
        inv = self.active()
        self.event(EV_AID, k)
        if k == 0:
            self.change(E.OP_STAMINA, 1, inv)
        elif k == 1:
            self.change(E.OP_SANITY, 1, inv)
        else:
            self.pay_trophies(inv, 2 if k < 4 else 4)
            if k != 3:
                self.change(E.OP_STAMINA, self.maxsta[inv], inv)
            if k != 2:
                self.change(E.OP_SANITY, self.maxsan[inv], inv)

    def lost_and_found(self):
        inv = self.active()
        f = prng.die(self.rng, 6)
        self.event(EV_LOSTFOUND, f)
        self.run(self.data.lost_found[f], inv)
        self.resolve_pending()
        self.end_turn()

    def gift_shop(self, k):
        inv = self.active()
        row = self.data.shop[k]
        self.event(EV_SHOP, k)
        self.pay_trophies(inv, row.cost_n)
        self.run(row.code, inv)
        self.resolve_pending()
        self.end_turn()

    def pay_trophies(self, inv, need):
        """Spend trophy cards worth at least need (no change): the smallest total that pays, then the
        fewest cards (kernel rule, GAME.md); with too little, every trophy is lost."""
        base = inv * 10
        tb = self.tbuf
        best_total = 999
        best_cards = 99
        # enumerate counts per value, values 1..9, bounded: a mixed-radix counter over tb
        for v in range(10):
            tb[v] = 0
        while True:
            total = 0
            cards = 0
            for v in range(10):
                total += v * tb[v]
                cards += tb[v]
            if total >= need and (total < best_total or total == best_total and cards < best_cards):
                best_total = total
                best_cards = cards
                self.best_code = 0
                for v in range(9, -1, -1):
                    self.best_code = self.best_code * 16 + tb[v]
            v = 1
            while v < 10:
                if tb[v] < self.troph[base + v] and tb[v] < 15:
                    tb[v] += 1
                    break
                tb[v] = 0
                v += 1
            if v == 10:
                break
        if best_total == 999:
            for v in range(10):
                self.troph[base + v] = 0
            self.event(EV_TROPHY, inv, 0)
            return
        code = self.best_code
        for v in range(10):
            self.troph[base + v] -= code % 16
            code //= 16
        self.event(EV_TROPHY, inv, self.trophy_total(inv))

    def add_trophy(self, inv, value):
        if value > 9:
            value = 9
        self.troph[inv * 10 + value] += 1
        self.event(EV_TROPHY, inv, self.trophy_total(inv))

    # ----- cards in hand ----------------------------------------------------------------------

    def draw_card(self, k, inv):
        c = self.item_decks[k].draw()
        if c < 0:
            self.event(EV_EMPTY, inv, E.OP_COMMON + k)
            return
        base = inv * MAX_HAND
        for i in range(MAX_HAND):
            if self.hand[base + i] == NONE:
                self.hand[base + i] = c
                self.hand_flag[base + i] = 0
                self.event(EV_DRAW, inv, c)
                return
        self.item_decks[k].bottom(c)
        self.event(EV_EMPTY, inv, E.OP_COMMON + k)

    def discard_card(self, k, inv):
        """Lose one card of deck k (the first in hand)."""
        base = inv * MAX_HAND
        for i in range(MAX_HAND):
            c = self.hand[base + i]
            if c != NONE and self.data.cards[c].deck_index == k:
                self.hand[base + i] = NONE
                self.item_decks[k].bottom(c)
                self.event(EV_DISCARD, inv, c)
                return
        self.event(EV_EMPTY, inv, E.OP_COMMON + k)

    def use_card(self, inv, i):
        c = self.hand[inv * MAX_HAND + i]
        kind = self.data.cards[c]
        self.event(EV_USE, inv, c)
        op = kind.use[0]
        if op == E.OP_DIE_YELLOW:
            self.turn_yellow = 1
        elif op == E.OP_DIE_RED:
            self.turn_red = 1
        elif op == E.OP_DEFEAT_MONSTER:
            mi = self.monster_target()
            s = self.defeat(mi, inv)
            self.rebuild(s)
        else:
            self.run(kind.use, inv)
        if kind.limit == "day":
            self.hand_flag[inv * MAX_HAND + i] = 1
        elif kind.limit == "discard":
            self.hand[inv * MAX_HAND + i] = NONE
            self.item_decks[kind.deck_index].bottom(c)

    def after_effects_in_turn(self):
        """After a card's effect in the prepare or entrance step: a devoured active investigator or
        the awakening ends the phase (the turn's clock phase follows)."""
        if self.result >= 0:
            self.phase = P_OVER
        elif self.seat_inv[self.seat] == NONE or (self.battle and self.phase != P_BATTLE_PREP):
            self.end_turn()

    # ----- effects ----------------------------------------------------------------------------

    def run(self, code, inv):
        """Apply a compiled effect list for investigator inv (effects.py)."""
        i = 0
        n = len(code)
        while i < n and self.result < 0:
            op = code[i]
            amount = code[i + 1]
            scope = code[i + 2]
            if op == E.OP_CHOOSE:
                i = self.run_choose(code, i, inv)
                continue
            if scope == E.SC_EACH:
                for s in range(self.players):
                    h = self.seat_inv[s]
                    if h != NONE:
                        self.prim(op, amount, h)
            else:
                self.prim(op, amount, inv)
            i += 3

    def run_choose(self, code, i, inv):
        """choose(A;B;...): the first alternative inv can pay without being devoured, else the last."""
        nalt = code[i + 1]
        scope = code[i + 2]
        j = i + 3
        pick = -1
        end = j
        for a in range(nalt):
            length = code[end + 1]
            if pick < 0 and (a == nalt - 1 or self.affordable(code, end + 3, length, inv, scope)):
                pick = end
            end += 3 + length * 3
        length = code[pick + 1]
        start = pick + 3
        for k in range(length):
            op = code[start + 3 * k]
            amount = code[start + 3 * k + 1]
            if scope == E.SC_EACH:
                for s in range(self.players):
                    h = self.seat_inv[s]
                    if h != NONE:
                        self.prim(op, amount, h)
            else:
                self.prim(op, amount, inv)
        return end

    def affordable(self, code, start, length, inv, scope):
        if scope == E.SC_EACH:
            for s in range(self.players):
                h = self.seat_inv[s]
                if h != NONE and not self.affordable(code, start, length, h, E.SC_ACTIVE):
                    return False
            return True
        if inv == NONE:
            return True
        san = 0
        sta = 0
        for k in range(length):
            op = code[start + 3 * k]
            amount = code[start + 3 * k + 1]
            if op == E.OP_SANITY:
                san -= amount
            elif op == E.OP_STAMINA:
                sta -= amount
            elif op == E.OP_TROPHIES and amount < 0 and self.trophy_total(inv) < -amount:
                return False
            elif op == E.OP_CLUE and amount < 0 and self.clues[inv] < -amount:
                return False
        return self.san[inv] > san and self.sta[inv] > sta

    def prim(self, op, n, inv):
        """One primitive of the vocabulary."""
        if op == E.OP_DOOM:
            self.add_doom(n)
        elif op == E.OP_ELDER:
            self.elder += n
            if self.elder < 0:
                self.elder = 0
            self.event(EV_ELDER, self.elder)
            if self.elder >= self.ao.elder_signs and not self.battle:
                self.win(0)
        elif op == E.OP_GATE:
            for _ in range(n):
                if not self.battle:
                    self.open_gate()
        elif op == E.OP_MONSTER:
            for _ in range(n):
                if not self.battle:
                    self.monster_appears()
        elif op == E.OP_CLOCK:
            self.advance_clock(n if n > 0 else 0)
        elif op == E.OP_NOTE or op == E.OP_FAIL or op == E.OP_DISCARD_TERROR:
            if op == E.OP_NOTE:
                self.event(EV_NOTE, n)
        elif op == E.OP_LOCK_GREEN or op == E.OP_LOCK_YELLOW or op == E.OP_LOCK_RED:
            self.add_lock(op - E.OP_LOCK_GREEN, LK_MYTHOS, 0)
        elif op == E.OP_AWAKEN:
            if not self.battle:
                self.awaken_due = True
        elif op == E.OP_LOSE_GAME:
            self.lose(1)
        elif inv == NONE:
            return
        elif op == E.OP_HEAL_ALL:
            self.change(E.OP_SANITY, self.maxsan[inv], inv)
            self.change(E.OP_STAMINA, self.maxsta[inv], inv)
        elif op >= E.OP_COMMON and op <= E.OP_ALLY:
            for _ in range(n if n > 0 else -n):
                if n > 0:
                    self.draw_card(op - E.OP_COMMON, inv)
                else:
                    self.discard_card(op - E.OP_COMMON, inv)
        elif op == E.OP_TROPHIES:
            if n < 0:
                self.pay_trophies(inv, -n)
            elif n > 0:
                self.add_trophy(inv, n)
        elif op == E.OP_DEFEAT_MONSTER:
            mi = self.monster_target()
            if mi >= 0:
                s = self.defeat(mi, inv)
                self.rebuild(s)
        elif op == E.OP_SET_SANITY:
            self.change(E.OP_SANITY, n - self.san[inv], inv)
        elif op == E.OP_SET_STAMINA:
            self.change(E.OP_STAMINA, n - self.sta[inv], inv)
        elif op == E.OP_DIE_YELLOW or op == E.OP_DIE_RED or op == E.OP_HOLD_DIE:
            return   # abilities of cards in hand, used through A_USE and the adventure
        else:
            self.change(op, n, inv)

    def change(self, op, n, inv):
        """sanity, stamina, clue, max_sanity, max_stamina of inv change by n (never above the maximum)."""
        s = self.seat_of[inv]
        if s >= MAX_PLAYERS or self.seat_inv[s] != inv:
            return
        if op == E.OP_SANITY:
            v = self.san[inv] + n
            v = self.maxsan[inv] if v > self.maxsan[inv] else v
            self.san[inv] = v if v > 0 else 0
            self.event(EV_STAT, inv, op, self.san[inv])
        elif op == E.OP_STAMINA:
            v = self.sta[inv] + n
            v = self.maxsta[inv] if v > self.maxsta[inv] else v
            self.sta[inv] = v if v > 0 else 0
            self.event(EV_STAT, inv, op, self.sta[inv])
        elif op == E.OP_CLUE:
            v = self.clues[inv] + n
            self.clues[inv] = v if v > 0 else 0
            self.event(EV_STAT, inv, op, self.clues[inv])
        elif op == E.OP_MAX_SANITY:
            v = self.maxsan[inv] + n
            self.maxsan[inv] = v if v > 0 else 0
            if self.san[inv] > self.maxsan[inv]:
                self.san[inv] = self.maxsan[inv]
            self.event(EV_STAT, inv, op, self.maxsan[inv])
        elif op == E.OP_MAX_STAMINA:
            v = self.maxsta[inv] + n
            self.maxsta[inv] = v if v > 0 else 0
            if self.sta[inv] > self.maxsta[inv]:
                self.sta[inv] = self.maxsta[inv]
            self.event(EV_STAT, inv, op, self.maxsta[inv])
        if self.san[inv] == 0 or self.sta[inv] == 0:
            self.devour(inv)

    def devour(self, inv):
        """Sanity or stamina at 0: one doom, cards, trophies and clues go back; the seat picks anew."""
        seat = self.seat_of[inv]
        self.event(EV_DEVOUR, inv, seat)
        base = inv * MAX_HAND
        for i in range(MAX_HAND):
            c = self.hand[base + i]
            if c != NONE:
                self.hand[base + i] = NONE
                self.item_decks[self.data.cards[c].deck_index].bottom(c)
        for v in range(10):
            self.troph[inv * 10 + v] = 0
        self.clues[inv] = 0
        self.loc[inv] = LOC_NONE
        self.seat_inv[seat] = NONE
        self.seat_state[seat] = 2 if self.battle else 1
        if self.battle:
            self.event(EV_OUT, seat)
        was_battle = self.battle
        self.add_doom(1)
        if not was_battle and self.awaken_due:
            # the devouring woke the Ancient One: that player is out of the game (rulebook p.14)
            self.seat_state[seat] = 2
            self.event(EV_OUT, seat)
        if was_battle:
            self.check_all_out()

    def add_doom(self, n):
        top = self.ao.doom
        for _ in range(n if n > 0 else -n):
            if n > 0:
                if self.doom >= top:
                    break
                self.doom += 1
                self.event(EV_DOOM, self.doom)
                if not self.battle:
                    if self.ao.spaces[self.doom]:
                        self.monster_appears()
                    if self.doom == top:
                        self.awaken_due = True
            else:
                if self.doom == 0:
                    break
                self.doom -= 1
                self.event(EV_DOOM, self.doom)
                if self.battle and self.doom == 0:
                    self.win(1)

    def resolve_pending(self, at_midnight=False):
        """After an effect list has been resolved in full: the awakening (rulebook p.18)."""
        if self.awaken_due and self.result < 0 and not self.battle:
            self.awaken_due = False
            self.awaken()
            if self.result < 0 and at_midnight:
                self.ao_attack()

    def win(self, reason):
        if self.result < 0:
            self.result = 1
            self.ended_by = reason
            self.event(EV_WIN, reason)

    def lose(self, reason):
        if self.result < 0:
            self.result = 0
            self.ended_by = reason
            self.event(EV_LOSS, reason)

    # ----- awakening and the final battle -----------------------------------------------------

    def awaken(self):
        self.event(EV_AWAKEN)
        if self.ao.awaken:
            self.run(self.ao.awaken, self.any_investigator())
            if self.result >= 0:
                return
        self.battle = True
        if self.mythos >= 0:
            self.free_locks(LK_MYTHOS, 0)
            self.mythos_deck.bottom(self.mythos)
            self.mythos = -1
        # dice locked on adventures or monsters leave the game
        for i in range(self.nlocks):
            c = self.lock_col[i]
            if c == GREEN:
                self.green_gone += 1
            elif c == YELLOW:
                self.yellow_gone = True
            else:
                self.red_gone = True
        self.nlocks = 0
        for s in range(MAX_SLOTS):
            if self.slot_on[s]:
                self.return_monsters(s)
                self.slot_on[s] = 0
                self.slot_adv[s] = None
        self.doom = self.ao.doom
        self.event(EV_DOOM, self.doom)
        for seat in range(self.players):
            inv = self.seat_inv[seat]
            if inv != NONE:
                self.loc[inv] = LOC_AO
            elif self.seat_state[seat] == 1:
                self.seat_state[seat] = 2
                self.event(EV_OUT, seat)
        self.check_all_out()

    def begin_attack(self):
        inv = self.active()
        adv = self.combat_adv
        green = self.free_dice(GREEN)
        yellow = 1 if self.turn_yellow == 1 else 0
        red = 1 if self.turn_red == 1 else 0
        self.start_combat(inv, green, yellow, red)
        self.event(EV_BEGIN, NONE, green, yellow * 2 + red)
        self.phase = P_BATTLE
        if adv.is_terminal():
            self.end_attack()

    def start_combat(self, inv, green, yellow, red):
        adv = self.combat_adv
        adv.set_situation(green, yellow, red, 0, self.hold_spells(inv, 4),
                          self.clues[inv] if self.clues[inv] < 4 else 4, 0, 0, 0)
        adv.set_seed((prng.next15(self.rng) << 15) | prng.next15(self.rng))
        adv.reset()
        self.preload_spell_dice(adv)

    def battle_step(self, action):
        inv = self.active()
        adv = self.combat_adv
        if action == ACT_ROLL or action >= ACT_ENTER:
            adv.apply(action)
            self.event(EV_ROLL, roll_code(adv.roll_counts))
        elif action < ACT_HOLD:
            base = (action & 255) * WAY_BYTES
            for d in range(24):
                u = adv.ways[base + 24 + d]
                if u:
                    self.use_spell_dice(d, u)
            adv.apply(action)
            self.event(EV_HIT, self.doom - 1)
            self.add_doom(-1)
            if self.result >= 0:
                self.phase = P_OVER
                return
            g = adv.pool_dice(GREEN)
            y = adv.pool_dice(YELLOW)
            r = adv.pool_dice(RED)
            if g + y + r == 0:
                self.end_attack()
                return
            self.start_combat(inv, g, y, r)
            return
        elif action < ACT_FAIL:
            d = action - ACT_HOLD
            c = self.free_hold_spell(inv)
            self.sd_die[self.nsd] = d
            self.sd_card[self.nsd] = c
            self.nsd += 1
            self.event(EV_HOLD, d, c)
            adv.apply(action)
        elif action < ACT_REROLL:
            adv.apply(action)
        else:
            adv.apply(action)
            self.clues[inv] -= 1
            self.event(EV_CLUE, inv)
        if adv.is_terminal():
            self.end_attack()

    def end_attack(self):
        if self.turn_yellow == 1:
            self.turn_yellow = 2
        if self.turn_red == 1:
            self.turn_red = 2
        self.end_turn()

    def ao_attack(self):
        self.event(EV_ATTACK)
        inv = self.active()
        if inv == NONE:
            inv = self.any_investigator()
        self.run(self.ao.attack, inv)

    # ----- replay -----------------------------------------------------------------------------

    def replay(self, actions):
        self.reset()
        for a in actions:
            self.apply(a)

    def actions(self):
        return [self.log[i] for i in range(self.nlog)]
