"""Matching dice to a task: the minimal ways to complete it from a roll plus held dice.

A way is a sub-multiset of the available dice that completes the task and from which no die can be
removed (the kernel's rule: a die may only be placed where it is needed). Completability depends
only on faces, so each task is first compiled into its minimal completable *face* multisets; the
ways for a given set of dice are then every way of drawing those faces from the dice's sources
(green, yellow and red dice of the roll, and held dice).
"""

from .dice import (I1, I2, I3, I4, LORE, PERIL, TERROR, WILD, NFACES)

MAX_DICE = 10           # eight green dice, the yellow and the red: no pool is larger
_FACE_CAP = (9, 10, 10, 2, 10, 10, 8, 1)   # most dice that can show each face at once
_BIT_FACE = ((1, LORE), (2, PERIL), (4, TERROR))


def _inv_sets(n):
    """Minimal multisets of investigation values summing to at least n, as counts of (1, 2, 3, 4)."""
    out = []
    for c4 in range(0, MAX_DICE + 1):
        for c3 in range(0, MAX_DICE + 1 - c4):
            for c2 in range(0, MAX_DICE + 1 - c4 - c3):
                for c1 in range(0, MAX_DICE + 1 - c4 - c3 - c2):
                    total = c1 + 2 * c2 + 3 * c3 + 4 * c4
                    if total < n:
                        continue
                    low = 1 if c1 else 2 if c2 else 3 if c3 else 4 if c4 else 0
                    if low and total - low < n:
                        out.append((c1, c2, c3, c4))
                    # larger c1 only adds surplus
                    if total >= n:
                        break
    return out


def _symbol_choices(task):
    """For each dice symbol, the face-count vectors (length 8) that satisfy it minimally."""
    choices = []
    for bits in task.faces:
        opts = []
        for bit, face in _BIT_FACE:
            if bits & bit:
                v = [0] * NFACES
                v[face] = 1
                opts.append(v)
        v = [0] * NFACES
        v[WILD] = 1
        opts.append(v)
        choices.append(opts)
    for n in task.inv:
        opts = []
        for c1, c2, c3, c4 in _inv_sets(n):
            for w in range(0, min(c4, 1) + 1):
                v = [0] * NFACES
                v[I1] = c1
                v[I2] = c2
                v[I3] = c3
                v[I4] = c4 - w
                v[WILD] = w
                opts.append(v)
        choices.append(opts)
    return choices


def _contains(big, small):
    for f in range(NFACES):
        if big[f] < small[f]:
            return False
    return True


def minimal_face_sets(task):
    """Every minimal completable face multiset of a task, as tuples of (face, count) by face order.

    Bounded by what dice can show at once (ten dice, one Wildcard, two Investigation 4).
    """
    partial = {tuple([0] * NFACES): True}
    for opts in _symbol_choices(task):
        grown = {}
        for base in partial:
            for v in opts:
                s = [base[f] + v[f] for f in range(NFACES)]
                ok = sum(s) <= MAX_DICE
                for f in range(NFACES):
                    if s[f] > _FACE_CAP[f]:
                        ok = False
                if ok:
                    grown[tuple(s)] = True
        partial = grown
    sets = list(partial)
    sets.sort()
    minimal = []
    for s in sets:
        dominated = False
        for o in sets:
            if o != s and _contains(s, o):
                dominated = True
                break
        if not dominated:
            minimal.append(tuple([(f, s[f]) for f in range(NFACES) if s[f]]))
    minimal.sort()
    return minimal


def splits(need, caps):
    """Every way to draw `need` dice from sources with the given caps: list of count tuples."""
    out = []
    n = len(caps)

    def rec(i, left, acc):
        if i == n - 1:
            if left <= caps[i]:
                out.append(tuple(acc + [left]))
            return
        top = caps[i] if caps[i] < left else left
        for k in range(top + 1):
            rec(i + 1, left - k, acc + [k])
    rec(0, need, [])
    return out


class Way:
    """One minimal way to complete a task: dice used from the roll and from the held dice.

    `roll_used` and `held_used` are counts indexed colour * 8 + face (bytearray of 24).
    """

    def __init__(self, task_index, roll_used, held_used):
        self.task = task_index
        self.roll_used = roll_used
        self.held_used = held_used

    def key(self):
        return (self.task, bytes(self.roll_used), bytes(self.held_used))

    def __eq__(self, other):
        return isinstance(other, Way) and self.key() == other.key()

    def __hash__(self):
        return hash(self.key())


def ways_for_task(face_sets, task_index, roll, held):
    """All minimal ways to complete one task from `roll` and `held` (counts by colour * 8 + face)."""
    out = []
    avail = [0] * NFACES
    for c in range(3):
        for f in range(NFACES):
            avail[f] += roll[c * NFACES + f] + held[c * NFACES + f]
    for fs in face_sets:
        ok = True
        for f, k in fs:
            if avail[f] < k:
                ok = False
                break
        if not ok:
            continue
        # per face: split among six sources (roll g/y/r, held g/y/r)
        per_face = []
        for f, k in fs:
            caps = [roll[c * NFACES + f] for c in range(3)] + [held[c * NFACES + f] for c in range(3)]
            per_face.append((f, splits(k, caps)))
        _combine(per_face, 0, bytearray(3 * NFACES), bytearray(3 * NFACES), task_index, out)
    return out


def _combine(per_face, i, ru, hu, task_index, out):
    if i == len(per_face):
        out.append(Way(task_index, bytearray(ru), bytearray(hu)))
        return
    f, options = per_face[i]
    for split in options:
        for c in range(3):
            ru[c * NFACES + f] += split[c]
            hu[c * NFACES + f] += split[3 + c]
        _combine(per_face, i + 1, ru, hu, task_index, out)
        for c in range(3):
            ru[c * NFACES + f] -= split[c]
            hu[c * NFACES + f] -= split[3 + c]


def allowed_tasks(card, done_mask, sanity=0, stamina=0):
    """Indices of the tasks that may be attempted now.

    `done_mask` has bit t set for each completed task. On an ordered card only the first task not
    done. With `sanity`/`stamina` > 0 (their current values), a task whose cost added to the costs
    of the tasks already done would bring either to 0 or below is not allowed.
    """
    out = []
    spent_s = 0
    spent_h = 0
    for t in range(len(card.tasks)):
        if done_mask & (1 << t):
            spent_s += card.tasks[t].sanity
            spent_h += card.tasks[t].stamina
    for t in range(len(card.tasks)):
        if done_mask & (1 << t):
            continue
        task = card.tasks[t]
        if (not sanity or sanity - spent_s - task.sanity > 0) and \
                (not stamina or stamina - spent_h - task.stamina > 0):
            out.append(t)
        if card.ordered:
            break
    return out


def match(card, roll, held=None, done_mask=0, sanity=0, stamina=0):
    """Every task that can be completed now, each with all its minimal ways.

    Returns a list of (task index, [Way, ...]) for the allowed tasks that have at least one way.
    """
    if held is None:
        held = bytearray(3 * NFACES)
    out = []
    for t in allowed_tasks(card, done_mask, sanity, stamina):
        ws = ways_for_task(minimal_face_sets(card.tasks[t]), t, roll, held)
        if ws:
            out.append((t, ws))
    return out
