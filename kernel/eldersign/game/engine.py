"""The engine: runs the work stack (stack.py) until a player must answer, and the timing rules that
cut across everything.

`drive(g)` runs the top frame again and again: an effect list one primitive at a time (`each(...)`
one investigator at a time, `choose(...)` asking its investigator), monsters appearing, gates
opening, triggers firing; the game's own frames (the clock, midnight, the end of an attempt...) are
the Game's (`g._frame`). It stops at a question (a frame from F_DECIDE on) whose options are more
than one; a question with a single option answers itself (not in strict mode, where every question
waits: the invariant checker uses it). The end of the turn's main step (P_END) is offered only when
the active investigator has a card or an ability that can do something then.

Timing (rulebook p.14, p.18): the Ancient One wakes once the effect list that placed the last doom
token has been resolved in full; then nothing else that was waiting resolves (lists not started,
the rest of a midnight: no further at-midnight effect, no new mythos card), an attempt in progress
ends without its penalty (its helpers still lose), and at midnight it attacks at once; a turn in
progress goes on to its clock phase. The active investigator devoured in their own turn ends the
turn's main step the same way (the clock phase follows, then their new investigator). Nothing here
allocates.
"""

from . import effects as E
from . import resolve, doom, cards, trophies, pool
from .defs import (F_RUN, F_EACH, F_MONSTER, F_GATE, F_CLOCK, F_NEXT, F_MIDNIGHT, F_END_ATTEMPT,
                   F_ATTACK, F_FAILED, F_FIRE, F_DECIDE, F_MAIN, F_PICK, F_CHOOSE, F_PLACE,
                   F_TARGET, F_SPEND, F_DISCARD, F_LOSE, F_ASIDE, F_KEEP, F_AGREE, F_HELD, F_LOCKDIE,
                   F_FACE, F_WHO, NONE, A_ARG_MASK, A_LOCKDIE, EV_OUT, EV_LOCKED_DIE, MN_ATTACK, P_END)
from .people import SEAT_OUT

RUN_TOP = 1            # F_RUN d: a whole effect list (not an alternative or a repetition inside one)
RUN_STARTED = 2        # F_RUN d: its first primitive has been resolved


def drive(g):
    """Run frames until the game waits for an action (or ends)."""
    st = g._stack
    while g._result < 0:
        if not in_list(g):
            if g._awaken_due and not g._battle:
                awakening(g)
                continue
            if turn_cut(g):
                continue
        if not st.n:
            return
        i = st.n - 1
        op = st.op[i]
        if op >= F_DECIDE:
            if op == F_MAIN and st.a[i] == P_END and not g._end_step_useful():
                st.pop()            # the end of the main step: nothing left one could use
                continue
            if op == F_MAIN or op == F_FACE or g._strict:
                return
            n = options(g, i, g._dbuf)
            if n > 1:
                return
            if n == 1:
                answer(g, i, g._dbuf[0], 1)
            else:
                st.pop()            # nothing left to ask (its target went meanwhile)
            continue
        step(g, i, op)


def in_list(g):
    """An effect list is being resolved (a started F_RUN, or an `each(...)` under way)."""
    st = g._stack
    for i in range(st.n):
        op = st.op[i]
        if (op == F_RUN and st.d[i] & RUN_STARTED) or op == F_EACH:
            return True
    return False


# ----- the core frames ------------------------------------------------------------------------

def step(g, i, op):
    if op == F_RUN:
        run_step(g, i)
    elif op == F_EACH:
        each_step(g, i)
    elif op == F_MONSTER:
        doom.monster_step(g, i)
    elif op == F_GATE:
        resolve.gate_step(g, i)
    elif op == F_FIRE:
        resolve.fire_step(g, i)
    else:
        g._frame(i, op)


def run_step(g, i):
    """F_RUN: the next primitive of the list (a compound form pushes what it needs)."""
    st = g._stack
    code = st.ref[i]
    pc = st.a[i]
    inv = st.c[i]
    if pc >= st.b[i]:
        st.pop()
        return
    st.d[i] |= RUN_STARTED
    op = code[pc]
    amount = code[pc + 1]
    scope = code[pc + 2]
    if op == E.OP_CHOOSE:
        j = pc + 3
        for _ in range(amount):
            j += 3 + 3 * code[j + 1]
        st.a[i] = j
        if scope == E.SC_EACH:
            st.push(F_EACH, pc, 0, inv, 0, code)
        elif inv != NONE:
            st.push(F_CHOOSE, pc, inv, 0, 0, code)
        return
    if op == E.OP_PER_OW:
        end = pc + 3 + 3 * amount
        st.a[i] = end
        for s in range(6, g._slots.n):
            if g._slots.on[s]:
                st.push(F_RUN, pc + 3, end, inv, RUN_STARTED, code)
        return
    if op == E.OP_ANY:
        end = pc + 3 + 3 * amount
        st.a[i] = end
        if inv != NONE:
            st.push(F_WHO, pc + 3, end, inv, 0, code)     # the investigator picks who it is for
        return
    st.a[i] = pc + 3
    if scope == E.SC_EACH:
        st.push(F_EACH, pc, 0, inv, 0, code)
        return
    resolve.prim(g, op, amount, inv)


def each_step(g, i):
    """F_EACH: the primitive (or choose) at pc for the next investigator in seat order."""
    st = g._stack
    s = st.b[i]
    while s < g.players and g._seats.inv[s] == NONE:
        s += 1
    if s >= g.players:
        st.pop()
        return
    st.b[i] = s + 1
    code = st.ref[i]
    pc = st.a[i]
    h = g._seats.inv[s]
    if code[pc] == E.OP_CHOOSE:
        st.push(F_CHOOSE, pc, h, 0, 0, code)
    else:
        resolve.prim(g, code[pc], code[pc + 1], h)


# ----- questions ------------------------------------------------------------------------------

def options(g, i, buf):
    """The options of question frame i, written into buf; their count."""
    st = g._stack
    op = st.op[i]
    if op == F_CHOOSE:
        return resolve.choose_options(g, i, buf)
    if op == F_PLACE:
        return doom.place_options(g, st.a[i], buf)
    if op == F_TARGET:
        return doom.target_options(g, buf)
    if op == F_SPEND:
        return trophies.spend_options(g, st.a[i], buf)
    if op == F_DISCARD:
        return cards.discard_options(g, st.a[i], st.b[i], buf)
    if op == F_LOCKDIE:
        n = pool.lock_choices(g, st.a[i], buf)
        for k in range(n):
            buf[k] = A_LOCKDIE + buf[k]
        return n
    return g._options(i, op, buf)


def answer(g, i, action, forced):
    """Question frame i is answered with action (forced: it was the only option)."""
    st = g._stack
    op = st.op[i]
    arg = action & A_ARG_MASK
    if op == F_CHOOSE:
        resolve.choose(g, i, arg, forced)
    elif op == F_PLACE:
        m = st.a[i]
        st.pop()
        doom.place(g, m, arg, forced)
    elif op == F_TARGET:
        inv = st.a[i]
        st.pop()
        doom.defeat_target(g, arg, inv, forced)
    elif op == F_SPEND:
        inv = st.a[i]
        st.b[i] -= trophies.spend(g, inv, arg, forced)
        if st.b[i] <= 0:
            st.pop()
    elif op == F_DISCARD:
        inv = st.a[i]
        k = st.b[i]
        st.c[i] -= 1
        cards.discard(g, inv, arg, forced)
        if st.c[i] <= 0 or cards.discard_options(g, inv, k, g._dbuf) == 0:
            st.pop()
    elif op == F_LOCKDIE:
        colour = st.a[i]
        st.pop()
        g._event(EV_LOCKED_DIE, colour, pool.take_die(g, arg), forced)
    else:
        g._answer(i, op, action, forced)


def seat_of(g, i):
    """The seat that answers question frame i."""
    st = g._stack
    op = st.op[i]
    if op == F_CHOOSE:
        return g._inv.seat_of[st.b[i]]
    if op == F_SPEND or op == F_DISCARD:
        return g._inv.seat_of[st.a[i]]
    if op == F_PLACE or op == F_TARGET or op == F_LOCKDIE:
        return g._decider_seat()
    return g._seat_of(i, op)


# ----- timing ---------------------------------------------------------------------------------

# frames the awakening drops: lists and questions still waiting, the rest of a midnight, the turn's
# main step and the failed roll's steps. It keeps: the clock phase and the next turn, the end of an
# attempt (its helpers lose), a helper's loss, replacements to pick, an attack.
KEEP_AT_AWAKENING = (F_CLOCK, F_NEXT, F_END_ATTEMPT, F_LOSE, F_PICK, F_ATTACK)
ATTEMPT_FRAMES = (F_MAIN, F_FAILED, F_ASIDE, F_KEEP, F_AGREE, F_HELD, F_LOCKDIE, F_FACE)


def _keeps(op, table):
    for i in range(len(table)):         # (indexing: iterating a tuple would allocate)
        if table[i] == op:
            return True
    return False


def _cut(g, keep, drop_only):
    """Remove the frames not in keep (or, when drop_only, only those in it); True when F_MIDNIGHT
    was among them."""
    st = g._stack
    midnight = False
    i = st.n - 1
    while i >= 0:
        op = st.op[i]
        gone = _keeps(op, keep) if drop_only else not _keeps(op, keep)
        if gone:
            if op == F_MIDNIGHT:
                midnight = True
            st.remove(i)
        i -= 1
    return midnight


def _end_interrupted_attempt(g):
    """An attempt in progress with no end pushed yet ends, interrupted, before the clock phase."""
    if g._att.slot == -1 or g._stack.find(F_END_ATTEMPT) >= 0:
        return
    i = g._stack.find(F_CLOCK)
    if i < 0:
        g._stack.push(F_END_ATTEMPT, 2)
    else:
        g._stack.insert(i + 1, F_END_ATTEMPT, 2)


def awakening(g):
    """The Ancient One wakes now (see the module docstring)."""
    g._awaken_due = False
    seat = g._awaken_seat
    g._awaken_seat = NONE
    at_midnight = _cut(g, KEEP_AT_AWAKENING, False) or g._in_midnight
    g._in_midnight = False
    _end_interrupted_attempt(g)
    if seat != NONE and g._seats.state[seat] != SEAT_OUT:
        g._seats.state[seat] = SEAT_OUT      # the devouring woke it: that player is out (p.14)
        g._event(EV_OUT, seat)
        if g._seats.all_out(g.players):
            resolve.lose(g, 0)
            return
    if at_midnight:
        # that midnight goes on as the final battle's: the attack, then once-per-day abilities refresh
        g._stack.push(F_MIDNIGHT, MN_ATTACK, 0)
    g._awaken()


def turn_cut(g):
    """The active investigator was devoured in their own turn: the main step (and the attempt)
    ends; True when something was cut."""
    if g._seats.inv[g._clock.seat] != NONE or g._stack.find(F_CLOCK) < 0:
        return False
    st = g._stack
    if st.find(F_MAIN) < 0 and not (g._att.slot != -1 and st.find(F_END_ATTEMPT) < 0):
        return False
    _cut(g, ATTEMPT_FRAMES, True)
    _end_interrupted_attempt(g)
    return True
