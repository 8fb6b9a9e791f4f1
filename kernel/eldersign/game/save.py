"""Saving a game: the seed, the options and the action log, with a digest of the state it reaches.

    blob = serialize(game); game2 = deserialize(blob, data)

Layout (version 5): 'E' 'G' version, players, Ancient One, flags (bit 0 companion, bits 1 on the
house rules, defs.HOUSE_RULES), seed (4 bytes), action count (4), actions (4 each), state digest (2),
CRC-32 of everything before it (4; binio.py says why not Fletcher-16). Versions 2 to 4 hold logs
of earlier rules (2 and 3 with a Fletcher-16, then the same layout): they are refused with the
reason (their logs replay to other games). Every header field is range-checked before it is used;
deserialize replays the log from the seed and checks the digest; anything wrong is
KernelError('save', ...) and nothing is changed.
`state_bytes(game)` is every field of the state in a fixed order (what the digest is taken of;
tests compare it whole); `view_bytes(game, seat)` is the part a seat may see (no deck order, no PRNG).
"""

from ...errors import KernelError
from ...binio import fletcher16, put32, get32, put_crc32, crc32_at
from ... import prng
from ...checks import check_blob
from .machine import Game, MAX_LOG, HOUSE_MASK

MAGIC0 = 0x45   # 'E'
MAGIC1 = 0x47   # 'G'
VERSION = 5           # 2: the action codes of every player decision; 3: CRC-32; 4: the same layout,
                      # under the first round's midnight, the end-of-turn step, abilities in any
                      # player's turn and the Other World deck; 5: the same layout, under the first
                      # player drawn by lot, the terror of a roll given up, and the house rules'
                      # flags: a log of an earlier version replays to another game, so it is refused
RULES_CHANGED = (2, 3)
BEFORE_LOT = 4        # version 4: the first player was seat 1, giving up skipped a completable roll's terror
MAX_PLAYERS = 8
COMPANION = 1         # flag bit 0; the house rules are the bits above it
FLAGS = COMPANION | (HOUSE_MASK << 1)


def max_size():
    """The longest a save can be (a full action log)."""
    return 14 + 4 * MAX_LOG + 2 + 4


def _put16(out, v):
    out.append(v & 255)
    out.append((v >> 8) & 255)


def _public(g, out):
    """Everything on the table: the scalars, every component, the work still to do and the question
    asked, the cards in the slots and the Adventures' dice (not their PRNG)."""
    for v in (g._clock.hour, g._doom, g._elder, g._clock.turn & 255, g._clock.turn >> 8, g._clock.seat,
              g._result + 1, 1 if g._battle else 0, g._mythos + 1, 1 if g._midnight_due else 0,
              1 if g._in_midnight else 0, 1 if g._awaken_due else 0, g._awaken_seat, g._green_gone,
              1 if g._yellow_gone else 0, 1 if g._red_gone else 0, g._turn_yellow, g._turn_red,
              g._focus_used, g._locks.n, g._spells.n, g._att.nhelp, g._att.slot + 2,
              g._att.defeated, g._att.refused, g._att.rerolled, g._att.colours, g._nlasting):
        out.append(v & 255)
    i = g._inv
    for b in (i.san, i.sta, i.maxsan, i.maxsta, i.clues, i.loc, i.seat_of, i.used, i.assisted, i.hand,
              i.hand_flag, i.ability_used, i.ntroph, g._seats.inv, g._seats.state, g._slots.on, g._slots.mon,
              g._slots.at, g._slots.seq, g._slots.task_mon, g._locks.col, g._locks.kind, g._spells.die,
              g._spells.card, g._spells.owner, g._att.focus, g._att.spell, g._att.helpers, g._lasting,
              g._lasting_left):
        out.extend(b)
    for k in range(len(i.troph)):
        _put16(out, i.troph[k])
    for s in range(g._slots.n):
        _put16(out, g._slots.card[s])
    for k in range(g._locks.n):
        _put16(out, g._locks.src[k])
    st = g._stack
    _put16(out, st.n)
    for k in range(st.n):
        out.append(st.op[k])
        for v in (st.a[k], st.b[k], st.c[k], st.d[k]):
            put32(out, v & 0xFFFFFFFF)
        ref = st.ref[k]
        _put16(out, len(ref) if ref is not None else 0xFFFF)
    for adv in g._slots.adv + [g._combat_adv]:
        if adv is not None and hasattr(adv, "st"):
            out.extend(adv.notation.encode())
            out.extend(adv.sit)
            out.extend(adv.st)
            out.extend(adv.roll_counts)
            out.extend(adv.held)
            out.extend(adv.kept)


def state_bytes(g):
    """Every field of the game state (not the log), in a fixed order: the public part, then the
    order of every deck and the PRNGs."""
    out = bytearray()
    _public(g, out)
    for deck in g._decks.all():
        deck.state(out)
    put32(out, g._rng[0])
    put32(out, g._rng[1])
    for adv in g._slots.adv + [g._combat_adv]:
        if adv is not None and hasattr(adv, "rng"):
            put32(out, adv.rng[0])
            put32(out, adv.rng[1])
    return bytes(out)


def view_bytes(g, player):
    """What seat `player` may know: the public part and how many cards each deck holds (Elder Sign
    is cooperative, so every seat sees the same, bar the seat number)."""
    out = bytearray()
    out.append(player & 255)
    _public(g, out)
    for deck in g._decks.all():
        out.append(deck.n & 255)
        out.append(deck.n >> 8)
    return bytes(out)


def serialize(g):
    out = bytearray((MAGIC0, MAGIC1, VERSION, g.players, g._ao_index,
                     (COMPANION if g._companion else 0) | (g._house << 1)))
    put32(out, g.seed)
    put32(out, g._nlog)
    for i in range(g._nlog):
        put32(out, g._log[i])
    state = state_bytes(g)
    digest = fletcher16(state, len(state))
    out.append(digest >> 8)
    out.append(digest & 255)
    put_crc32(out, len(out))
    return bytes(out)


def deserialize(blob, data):
    """The Game a save holds, replayed from its seed; KernelError('save', ...) when it is not one."""
    b = check_blob(blob)
    if len(b) < 16 or b[0] != MAGIC0 or b[1] != MAGIC1:
        raise KernelError("save", "not an Eldritch game save")
    if b[2] in RULES_CHANGED:
        raise KernelError("save", "a save of an older format (version %d; this kernel reads %d): written "
                                  "under earlier rules (the first round's midnight, the end-of-turn step and the "
                                  "Other World deck have changed since), its action log replays to another game "
                                  "today (start a new game)" % (b[2], VERSION))
    if b[2] == BEFORE_LOT:
        raise KernelError("save", "a save of format 4: written before the first player was drawn by lot "
                                  "and before giving up after a roll showing Terror resolved the terror; "
                                  "its action log replays to another game today (start a new game)")
    if b[2] != VERSION:
        raise KernelError("save", "save format version %d, this kernel reads %d" % (b[2], VERSION))
    check = 4
    if len(b) > max_size() or len(b) < 14 + 2 + check:
        raise KernelError("save", "a save of %d bytes: not a game save (at most %d)" % (len(b), max_size()))
    if not crc32_at(b, len(b) - 4):
        raise KernelError("save", "checksum mismatch (a corrupt or truncated save)")
    players = b[3]
    ao = b[4]
    companion = b[5] & COMPANION == COMPANION
    house = b[5] >> 1
    seed = get32(b, 6)
    n = get32(b, 10)
    if not 1 <= players <= MAX_PLAYERS or b[5] & ~FLAGS or seed > prng.SEED_MAX:
        raise KernelError("save", "a header field is out of range (players %d, flags %d, seed %d)" % (
            players, b[5], seed))
    if n > MAX_LOG or len(b) != 14 + 4 * n + 2 + check:
        raise KernelError("save", "the action count does not match the file's length")
    try:
        g = Game(data, players=players, seed=seed, ancient_one=ao, companion=companion, house=house)
        for i in range(n):
            g.apply(get32(b, 14 + 4 * i))
    except KernelError as exc:
        raise KernelError("save", "does not replay: %s" % exc.detail)
    state = state_bytes(g)
    digest = fletcher16(state, len(state))
    at = len(b) - check - 2
    if digest != (b[at] << 8) | b[at + 1]:
        raise KernelError("save", "the stored state does not match its action log (other card data?)")
    return g
