"""Stay Away!'s decisions shaped for people, from the legal actions (never changed): each card that
can be played is one option (a sub-menu of its targets when it has several), discarding is one
option (a sub-menu of the cards), the rest are the kernel's options as they are, in its words.

    shape = decision(state, seat, legal, advised)      # advised: the action Enter takes, or None
"""

from __future__ import annotations

from eldritch.frontend.shapes import Leaf, menu_of
from eldritch.kernel.stayaway.game import defs as D
from eldritch.kernel.stayaway.game.text import player_name

PROMPTS = {D.PH_PLAY: "your turn: play or discard a card", D.PH_OFFER: "the card you offer face down",
           D.PH_ANSWER: "your answer to the offer", D.PH_DEFEND_FLAME: "defend against the Flamethrower?",
           D.PH_DEFEND_SWAP: "defend against the swap?", D.PH_RESOLUTE: "the card you keep",
           D.PH_TARGET: "the target", D.PH_FORGET: "the card you discard", D.PH_ROUND: "the card you pass on",
           D.PH_BLIND: "the card you swap", D.PH_REVELATIONS: "show your hand?"}



def decision(state, seat, legal, advised):
    leaves = []
    for a in legal:
        kind = a - a % D.ACT_KIND
        arg = a % D.ACT_KIND
        leaf = Leaf(state.action_text(a), a, advised=a == advised)
        if kind == D.A_PLAY:
            t = arg >> 5
            leaf.group = ("play", t)
            leaf.group_label = "play %s..." % D.CARD_NAMES[t]
        elif kind == D.A_DISCARD:
            leaf.group = ("discard",)
            leaf.group_label = "discard a card..."
        leaves.append(leaf)
    prompt = "%s, %s" % (player_name(seat), PROMPTS.get(state.phase, "choose"))
    return menu_of(prompt, leaves, group_always=True)
