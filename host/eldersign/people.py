"""Elder Sign's investigators in words, for the pick: each one's sanity, stamina, what they start
with and their ability, read from the card data (kernel/eldersign/game/data.py, effects.py).

    ability_words(inv.ability, notes)     # "once a day, in your turn: +1 clue"
    pick_lines(game)                      # [(name, "sanity 4  stamina 6", "starts with ...", ability)]
"""

from __future__ import annotations

from array import array

from eldritch.kernel.eldersign.game.machine import MAX_GAME_ACTIONS, A_PICK, A_ARG_MASK, G_BASE
from eldritch.kernel.eldersign.game.words import effect_words, TRIGGERS, MODIFIERS

TRIGGER_WORDS = {
    "at_midnight": "at midnight", "turn_end": "at the end of your turn", "at_entrance": "ending a turn at the entrance",
    "on_terror": "on a failed roll showing Terror", "on_monster": "when a monster appears",
    "on_won": "when you complete an adventure", "on_failed": "when you fail an adventure",
    "on_devoured": "when you are devoured", "on_common": "when you gain a common item",
    "on_unique": "when you gain a unique item", "on_spell": "when you gain a spell", "on_ally": "when you gain an ally",
    "on_clue": "when you gain clues",
}
MODIFIER_WORDS = {
    "shop_cost": "gift shop prices %+d", "aid_cost": "first aid prices %+d", "no_focus": "no one may focus",
    "no_clues": "clues may not reroll", "focus": "you may focus %d more time(s) a turn",
    "no_monsters": "no monster appears in your turn", "ignore_mythos": "the mythos cards do not apply in your turn",
    "roll_locked": "you roll locked dice too",
}


def ability_words(ability, notes=()) -> str:
    """A compiled ability (the game's compiled Ability) in words ("" for none)."""
    out = []
    if ability.rerolls:
        out.append("once per roll: a free reroll")
    if ability.anyroll:
        out.append("once a day: reroll up to %d dice of any player's roll" % ability.anyroll)
    if ability.day:
        out.append("once a day, in your turn: " + effect_words(ability.day, notes))
    if ability.anyturn:
        out.append("once a day, at the start of any player's turn: " + effect_words(ability.anyturn, notes))
    for i, name in enumerate(TRIGGERS):
        if ability.triggers[i]:
            out.append("%s: %s" % (TRIGGER_WORDS.get(name, name), effect_words(ability.triggers[i], notes)))
    for i, name in enumerate(MODIFIERS):
        n = ability.modifiers[i]
        if n:
            words = MODIFIER_WORDS.get(name, name + " %+d")
            out.append(words % n if "%" in words else words)
    return "; ".join(out)


def pick_lines(game) -> list:
    """(name, sanity and stamina, start words, ability words) of each investigator a pick may take."""
    buf = array("i", [0] * MAX_GAME_ACTIONS)
    n = game.legal_actions(buf)
    data = game._data
    out = []
    for k in range(n):
        a = buf[k]
        if a < G_BASE or a - (a & A_ARG_MASK) != A_PICK:
            continue
        inv = data.investigators[a & A_ARG_MASK]
        start = effect_words(inv.start, data.notes)
        out.append((inv.name, "sanity %d  stamina %d" % (inv.sanity, inv.stamina),
                    "starts with " + start if start else "", ability_words(inv.ability, data.notes)))
    return out
