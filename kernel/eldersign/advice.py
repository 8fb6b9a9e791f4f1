"""Advice: every legal option after a roll with its probability of completing the card, best first.

Options: complete task t with a minimal way; reroll some dice with a clue; hold a die with a spell;
fail the roll (terror effect, set aside one die, maybe focus another). Values come from a solver
(the kernel's Solver or the C core's twin, which answer the same questions identically).
"""

from ..errors import KernelError
from .dice import GREEN, YELLOW, RED, TERROR, NFACES, FACE_TEXT, COLOUR_NAME, DIE_FACES, die_text
from .fixed import ONE
from .matching import match
from .notation import format_roll, format_task
from .situation import TERROR_FAIL, TERROR_DISCARD

COMPLETE = "complete"
REROLL = "reroll"
HOLD = "hold"
FAIL = "fail"


class Option:
    """One thing the player may do now, its value (fixed point) and its text form."""

    def __init__(self, kind, text, value, data):
        self.kind = kind
        self.text = text
        self.value = value
        self.data = data


def _pool_of(roll):
    g = 0
    for f in range(NFACES):
        g += roll[GREEN * NFACES + f]
    y = 0
    r = 0
    for f in range(NFACES):
        y += roll[YELLOW * NFACES + f]
        r += roll[RED * NFACES + f]
    return g, y, r


def _faces_of(solver, roll):
    """The roll in the solver's terms: green counts by representative face, yellow and red rep."""
    gfaces = [0] * NFACES
    yf = -1
    rf = -1
    for f in range(NFACES):
        k = roll[GREEN * NFACES + f]
        if k:
            gfaces[solver.rep[f]] += k
        if roll[YELLOW * NFACES + f]:
            yf = solver.rep[f]
        if roll[RED * NFACES + f]:
            rf = solver.rep[f]
    return gfaces, yf, rf


def _held_reps(solver, held):
    out = []
    for c in range(3):
        for f in range(NFACES):
            for _ in range(held[c * NFACES + f]):
                out.append(solver.rep[f])
    out.sort()
    return tuple(out)


def _without(held_reps, used_reps):
    rest = list(held_reps)
    for face in used_reps:
        rest.remove(face)
    return tuple(rest)


MAX_DICE = (8, 1, 1)       # green dice a player can have, one yellow, one red


def check_dice(roll, held):
    """KernelError unless roll and held dice together are dice that can exist: at most eight
    green, one yellow and one red, each showing a face its die has."""
    for colour in (GREEN, YELLOW, RED):
        n = 0
        for f in range(NFACES):
            k = roll[colour * NFACES + f] + held[colour * NFACES + f]
            if k and f not in DIE_FACES[colour]:
                raise KernelError("dice", "the %s die has no %s face" % (COLOUR_NAME[colour], FACE_TEXT[f]))
            n += k
        if n > MAX_DICE[colour]:
            raise KernelError("dice", "%d %s dice in the roll and held together; there %s" % (
                n, COLOUR_NAME[colour], "are at most 8" if colour == GREEN else "is one"))


def question(solver, roll, situation, held=None):
    """The solver context that advice on this roll starts from: (pool, held faces, uses)."""
    if held is None:
        held = bytearray(3 * NFACES)
    check_dice(roll, held)
    g, y, r = _pool_of(roll)
    return (g, y, r, _held_reps(solver, held), situation.focus, situation.spells, situation.clues)


def advise(solver, roll, situation, held=None, done_mask=0, texts=True):
    """Every legal option for this roll (counts by colour * 8 + face), best first.

    The pool is the dice of the roll; `situation` gives the focus, spells and clues left and the
    sanity and stamina (its dice are those of the roll; its terror, sanity and stamina must be the
    solver's); `held` are dice held aside (by focus or spells) with their faces; `done_mask` the
    tasks already completed. Ties keep the listing order: completions, spell holds, clue rerolls,
    fails. texts=False leaves every option's text empty (a bot reads only kinds, data and values,
    and formatting a text for each of the hundreds of reroll options costs more than its value).
    """
    if situation.limits() != (solver.terror, solver.sanity, solver.stamina):
        raise KernelError("option", "the situation's terror, sanity and stamina are not the solver's")
    focus = situation.focus
    spells = situation.spells
    clues = situation.clues
    sanity = situation.sanity
    stamina = situation.stamina
    if held is None:
        held = bytearray(3 * NFACES)
    check_dice(roll, held)
    g, y, r = _pool_of(roll)
    if g + y + r == 0:
        raise KernelError("roll", "an empty roll: there are no dice to advise on")
    state = solver.state_index(done_mask)
    if state == solver.empty_state:
        raise KernelError("state", "every task is already done")
    hreps = _held_reps(solver, held)
    ctx = (g, y, r, hreps, focus, spells, clues)
    gfaces, yf, rf = _faces_of(solver, roll)
    card = solver.card
    options = []

    for t, ways in match(card, roll, held, done_mask, sanity, stamina, solver.face_sets,
                         getattr(solver, "ways_for_task", None)):
        nxt = solver.state_index(done_mask | (1 << t))
        for way in ways:
            gu, yu, ru = _pool_of(way.roll_used)
            used = _held_reps(solver, way.held_used)
            succ = (g - gu, y - yu, r - ru, _without(hreps, used), focus, spells, clues)
            value = ONE if nxt == solver.empty_state else solver.values(succ)[nxt]
            text = ""
            if texts:
                dice = format_roll(way.roll_used)
                hdice = format_roll(way.held_used)
                text = "complete task %d (%s) with %s" % (t + 1, format_task(card.tasks[t]),
                                                         " + held ".join([x for x in (dice, hdice) if x]) if dice
                                                         else "held " + hdice)
            options.append(Option(COMPLETE, text, value, (t, way)))

    if spells > 0:
        for colour in (GREEN, YELLOW, RED):
            for f in range(NFACES):
                if not roll[colour * NFACES + f]:
                    continue
                sub = bytearray(roll)
                sub[colour * NFACES + f] -= 1
                sg, sy, sr = _pool_of(sub)
                sctx = (sg, sy, sr, tuple(sorted(hreps + (solver.rep[f],))), focus, spells - 1, clues)
                if sg + sy + sr == 0:
                    # holding the last die leaves nothing to roll or fail with but the held dice
                    value = solver.roll_values(sctx, [0] * NFACES, -1, -1)[state]
                else:
                    sgf, syf, srf = _faces_of(solver, sub)
                    value = solver.roll_values(sctx, sgf, syf, srf)[state]
                options.append(Option(HOLD, "hold %s with a spell" % die_text(colour, f) if texts else "",
                                      value, (colour, f)))

    # the fail options are valued before the clue rerolls though listed after them: their contexts
    # keep the clues (the advice's largest solves), and the board's heap holds those solves better
    # without a roll's hundreds of reroll options beside them
    fails = []
    _fail_options(solver, ctx, roll, state, fails, texts)
    if clues > 0:
        _reroll_options(solver, ctx, roll, state, options, texts)
    options.extend(fails)
    fails = None

    # stable sort, best first (MicroPython's sort has no key stability guarantee: sort indices)
    order = list(range(len(options)))
    order.sort(key=lambda i: (-options[i].value, i))
    return [options[i] for i in order]


def _reroll_options(solver, ctx, roll, state, options, texts=True):
    """Each non-empty sub-multiset of the roll to reroll with one clue. A solver with `keep_all`
    (the C core's) gives every kept part's value in one call; the kernel's solver answers every
    kept part at `state` in one call (keep_values_at: a sweep per kind of kept part, in the board's
    heap); else keep_value is asked per part. The parts are visited as an odometer over the roll's
    (colour, face) counts, the kept dice updated one die at a time (a roll of 8 dice has up to 255
    parts)."""
    table = None
    at = None
    keep_all = getattr(solver, "keep_all", None)
    gfaces, yf, rf = _faces_of(solver, roll)        # kept: the whole roll to start with
    if keep_all is not None:
        table = keep_all(ctx, gfaces, yf, rf)
    elif hasattr(solver, "keep_values_at"):
        at = solver.keep_values_at(ctx, list(gfaces), yf, rf, state)
    dice = []
    for colour in (GREEN, YELLOW, RED):
        for f in range(NFACES):
            if roll[colour * NFACES + f]:
                dice.append((colour, f, roll[colour * NFACES + f]))
    counts = [0] * len(dice)
    rer = bytearray(3 * NFACES)
    ug = 0
    yk = 1 if yf >= 0 else 0
    rk = 1 if rf >= 0 else 0
    while True:
        # next combination of reroll counts (odometer), the kept dice updated as it turns
        i = 0
        while i < len(dice):
            colour, f, top = dice[i]
            if counts[i] < top:
                counts[i] += 1
                rer[colour * NFACES + f] += 1
                if colour == GREEN:
                    gfaces[solver.rep[f]] -= 1
                    ug += 1
                elif colour == YELLOW:
                    yk = 0
                else:
                    rk = 0
                break
            rer[colour * NFACES + f] = 0
            if colour == GREEN:
                gfaces[solver.rep[f]] += top
                ug -= top
            elif colour == YELLOW:
                yk = 1
            else:
                rk = 1
            counts[i] = 0
            i += 1
        if i == len(dice):
            return
        if table is not None:
            value = table.value(gfaces, yk, rk)[state]
        elif at is not None:
            value = at[(tuple(gfaces), yk, rk)]
        else:
            value = solver.keep_value(ctx, list(gfaces), ug, yf if yk else -1, rf if rk else -1)[state]
        options.append(Option(REROLL, "reroll %s with a clue" % format_roll(rer) if texts else "", value,
                              bytearray(rer)))


def _fail_options(solver, ctx, roll, state, options, texts=True):
    g, y, r, hreps, focus, spells, clues = ctx
    rest = bytearray(roll)
    terror_dice = roll[GREEN * NFACES + TERROR]
    if terror_dice and solver.terror == TERROR_FAIL:
        options.append(Option(FAIL, "fail the roll (Terror: the adventure fails)", 0, None))
        return
    note = ""
    if terror_dice and solver.terror == TERROR_DISCARD:
        rest[GREEN * NFACES + TERROR] = 0
        note = ", Terror discards %d %s" % (terror_dice, "dice" if terror_dice > 1 else "die")
    rg, ry, rr = _pool_of(rest)
    if rg + ry + rr == 0:
        options.append(Option(FAIL, "fail the roll%s: no die left, the adventure fails" % note, 0, None))
        return
    for aside in (GREEN, YELLOW, RED):
        if (rg, ry, rr)[aside] == 0:
            continue
        pool = [rg, ry, rr]
        pool[aside] -= 1
        succ = (pool[0], pool[1], pool[2], hreps, focus, spells, clues)
        text = "fail the roll%s, set aside a %s die" % (note, COLOUR_NAME[aside])
        options.append(Option(FAIL, text, solver.values(succ)[state], (aside, -1, -1)))
        if focus == 0:
            continue
        for colour in (GREEN, YELLOW, RED):
            for f in range(NFACES):
                k = rest[colour * NFACES + f]
                if colour == aside:
                    k = k if pool[colour] >= 1 else 0
                if not k:
                    continue
                p2 = list(pool)
                p2[colour] -= 1
                succ = (p2[0], p2[1], p2[2], tuple(sorted(hreps + (solver.rep[f],))),
                        focus - 1, spells, clues)
                options.append(Option(FAIL, "%s, focus %s" % (text, die_text(colour, f)) if texts else "",
                                      solver.values(succ)[state], (aside, colour, f)))
