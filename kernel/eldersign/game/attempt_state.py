"""The attempt in progress, as a small fixed component (attempt.py plays the rules around it).

`slot` is the slot being attempted (-1 none; pool.ATTACKING during the final battle's attack);
`focus[d]` counts the dice of code d kept by focus or assistance, `spell[d]` the spell-held dice of
code d the attempt holds; `helpers` the investigators who kept a die (in order), `defeated` the
monster places of the card a card's effect defeated during the attempt, `refused` the seats that
refused to assist after this failed roll, `rerolled`: bit 0 the investigator's once-per-roll
reroll is used for this roll, bit 1 the dice to roll next are a reroll (part of the same roll);
`colours`: bit c is set once the yellow (c 1) or red (c 2) die has been in the attempt's pool (rolled,
kept, set aside, on a completed task, or taken off a spell into it), so no item adds it again.
"""

from .defs import MAX_PLAYERS


class AttemptState:
    def __init__(self):
        self.focus = bytearray(24)
        self.spell = bytearray(24)
        self.helpers = bytearray(MAX_PLAYERS)
        self.nhelp = 0
        self.slot = -1
        self.defeated = 0
        self.refused = 0
        self.rerolled = 0
        self.colours = 0

    def clear(self):
        for d in range(24):
            self.focus[d] = 0
            self.spell[d] = 0
        for k in range(MAX_PLAYERS):
            self.helpers[k] = 0
        self.nhelp = 0
        self.slot = -1
        self.defeated = 0
        self.refused = 0
        self.rerolled = 0
        self.colours = 0
