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
WAY_BYTES = 48          # a way: 24 roll counts used, then 24 held counts used (colour * 8 + face)


def _inv_sets(n):
    """Minimal multisets of investigation values summing to at least n, as counts of (1, 2, 3, 4)."""
    out = []
    for c4 in range(0, MAX_DICE + 1):
        if c4 and 4 * c4 - 4 >= n:
            break               # a 4 could go: not minimal, nor with more 4s
        for c3 in range(0, MAX_DICE + 1 - c4):
            if c3 and 4 * c4 + 3 * c3 - 3 >= n:
                break           # likewise a 3
            for c2 in range(0, MAX_DICE + 1 - c4 - c3):
                if c2 and 4 * c4 + 3 * c3 + 2 * c2 - 2 >= n:
                    break       # likewise a 2
                # the fewest 1s that reach n (more only add surplus); none left for them: no set
                c1 = n - (2 * c2 + 3 * c3 + 4 * c4)
                if c1 < 0:
                    c1 = 0
                if c1 > MAX_DICE - c4 - c3 - c2:
                    continue
                total = c1 + 2 * c2 + 3 * c3 + 4 * c4
                low = 1 if c1 else 2 if c2 else 3 if c3 else 4 if c4 else 0
                if low and total - low < n:
                    out.append((c1, c2, c3, c4))
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


# 11 ** face: a face multiset (at most ten dice, so every count below 11) packed in base 11 is below
# 11 ** 8 < 2 ** 30, a small int on every port: no object per multiset while the sets are grown
_P11 = (1, 11, 121, 1331, 14641, 161051, 1771561, 19487171)


def _count(packed, face):
    return packed // _P11[face] % 11


def minimal_face_sets(task):
    """Every minimal completable face multiset of a task, as tuples of (face, count) by face order.

    Bounded by what dice can show at once (ten dice, one Wildcard, two Investigation 4).
    """
    partial = {0: 0}            # packed face multiset -> its dice
    for opts in _symbol_choices(task):
        packed = []
        for v in opts:
            p = 0
            for f in range(NFACES):
                p += v[f] * _P11[f]
            packed.append((p, sum(v), v))
        grown = {}
        for base in partial:
            dice = partial[base]
            for p, n, v in packed:
                if dice + n > MAX_DICE:
                    continue
                for f in range(NFACES):
                    if v[f] and _count(base, f) + v[f] > _FACE_CAP[f]:
                        break
                else:
                    grown[base + p] = dice + n
        partial = grown
    # Fewest dice first: a set that contains another has more dice, so a set is minimal when it
    # contains none of the minimal sets found before it (one that contains a non-minimal set also
    # contains the minimal set under that one).
    sets = list(partial)
    sets.sort(key=partial.get)
    partial = None
    counts = bytearray(NFACES)
    kept = []                   # each as 8 bytes of counts (the board's heap: no list per set)
    for s in sets:
        for f in range(NFACES):
            counts[f] = _count(s, f)
        for o in kept:
            f = 0
            while f < NFACES and counts[f] >= o[f]:
                f += 1
            if f == NFACES:
                break           # s contains o
        else:
            kept.append(bytes(counts))
    sets = None
    minimal = []
    for s in kept:
        minimal.append(tuple([(f, s[f]) for f in range(NFACES) if s[f]]))
    minimal.sort()
    return minimal


def split_face_set(store, b, roll, held, use, ways, n, limit, face=-1, src=0, left=0):
    """Every way to take the face multiset store[b:b + 8] (a count per face) from the dice of `roll`
    and `held` (counts by colour * 8 + face): write each as 48 bytes (24 roll counts used, then 24
    held counts used) into `ways` from way n on while fewer than `limit` are written; return n plus
    the number of ways found (limit 0 only counts them).

    `use` is a 48-byte scratch buffer of zeros (left zeroed). The one splitter of the kernel: the
    adventure state machine calls it without allocating; `ways_for_task` wraps it in Way objects.
    Order: faces ascending; per face the sources roll g, y, r, held g, y, r, fewer dice from the
    earlier source first. Only sources that show the face are visited, so the depth stays small.
    """
    if left == 0:
        face += 1
        while face < NFACES and store[b + face] == 0:
            face += 1
        if face == NFACES:
            if n < limit:
                base = n * WAY_BYTES
                for i in range(WAY_BYTES):
                    ways[base + i] = use[i]
            return n + 1
        left = store[b + face]
        src = 0
    cap = 0
    idx = 0
    while src < 6:
        idx = src * NFACES + face                     # 0..23 roll, 24..47 held
        cap = roll[idx] if src < 3 else held[idx - 24]
        if cap:
            break
        src += 1
    if src == 6:
        return n
    if cap > left:
        cap = left
    for k in range(cap + 1):
        use[idx] = k
        n = split_face_set(store, b, roll, held, use, ways, n, limit, face, src + 1, left - k)
    use[idx] = 0
    return n


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
    use = bytearray(WAY_BYTES)
    for fs in face_sets:
        store = bytearray(NFACES)
        for f, k in fs:
            store[f] = k
        n = split_face_set(store, 0, roll, held, use, None, 0, 0)      # count, then fill
        ways = bytearray(WAY_BYTES * n)
        split_face_set(store, 0, roll, held, use, ways, 0, n)
        for i in range(n):
            base = i * WAY_BYTES
            out.append(Way(task_index, ways[base:base + 24], ways[base + 24:base + 48]))
    return out


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


def match(card, roll, held=None, done_mask=0, sanity=0, stamina=0, face_sets=None, ways=None):
    """Every task that can be completed now, each with all its minimal ways.

    Returns a list of (task index, [Way, ...]) for the allowed tasks that have at least one way.
    `face_sets`: each task's minimal_face_sets when the caller has them already (a solver's
    face_sets, the same lists), else they are computed here. `ways(t, roll, held)`: a faster
    ways_for_task of those face sets when the caller has one (the C core's: the same Ways in the
    same order), else ways_for_task.
    """
    if held is None:
        held = bytearray(3 * NFACES)
    out = []
    for t in allowed_tasks(card, done_mask, sanity, stamina):
        if ways is not None:
            ws = ways(t, roll, held)
        else:
            sets = face_sets[t] if face_sets is not None else minimal_face_sets(card.tasks[t])
            ws = ways_for_task(sets, t, roll, held)
        if ws:
            out.append((t, ws))
    return out
