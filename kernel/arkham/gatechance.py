"""The mythos phase's gate roll: for each location, the exact chance of a gate (or a monster) next round.

The 2D6 result is looked up on the board's Gate Opening table (a location, or none). At a location
with an Elder Sign nothing appears; at one that already has a gate a monster comes out instead; else
a gate opens (and a monster with it). Results are numerators over 36.
"""

from .reach import TWO_D6


def gate_odds(table, sealed, has_gate, nspaces):
    """(gate, monster): two lists of numerators over 36 per space. `table[r]` is the space a roll
    of r (2..12) names, or 255 for no gate; `sealed` and `has_gate` are per-space flags."""
    gate = [0] * nspaces
    monster = [0] * nspaces
    for r in range(2, 13):
        s = table[r]
        if s == 255 or sealed[s]:
            continue
        if has_gate[s]:
            monster[s] += TWO_D6[r]
        else:
            gate[s] += TWO_D6[r]
    return gate, monster
