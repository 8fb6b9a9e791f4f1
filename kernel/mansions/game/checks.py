"""The attribute test as a sub-machine (documented choice `attribute_test`): a d10 chance node, pass at
or below the target (the attribute plus the test's modifier, clamped to 0 .. 10); after a failure
the tested investigator may spend a skill point to reroll (a decision of his, `skill_reroll`).

`begin` records who is tested, on what and what for (a purpose and up to three parameters); the
d10 is the chance node PH_ROLL (the state's PRNG, or a physical roll entered as A_FACE); `finish`
hands the result to the state's `on_test(purpose, passed)`, which continues whatever the test was
for. No allocation.
"""

from ... import prng
from .consts import PH_ROLL, PH_REROLL, V_ROLL, V_PASS, V_FAIL
from .state import (G_PHASE, G_ACTOR, G_T_SEAT, G_T_ATTR, G_T_TARGET, G_T_PURPOSE, G_T_P1, G_T_P2,
                    G_T_P3, G_T_ROLL)
from ..odds import DIE


def begin(st, seat, attribute, modifier, purpose, p1, p2, p3):
    g = st.g
    t = st.attr(seat, attribute) + modifier
    g[G_T_SEAT] = seat
    g[G_T_ATTR] = attribute
    g[G_T_TARGET] = 0 if t < 0 else DIE if t > DIE else t
    g[G_T_PURPOSE] = purpose
    g[G_T_P1] = p1
    g[G_T_P2] = p2
    g[G_T_P3] = p3
    g[G_T_ROLL] = 0
    g[G_PHASE] = PH_ROLL
    g[G_ACTOR] = seat


def roll_prng(st):
    """The chance node resolved by the state's PRNG: a face 1 .. 10."""
    return prng.die(st.rng, DIE) + 1


def rolled(st, face):
    g = st.g
    g[G_T_ROLL] = face
    st.record(V_ROLL, face, g[G_T_TARGET])
    if face <= g[G_T_TARGET]:
        finish(st, True)
    elif st.opt_rerolls and st.s_skill[g[G_T_SEAT]] > 0:
        g[G_PHASE] = PH_REROLL
        g[G_ACTOR] = g[G_T_SEAT]
    else:
        finish(st, False)


def reroll(st):
    """Spend a skill point: back to the chance node."""
    g = st.g
    st.s_skill[g[G_T_SEAT]] -= 1
    g[G_PHASE] = PH_ROLL


def finish(st, passed):
    g = st.g
    st.record(V_PASS if passed else V_FAIL, g[G_T_PURPOSE], g[G_T_SEAT])
    st.on_test(g[G_T_PURPOSE], passed)
