"""A plain context's roll weights summed class by class, without the green tables: what the host's
solver does for a question without spells or clues (options.RollOptions._solve_plain), where
building the tables of every green multiset would cost more than the question itself.

A roll holds a need (a packed green multiset) when each class's count is at least the need's, and
its fail key reads only the classes present and the Terror dice. So the partial rolls over the
first classes that agree on (dice so far, needs still held, what the fail key reads so far) are
merged into one state, and far fewer states than rolls are carried. An ordered roll's weight grows
by C(n + c, c) * weight^c for c dice of the next class after n dice (the multinomial, one class at
a time), so the sums are exact and the same as reading every multiset. The board builds the tables
anyway (its heap is in one piece at the start of a question) and never imports this module.
"""

from .dice import GREEN
from .rolls import FIELD, completions


def roll_weights(solver, g, reqs, f, one=None):
    """{(sat << 10) | fail key: the summed weight of the green rolls of g dice with that key}:
    sat is the bit set of the needs (reqs) a roll holds (bit i: reqs[i]), the fail key as
    solver.fail_keys gives it (0 when failing is the same whatever the roll). With `one` (the only
    block of a context without yellow or red die) sat is replaced by that block's completions."""
    fkm = solver.fail_key_maker(f)
    tcls = solver.tcls if fkm is not None else -1
    m = solver.m
    cls = solver.classes[GREEN]
    pascal = [[1]]
    for n in range(1, g + 1):
        row = pascal[-1]
        pascal.append([1] + [row[i - 1] + row[i] for i in range(1, n)] + [1])
    # layer[n]: {code: weight} over the partial rolls of n dice; code: the needs held so far << 10
    # | the Terror dice << 6 | the classes present (these two only when the fail key reads them)
    layer = [{} for _ in range(g + 1)]
    layer[0][((1 << len(reqs)) - 1) << 10] = 1
    for j in range(m):
        shift = FIELD * j
        # keep[c]: the code bits kept with c dice of class j (the needs asking at most c of it)
        keep = [1023] * (g + 1)
        bit = 1 << 10
        for req in reqs:
            c = (req >> shift) & 15
            while c <= g:
                keep[c] |= bit
                c += 1
            bit <<= 1
        present = (1 << j) if fkm is not None else 0
        wj = cls[j][1]
        last = j == m - 1
        new = [{} for _ in range(g + 1)]
        for n in range(g + 1):
            here = layer[n]
            if not here:
                continue
            # the last class takes the dice left
            for c in range(g - n if last else 0, g - n + 1):
                mul = pascal[n + c][c] * wj ** c
                mask = keep[c]
                extra = (present if c else 0) | ((c << 6) if j == tcls else 0)
                there = new[n + c]
                for code in here:
                    code2 = (code & mask) | extra
                    there[code2] = there.get(code2, 0) + here[code] * mul
        layer = new
    out = {}
    full = layer[g]
    for code in full:
        fk = 0
        if fkm is not None:
            # the fail key maker reads the Terror dice from a packed roll: give it them alone
            fk = fkm(code & 63, ((code >> 6) & 15) << (FIELD * tcls) if tcls >= 0 else 0)
        sat = code >> 10
        if one is not None:
            sat = completions(one[3], one[4], sat)
        key = (sat << 10) | fk
        out[key] = out.get(key, 0) + full[code]
    return out
