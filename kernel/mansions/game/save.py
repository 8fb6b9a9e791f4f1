"""A game's save: magic, version, the choices, the story's name, seed, players, the action log, a
digest of the whole state, and a CRC-32 of everything before it (version 2; version 1, the saves
before issue 24, ended with a Fletcher-16 instead and is still read: binio.py says why CRC-32).
Every header field is range-checked before it is used; loading replays the log from the seed on
the same story and choices and checks the digest, so a save that does not replay is refused
(KernelError('save', ...)) and never half-loaded.

A save holds the seed and every action, so whoever reads it can rebuild the keeper's objective,
the guide's answers, the decks and the dice still to come: the host seals it (host/saves.py)."""

from ...errors import KernelError
from ...binio import fletcher16, put32, get32, put_crc32, crc32_at
from ... import prng
from ...checks import check_blob
from .choices import option_flags
from .consts import PILE_CAP, MAX_LOG
from .state import G_HQ_N

MAGIC = 0x4D        # 'M'
VERSION = 2
OLD_VERSION = 1
MAX_NAME = 255


def max_size():
    """The longest a save can be (the longest story name, a full log)."""
    return 4 + MAX_NAME + 4 + 1 + 2 + 4 * MAX_LOG + 2 + 4


def state_bytes(st):
    """The state's buffers as far as this story and seat count use them, the hidden parts and the
    PRNG included (for the digest)."""
    story = st.story
    p = st.players
    out = bytearray()
    for v in st.g:
        out.append((v >> 8) & 255)
        out.append(v & 255)
    for buf in (st.s_inv, st.s_space, st.s_damage, st.s_horror, st.s_skill, st.s_stun, st.s_state,
                st.s_done, st.s_unstunned):
        out.extend(buf[:p])
    out.extend(st.s_trait[:2 * p])
    n = story.ncards
    for buf in (st.c_where, st.c_owner, st.c_room, st.c_up, st.c_given):
        out.extend(buf[:n])
    n = story.nrooms
    out.extend(st.pile[:n * PILE_CAP])
    for buf in (st.pile_n, st.lock, st.lock_up):
        out.extend(buf[:n])
    out.extend(st.sealed[:story.ndoors])
    for buf in (st.m_type, st.m_space, st.m_damage, st.m_attacked):
        out.extend(buf)
    out.extend(st.t_left[:story.ntypes])
    out.extend(st.cdeck[:story.ncombat])
    out.extend(st.ctop)
    out.extend(st.mdeck[:story.nmythos])
    out.extend(st.my_where[:story.nmythos])
    out.extend(st.kused[:story.nkcards])
    out.extend(st.answers)
    out.extend(st.hq[:2 * st.g[G_HQ_N]])
    put32(out, st.rng[0])
    put32(out, st.rng[1])
    return out


def digest(st):
    b = state_bytes(st)
    return fletcher16(b, len(b))


def serialize(st):
    out = bytearray()
    out.append(MAGIC)
    out.append(VERSION)
    out.append(option_flags(st.options))
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
    if len(b) < 14 or b[0] != MAGIC:
        raise KernelError("save", "not a Mansions of Madness save")
    if b[1] != VERSION and b[1] != OLD_VERSION:
        raise KernelError("save", "save format version %d, this kernel reads %d and %d" % (b[1], OLD_VERSION,
                                                                                         VERSION))
    if len(b) > max_size():
        raise KernelError("save", "%d bytes: longer than any Mansions of Madness save" % len(b))
    check = 4 if b[1] == VERSION else 2
    if check == 4:
        ok = crc32_at(b, len(b) - 4)
    else:
        ok = fletcher16(b, len(b) - 2) == (b[-2] << 8) | b[-1]
    if not ok:
        raise KernelError("save", "checksum mismatch (a corrupt or truncated save)")
    flags = b[2]
    n = b[3]
    i = 4 + n
    if i + 7 + 2 + check > len(b):
        raise KernelError("save", "malformed save (length)")
    try:
        name = b[4:4 + n].decode()
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
    if digest(st) != want:
        raise KernelError("save", "the stored state does not match its action log")
    return st
