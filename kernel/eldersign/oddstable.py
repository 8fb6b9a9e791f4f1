"""Precomputed odds: a compact table for the library's cards, and advice from a solved card.

Values are the solver's fixed-point probabilities (fixed.py, 48 fraction bits) stored as two 24-bit
halves (hi, lo), so the board compares them with small ints only and never allocates a long int.

1. The library table (host builds it with the solver, the board reads one record at a time):
       b"EOT" version(2) nsets(1) then per situation (green, yellow, red, focus, spells, clues)
       6 bytes, ncards(2, big-endian), then ncards * nsets records of 6 bytes (hi 24 bits, lo 24
       bits), cards in library file order; a trailing Fletcher-16 checksum of everything before it.
       Version 1 (4 bytes a set: no spells or clues) is still read.
2. SolvedCard: a Solver's memo flattened into sorted context keys (small ints) and value halves,
   then `best(adventure, actions, n, out)` picks the best of the completions and fails of the
   current roll without allocating (the per-step path under micropython.heap_lock()).
"""

from array import array

from ..errors import KernelError
from ..binio import fletcher16
from .dice import NFACES

try:
    from micropython import const
except ImportError:  # CPython
    def const(x):
        return x

MAGIC = b"EOT"
VERSION = const(2)
SET_BYTES = (0, 4, 6)       # bytes of one situation in the header, by version
RECORD = const(6)
HALF = const(1 << 24)
MASK24 = const(0xFFFFFF)
MAX_HELD = const(4)


def split(value):
    """A fixed-point value as its (hi, lo) 24-bit halves."""
    return value >> 24, value & MASK24


def join(hi, lo):
    """The fixed-point value of two halves (allocates a long int on the board: display only)."""
    return (hi << 24) | lo




# ----- the library table --------------------------------------------------------------------------


def build_table(dice_sets, values):
    """The table's bytes: dice_sets a list of (green, yellow, red, focus, spells, clues) (or the first
    four: no spells or clues), values one list per card."""
    out = bytearray(MAGIC)
    out.append(VERSION)
    out.append(len(dice_sets))
    for d in dice_sets:
        d = tuple(d) + (0, 0)
        out.extend(bytes(d[:6]))
    out.append(len(values) >> 8)
    out.append(len(values) & 255)
    for row in values:
        if len(row) != len(dice_sets):
            raise KernelError("table", "a card has %d values for %d dice sets" % (len(row), len(dice_sets)))
        for v in row:
            hi, lo = split(v)
            out.extend(bytes((hi >> 16, (hi >> 8) & 255, hi & 255, lo >> 16, (lo >> 8) & 255, lo & 255)))
    c = fletcher16(out, len(out))
    out.append(c >> 8)
    out.append(c & 255)
    return bytes(out)


class OddsTable:
    """Reads the library table from a file one record at a time (the board keeps it on flash)."""

    def __init__(self, path, check=True):
        self.path = path
        f = open(path, "rb")
        try:
            head = f.read(5)
            if len(head) < 5 or head[:3] != MAGIC:
                raise KernelError("table", "%s is not an odds table" % path)
            if head[3] not in (1, VERSION):
                raise KernelError("table", "odds table version %d, expected %d" % (head[3], VERSION))
            nsets = head[4]
            width = SET_BYTES[head[3]]
            raw = f.read(width * nsets)
            self.sets = bytearray(6 * nsets)          # (g, y, r, focus, spells, clues) each
            for i in range(nsets):
                for k in range(width):
                    self.sets[6 * i + k] = raw[width * i + k]
            self.nsets = nsets
            n = f.read(2)
            self.ncards = (n[0] << 8) | n[1]
            self.base = 5 + width * nsets + 2
            if check:
                f.seek(0)
                a = 0
                b = 0
                total = self.base + self.ncards * nsets * RECORD
                left = total
                while left > 0:
                    chunk = f.read(512 if left > 512 else left)
                    if not chunk:
                        break
                    for x in chunk:
                        a = (a + x) % 255
                        b = (b + a) % 255
                    left -= len(chunk)
                tail = f.read(2)
                if left or len(tail) != 2 or ((b << 8) | a) != ((tail[0] << 8) | tail[1]):
                    raise KernelError("table", "%s is corrupt (checksum)" % path)
        finally:
            f.close()
        self._rec = bytearray(RECORD)

    def find_set(self, situation):
        """The index of the situation (dice, focus, spells, clues) in the table, or -1 (also for a
        sanity or stamina limit: the table holds none)."""
        if situation.sanity or situation.stamina:
            return -1
        return self.find(situation.green, situation.yellow, situation.red, situation.focus,
                         situation.spells, situation.clues)

    def find(self, g, y, r, focus, spells, clues):
        """find_set by values (the menu asks before it has a Situation; allocates nothing)."""
        s = self.sets
        for i in range(self.nsets):
            k = 6 * i
            if (s[k] == g and s[k + 1] == y and s[k + 2] == r and s[k + 3] == focus and s[k + 4] == spells
                    and s[k + 5] == clues):
                return i
        return -1

    def lookup(self, card_index, set_index, out):
        """Write the (hi, lo) halves of a card's value at a dice set into out[0], out[1]."""
        if not (0 <= card_index < self.ncards and 0 <= set_index < self.nsets):
            raise KernelError("table", "no entry for card %d, dice set %d" % (card_index, set_index))
        f = open(self.path, "rb")
        try:
            f.seek(self.base + (card_index * self.nsets + set_index) * RECORD)
            f.readinto(self._rec)
        finally:
            f.close()
        r = self._rec
        out[0] = (r[0] << 16) | (r[1] << 8) | r[2]
        out[1] = (r[3] << 16) | (r[4] << 8) | r[5]


# ----- advice from a solved card --------------------------------------------------------------------


def context_key(g, y, r, focus, spells, clues, held_reps_code):
    """A solver context as a small int (28 bits): held_reps_code is base-9 digits face+1, ascending."""
    return g | (y << 4) | (r << 5) | (focus << 6) | (spells << 9) | (clues << 12) | (held_reps_code << 15)


def _held_code(held_reps):
    code = 0
    for face in held_reps:
        code = code * 9 + face + 1
    return code


CHUNK = const(256)


class IntChunks:
    """n ints kept in arrays of CHUNK (1 KB each): the board's heap, fragmented by a solve, has many
    small free blocks and few large ones. get/set allocate nothing."""

    def __init__(self, n):
        self.n = n
        self.chunks = [array("i", range(CHUNK if k + CHUNK <= n else n - k)) for k in range(0, n, CHUNK)]

    def get(self, i):
        return self.chunks[i >> 8][i & 255]

    def set(self, i, v):
        self.chunks[i >> 8][i & 255] = v


class SolvedCard:
    """A solved card flattened for the board: sorted context keys and their value halves per state.

    Built once (allocation allowed) from a Solver that has answered the situation's value; then
    `best` ranks the current roll's completions and fails by table lookups alone.
    """

    def __init__(self, solver):
        self.nstates = solver.nstates
        self.ntasks = solver.ntasks
        self.rep = bytes(solver.rep)
        # faces some task can use: the solver leaves held dice of other faces out of a context
        self.useful = bytes(solver.useful) if hasattr(solver, "useful") else b"\x01" * NFACES
        self.full_mask = (1 << solver.ntasks) - 1
        self.state_of = bytearray(b"\xff" * (1 << solver.ntasks))
        for i in range(solver.nstates):
            self.state_of[solver.state_done[i]] = i
        entries = []
        for key in solver._memo:
            if isinstance(key, int):          # a lean solver's key is the context key already
                entries.append((key, key))
                continue
            if len(key) != 7 or not isinstance(key[3], tuple) or len(key[3]) > MAX_HELD:
                continue
            g, y, r, held, f, s, c = key
            entries.append((context_key(g, y, r, f, s, c, _held_code(held)), key))
        entries.sort()
        n = len(entries)
        self.nkeys = n
        self.keys = IntChunks(n)
        self.vals = IntChunks(2 * n * self.nstates)
        for i in range(n):
            k, key = entries[i]
            self.keys.set(i, k)
            vec = solver._memo[key]
            for s in range(self.nstates):
                self.vals.set(2 * (i * self.nstates + s), vec[s] >> 24)
                self.vals.set(2 * (i * self.nstates + s) + 1, vec[s] & MASK24)
        self._held = bytearray(3 * NFACES)

    def find(self, key):
        """The index of a context key, or -1 (binary search, no allocation)."""
        lo = 0
        hi = self.nkeys - 1
        keys = self.keys
        while lo <= hi:
            mid = (lo + hi) >> 1
            k = keys.get(mid)
            if k == key:
                return mid
            if k < key:
                lo = mid + 1
            else:
                hi = mid - 1
        return -1

    def _held_code_of(self, held):
        """The base-9 code of held dice (counts by colour*8+face) by representative face, sorted."""
        code = 0
        rep = self.rep
        for face in range(NFACES):
            if not self.useful[face]:
                continue
            for f in range(NFACES):
                if rep[f] != face:
                    continue
                k = held[f] + held[8 + f] + held[16 + f]
                for _ in range(k):
                    code = code * 9 + face + 1
        return code

    def value_at(self, key, mask, out):
        """out[0], out[1] = the halves of context `key` at done-mask `mask` (0, 0 when unknown)."""
        if mask == self.full_mask:
            out[0] = HALF
            out[1] = 0
            return
        i = self.find(key)
        s = self.state_of[mask]
        if i < 0 or s == 255:
            out[0] = 0
            out[1] = 0
            return
        j = 2 * (i * self.nstates + s)
        out[0] = self.vals.get(j)
        out[1] = self.vals.get(j + 1)

    def start_value(self, situation, out):
        """out[0], out[1] = the halves of the situation's value before the first roll."""
        sit = situation
        self.value_at(context_key(sit.green, sit.yellow, sit.red, sit.focus, sit.spells, sit.clues, 0), 0, out)

    def best(self, adv, actions, n, out):
        """The index in actions[:n] of the best completion or fail, its halves in out[0], out[1].

        Returns -1 when the adventure has spells or clues left (their options need expectations over
        rerolls: use advice.advise then). Ties keep the listing order. Allocates nothing.
        """
        st = adv.st
        if st[6] or st[7]:
            return -1
        held = self._held
        best_i = -1
        bh = -1
        bl = -1
        g = st[2]
        y = st[3]
        r = st[4]
        focus = st[5]
        done = st[1]
        ways = adv.ways
        roll = adv.roll_counts
        for i in range(n):
            a = actions[i]
            if a < 2048:                               # complete task t with way w
                w = a & 255
                base = w * 48
                gg = g
                yy = y
                rr = r
                for d in range(24):
                    k = ways[base + d]
                    if k:
                        if d < 8:
                            gg -= k
                        elif d < 16:
                            yy -= k
                        else:
                            rr -= k
                    held[d] = adv.held[d] - ways[base + 24 + d]
                key = context_key(gg, yy, rr, focus, 0, 0, self._held_code_of(held))
                self.value_at(key, done | (1 << (a >> 8)), out)
            elif 4096 <= a < 8192:
                if a == 4096 + 96:
                    out[0] = 0
                    out[1] = 0
                else:
                    code = a - 4096
                    aside = code >> 5
                    k = code & 31
                    gg = g
                    yy = y
                    rr = r
                    if adv.sit[6] == 2:
                        gg -= roll[6]
                    if aside == 0:
                        gg -= 1
                    elif aside == 1:
                        yy -= 1
                    else:
                        rr -= 1
                    ff = focus
                    for d in range(24):
                        held[d] = adv.held[d]
                    if k:
                        d = k - 1
                        held[d] += 1
                        ff -= 1
                        if d < 8:
                            gg -= 1
                        elif d < 16:
                            yy -= 1
                        else:
                            rr -= 1
                    if gg + yy + rr == 0:
                        out[0] = 0
                        out[1] = 0
                    else:
                        key = context_key(gg, yy, rr, ff, 0, 0, self._held_code_of(held))
                        self.value_at(key, done, out)
            else:
                continue
            if out[0] > bh or (out[0] == bh and out[1] > bl):
                bh = out[0]
                bl = out[1]
                best_i = i
        out[0] = bh
        out[1] = bl
        return best_i
