"""Each player's view log kept between calls of State.view and brought up to date event by event:
the same bytes as views.write_log writes from the oldest event in the ring. A bot asks for its view at
every decision, and writing the whole ring each time was most of a bot game's time. Allocates: for
CPython, bots and tests; the board writes views into its own buffer (views.write_view) and never
loads this module.
"""

from .defs import MAX_EVENTS, EVENT_BYTES, EV_PRIVATE, NO_CARD
from .core import ev_first
from .views import VIEW_EVENT


class LogCache:
    """One player's log as write_view writes it, with where it starts and how far it has read."""

    def __init__(self):
        self.buf = bytearray()
        self.first = 0          # the viewer's events before the first one held
        self.next = 0           # the state's events read so far


def cached_log(state, p, cache):
    """Player p's log (the bytes write_log writes from the oldest event in the ring), from the cache
    brought up to date; the cache is rebuilt when the state's log went back (a replay, a reset) or
    events p never read have left the ring."""
    s = state
    oldest = ev_first(s)
    if cache.next > s.nev or cache.next < oldest:
        cache.buf = bytearray()
        cache.first = s.dropped[p]
        cache.next = oldest
    ev = s.ev
    bit = 1 << p
    hi = bit >> 8
    lo = bit & 255
    out = cache.buf
    for i in range(cache.next, s.nev):
        e = (i % MAX_EVENTS) * EVENT_BYTES
        code = ev[e]
        seen = (ev[e + 4] & hi) | (ev[e + 5] & lo)
        if seen or not code & EV_PRIVATE:
            out.append(code)
            out.append(ev[e + 1])
            out.append(ev[e + 2])
            out.append(ev[e + 3] if seen else NO_CARD)
    cache.next = s.nev
    gone = s.dropped[p] - cache.first
    if gone > 0:
        del out[:gone * VIEW_EVENT]
        cache.first = s.dropped[p]
    return out
