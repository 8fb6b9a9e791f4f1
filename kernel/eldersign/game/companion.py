"""Companion mode: the players keep the real cards on the table; the kernel tracks the clock, doom,
elder signs, investigators' sanity, stamina, clues and trophies, the adventures in play, their
monsters and the locked dice. What a physical card says is entered as primitives of the effect
vocabulary (effects.py); what happened at the table is entered with the calls below.

    g = new_companion(data, players=3)         # no mythos drawn: the table draws its own
    restart(g)                                 # back to its setup (reusing the allocation)
    enter_effect(g, "doom+1")                  # the mythos card just revealed adds a doom token
    pending(g)                                 # a question the table must answer, or None:
    options(g, buf); option_label(g, a)        #   where a monster goes, which alternative each
    answer(g, a)                               #   investigator takes (choose(...)), and the like
    ao_attack(g)                               # the Ancient One attacks (its card's attack)
    midnight_effects(g)                        # the at-midnight effects of the adventures in play
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

Entries that hit a question stop there: `pending(g)` says which (the seat that answers, and what
kind); the device asks and `answer` goes on where the entry stopped. The engine is the full game's
(engine.py): the same rules place monsters and let each investigator choose their own alternative.

Midnight in companion mode is the table's: the kernel draws no mythos card and runs no at-midnight
effect or attack unless asked (midnight_effects, ao_attack); it frees the dice locked until midnight
(lock_die, lock_* effects: "freed by the next midnight") and refreshes once-per-day abilities. Any
clock advance that strikes midnight does this, also a `clock+1` effect. The abilities of the cards
in effect (effects.TRIGGERS) are the table's too.

`new_companion(..., lean=True)` (the handheld's choice) makes a CompanionGame: the same state and
engine without what playing adventures on the kernel needs (the task table, one Adventure per slot
and the final battle's, the action log, the legal-actions buffer); a slot keeps only its task count.
It accepts lean card data (`GameData(lean=True)`, data.py). Only `lean=False` (a full Game) plays
adventures on the kernel.

Entries are not in the action log (they are not replayable from the seed); the handheld saves the
list of entries (micropython/compsave.py), the host a full companion game by its state (save.py).
After setup, `status` and every call but enter_effect (which compiles the typed text) and the name
look-ups allocate nothing beyond what the rules do.
"""

from array import array

from ...errors import KernelError
from .effects import compile_effects, OP_TEXT
from ..dice import GREEN, YELLOW, RED
from . import engine, board, trophies, pool, resolve
from .state import GameState
from .slots import EXTRA
from .defs import (MAX_PLAYERS, MAIN_SLOTS, MAX_MON, MAX_TASKS_GAME, NONE, LOC_ENTRANCE, LK_MYTHOS,
                   LK_MONSTER, F_RUN, F_DECIDE, F_CHOOSE, F_PLACE, F_TARGET, F_SPEND, F_DISCARD, F_LOCKDIE,
                   TR_ADVENTURE, TR_MONSTER, A_ARG_MASK, A_CHOOSE, A_PLACE, A_TARGET, A_SPEND, A_DISCARD,
                   A_LOCKDIE, PLACE_EXTRA, EV_TURN, EV_MIDNIGHT, EV_WON, EV_PICK, EV_FREE)
from .people import SEAT_MUST_PICK

LEAN_EV = 256           # event ints a lean companion keeps per entry (64 events; more are dropped)
LEAN_OPTIONS = 256      # the options of one question (a lean game's question buffer)

# pending(): the kinds of question
Q_CHOOSE = 1            # an investigator chooses an alternative of choose(...)
Q_PLACE = 2             # where the monster that appeared goes
Q_TARGET = 3            # which monster a card defeats
Q_SPEND = 4             # which trophy is spent
Q_DISCARD = 5           # which card is lost
Q_LOCK = 6              # which die a lock takes
QUESTION_OF = {F_CHOOSE: Q_CHOOSE, F_PLACE: Q_PLACE, F_TARGET: Q_TARGET, F_SPEND: Q_SPEND,
               F_DISCARD: Q_DISCARD, F_LOCKDIE: Q_LOCK}

# status(): offsets in the status buffer (status_bytes(data) long)
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


def slot_count(data):
    """The board's slots for this card data: 6 adventures and one per Other World."""
    return MAIN_SLOTS + data.other_worlds()


def status_bytes(data):
    return ST_SLOTS + slot_count(data) * SLOT_BYTES


class SlotTasks:
    """A lean companion slot's stand-in for its Adventure: only the task count (place_monster and
    the monster placement rule read `ntasks`)."""

    def __init__(self):
        self.ntasks = 0

    def done_mask(self):
        return 0


class CompanionGame(GameState):
    """A companion game without the buffers for playing adventures on the kernel (see the module)."""

    def __init__(self, data, players=1, ancient_one=0):
        GameState.__init__(self, data, players=players, seed=0, ancient_one=ancient_one, companion=True)

    def _play_buffers(self, data):
        self._lean = True
        self._tasks = None
        self._work = None
        self._tids = None
        self._combat_adv = None
        self._buf = None
        self._dbuf = array("i", [0] * LEAN_OPTIONS)
        self._slot_pool = [SlotTasks() for _ in range(self._slots.n)]
        self._log = array("i")
        self._ev = array("i", [0] * LEAN_EV)

    def _reset_play(self):
        pass


def new_companion(data, players=1, ancient_one=0, lean=False):
    """A companion game: no mythos card drawn (the table draws its own). lean: a CompanionGame (what
    the handheld uses), else a full Game in companion mode."""
    if lean or getattr(data, "lean", False):
        return CompanionGame(data, players=players, ancient_one=ancient_one)
    from .machine import Game
    return Game(data, players=players, seed=0, ancient_one=ancient_one, companion=True)


def restart(game):
    """The same companion game from its setup again (the handheld reuses the allocated game)."""
    game._reset()


def _inv(game, seat):
    if seat is None:
        return game._active()
    if not 0 <= seat < game.players:
        raise KernelError("option", "seat must be 1 to %d" % game.players)
    return game._seats.inv[seat]


def _slot(game, slot):
    if not 0 <= slot < game._slots.n:
        raise KernelError("option", "slot must be 1 to %d" % game._slots.n)


def _no_question(game):
    if pending(game) is not None:
        raise KernelError("option", "answer the question first (%s)" % option_question(game))


def _drive(game):
    engine.drive(game)
    if game._midnight_due and pending(game) is None:
        _midnight(game)


def enter_effect(game, text, seat=None):
    """Apply an effect list typed from a physical card to seat's investigator (default: active)."""
    _no_question(game)
    code = compile_effects(text, "entered effect", game._data.notes)
    inv = _inv(game, seat)
    game._begin_events()
    game._stack.push(F_RUN, 0, len(code), inv, 1, code)
    _drive(game)
    return code


def ao_attack(game):
    """The Ancient One's attack printed on its card (each investigator answers their own choice)."""
    _no_question(game)
    game._begin_events()
    code = game._ao.attack
    if code:
        game._stack.push(F_RUN, 0, len(code), game._decider_inv(), 1, code)
    _drive(game)


def midnight_effects(game):
    """The at-midnight effects of every adventure in play, for the current player (not in the first
    round: nothing happens then)."""
    _no_question(game)
    game._begin_events()
    if game._clock.first_round():
        return
    inv = game._decider_inv()
    for s in range(game._slots.n - 1, -1, -1):
        if game._slots.on[s]:
            code = game._data.adventures[game._slots.card[s]].midnight
            if code:
                game._stack.push(F_RUN, 0, len(code), inv, 1, code)
    _drive(game)


# ----- questions ------------------------------------------------------------------------------

def pending(game):
    """(question kind Q_*, the seat that answers) when an entry waits for the table's answer, else
    None."""
    st = game._stack
    if game._result >= 0 or st.n == 0 or st.op[st.n - 1] < F_DECIDE:
        return None
    i = st.n - 1
    return QUESTION_OF.get(st.op[i], 0), engine.seat_of(game, i)


def options(game, buf):
    """The answers of the pending question into buf (at least LEAN_OPTIONS long); their count."""
    st = game._stack
    if pending(game) is None:
        return 0
    return engine.options(game, st.n - 1, buf)


def answer(game, action):
    """The table's answer to the pending question (one of options())."""
    if pending(game) is None:
        raise KernelError("option", "no question is waiting")
    buf = game._dbuf
    n = engine.options(game, game._stack.n - 1, buf)
    ok = False
    for k in range(n):
        if buf[k] == action:
            ok = True
    if not ok:
        raise KernelError("option", "%d is not an answer to the question" % action)
    game._begin_events()
    engine.answer(game, game._stack.n - 1, action, 0)
    _drive(game)


def option_label(game, action):
    """An answer in a few words for a small screen (16 characters or so; it allocates)."""
    st = game._stack
    i = st.n - 1
    arg = action & A_ARG_MASK
    kind = action - arg
    d = game._data
    if kind == A_CHOOSE:
        code = st.ref[i]
        j = st.a[i] + 3
        for _ in range(arg):
            j += 3 + 3 * code[j + 1]
        parts = []
        for x in range(code[j + 1]):
            op = code[j + 3 + 3 * x]
            n = code[j + 4 + 3 * x]
            parts.append("%s%s%d" % (OP_TEXT[op], "+" if n >= 0 else "-", n if n >= 0 else -n))
        return ",".join(parts) if parts else "nothing"
    if kind == A_PLACE:
        s = arg >> 5
        p = arg & 31
        name = d.adventures[game._slots.card[s]].name
        if p == PLACE_EXTRA:
            return "%d+ %s" % (s + 1, name)
        t = d.adventures[game._slots.card[s]].outlines[p][0]
        return "%d:%s %s" % (s + 1, "new" if t < 0 else "t%d" % (t + 1), name)
    if kind == A_TARGET:
        return "%d %s" % (arg // MAX_MON + 1, d.monsters[game._slots.mon[arg]].name)
    if kind == A_SPEND:
        code = game._inv.trophy(st.a[i], arg)
        what = code & 0xFFF
        name = (d.adventures[what].name if code >> 12 == TR_ADVENTURE else
                d.monsters[what].name if code >> 12 == TR_MONSTER else "token")
        return "%d %s" % (trophies.trophy_value(game, code), name)
    if kind == A_DISCARD:
        return d.cards[game._inv.card(st.a[i], arg)].name
    if kind == A_LOCKDIE:
        return "die %d" % arg
    return "%d" % action


def option_question(game):
    """The pending question in words (the host's text module)."""
    from .text import question
    return question(game)


# ----- the table's turn -----------------------------------------------------------------------

def _midnight(game):
    """The kernel's part of a table midnight: dice locked until midnight are freed, once-per-day
    abilities refresh; the mythos card, at-midnight effects and the attack are the table's."""
    game._midnight_due = False
    game._event(EV_MIDNIGHT)
    pool.free_mythos_locks(game)
    game._inv.refresh_day()


def clock_step(game):
    """The turn's clock phase: 3 hours; True when it struck midnight (the device prompts)."""
    _no_question(game)
    game._begin_events()
    resolve.advance_clock(game, 1)
    if game._midnight_due:
        _midnight(game)
        _drive(game)
        return True
    return False


def next_player(game):
    """The next player's turn (seats in order, also a devoured one: its player may pick a new
    investigator with replace_investigator). Returns the seat."""
    _no_question(game)
    game._begin_events()
    if game._clock.next_seat():
        game._inv.clear_assisted()
    game._event(EV_TURN, game._clock.seat, game._seats.inv[game._clock.seat], game._clock.turn)
    return game._clock.seat


def end_turn(game):
    """The end of a turn at the table: clock_step then next_player; True when midnight struck."""
    midnight = clock_step(game)
    if game._result < 0:
        next_player(game)
    return midnight


def free_die(game, colour):
    """A die of colour (0 green, 1 yellow, 2 red) locked on a card or by a monster or a mythos card is
    freed at the table: the latest lock of that colour goes. False when none is locked."""
    i = game._locks.latest(colour)
    if i < 0:
        return False
    game._begin_events()
    kind = game._locks.kind[i]
    game._locks.remove(i)
    game._event(EV_FREE, colour, kind)
    return True


def lock_die(game, colour):
    """A lock icon on a physical card took a die (colour 0 green, 1 yellow, 2 red) until midnight."""
    _no_question(game)
    pool.add_lock(game, colour, LK_MYTHOS, 0)
    _drive(game)


def adventure_index(game, name):
    """The index of the adventure named name (any case) in the game's card data."""
    want = name.strip().lower()
    advs = game._data.adventures
    for i in range(len(advs)):
        if advs[i].name.lower() == want:
            return i
    raise KernelError("card", "no adventure named '%s' in this game's sets" % name)


def _clear_slot(game, slot):
    """The card in slot leaves: its monsters back to the cup (their locks freed), its lock freed,
    the investigators on it back to the entrance."""
    if game._slots.on[slot]:
        for s in range(game.players):
            h = game._seats.inv[s]
            if h != NONE and game._inv.loc[h] == slot + 1:
                game._inv.loc[h] = LOC_ENTRANCE
        board.leave(game, slot)


def put_adventure(game, slot, name, seat=None):
    """The table revealed adventure `name` (or its index) into slot (0-5 adventures, then Other
    Worlds); its entry effect goes to seat's investigator (default: the current player's). A card
    still in the slot leaves first (monsters back to the cup, locks freed)."""
    _no_question(game)
    _slot(game, slot)
    i = name if isinstance(name, int) else adventure_index(game, name)
    if not 0 <= i < len(game._data.adventures):
        raise KernelError("card", "no adventure %d in this game's sets" % i)
    inv = _inv(game, seat)
    game._begin_events()
    _clear_slot(game, slot)
    board.put_card(game, slot, i, inv)
    _drive(game)
    return i


def complete_adventure(game, slot, seat=None):
    """The adventure in slot was completed at the table by seat (default: the current player): its
    trophy to that investigator, the monsters still on it back to the cup with their locks, its lock
    freed, the slot emptied (a new adventure is put_adventure'd by the table; an Other World is just
    gone). Returns the trophy value. The reward printed on the card is entered with enter_effect."""
    _no_question(game)
    _slot(game, slot)
    if not game._slots.on[slot]:
        raise KernelError("option", "slot %d has no adventure" % (slot + 1))
    inv = _inv(game, seat)
    game._begin_events()
    c = game._slots.card[slot]
    card = game._data.adventures[c]
    game._event(EV_WON, slot, c)
    _clear_slot(game, slot)
    if inv != NONE:
        trophies.add_trophy(game, inv, (TR_ADVENTURE << 12) | c)
    else:
        game._decks.adventures.bottom(c)
    return card.trophy


def replace_investigator(game, seat, inv=None):
    """Seat's devoured investigator is replaced by inv (an id, a name, or None: the next in the
    kernel's pool), with its printed sanity, stamina and starting effect (the device then enters the
    values on the new sheet). Not in the final battle (rulebook: a devoured player is out)."""
    _no_question(game)
    if not 0 <= seat < game.players:
        raise KernelError("option", "seat must be 1 to %d" % game.players)
    if game._seats.inv[seat] != NONE or game._seats.state[seat] != SEAT_MUST_PICK:
        raise KernelError("option", "player %d has no devoured investigator to replace" % (seat + 1))
    pool_deck = game._decks.investigators
    if isinstance(inv, str):
        want = inv.strip().lower()
        found = -1
        for i in range(game._ninv):
            if game._data.investigators[i].name.lower() == want:
                found = i
        if found < 0:
            raise KernelError("card", "no investigator named '%s'" % inv)
        inv = found
    if inv is None:
        if pool_deck.n == 0:
            raise KernelError("option", "no investigator left to choose")
        inv = pool_deck.at(0)
    if not 0 <= inv < game._ninv or game._inv.used[inv]:
        raise KernelError("option", "investigator %d is not free to choose" % inv)
    game._begin_events()
    resolve.enter_investigator(game, seat, inv)
    game._event(EV_PICK, seat, inv)
    _drive(game)
    return inv


def place_monster(game, slot, monster_name):
    """The table placed monster `monster_name` on slot's card as an extra task."""
    _no_question(game)
    _slot(game, slot)
    for m in range(len(game._data.monsters)):
        mon = game._data.monsters[m]
        if mon.name.lower() == monster_name.strip().lower():
            if mon.mask and not game._ao.masks:
                raise KernelError("option", "%s is a mask: only in the cup when the Ancient One uses masks" % mon.name)
            k = game._slots.free_place(slot)
            if k < 0 or not game._slots.on[slot] or game._slots.adv[slot].ntasks >= MAX_TASKS_GAME:
                raise KernelError("option", "no room for a monster on slot %d" % (slot + 1))
            game._begin_events()
            game._decks.cup.take(m)
            game._slots.place(slot, k, m, EXTRA + game._slots.extras(slot))
            board.rebuild(game, slot)
            if mon.lock_colour >= 0:
                pool.add_lock(game, mon.lock_colour, LK_MONSTER, slot * MAX_MON + k)
            _drive(game)
            return k
    raise KernelError("card", "no monster named '%s'" % monster_name)


def new_status(data):
    return bytearray(status_bytes(data))


def status(game, buf):
    """Every count the device shows, written into buf (bytearray of status_bytes(data), offsets
    ST_*, SS_*, SL_*) without allocating; returns buf."""
    buf[ST_CLOCK] = game._clock.hour
    buf[ST_DOOM] = game._doom
    buf[ST_DOOM_TOP] = game._ao.doom
    buf[ST_ELDER] = game._elder if game._elder < 255 else 255
    buf[ST_ELDER_NEED] = game._ao.elder_signs
    buf[ST_PLAYERS] = game.players
    buf[ST_SEAT] = game._clock.seat
    buf[ST_FIRST_ROUND] = 1 if game._clock.first_round() else 0
    buf[ST_BATTLE] = 1 if game._battle else 0
    buf[ST_RESULT] = 2 if game._result < 0 else game._result
    buf[ST_FREE] = pool.free_dice(game, GREEN)
    buf[ST_FREE + 1] = pool.free_dice(game, YELLOW)
    buf[ST_FREE + 2] = pool.free_dice(game, RED)
    buf[ST_TURN] = game._clock.turn & 255
    buf[ST_AO] = game._ao_index
    for c in range(3):
        buf[ST_LOCKED + c] = 0
    for i in range(game._locks.n):
        buf[ST_LOCKED + game._locks.col[i]] += 1
    buf[ST_POOL] = game._decks.investigators.n if game._decks.investigators.n < 255 else 255
    k = ST_SEATS
    for seat in range(MAX_PLAYERS):
        inv = game._seats.inv[seat] if seat < game.players else NONE
        buf[k + SS_INV] = inv
        if inv != NONE:
            buf[k + SS_SAN] = game._inv.san[inv]
            buf[k + SS_MAXSAN] = game._inv.maxsan[inv]
            buf[k + SS_STA] = game._inv.sta[inv]
            buf[k + SS_MAXSTA] = game._inv.maxsta[inv]
            buf[k + SS_CLUES] = game._inv.clues[inv]
            t = trophies.trophy_total(game, inv)
            buf[k + SS_TROPHIES] = t if t < 255 else 255
        else:
            for j in range(1, 7):
                buf[k + j] = 0
        buf[k + SS_STATE] = game._seats.state[seat] if seat < game.players else 2
        k += SEAT_BYTES
    total = 0
    for slot in range(game._slots.n):
        on = game._slots.on[slot]
        c = game._slots.card[slot] if on else 0
        m = game._slots.monsters(slot) if on else 0
        total += m
        buf[k + SL_ON] = on
        buf[k + SL_CARD] = c >> 8
        buf[k + SL_CARD + 1] = c & 255
        buf[k + SL_MONSTERS] = m
        k += SLOT_BYTES
    buf[ST_MONSTERS] = total
    return buf
