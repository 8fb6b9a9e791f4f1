"""The rolls of a pool as the solver reads them: green multisets packed into small ints, and each
pool's completions compiled per (yellow face, red face) block.

A green multiset over the card's m face classes (m <= 6: a green die has six faces) is packed
FIELD bits a class: a 4-bit count under a guard bit. With the guard bits set, "multiset a holds
multiset b" is one subtraction and one mask, ((a - b) & guard) == guard: no field borrows from its
neighbour, and a field's guard bit survives exactly when its count is at least b's. Six fields are
30 bits, a small int on the board too.
"""

from array import array

from .dice import NFACES, YELLOW, RED

FIELD = 5


class Green:
    """Every multiset of at most `top` green dice over the card's m classes, by size.

    Keys of size k are goff[k]..goff[k + 1] - 1, ascending by packed form. pk[q]: the counts packed
    with the guard bits set; wt[q]: how many ordered rolls show it (multinomial times the classes'
    face counts); pm[q]: the bit set of classes present. add(): the table of the key with one more
    die of class j, add[q * m + j] (keys below size top), made on first use (only sweeps need it).
    beat (here and for add): the solver's Solver.beat, told of the work run by run of the fill and
    every 32 keys of add (progress on a long solve; not kept, so a Green holds no reference to
    its solver).
    """

    def __init__(self, weights, top, beat=None):
        m = len(weights)
        self.m = m
        self.top = top
        self.weights = weights
        guard = 0
        for j in range(m):
            guard |= 16 << (FIELD * j)
        self.guard = guard
        # sizes first, so each table is one allocation (a fragmented heap has few large blocks)
        goff = [0]
        for k in range(top + 1):
            goff.append(goff[-1] + _binom(k + m - 1, m - 1))
        total = goff[-1]
        pk = array("i", bytes(4 * total))
        wt = array("i", bytes(4 * total))
        pm = bytearray(total)
        # Level k (the multisets of size k) in ascending packed form, the last class most
        # significant: its first C(k + j, j) keys are those over classes 0..j alone, and among them
        # the keys with c dice of class j (and none above) are the first C(k - c + j - 1, j - 1)
        # keys of level k - c (those over classes 0..j-1), each with c dice of class j added. So
        # every level is filled by copying runs of the levels below, a few operations a key.
        for k in range(top + 1):
            q = goff[k]
            pk[q] = guard + k
            wt[q] = weights[0] ** k
            pm[q] = 1 if k else 0
            end = q + 1             # the keys over classes 0..j-1 filled so far: q..end-1
            for j in range(1, m):
                bit = 1 << j
                wj = weights[j]
                for c in range(1, k + 1):
                    src = goff[k - c]
                    n = _binom(k - c + j - 1, j - 1)
                    add = c << (FIELD * j)
                    mul = _binom(k, c) * wj ** c
                    for i in range(n):
                        pk[end + i] = pk[src + i] + add
                        wt[end + i] = wt[src + i] * mul
                        pm[end + i] = pm[src + i] | bit
                    end += n
                    if beat is not None:
                        beat(4 * n + 10)
        self.goff = goff
        self.pk = pk
        self.wt = wt
        self.pm = pm
        self._add = None
        self.fkq = [None, None]     # Solver.fail_keys, without and with focus left

    def find(self, p, k):
        """The key of packed multiset p of size k (binary search), or -1."""
        pk = self.pk
        lo = self.goff[k]
        hi = self.goff[k + 1] - 1
        while lo <= hi:
            mid = (lo + hi) >> 1
            v = pk[mid]
            if v == p:
                return mid
            if v < p:
                lo = mid + 1
            else:
                hi = mid - 1
        return -1

    def add(self, beat=None):
        add = self._add
        if add is None:
            m = self.m
            add = array("h", bytes(2 * self.goff[self.top] * m))
            for k in range(self.top):
                for q in range(self.goff[k], self.goff[k + 1]):
                    p = self.pk[q]
                    for j in range(m):
                        add[q * m + j] = self.find(p + (1 << (FIELD * j)), k + 1)
                    if q & 31 == 0 and beat is not None:
                        beat(32 * m * (4 + 6 * (k + 3)))
            self._add = add
        return add

    def count(self, q, j):
        """How many dice of class j multiset q has."""
        return (self.pk[q] >> (FIELD * j)) & 15


def _binom(n, k):
    r = 1
    for i in range(1, k + 1):
        r = r * (n - k + i) // i
    return r


class Node:
    """What every context with the same pool and held dice shares, whatever its uses left: the
    (yellow, red) blocks of its rolls and, per block, the compiled completion candidates.

    reqs: the distinct green needs (packed multisets) of every candidate; a green roll's `sat` is the
    bit set of the needs it holds (bit i: reqs[i]), the same in every block. blocks[b] = (yf, rf,
    bw, cands, always): the block's yellow and red representative faces (-1: no such die in the
    pool), its weight (yellow class weight * red class weight), the candidates (need index, the
    completion's bit) and the bits every roll of the block has (completions that need no green
    die). Block b is yellow class b // nr, red class b % nr. comps[i] = (task, green used, yellow
    used, red used, the held dice left): the distinct completions, bit i of a roll's completions.
    """

    def __init__(self, solver, g, y, r, held):
        self.g = g
        self.y = y
        self.r = r
        self.held = held
        ycls = solver.classes[YELLOW] if y else ((-1, 1),)
        rcls = solver.classes[RED] if r else ((-1, 1),)
        self.ny = len(ycls)
        self.nr = len(rcls)
        guard = solver.guard
        comp_index = {}
        comps = []
        blocks = []
        req_index = {}
        reqs = []
        for yf, yw in ycls:
            for rf, rw in rcls:
                found = {}          # completion index -> green needs, before dominated ones go
                ways = solver.block_ways(yf, rf, held)
                for t, gu, yu, ru, rest, req in ways:
                    if gu > g:
                        continue
                    key = (t, gu, yu, ru, rest)
                    i = comp_index.get(key)
                    if i is None:
                        i = len(comps)
                        comp_index[key] = i
                        comps.append(key)
                    _found(found, i, req)
                # keep, per completion, only the green needs that hold no other need of it
                cands = []
                always = 0
                for i in found:
                    group = found[i]
                    for a in range(len(group)):
                        req = group[a]
                        dominated = False
                        for b in range(len(group)):
                            req2 = group[b]
                            if b != a and ((req + guard - req2) & guard) == guard and \
                                    (req2 != req or b < a):
                                dominated = True
                                break
                        if dominated:
                            continue
                        if req == 0:
                            always |= 1 << i
                        else:
                            ri = req_index.get(req)
                            if ri is None:
                                ri = len(reqs)
                                req_index[req] = ri
                                reqs.append(req)
                            cands.append((ri, 1 << i))
                blocks.append((yf, rf, yw * rw, cands, always))
                solver.beat(24 * len(ways))     # the block's work (Solver.beat)
        self.blocks = blocks
        self.comps = comps
        self.reqs = reqs

    def sat(self, gp, guard):
        """The bit set of the needs (reqs) green roll gp (packed, guard bits set) holds."""
        s = 0
        bit = 1
        for req in self.reqs:
            if (gp - req) & guard == guard:
                s |= bit
            bit <<= 1
        return s


def completions(cands, always, sat):
    """A block's completion bits for a green roll holding the needs `sat`."""
    cb = always
    for ri, bit in cands:
        if sat >> ri & 1:
            cb |= bit
    return cb


def _found(found, i, req):
    group = found.get(i)
    if group is None:
        found[i] = [req]
    elif req not in group:
        group.append(req)


def block_ways(solver, yf, rf, held):
    """Every way to complete an allowed task with the yellow face yf, the red face rf (-1: no such
    die) and the held dice, the rest from green dice (at most 8): (task, green used, yellow used,
    red used, the held dice left, the green dice needed packed), for Node to keep those its pool
    allows. Depends on no pool, so the solver keeps a few (contexts differ mostly in pool)."""
    hc = [0] * NFACES
    sp = 0
    for face in held:
        hc[face] += 1
        sp |= 1 << face
    if yf >= 0:
        sp |= 1 << yf
    if rf >= 0:
        sp |= 1 << rf
    gcls = solver.gcls
    out = []
    for t, fs, faces, greq, total in solver.fsinfo():
        if not faces & sp:
            # no yellow, red or held die shows a face of fs: all green or nothing
            if greq >= 0 and total <= 8:
                out.append((t, total, 0, 0, held, greq))
            continue
        ok = True
        for face, k in fs:
            have = hc[face] + (1 if yf == face else 0) + (1 if rf == face else 0)
            if gcls[face] >= 0:
                have += 8
            if have < k:
                ok = False
                break
        if ok:
            _splits(fs, 0, gcls, yf, rf, hc, 0, 0, 0, 0, [], t, held, out)
    return out


def _splits(fs, i, gcls, yf, rf, hc, req, gu, yu, ru, hu, t, held, out):
    """Every way to draw face multiset fs[i:] from the yellow, red, held and green dice."""
    if i == len(fs):
        rest = list(held)
        for face in hu:
            rest.remove(face)
        out.append((t, gu, yu, ru, tuple(rest), req))
        return
    face, k = fs[i]
    top_y = 1 if yf == face else 0
    top_r = 1 if rf == face else 0
    h = hc[face]
    j = gcls[face]
    for b in range(top_y + 1):
        for c in range(top_r + 1):
            left = k - b - c
            if left < 0:
                continue
            for d in range((h if h < left else left) + 1):
                green = left - d
                if green and (j < 0 or gu + green > 8):
                    continue
                _splits(fs, i + 1, gcls, yf, rf, hc, req + (green << (FIELD * j) if green else 0),
                        gu + green, yu + b, ru + c, hu + [face] * d if d else hu, t, held, out)
