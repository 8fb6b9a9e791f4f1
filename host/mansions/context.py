"""What a Mansions of Madness attribute test is, with its exact odds from the kernel's odds module
(kernel/mansions/odds.py: the same numbers as `eldritch mansions odds` and the handheld's).

    words = test_words(st)              # "horror test of will (3 - 1): pass on a d10 of 2 or less, 20.00%"
    odds = option_odds(st, action)      # before the roll: each choice's chance to pass ("" for the others)
    lines = pick_lines(st)              # the investigators left to play, with their sheets

A test is pending from its start to its roll (the phases before the roll, the roll, a reroll): its
name (what it is for), the attribute tested and the investigator's value with the modifiers in
effect, the target (the highest passing d10) and the chance to pass. Before the roll each choice
says the chance it leaves: rolling now, spending a skill point for Luck, using a card or an
ability (its bonus added to the target); at a reroll, the reroll's.

Percentages are the kernel's hundredths rounded half up once (odds.percent_hundredths), "40.00%".
"""

from __future__ import annotations

from eldritch.kernel.mansions import odds
from eldritch.kernel.mansions.game import checks
from eldritch.kernel.mansions.game.consts import (NONE, NATTR, ATTRIBUTES, PURPOSE_NAMES, PH_PREROLL, PH_ROLL, PH_REROLL,
                                                  A_LUCK, A_BOOST, A_ROLL_NOW, A_REROLL, POWER_BASE, E_BONUS)
from eldritch.kernel.mansions.game.state import (G_PHASE, G_T_SEAT, G_T_ATTR, G_T_TARGET, G_T_PURPOSE, G_T_SUM,
                                                 G_T_LUCK)

TEST_PHASES = (PH_PREROLL, PH_ROLL, PH_REROLL)
LUCK = ATTRIBUTES.index("luck")


def percent(target: int, rerolls: int = 0) -> str:
    """The chance to pass at this target, as the screen shows it ("40.00%")."""
    return odds.percent_text(odds.percent_hundredths(target, rerolls)) + "%"


def pending(st) -> bool:
    """A test is under way (before its roll, at it, or at a reroll)."""
    return st.g[G_PHASE] in TEST_PHASES and st.g[G_T_SEAT] != NONE


def test_words(st) -> str:
    """The pending test in words (see the module docstring), or ""."""
    if not pending(st):
        return ""
    g = st.g
    seat = g[G_T_SEAT]
    attr = g[G_T_ATTR]
    value = st.attr(seat, attr)
    modifier = g[G_T_SUM] - value - (st.attr(seat, LUCK) if g[G_T_LUCK] else 0)
    parts = ["%d" % value]
    if modifier:
        parts.append("%s %d" % ("+" if modifier > 0 else "-", abs(modifier)))
    if g[G_T_LUCK]:
        parts.append("+ luck %d" % st.attr(seat, LUCK))
    purpose = PURPOSE_NAMES[g[G_T_PURPOSE]] if 0 <= g[G_T_PURPOSE] < len(PURPOSE_NAMES) else "test"
    target = g[G_T_TARGET]
    return "%s test of %s (%s): pass on a d10 of %d or less, %s" % (
        purpose, ATTRIBUTES[attr] if 0 <= attr < len(ATTRIBUTES) else "?", " ".join(parts), target, percent(target))


def boost_bonus(st, a) -> int:
    """The bonus a card or an ability used before the roll adds to the target."""
    seat = st.g[G_T_SEAT]
    lst = checks.power_list(st, seat, a - POWER_BASE) if a >= POWER_BASE else st.story.card_ability[a]
    if lst == 0xFFFF:
        return 0
    eff = st.story.eff
    start = eff.start[lst]
    return sum(eff.n[i] - 128 for i in range(start, start + eff.count[lst]) if eff.op[i] == E_BONUS)


def option_odds(st, action) -> str:
    """A choice's chance to pass the pending test (see the module docstring), or ""."""
    if not pending(st):
        return ""
    g = st.g
    kind = action >> 16
    if kind == A_ROLL_NOW:
        return "pass %s" % percent(g[G_T_TARGET])
    if kind == A_LUCK:
        return "pass %s" % percent(checks.clamp(st, g[G_T_SUM] + st.attr(g[G_T_SEAT], LUCK)))
    if kind == A_BOOST:
        return "pass %s" % percent(checks.clamp(st, g[G_T_SUM] + boost_bonus(st, (action >> 8) & 255)))
    if kind == A_REROLL:
        return "pass %s" % percent(g[G_T_TARGET])
    return ""


def pick_lines(st) -> list:
    """(name, sheet words, ability) of every investigator a seat may still play."""
    story = st.story
    taken = {st.s_inv[s] for s in range(1, st.players)}
    out = []
    for i in range(story.ninv):
        if i in taken:
            continue
        attrs = "  ".join("%s %d" % (ATTRIBUTES[a], story.inv_attr[i * NATTR + a]) for a in range(NATTR))
        words = "health %d  sanity %d  %s" % (story.inv_health[i], story.inv_sanity[i], attrs)
        ability = story.inv_text[i]
        out.append((story.inv_name[i], words, "" if ability in ("", "-") else ability))
    return out
