"""Stay Away! saves of versions 1 and 2 (before issue 26), read into today's state (save.py reads the
header, the options, the seed and the deck, then hands the rest here): 2-byte scalars, at most 2048
events and 2048 actions, no ring, and no record of who has seen The Thing card in its owner's hand
(read from the events the save holds) or of the Flamethrowers The Thing has kept (none counted).
"""

from ...errors import KernelError
from .defs import MAX_PLAYERS, HAND_MAX, DECK_MAX, EVENT_BYTES, E_SHOW, THING
from .save import TABLE, finish

OLD_MAX = 2048
OLD_SCALARS = ("pile_n", "disc_n", "res_n", "direction", "thing", "phase", "active", "actor", "turn", "ctx_kind",
               "ctx_a", "ctx_b", "ctx_card", "ctx_n", "ctx_flag", "offer_card", "partner", "last_infected",
               "ever_eliminated_human", "result", "nev", "nlog")


def load_old(r, s, version):
    """The rest of a version 1 or 2 save from reader r into state s (made for its options and deck)."""
    for name in OLD_SCALARS:
        hi = r.byte()
        setattr(s, name, (hi << 8) | r.byte())
    if s.pile_n > DECK_MAX or s.disc_n > DECK_MAX or s.res_n > 3 or s.nev > OLD_MAX or s.nlog > OLD_MAX:
        raise KernelError("save", "a count is out of range")
    for name in TABLE:
        getattr(s, name)[:] = r.take(MAX_PLAYERS)
    s.hand[:] = r.take(MAX_PLAYERS * HAND_MAX)
    s.res[:] = r.take(3)
    s.pile[:s.pile_n] = r.take(s.pile_n)
    s.disc[:s.disc_n] = r.take(s.disc_n)
    s.disc_pub[:s.disc_n] = r.take(s.disc_n)
    s.prng[0] = r.word()
    s.prng[1] = r.word()
    raw = r.take(s.nev * EVENT_BYTES)
    n = s.nev
    s.nev = 0
    s.thing_known = 0
    s.flame_old = 0
    for i in range(n):          # into the ring; the newest are kept when it held more than the ring does
        e = i * EVENT_BYTES
        s.event(raw[e], raw[e + 1], raw[e + 2], raw[e + 3], (raw[e + 4] << 8) | raw[e + 5])
        if raw[e] == E_SHOW and raw[e + 3] == THING and raw[e + 1] == s.thing:
            s.thing_known |= ((raw[e + 4] << 8) | raw[e + 5]) & ~(1 << s.thing)
    return finish(r, s)
