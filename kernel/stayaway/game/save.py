"""The whole state as bytes (`state.serialize()`) and back (`rules.deserialize(blob)`).

The blob holds everything, hidden parts included (hands, the pile's order, the PRNG, roles, the
referee log): it is never shown to a player as it is. A save given to the table is sealed with a
passphrase first (crypt.py). Loading checks everything and raises KernelError("save", ...) on a
blob that is damaged, from another version, from other options or another deck, or whose cards do
not add up to the deck (every card is in exactly one place: a hand, the pile, the discards, the table
as an obstacle, or in transit in an exchange, a Resolute draw or Round and round).

Layout (version 3): b"SA", version, players, option flags, Infected! option (255 default), ninth
Suspicious option (0 none, else its number), seed (4), the deck's copies of each card type (31), the
scalar fields (4 bytes each), the table and hands (HAND_MAX per player), the Resolute draw, the pile
and discards as long as their counts, the PRNG (2 x 4), the event log: every event since setup
(4 bytes), each player's events gone from the ring (4 bytes each), the ring's events oldest first (6
bytes each); the action log: its length (4 bytes) and every action since setup (2 bytes each), which
replay the whole game from the seed; then a CRC-32 of all that (4 bytes; binio.py says why).

Saves of versions 1 and 2 were made under earlier rules (a Flamethrower found without a
Human learning whose hand it was, a game going on with no Human left, a log that stopped the game):
their actions replay from the seed to another game, so they are refused in one line saying so.
"""

from ... import prng
from ...binio import get32, crc32
from ...errors import KernelError
from .defs import (MAX_PLAYERS, HAND_MAX, NTYPES, DECK_MAX, MAX_EVENTS, EVENT_BYTES, MAX_LOG, NO_CARD, NOBODY,
                   QUARANTINE, LOCKED_DOOR, PH_OVER, R_PLAYING, R_VENGEFUL, N_ACT_KINDS, ACT_KIND)
from .core import ev_first, ev_at

MAGIC = b"SA"
VERSION = 3
OLD_VERSIONS = (1, 2)    # earlier rules: refused (their logs replay to other games)
CHECK = 4                # the CRC-32's bytes at the end
HEAD = 11                # magic, version, players, flags, Infected!, ninth Suspicious, seed
SCALARS = ("pile_n", "disc_n", "res_n", "direction", "thing", "phase", "active", "actor", "turn", "ctx_kind",
           "ctx_a", "ctx_b", "ctx_card", "ctx_n", "ctx_flag", "offer_card", "partner", "last_infected",
           "ever_eliminated_human", "thing_known", "flame_old", "result")
TABLE = ("seat_player", "seat_of", "alive", "role", "quar", "door", "returns_", "hand_n", "passes")


def size(state):
    """The length of the state's bytes."""
    s = state
    kept = s.nev - ev_first(s)
    return _fixed() + s.pile_n + 2 * s.disc_n + kept * EVENT_BYTES + 2 * s.nlog


def max_size(actions=MAX_LOG):
    """The longest a state's bytes can be with this many actions in its log (a full event ring, every
    card in the piles). A game longer than MAX_LOG actions needs more (size(state) says how much)."""
    return _fixed() + 2 * DECK_MAX + MAX_EVENTS * EVENT_BYTES + 2 * actions


def _fixed():
    return HEAD + NTYPES + 4 * len(SCALARS) + len(TABLE) * MAX_PLAYERS + MAX_PLAYERS * HAND_MAX + 3 + 8 + \
        4 + 4 * MAX_PLAYERS + 4 + CHECK


def dump(state, out=None, at=0):
    """The state's bytes, written into `out` from `at` (allocated at the exact size when None: the
    board writes them straight into the sealed save's buffer, so no second copy)."""
    s = state
    if out is None:
        out = bytearray(size(s))
    k = at
    out[k] = MAGIC[0]
    out[k + 1] = MAGIC[1]
    out[k + 2] = VERSION
    out[k + 3] = s.players
    out[k + 4] = s.options.flags()
    out[k + 5] = s.options.infected if s.options.infected >= 0 else 255
    out[k + 6] = s.options.ninth_suspicious
    k = _put32(out, k + 7, s.seed)
    k = _copy(out, k, s.counts, NTYPES)
    for name in SCALARS:
        k = _put32(out, k, getattr(s, name))
    for name in TABLE:
        k = _copy(out, k, getattr(s, name), MAX_PLAYERS)
    k = _copy(out, k, s.hand, MAX_PLAYERS * HAND_MAX)
    k = _copy(out, k, s.res, 3)
    k = _copy(out, k, s.pile, s.pile_n)
    k = _copy(out, k, s.disc, s.disc_n)
    k = _copy(out, k, s.disc_pub, s.disc_n)
    k = _put32(out, k, s.prng[0])
    k = _put32(out, k, s.prng[1])
    k = _put32(out, k, s.nev)
    for p in range(MAX_PLAYERS):
        k = _put32(out, k, s.dropped[p])
    ev = s.ev
    for i in range(ev_first(s), s.nev):          # the ring, oldest first
        e = ev_at(s, i)
        for j in range(EVENT_BYTES):
            out[k + j] = ev[e + j]
        k += EVENT_BYTES
    k = _put32(out, k, s.nlog)
    for i in range(s.nlog):
        a = s.log[i]
        out[k] = a >> 8
        out[k + 1] = a & 255
        k += 2
    c = crc32(memoryview(out)[at:k], k - at) if at else crc32(out, k)
    _put32(out, k, c)
    return out


def _put32(out, k, v):
    out[k] = (v >> 24) & 255
    out[k + 1] = (v >> 16) & 255
    out[k + 2] = (v >> 8) & 255
    out[k + 3] = v & 255
    return k + 4


def _copy(out, k, src, n):
    for i in range(n):
        out[k + i] = src[i]
    return k + n


def options_of(blob):
    """The options a save was made with (a dict for Rules; the deck file is the caller's)."""
    from .rules import FLAGS
    b = bytes(blob)
    if len(b) < 8 or b[:2] != MAGIC:
        raise KernelError("save", "not a Stay Away! save")
    opts = {}
    for i in range(len(FLAGS)):
        if b[4] & (1 << i):
            opts[FLAGS[i]] = True
    if b[5] != 255:
        opts["infected"] = b[5]
    if b[6]:
        opts["ninth_suspicious"] = b[6]
    return opts


class _Reader:
    def __init__(self, blob, check):
        self.b = blob
        self.i = 0
        self.end = len(blob) - check

    def take(self, n):
        if n < 0 or self.i + n > self.end:
            raise KernelError("save", "the save is cut short at byte %d" % self.i)
        part = self.b[self.i:self.i + n]
        self.i += n
        return part

    def byte(self):
        return self.take(1)[0]

    def word(self):
        return get32(self.take(4), 0)


def load(rules, blob):
    """The state in a save (bytes, or a memoryview: the board reads a save in place)."""
    from .rules import State
    if isinstance(blob, memoryview):
        b = blob
    else:
        if not isinstance(blob, (bytes, bytearray)):
            raise KernelError("save", "a save is bytes, not %s" % type(blob).__name__)
        b = memoryview(bytes(blob))
    n = len(b)
    if n < 16 or b[0] != MAGIC[0] or b[1] != MAGIC[1]:
        raise KernelError("save", "not a Stay Away! save")
    version = b[2]
    if version in OLD_VERSIONS:
        raise KernelError("save", "a save of an older format (version %d), made under earlier Stay Away! rules (the "
                          "game's end and the found Flamethrower changed): its actions would replay to another "
                          "game; this kernel reads version %d" % (version, VERSION))
    if version != VERSION:
        raise KernelError("save", "save version %d, this kernel reads version %d" % (version, VERSION))
    tail = CHECK
    ok = get32(b, n - 4) == crc32(b, n - 4)
    if not ok:
        raise KernelError("save", "the save is damaged (checksum mismatch)")
    r = _Reader(b, tail)
    r.take(3)
    players = r.byte()
    flags = r.byte()
    infected = r.byte()
    ninth = r.byte()
    rules.check_players(players)
    o = rules.options
    if flags != o.flags() or (255 if o.infected < 0 else o.infected) != infected or ninth != o.ninth_suspicious:
        raise KernelError("save", "the save was made with other options")
    seed = r.word()
    if seed > prng.SEED_MAX:
        raise KernelError("save", "the seed is out of range")
    s = State(rules, seed, players, deal=False)
    if bytes(r.take(NTYPES)) != bytes(s.counts):
        raise KernelError("save", "the save was made with another deck")
    for name in SCALARS:
        setattr(s, name, r.word())
    if s.pile_n > DECK_MAX or s.disc_n > DECK_MAX or s.res_n > 3:
        raise KernelError("save", "a count is out of range")
    for name in TABLE:
        getattr(s, name)[:] = r.take(MAX_PLAYERS)
    s.hand[:] = r.take(MAX_PLAYERS * HAND_MAX)
    s.res[:] = r.take(3)
    s.pile[:s.pile_n] = r.take(s.pile_n)
    s.disc[:s.disc_n] = r.take(s.disc_n)
    s.disc_pub[:s.disc_n] = r.take(s.disc_n)
    p0 = r.word()
    p1 = r.word()
    s.prng[0] = p0
    s.prng[1] = p1
    s.nev = r.word()
    for p in range(MAX_PLAYERS):
        s.dropped[p] = r.word()
    kept = s.nev - ev_first(s)
    raw = r.take(kept * EVENT_BYTES)
    for i in range(kept):
        e = ev_at(s, ev_first(s) + i)
        for j in range(EVENT_BYTES):
            s.ev[e + j] = raw[i * EVENT_BYTES + j]
    s.nlog = r.word()
    if s.nlog > 0x7FFFFF:
        raise KernelError("save", "the action log is too long")
    raw = r.take(2 * s.nlog)
    if s.nlog > len(s.log):
        from array import array
        s.log = array("H", bytes(2 * s.nlog))
    for i in range(s.nlog):
        s.log[i] = (raw[2 * i] << 8) | raw[2 * i + 1]
    if r.i != r.end:
        raise KernelError("save", "%d unexpected bytes at the end" % (r.end - r.i))
    check(s)
    return s


def check(s):
    """The loaded state is one the rules can reach in shape: ranges, seats, and every card in one place."""
    if not prng.valid(s.prng):
        raise KernelError("save", "the random state is damaged")
    n = s.players
    if s.result != R_PLAYING and (s.result > R_VENGEFUL or s.phase != PH_OVER):
        raise KernelError("save", "bad result %d" % s.result)
    if s.phase > PH_OVER or (s.actor >= n and s.result == R_PLAYING) or s.active >= n:
        raise KernelError("save", "bad phase or player to act")
    if s.thing != NOBODY and s.thing >= n:
        raise KernelError("save", "bad Thing")
    for name in ("direction", "ctx_kind", "ctx_a", "ctx_b", "ctx_card", "ctx_n", "ctx_flag", "offer_card",
                 "partner", "last_infected", "ever_eliminated_human", "thing_known", "flame_old"):
        if getattr(s, name) > 0xFFFF:
            raise KernelError("save", "%s is out of range" % name)
    if s.nev > 0x3FFFFFFF or s.turn > 0x3FFFFFFF:
        raise KernelError("save", "a count is out of range")
    for p in range(MAX_PLAYERS):
        if s.hand_n[p] > HAND_MAX or (p >= n and s.hand_n[p]):
            raise KernelError("save", "bad hand size for player %d" % (p + 1))
        if s.dropped[p] > s.nev:
            raise KernelError("save", "player %d's log count is damaged" % (p + 1))
        if p < n:
            seat = s.seat_of[p]
            if seat >= n or (s.alive[p] and s.seat_player[seat] != p) or s.role[p] > 2:
                raise KernelError("save", "player %d's seat or role is damaged" % (p + 1))
    for seat in range(n):
        q = s.seat_player[seat]
        if q != NOBODY and (q >= n or s.seat_of[q] != seat or not s.alive[q]):
            raise KernelError("save", "seat %d is damaged" % (seat + 1))
    counted = bytearray(NTYPES)
    _count(counted, s.pile, s.pile_n)
    _count(counted, s.disc, s.disc_n)
    _count(counted, s.res, s.res_n)
    for p in range(n):
        _count(counted, s.hand[p * HAND_MAX:], s.hand_n[p])
        if s.passes[p] != NO_CARD:
            _count(counted, s.passes[p:], 1)
        if s.quar[p]:
            counted[QUARANTINE] += 1
        if s.door[p]:
            counted[LOCKED_DOOR] += 1
    if s.offer_card != NO_CARD:
        _count(counted, bytes((s.offer_card,)), 1)
    for t in range(NTYPES):
        if counted[t] != s.counts[t]:
            raise KernelError("save", "the cards do not add up to the deck (card type %d: %d of %d)"
                              % (t, counted[t], s.counts[t]))
    for i in range(s.nlog):
        if s.log[i] >= N_ACT_KINDS * ACT_KIND:
            raise KernelError("save", "action %d of the log is damaged" % (i + 1))


def _count(counted, buf, k):
    for i in range(k):
        t = buf[i]
        if t >= NTYPES:
            raise KernelError("save", "an unknown card %d" % t)
        if counted[t] == 255:
            raise KernelError("save", "too many cards of type %d" % t)
        counted[t] += 1
