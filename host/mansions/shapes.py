"""Mansions of Madness's decisions shaped for people, from the legal actions (never changed): when
they do not fit the keys 1-9, the moves, runs, attacks (by monster), keeper and mythos cards (by
card, then target), guide answers (by question), gifts, drops and the monster's steps and attacks
become sub-menus; otherwise the kernel's options as they are, in its words. While an attribute test
is pending the prompt names it (what for, the attribute, the target, the chance to pass) and each
choice before the roll carries the chance it leaves (context.py).

    shape = decision(state, who, legal, advised)      # advised: the action Enter takes, or None
"""

from __future__ import annotations

from eldritch.frontend.shapes import Leaf, menu_of
from eldritch.mansions.context import option_odds, test_words
from eldritch.kernel.mansions.game.consts import (PHASE_NAMES, A_MOVE, A_RUN, A_ATTACK, A_KCARD, A_MYTHOS,
    A_ANSWER, A_GIVE, A_DROP, A_MSTEP, A_MATTACK, A_INVESTIGATOR, A_TRAIT, A_NEXT, A_ABILITY, A_USE_KEY,
    A_UNLOCK, A_TRAUMA, A_BOOST, A_FREE, A_POWER)
from eldritch.kernel.mansions.game.state import G_PHASE

GROUPS = {A_MOVE: "move...", A_RUN: "run (the action)...", A_ATTACK: "attack...", A_KCARD: "keeper cards...",
          A_MYTHOS: "mythos cards...", A_ANSWER: "answer guide question...", A_GIVE: "give a card...",
          A_DROP: "drop a card...", A_MSTEP: "move the monster...", A_MATTACK: "monster attacks...",
          A_INVESTIGATOR: "play an investigator...", A_TRAIT: "keep a trait...", A_NEXT: "who takes the turn...",
          A_ABILITY: "use a card's ability...", A_USE_KEY: "use a key...", A_UNLOCK: "get through the lock...",
          A_TRAUMA: "trauma cards...", A_BOOST: "before the roll, use...", A_FREE: "use a card (no action)...",
          A_POWER: "use an ability..."}
BY_FIRST = (A_ATTACK, A_KCARD, A_MYTHOS, A_ANSWER, A_GIVE, A_MATTACK, A_TRAUMA)


def decision(st, who, legal, advised):
    leaves = []
    for a in legal:
        kind = a >> 16
        leaf = Leaf(st.action_text(a), a, advised=a == advised, odds=option_odds(st, a))
        if kind in GROUPS:
            first = (a >> 8) & 255
            key = (kind, first) if kind in BY_FIRST else (kind,)
            leaf.group = key
            label = GROUPS[kind]
            if len(key) == 2 and kind == A_ANSWER:
                label = "guide question %d..." % (first + 1)
            elif len(key) == 2:
                label = leaf.label.split(" on ")[0].split(" with ")[0].split(" in ")[0] + "..."
            leaf.group_label = label
        leaves.append(leaf)
    ph = st.g[G_PHASE]
    phase = PHASE_NAMES[ph] if 0 <= ph < len(PHASE_NAMES) else "decision"
    about = test_words(st)
    return menu_of("%s: %s%s" % (who, phase, " - the %s" % about if about else ""), leaves)
