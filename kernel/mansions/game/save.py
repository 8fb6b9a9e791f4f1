"""A game's save: magic, version, the choices, the story's name, seed, players, the action log, a
digest of the whole state, and a Fletcher-16 checksum. Loading replays the log from the seed on
the same story and choices and checks the digest, so a save that does not replay is refused
(KernelError('save', ...)) and never half-loaded."""

from ...errors import KernelError
from ...surface import check_blob
from ...binio import fletcher16, put32, get32
from .choices import option_flags
from .consts import PILE_CAP
from .state import G_HQ_N

MAGIC = 0x4D        # 'M'
VERSION = 1


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
    c = fletcher16(out, len(out))
    out.append(c >> 8)
    out.append(c & 255)
    return bytes(out)


def deserialize(rules, blob):
    b = check_blob(blob)
    if len(b) < 14 or b[0] != MAGIC:
        raise KernelError("save", "not a Mansions of Madness save")
    if b[1] != VERSION:
        raise KernelError("save", "save format version %d, this kernel reads %d" % (b[1], VERSION))
    if fletcher16(b, len(b) - 2) != (b[-2] << 8) | b[-1]:
        raise KernelError("save", "checksum mismatch (a corrupt or truncated save)")
    try:
        flags = b[2]
        n = b[3]
        name = b[4:4 + n].decode()
        i = 4 + n
        seed = get32(b, i)
        players = b[i + 4]
        nlog = (b[i + 5] << 8) | b[i + 6]
        i += 7
        log = []
        for _ in range(nlog):
            log.append(get32(b, i))
            i += 4
        want = (b[i] << 8) | b[i + 1]
        if i + 4 != len(b):
            raise KernelError("save", "malformed save (length)")
    except (IndexError, UnicodeError):
        raise KernelError("save", "malformed save")
    if name != rules.story.name:
        raise KernelError("save", "a save of the story '%s', not '%s'" % (name, rules.story.name))
    if flags != rules.flags:
        raise KernelError("save", "a save made with other rule choices (flags %d, these rules %d)" % (
            flags, rules.flags))
    try:
        st = rules.new_game(seed, players)
        st.replay(log)
    except KernelError as exc:
        raise KernelError("save", "does not replay: %s" % exc)
    if digest(st) != want:
        raise KernelError("save", "the stored state does not match its action log")
    return st
