"""The modifiers of the abilities in effect: one number per modifier (effects.MODIFIERS), read by the
rules that depend on it (gift shop and first aid prices, focus, clue rerolls, monsters appearing,
locked dice...). A module of its own, without the rule modules, so every one of them may read it.

The Ancient One's ability is in effect all game; the active mythos card's (and those lasting) while
they are; an adventure's while it is in play; an investigator's own for that investigator's turn
(the active investigator). An active investigator with `ignore_mythos` is not touched by the mythos
cards' ongoing effects (`mythos_ignored`). Nothing here allocates.
"""

from .defs import NONE
from .effects import M_IGNORE_MYTHOS


def own(g, m):
    """The active investigator's own modifier m (0 when nobody is active)."""
    inv = g._seats.inv[g._clock.seat]
    if inv == NONE:
        return 0
    return g._data.investigators[inv].ability.modifiers[m]


def mythos_ignored(g):
    """True when the active investigator ignores the mythos cards' ongoing effects."""
    return g._data.modifiers_used[M_IGNORE_MYTHOS] and own(g, M_IGNORE_MYTHOS) > 0


def modifier(g, m):
    """The sum of modifier m over the abilities in effect (the active investigator's own included)."""
    d = g._data
    if not d.modifiers_used[m]:
        return 0
    total = g._ao.ability.modifiers[m]
    if not mythos_ignored(g):
        if g._mythos >= 0:
            total += d.mythos[g._mythos].ongoing.modifiers[m]
        for k in range(g._nlasting):
            total += d.mythos[g._lasting[k]].ongoing.modifiers[m]
    if d.slot_abilities:
        for s in range(g._slots.n):
            if g._slots.on[s]:
                total += d.adventures[g._slots.card[s]].ongoing.modifiers[m]
    return total + own(g, m)
