"""Companion mode: the players keep the real cards on the table; the kernel tracks the clock, doom,
elder signs, investigators' sanity, stamina, clues and trophies, the adventures in play, their
monsters and the locked dice. What a physical card says is entered as primitives of the effect
vocabulary (effects.py); what happened at the table is entered with the calls below.

    g = new_companion(data, players=3)         # no mythos drawn: the table draws its own
    enter_effect(g, "doom+1")                  # the mythos card just revealed adds a doom token
    put_adventure(g, slot, name)               # the card the table revealed (entry effect: the
                                               #   current player's investigator)
    place_monster(g, slot, monster_name)       # a monster the table placed (as an extra task)
    lock_die(g, colour) / free_die(g, colour)  # a lock icon took a die / a die was freed
    complete_adventure(g, slot)                # won at the table: trophy, monsters back to the
                                               #   cup, its locks freed, the slot emptied
    end_turn(g)                                # clock +3 hours (midnight: mythos locks freed,
                                               #   nothing drawn), then the next player
    clock_step(g) / next_player(g)             # the two halves of end_turn
    replace_investigator(g, seat)              # a devoured investigator's player takes a new one
    status(g, buf)                             # every count the device shows, into a bytearray

Midnight in companion mode is the table's: the kernel draws no mythos card and runs no at-midnight
effect or attack (the device prompts the players to resolve them and enter what they do); it frees
the dice locked until midnight (lock_die, lock_* effects: "freed by the next midnight") and refreshes
once-per-day abilities. Any clock advance that strikes midnight does this, also a `clock+1` effect.

`new_companion(..., lean=True)` (the handheld's choice) makes a CompanionGame: the same state and
rules mixins without what playing adventures on the kernel needs (the task table, one Adventure per
slot and the final battle's, the action log, the legal-actions buffer); a slot keeps only its task
count. It accepts lean card data (`GameData(lean=True)`, data.py). Only `lean=False` (a full
Game) plays adventures on the kernel (apply(ACT_ENTER + roll_code(counts)) with physical rolls).

Entries are not in the action log (they are not replayable from the seed); the handheld saves the
list of entries (micropython/compsave.py), the host a full companion game by its state (gamesave).
After setup, `status` and every call but enter_effect (which compiles the typed text) and the name
look-ups allocate nothing beyond what the rules mixins do.
"""

from array import array

from ...errors import KernelError
from .effects import compile_effects
from ..dice import GREEN, YELLOW, RED
from .defs import (MAX_PLAYERS, MAX_SLOTS, MAX_MON, MAX_TASKS_GAME, NONE, LOC_ENTRANCE,
                   LK_MYTHOS, LK_MONSTER, LK_ADVENTURE, EV_TURN, EV_MIDNIGHT, EV_WON, EV_PICK, EV_FREE)
from .state import GameState
from .turn import Turn
from .board import Board
from .doom import Doom
from .cards import Cards
from .resolve import Resolve
from .battle import Battle

LEAN_EV = 256           # event ints a lean companion keeps per entry (64 events; more are dropped)

# status(): offsets in the status buffer (STATUS_BYTES long)
ST_CLOCK = 0            # hour 0 (XII), 3, 6, 9
ST_DOOM = 1
ST_DOOM_TOP = 2         # the Ancient One's doom track length
ST_ELDER = 3
ST_ELDER_NEED = 4       # elder signs that seal it
ST_PLAYERS = 5
ST_SEAT = 6             # whose turn
ST_FIRST_ROUND = 7      # 1 in the first round (no at-midnight effects)
ST_BATTLE = 8           # 1 in the final battle
ST_RESULT = 9           # 2 playing, 1 won, 0 lost
ST_FREE = 10            # free dice: green at 10, yellow 11, red 12
ST_MONSTERS = 13        # monsters in play
ST_TURN = 14            # turn number & 255
ST_AO = 15              # the Ancient One's index
ST_LOCKED = 16          # locked dice: green at 16, yellow 17, red 18
ST_POOL = 19            # investigators left to choose (for a devoured one's replacement)
ST_SEATS = 20           # per seat SEAT_BYTES: the fields SS_*
SEAT_BYTES = 8
SS_INV = 0              # investigator id, NONE when devoured (or no seat)
SS_SAN = 1
SS_MAXSAN = 2
SS_STA = 3
SS_MAXSTA = 4
SS_CLUES = 5
SS_TROPHIES = 6         # trophy total (at most 255)
SS_STATE = 7            # 0 playing, 1 devoured (may take a new investigator), 2 out
ST_SLOTS = ST_SEATS + MAX_PLAYERS * SEAT_BYTES     # per slot SLOT_BYTES: the fields SL_*
SLOT_BYTES = 4
SL_ON = 0               # 1 when a card is there
SL_CARD = 1             # adventure index, big-endian at 1 and 2
SL_MONSTERS = 3
STATUS_BYTES = ST_SLOTS + MAX_SLOTS * SLOT_BYTES


class SlotTasks:
    """A lean companion slot's stand-in for its Adventure: only the task count (place_monster and
    the monster placement rule read `ntasks`)."""

    def __init__(self):
        self.ntasks = 0


class CompanionGame(GameState, Turn, Board, Doom, Cards, Battle, Resolve):
    """A companion game without the buffers for playing adventures on the kernel (see the module)."""

    def __init__(self, data, players=1, ancient_one=0):
        GameState.__init__(self, data, players=players, seed=0, ancient_one=ancient_one, companion=True)

    def play_buffers(self, data):
        self.tasks = None
        self.work = None
        self.tids = None
        self.combat_adv = None
        self.buf = None
        self.slot_pool = [SlotTasks() for _ in range(MAX_SLOTS)]
        self.log = array("i")
        self.ev = array("i", [0] * LEAN_EV)

    def reset_play(self):
        pass

    def rebuild(self, s):
        """The slot's task count: printed tasks, plus monsters as extra tasks (gameboard.rebuild's
        count, without binding an Adventure)."""
        self.rebuilds += 1
        card = self.data.adventures[self.slot_card[s]]
        outlines = card.outlines
        n = card.ntasks
        base = s * MAX_MON
        for k in range(MAX_MON):
            if self.extra_task_monster(base + k, outlines, n) != NONE:
                n += 1
        t = self.slot_pool[s]
        t.ntasks = n
        self.slot_adv[s] = t


def new_companion(data, players=1, ancient_one=0, lean=False):
    """A companion game: no mythos card drawn (the table draws its own). lean: a CompanionGame (what
    the handheld uses), else a full Game in companion mode."""
    if lean or getattr(data, "lean", False):
        return CompanionGame(data, players=players, ancient_one=ancient_one)
    from .machine import Game
    return Game(data, players=players, seed=0, ancient_one=ancient_one, companion=True)


def _inv(game, seat):
    if seat is None:
        return game.active()
    if not 0 <= seat < game.players:
        raise KernelError("option", "seat must be 1 to %d" % game.players)
    return game.seat_inv[seat]


def _slot(game, slot):
    if not 0 <= slot < MAX_SLOTS:
        raise KernelError("option", "slot must be 1 to %d" % MAX_SLOTS)


def enter_effect(game, text, seat=None):
    """Apply an effect list typed from a physical card to seat's investigator (default: active)."""
    code = compile_effects(text, "entered effect", game.data.notes)
    inv = _inv(game, seat)
    game.begin_events()
    game.run(code, inv)
    if game.midnight_due:
        _midnight(game)
    game.resolve_pending()
    return code


def _midnight(game):
    """The kernel's part of a table midnight: dice locked until midnight are freed, once-per-day
    abilities refresh; the mythos card, at-midnight effects and the attack are the table's."""
    game.midnight_due = False
    game.event(EV_MIDNIGHT)
    i = 0
    while i < game.nlocks:
        if game.lock_kind[i] == LK_MYTHOS:
            game.free_locks(LK_MYTHOS, game.lock_src[i])
        else:
            i += 1
    hf = game.hand_flag
    for i in range(len(hf)):
        hf[i] = 0


def clock_step(game):
    """The turn's clock phase: 3 hours; True when it struck midnight (the device prompts)."""
    game.begin_events()
    game.advance_clock(1)
    if game.midnight_due:
        _midnight(game)
        game.resolve_pending()
        return True
    return False


def next_player(game):
    """The next player's turn (seats in order, also a devoured one: its player may pick a new
    investigator with replace_investigator). Returns the seat."""
    game.begin_events()
    game.turn += 1
    if game.turn % game.players == 0:
        for i in range(game.ninv):
            game.assisted[i] = 0
    game.seat = (game.seat + 1) % game.players
    game.event(EV_TURN, game.seat, game.seat_inv[game.seat], game.turn)
    return game.seat


def end_turn(game):
    """The end of a turn at the table: clock_step then next_player; True when midnight struck."""
    midnight = clock_step(game)
    if game.result < 0:
        next_player(game)
    return midnight


def free_die(game, colour):
    """A die of colour (0 green, 1 yellow, 2 red) locked on a card or by a monster or a mythos card is
    freed at the table: the latest lock of that colour goes. False when none is locked."""
    i = game.nlocks - 1
    while i >= 0:
        if game.lock_col[i] == colour:
            game.begin_events()
            game.event(EV_FREE, colour, game.lock_kind[i])
            for k in range(i, game.nlocks - 1):
                game.lock_col[k] = game.lock_col[k + 1]
                game.lock_kind[k] = game.lock_kind[k + 1]
                game.lock_src[k] = game.lock_src[k + 1]
            game.nlocks -= 1
            return True
        i -= 1
    return False


def lock_die(game, colour):
    """A lock icon on a physical card took a die (colour 0 green, 1 yellow, 2 red) until midnight."""
    game.add_lock(colour, LK_MYTHOS, 0)


def _clear_slot(game, slot):
    """The card in slot leaves: its monsters back to the cup (their locks freed), its lock freed."""
    if game.slot_on[slot]:
        game.return_monsters(slot)
        game.free_locks(LK_ADVENTURE, game.slot_card[slot])
        for s in range(game.players):
            h = game.seat_inv[s]
            if h != NONE and game.loc[h] == slot + 1:
                game.loc[h] = LOC_ENTRANCE


def adventure_index(game, name):
    """The index of the adventure named name (any case) in the game's card data."""
    want = name.strip().lower()
    advs = game.data.adventures
    for i in range(len(advs)):
        if advs[i].name.lower() == want:
            return i
    raise KernelError("card", "no adventure named '%s' in this game's sets" % name)


def put_adventure(game, slot, name, seat=None):
    """The table revealed adventure `name` (or its index) into slot (0-5 adventures, 6-11 Other
    Worlds); its entry effect goes to seat's investigator (default: the current player's). A card
    still in the slot leaves first (monsters back to the cup, locks freed)."""
    _slot(game, slot)
    i = name if isinstance(name, int) else adventure_index(game, name)
    if not 0 <= i < len(game.data.adventures):
        raise KernelError("card", "no adventure %d in this game's sets" % i)
    inv = _inv(game, seat)
    game.begin_events()
    _clear_slot(game, slot)
    game.put_card(slot, i, inv)
    game.resolve_pending()
    return i


def complete_adventure(game, slot, seat=None):
    """The adventure in slot was completed at the table by seat (default: the current player): its
    trophy to that investigator, the monsters still on it back to the cup with their locks, its lock
    freed, the slot emptied (a new adventure is put_adventure'd by the table; an Other World is just
    gone). Returns the trophy value. The reward printed on the card is entered with enter_effect."""
    _slot(game, slot)
    if not game.slot_on[slot]:
        raise KernelError("option", "slot %d has no adventure" % (slot + 1))
    inv = _inv(game, seat)
    game.begin_events()
    c = game.slot_card[slot]
    card = game.data.adventures[c]
    game.event(EV_WON, slot, c)
    _clear_slot(game, slot)
    game.put_card(slot, -1)
    if inv != NONE:
        game.add_trophy(inv, card.trophy)
    return card.trophy


def replace_investigator(game, seat, inv=None):
    """Seat's devoured investigator is replaced by inv (an id, a name, or None: the next in the
    kernel's pool), with its printed sanity, stamina and starting effect (the device then enters the
    values on the new sheet). Not in the final battle (rulebook: a devoured player is out)."""
    if not 0 <= seat < game.players:
        raise KernelError("option", "seat must be 1 to %d" % game.players)
    if game.seat_inv[seat] != NONE or game.seat_state[seat] != 1:
        raise KernelError("option", "player %d has no devoured investigator to replace" % (seat + 1))
    pool = game.inv_pool
    if isinstance(inv, str):
        want = inv.strip().lower()
        found = -1
        for i in range(game.ninv):
            if game.data.investigators[i].name.lower() == want:
                found = i
        if found < 0:
            raise KernelError("card", "no investigator named '%s'" % inv)
        inv = found
    if inv is None:
        if pool.n == 0:
            raise KernelError("option", "no investigator left to choose")
        inv = pool.buf[pool.head]
    if not 0 <= inv < game.ninv or game.used[inv]:
        raise KernelError("option", "investigator %d is not free to choose" % inv)
    game.begin_events()
    n = pool.n
    for _ in range(n):
        c = pool.draw()
        if c != inv:
            pool.bottom(c)
    game.seat_state[seat] = 0
    game.enter_investigator(seat, inv)
    game.event(EV_PICK, seat, inv)
    game.resolve_pending()
    return inv


def place_monster(game, slot, monster_name):
    """The table placed monster `monster_name` on slot's card as an extra task."""
    _slot(game, slot)
    for m, mon in enumerate(game.data.monsters):
        if mon.name.lower() == monster_name.strip().lower():
            k = game.free_mon(slot)
            if k < 0 or not game.slot_on[slot] or game.slot_adv[slot].ntasks >= MAX_TASKS_GAME:
                raise KernelError("option", "no room for a monster on slot %d" % (slot + 1))
            extras = 0
            for j in range(MAX_MON):
                if game.slot_mon[slot * MAX_MON + j] != NONE and game.slot_mon_at[slot * MAX_MON + j] >= 100:
                    extras += 1
            game.begin_events()
            game.slot_mon[slot * MAX_MON + k] = m
            game.slot_mon_at[slot * MAX_MON + k] = 100 + extras
            if mon.lock_colour >= 0:
                game.add_lock(mon.lock_colour, LK_MONSTER, slot * MAX_MON + k)
            game.rebuild(slot)
            return k
    raise KernelError("card", "no monster named '%s'" % monster_name)


def new_status():
    return bytearray(STATUS_BYTES)


def status(game, buf):
    """Every count the device shows, written into buf (bytearray of STATUS_BYTES, offsets ST_*, SS_*,
    SL_*) without allocating; returns buf."""
    buf[ST_CLOCK] = game.clock
    buf[ST_DOOM] = game.doom
    buf[ST_DOOM_TOP] = game.ao.doom
    buf[ST_ELDER] = game.elder if game.elder < 255 else 255
    buf[ST_ELDER_NEED] = game.ao.elder_signs
    buf[ST_PLAYERS] = game.players
    buf[ST_SEAT] = game.seat
    buf[ST_FIRST_ROUND] = 1 if game.turn < game.players else 0
    buf[ST_BATTLE] = 1 if game.battle else 0
    buf[ST_RESULT] = 2 if game.result < 0 else game.result
    buf[ST_FREE] = game.free_dice(GREEN)
    buf[ST_FREE + 1] = game.free_dice(YELLOW)
    buf[ST_FREE + 2] = game.free_dice(RED)
    buf[ST_TURN] = game.turn & 255
    buf[ST_AO] = game.ao_index
    for c in range(3):
        buf[ST_LOCKED + c] = 0
    for i in range(game.nlocks):
        buf[ST_LOCKED + game.lock_col[i]] += 1
    buf[ST_POOL] = game.inv_pool.n if game.inv_pool.n < 255 else 255
    k = ST_SEATS
    for seat in range(MAX_PLAYERS):
        inv = game.seat_inv[seat] if seat < game.players else NONE
        buf[k + SS_INV] = inv
        if inv != NONE:
            buf[k + SS_SAN] = game.san[inv]
            buf[k + SS_MAXSAN] = game.maxsan[inv]
            buf[k + SS_STA] = game.sta[inv]
            buf[k + SS_MAXSTA] = game.maxsta[inv]
            buf[k + SS_CLUES] = game.clues[inv]
            t = game.trophy_total(inv)
            buf[k + SS_TROPHIES] = t if t < 255 else 255
        else:
            for j in range(1, 7):
                buf[k + j] = 0
        buf[k + SS_STATE] = game.seat_state[seat] if seat < game.players else 2
        k += SEAT_BYTES
    total = 0
    for slot in range(MAX_SLOTS):
        on = game.slot_on[slot]
        c = game.slot_card[slot] if on else 0
        m = 0
        if on:
            for j in range(MAX_MON):
                if game.slot_mon[slot * MAX_MON + j] != NONE:
                    m += 1
        total += m
        buf[k + SL_ON] = on
        buf[k + SL_CARD] = c >> 8
        buf[k + SL_CARD + 1] = c & 255
        buf[k + SL_MONSTERS] = m
        k += SLOT_BYTES
    buf[ST_MONSTERS] = total
    return buf
