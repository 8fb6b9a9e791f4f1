"""Brute-force oracles for the tests, written from the rules digest and sharing no kernel code.

Dice are (colour, face) pairs with colour 'g', 'y', 'r' and faces 'I1'..'I4', 'L', 'P', 'T', 'W'.
A task is a list of symbols: ('I', n) or ('F', set of accepted letters).
"""

from fractions import Fraction
from functools import lru_cache
from itertools import product

FACES = {"g": ("I1", "I2", "I3", "L", "P", "T"), "y": ("I1", "I2", "I3", "I4", "L", "P"),
         "r": ("I2", "I3", "I4", "L", "P", "W")}


def inv_value(face):
    return 4 if face == "W" else int(face[1]) if face[0] == "I" else 0


def places_all(faces, task):
    """Can every die be placed on a symbol so that every symbol is satisfied?"""
    n = len(task)
    for assign in product(range(n), repeat=len(faces)):
        ok = True
        for k, (kind, need) in enumerate(task):
            on = [faces[i] for i in range(len(faces)) if assign[i] == k]
            if kind == "F":
                if len(on) != 1 or not (on[0] == "W" or on[0] in need):
                    ok = False
                    break
            else:
                if not on or sum(inv_value(f) for f in on) < need:
                    ok = False
                    break
        if ok:
            return True
    return False


def sub_multisets(items):
    """All sub-multisets (as sorted tuples) of a list of hashable items."""
    out = set()
    for mask in range(1 << len(items)):
        out.add(tuple(sorted(items[i] for i in range(len(items)) if mask >> i & 1)))
    return out


def minimal_ways(task, dice):
    """The minimal sub-multisets of `dice` ((source, colour, face) triples) completing `task`."""
    candidates = [s for s in sub_multisets(list(dice)) if s and places_all([d[2] for d in s], task)]
    cset = set(candidates)
    minimal = []
    for s in candidates:
        smaller = [t for t in sub_multisets(list(s)) if t != s and t in cset]
        if not smaller:
            minimal.append(s)
    return sorted(minimal)


def solve(tasks, ordered, pool, focus, spells, clues, terror):
    """Exact optimal probability (Fraction) by enumerating ordered rolls. Tiny pools only."""

    def allowed(remaining):
        return [min(remaining)] if ordered else sorted(remaining)

    @lru_cache(maxsize=None)
    def value(remaining, pool, held, f, s, c):
        if not remaining:
            return Fraction(1)
        if not pool:
            return Fraction(0)
        total = Fraction(0)
        rolls = list(product(*[FACES[col] for col in pool]))
        for faces in rolls:
            roll = tuple(sorted(zip(pool, faces)))
            total += best(remaining, pool, held, f, s, c, roll)
        return total / len(rolls)

    def remove(seq, items):
        rest = list(seq)
        for x in items:
            rest.remove(x)
        return tuple(sorted(rest))

    @lru_cache(maxsize=None)
    def best(remaining, pool, held, f, s, c, roll):
        options = [Fraction(0)]
        dice = [("roll",) + d for d in roll] + [("held", "h", face) for face in held]
        for t in allowed(remaining):
            for way in minimal_ways(tasks[t], dice):
                used_roll = [(d[1], d[2]) for d in way if d[0] == "roll"]
                used_held = [d[2] for d in way if d[0] == "held"]
                options.append(value(remaining - {t}, remove(pool, [d[0] for d in used_roll]),
                                     remove(held, used_held), f, s, c))
        if c > 0:
            for mask in range(1, 1 << len(roll)):
                keep = [roll[i] for i in range(len(roll)) if not mask >> i & 1]
                again = [roll[i][0] for i in range(len(roll)) if mask >> i & 1]
                outs = list(product(*[FACES[col] for col in again]))
                acc = Fraction(0)
                for faces in outs:
                    new = tuple(sorted(keep + list(zip(again, faces))))
                    acc += best(remaining, pool, held, f, s, c - 1, new)
                options.append(acc / len(outs))
        if s > 0:
            for i in range(len(roll)):
                col, face = roll[i]
                options.append(best(remaining, remove(pool, [col]), tuple(sorted(held + (face,))),
                                    f, s - 1, c, roll[:i] + roll[i + 1:]))
        # fail the roll
        rest = list(roll)
        gone = []
        if any(d == ("g", "T") for d in roll):
            if terror == "fail":
                return max(options)
            if terror == "discard":
                gone = [d for d in rest if d == ("g", "T")]
                rest = [d for d in rest if d != ("g", "T")]
        for i in range(len(rest)):
            after = remove(pool, [d[0] for d in gone] + [rest[i][0]])
            options.append(value(remaining, after, held, f, s, c) if after else Fraction(0))
            if f > 0:
                for j in range(len(rest)):
                    if j == i:
                        continue
                    p2 = remove(after, [rest[j][0]])
                    options.append(value(remaining, p2, tuple(sorted(held + (rest[j][1],))),
                                         f - 1, s, c) if p2 else Fraction(0))
        return max(options)

    return value(frozenset(range(len(tasks))), tuple(sorted(pool)), (), focus, spells, clues)
