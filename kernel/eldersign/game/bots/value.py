"""The value of an effect list (a card's reward or penalty) to the investigators, in points.

One point is about what a clue is worth; an elder sign, the thing the game is won with, is worth
ELDER (10). Each primitive of the list (effects.py) counts WEIGHTS[op] per unit of its amount
(signed: a loss counts against), times the number of investigators for an `each(...)` scope. A
sanity or stamina loss that would devour the investigator costs DEVOURED on top (a devoured
investigator takes its hand and trophies away and advances doom). A `choose(...)` counts its best
alternative (the investigator chooses it). `per_other_world(...)` counts its list once per Other World
in play. Doom counts more as the track fills (DOOM plus DOOM_LATE per token once the track is
more than half full) and the awakening of an Ancient One whose awakening is defeat is never taken.

Everything is tunable: `Weights(overrides)` takes a dict {name: number} of any of the names of
DEFAULTS (the CLI passes `--weights name=value,...`).
"""

from .. import effects as E
from . import observe as O

DEFAULTS = {
    "elder_sign": 10.0, "doom": -4.0, "doom_late": -3.0, "clue": 1.2, "common_item": 1.5,
    "unique_item": 2.5, "spell": 2.5, "ally": 2.0, "trophies": 1.1, "sanity": 1.0, "stamina": 1.0,
    "monster": -2.0, "gate": -3.0, "clock": -0.6, "lock": -1.5, "awaken": -25.0, "lose_game": -1000.0,
    "max_stat": 1.5, "heal_all": 3.0, "defeat_monster": 2.0, "devoured": -15.0, "card_trophy": 1.1,
}

_OP_NAME = {
    E.OP_ELDER: "elder_sign", E.OP_CLUE: "clue", E.OP_COMMON: "common_item", E.OP_UNIQUE: "unique_item",
    E.OP_SPELL: "spell", E.OP_ALLY: "ally", E.OP_TROPHIES: "trophies", E.OP_SANITY: "sanity",
    E.OP_STAMINA: "stamina", E.OP_MONSTER: "monster", E.OP_GATE: "gate", E.OP_CLOCK: "clock",
    E.OP_LOCK_GREEN: "lock", E.OP_LOCK_YELLOW: "lock", E.OP_LOCK_RED: "lock", E.OP_AWAKEN: "awaken",
    E.OP_LOSE_GAME: "lose_game", E.OP_MAX_SANITY: "max_stat", E.OP_MAX_STAMINA: "max_stat",
    E.OP_HEAL_ALL: "heal_all", E.OP_DEFEAT_MONSTER: "defeat_monster",
}


class Weights:
    """The weights of the value function: DEFAULTS with `overrides` ({name: number}) applied."""

    def __init__(self, overrides=None):
        self.w = dict(DEFAULTS)
        if overrides:
            for k in overrides:
                if k not in DEFAULTS:
                    from ....errors import KernelError
                    raise KernelError("option", "no weight '%s' (the weights: %s)" % (k, ", ".join(sorted(DEFAULTS))))
                self.w[k] = float(overrides[k])

    def __getitem__(self, name):
        return self.w[name]


def _prim(g, w, op, amount, inv):
    if op == E.OP_DOOM:
        v = 0.0
        d = O.doom(g)
        top = O.doom_max(g)
        for k in range(abs(amount)):
            step = w["doom"] + (w["doom_late"] if 2 * (d + k + 1) > top else 0.0)
            if d + k + 1 >= top and amount > 0:
                step += w["awaken"]
            v += step
        return v if amount > 0 else -v
    if op == E.OP_SET_SANITY:
        return w["sanity"] * (amount - O.sanity(g, inv))
    if op == E.OP_SET_STAMINA:
        return w["stamina"] * (amount - O.stamina(g, inv))
    name = _OP_NAME.get(op)
    if name is None:
        return 0.0
    v = w[name] * amount
    if op == E.OP_SANITY and amount < 0:
        v = w[name] * amount * (1.0 + 2.0 / (O.sanity(g, inv) + 1))
        if O.sanity(g, inv) + amount <= 0:
            v += w["devoured"]
    elif op == E.OP_STAMINA and amount < 0:
        v = w[name] * amount * (1.0 + 2.0 / (O.stamina(g, inv) + 1))
        if O.stamina(g, inv) + amount <= 0:
            v += w["devoured"]
    elif op == E.OP_SANITY:
        v = w[name] * min(amount, O.max_sanity(g, inv) - O.sanity(g, inv))
    elif op == E.OP_STAMINA:
        v = w[name] * min(amount, O.max_stamina(g, inv) - O.stamina(g, inv))
    elif op == E.OP_TROPHIES and amount < 0:
        v = w[name] * max(amount, -O.trophies(g, inv))
    elif op == E.OP_CLUE and amount < 0:
        v = w[name] * max(amount, -O.clues(g, inv))
    return v


def _scoped(g, w, op, amount, inv, scope):
    if scope == E.SC_EACH:
        v = 0.0
        for h in O.investigators_in_play(g):
            v += _prim(g, w, op, amount, h)
        return v
    return _prim(g, w, op, amount, inv)


def effects_value(g, w, code, inv):
    """The value of the compiled effect list `code` applied to investigator inv now."""
    return _list_value(g, w, code, 0, len(code), inv)


def _list_value(g, w, code, i, end, inv):
    v = 0.0
    while i < end:
        op = code[i]
        if op == E.OP_CHOOSE:
            nalt = code[i + 1]
            scope = code[i + 2]
            j = i + 3
            best = None
            for _ in range(nalt):
                length = code[j + 1]
                alt = 0.0
                for k in range(length):
                    b = j + 3 + 3 * k
                    alt += _scoped(g, w, code[b], code[b + 1], inv, scope)
                if best is None or alt > best:
                    best = alt
                j += 3 + 3 * length
            v += best or 0.0
            i = j
            continue
        if op == E.OP_PER_OW:           # once per Other World card in play
            stop = i + 3 + 3 * code[i + 1]
            v += O.other_worlds(g) * _list_value(g, w, code, i + 3, stop, inv)
            i = stop
            continue
        v += _scoped(g, w, op, code[i + 1], inv, code[i + 2])
        i += 3
    return v


def alt_value(g, w, code, start, end, inv):
    """The value of the primitives code[start:end] (one alternative of a choose(...)) for inv."""
    v = 0.0
    for b in range(start, end, 3):
        v += _scoped(g, w, code[b], code[b + 1], inv, code[b + 2])
    return v
