"""Each Stay Away! card's effect in words, from the kernel's deck file (kernel/stayaway/data/deck.tsv,
column `effect`), for the screen's hand: `effect_of(card type)` ("eliminate an adjacent player")."""

from __future__ import annotations

from functools import lru_cache

from eldritch.kernel.stayaway.game import defs as D
from eldritch.kernel.stayaway.game.deck import default_path


@lru_cache(maxsize=1)
def _effects() -> dict:
    out = {}
    try:
        with open(default_path(), encoding="utf-8") as f:
            rows = f.read().splitlines()[1:]
    except OSError:
        return out
    for row in rows:
        fields = row.split("\t")
        if len(fields) >= 4:
            out[fields[0]] = fields[3]
    return out


def effect_of(card: int) -> str:
    if not 0 <= card < len(D.CARD_NAMES):
        return ""
    text = _effects().get(D.CARD_NAMES[card], "")
    return "" if text.startswith("see the rules") else text
