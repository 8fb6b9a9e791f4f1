"""Saving a game: the seed, the options and the action log, with a digest of the state it reaches.

    blob = serialize(game); game2 = deserialize(blob, data)

Layout: 'E' 'G' version, players, Ancient One, flags (1 companion), seed (4 bytes), action count
(4), actions (4 each), state digest (2), Fletcher-16 checksum (2). deserialize replays the log from
the seed and checks the digest; anything wrong is KernelError('save', ...) and nothing is changed.
`state_bytes(game)` is every field of the state in a fixed order (what the digest is taken of;
tests compare it whole).
"""

from ...errors import KernelError
from ...binio import fletcher16, put32, get32
from .machine import Game, MAX_LOG

MAGIC0 = 0x45   # 'E'
MAGIC1 = 0x47   # 'G'
VERSION = 1




def state_bytes(g):
    """Every field of the game state (not the log), in a fixed order."""
    out = bytearray()
    for v in (g.clock, g.doom, g.elder, g.turn & 255, g.turn >> 8, g.seat, g.phase, g.result + 1,
              1 if g.battle else 0, g.mythos + 1, 1 if g.midnight_due else 0, g.green_gone,
              1 if g.yellow_gone else 0, 1 if g.red_gone else 0, g.turn_yellow, g.turn_red,
              1 if g.focus_used else 0, g.nlocks, g.nsd, g.att_done, g.att_nhelp, g.pick_seat):
        out.append(v & 255)
    for b in (g.san, g.sta, g.maxsan, g.maxsta, g.clues, g.loc, g.seat_of, g.used, g.assisted, g.hand,
              g.hand_flag, g.troph, g.seat_inv, g.seat_state, g.slot_on, g.slot_mon, g.slot_mon_at,
              g.slot_task_mon, g.lock_col, g.lock_kind, g.sd_die, g.sd_card, g.att_focus, g.att_spell,
              g.att_helpers):
        out.extend(b)
    for s in range(len(g.slot_card)):
        out.append(g.slot_card[s] & 255)
        out.append(g.slot_card[s] >> 8)
    for i in range(g.nlocks):
        out.append(g.lock_src[i] & 255)
    for deck in (g.adv_deck, g.ow_deck, g.mythos_deck, g.cup, g.inv_pool) + g.item_decks:
        deck.state(out)
    put32(out, g.rng[0])
    put32(out, g.rng[1])
    for adv in g.slot_adv + [g.combat_adv]:
        if adv is not None:
            out.extend(adv.notation.encode())
            out.extend(adv.st)
            out.extend(adv.roll_counts)
            out.extend(adv.held)
            out.extend(adv.kept)
            put32(out, adv.rng[0])
            put32(out, adv.rng[1])
    return bytes(out)


def serialize(g):
    out = bytearray((MAGIC0, MAGIC1, VERSION, g.players, g.ao_index, 1 if g.companion else 0))
    put32(out, g.seed)
    put32(out, g.nlog)
    for i in range(g.nlog):
        put32(out, g.log[i])
    digest = fletcher16(state_bytes(g), len(state_bytes(g)))
    out.append(digest >> 8)
    out.append(digest & 255)
    c = fletcher16(out, len(out))
    out.append(c >> 8)
    out.append(c & 255)
    return bytes(out)


def deserialize(blob, data):
    """The Game a save holds, replayed from its seed; KernelError('save', ...) when it is not one."""
    b = bytes(blob)
    if len(b) < 16 or b[0] != MAGIC0 or b[1] != MAGIC1:
        raise KernelError("save", "not an Eldritch game save")
    if b[2] != VERSION:
        raise KernelError("save", "save format version %d, this kernel reads %d" % (b[2], VERSION))
    if fletcher16(b, len(b) - 2) != (b[-2] << 8) | b[-1]:
        raise KernelError("save", "checksum mismatch (a corrupt or truncated save)")
    players = b[3]
    ao = b[4]
    companion = b[5] == 1
    seed = get32(b, 6)
    n = get32(b, 10)
    if n > MAX_LOG or len(b) != 14 + 4 * n + 4:
        raise KernelError("save", "the action count does not match the file's length")
    try:
        g = Game(data, players=players, seed=seed, ancient_one=ao, companion=companion)
        for i in range(n):
            g.apply(get32(b, 14 + 4 * i))
    except KernelError as exc:
        raise KernelError("save", "does not replay: %s" % exc.detail)
    digest = fletcher16(state_bytes(g), len(state_bytes(g)))
    if digest != (b[-4] << 8) | b[-3]:
        raise KernelError("save", "the stored state does not match its action log (other card data?)")
    return g
