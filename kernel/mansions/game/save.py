"""A game's save: magic, version, the choices (three bytes: two bits per option, FLAG_ORDER), the
story's name, seed, players, the action log, a digest of the whole state, and a CRC-32 of everything
before it (version 4). A version 3 save (the same layout over a smaller state) still loads: its game
replays the same and its digest is checked over the parts of the state it had. Versions 1 and 2
(one byte of on/off choices, before the first edition's rules became the defaults) are refused in
one line naming their version: their games were played under other rules and would not replay.
Every header field is range-checked before it is used; loading replays the log from the seed on
the same story and choices and checks the digest, so a save that does not replay is refused
(KernelError('save', ...)) and never half-loaded.

A save holds the seed and every action, so whoever reads it can rebuild the keeper's objective,
the guide's answers, the decks and the dice still to come: the host seals it (host/saves/__init__.py)."""

from ...errors import KernelError
from ...binio import fletcher16, put32, get32, put_crc32, crc32_at
from ... import prng
from ...checks import check_blob
from .choices import option_flags
from .consts import MAX_LOG
from .state import BUFFERS, NG_V3, V3_BUFFERS, V3_SIZES

MAGIC = 0x4D        # 'M'
VERSION = 4
OLD_VERSIONS = (1, 2)
READS = (3, 4)      # version 3: a smaller state (before hiding, barricades and the keeper's choices in
                    # effects), digested as it was; its games replay the same
MAX_NAME = 255
FLAG_BYTES = 3


def max_size():
    """The longest a save can be (the longest story name, a full log)."""
    return 2 + FLAG_BYTES + 1 + MAX_NAME + 4 + 1 + 2 + 4 * MAX_LOG + 2 + 4


def state_bytes(st, version=VERSION):
    """Every buffer of the state, the hidden parts and the PRNG included (for the digest); version 3:
    the parts that version had, at its sizes."""
    out = bytearray()
    g = st.g
    for i in range(len(g) if version == VERSION else NG_V3):
        v = g[i]
        out.append((v >> 8) & 255)
        out.append(v & 255)
    for name in BUFFERS[1:] if version == VERSION else BUFFERS[1:V3_BUFFERS]:
        buf = getattr(st, name)
        out.extend(buf if version == VERSION else buf[:V3_SIZES.get(name, len(buf))])
    put32(out, st.rng[0])
    put32(out, st.rng[1])
    return out


def digest(st, version=VERSION):
    b = state_bytes(st, version)
    return fletcher16(b, len(b))


def serialize(st):
    out = bytearray()
    out.append(MAGIC)
    out.append(VERSION)
    flags = option_flags(st.options)
    for k in range(FLAG_BYTES):
        out.append((flags >> (8 * k)) & 255)
    name = st.story.name.encode()
    out.append(len(name))
    out.extend(name)
    put32(out, st.seed)
    out.append(st.players)
    out.append(st.nlog >> 8)
    out.append(st.nlog & 255)
    for i in range(st.nlog):
        put32(out, st.log[i])
    d = digest(st)
    out.append(d >> 8)
    out.append(d & 255)
    put_crc32(out, len(out))
    return bytes(out)


def deserialize(rules, blob):
    b = check_blob(blob)
    if len(b) < 16 or b[0] != MAGIC:
        raise KernelError("save", "not a Mansions of Madness save")
    if b[1] in OLD_VERSIONS:
        raise KernelError("save", "save format version %d, from before the first edition's rules were the "
                          "defaults: its game would not replay; this kernel reads version %d (start a new "
                          "game)" % (b[1], VERSION))
    if b[1] not in READS:
        raise KernelError("save", "save format version %d, this kernel reads %d" % (b[1], VERSION))
    if len(b) > max_size():
        raise KernelError("save", "%d bytes: longer than any Mansions of Madness save" % len(b))
    check = 4
    if not crc32_at(b, len(b) - 4):
        raise KernelError("save", "checksum mismatch (a corrupt or truncated save)")
    flags = b[2] | (b[3] << 8) | (b[4] << 16)
    n = b[2 + FLAG_BYTES]
    i = 3 + FLAG_BYTES + n
    if i + 7 + 2 + check > len(b):
        raise KernelError("save", "malformed save (length)")
    try:
        name = b[3 + FLAG_BYTES:3 + FLAG_BYTES + n].decode()
    except UnicodeError:
        raise KernelError("save", "malformed save (the story's name)")
    seed = get32(b, i)
    players = b[i + 4]
    nlog = (b[i + 5] << 8) | b[i + 6]
    i += 7
    if nlog > MAX_LOG or i + 4 * nlog + 2 + check != len(b):
        raise KernelError("save", "malformed save (the action count does not match the length)")
    if name != rules.story.name:
        raise KernelError("save", "a save of the story '%s', not '%s'" % (name, rules.story.name))
    if flags != rules.flags:
        raise KernelError("save", "a save made with other rule choices (flags %d, these rules %d)" % (
            flags, rules.flags))
    if not rules.min_players <= players <= rules.max_players or seed > prng.SEED_MAX:
        raise KernelError("save", "a header field is out of range (players %d)" % players)
    log = []
    for _ in range(nlog):
        log.append(get32(b, i))
        i += 4
    want = (b[i] << 8) | b[i + 1]
    try:
        st = rules.new_game(seed, players)
        st.replay(log)
    except KernelError as exc:
        raise KernelError("save", "does not replay: %s" % exc)
    if digest(st, b[1]) != want:
        raise KernelError("save", "the stored state does not match its action log")
    return st
