"""Elder Sign's card effects in words, from their compiled form (effects.py), for screens and logs:

    effect_words((3, 1, 0, 10, 1, 0), notes)   # "+1 clue, +1 elder sign"
    effect_words(card.penalty, notes)          # "-2 sanity"

A compiled list is triples (op, signed amount, scope); `choose`, `per_other_world` and `any` carry
their alternatives or list after them. The words say what a player reads on the card.
"""

from . import effects as E

# the ability vocabulary, in the order of a compiled ability's triggers and modifiers, for code outside
# the game that words an ability (game/__init__.py: outside code imports only the entry points)
TRIGGERS = E.TRIGGERS
MODIFIERS = E.MODIFIERS

# op -> (singular, plural) of what is gained or lost
NOUNS = {
    E.OP_SANITY: ("sanity", "sanity"), E.OP_STAMINA: ("stamina", "stamina"), E.OP_CLUE: ("clue", "clues"),
    E.OP_COMMON: ("common item", "common items"), E.OP_UNIQUE: ("unique item", "unique items"),
    E.OP_SPELL: ("spell", "spells"), E.OP_ALLY: ("ally", "allies"), E.OP_TROPHIES: ("trophy", "trophies"),
    E.OP_DOOM: ("doom", "doom"), E.OP_ELDER: ("elder sign", "elder signs"),
    E.OP_GATE: ("Other World opens", "Other Worlds open"), E.OP_MONSTER: ("monster appears", "monsters appear"),
    E.OP_CLOCK: ("clock hour", "clock hours"), E.OP_MAX_SANITY: ("maximum sanity", "maximum sanity"),
    E.OP_MAX_STAMINA: ("maximum stamina", "maximum stamina"),
    E.OP_DEFEAT_MONSTER: ("monster defeated", "monsters defeated"),
}
EVENTS = {
    E.OP_FAIL: "the adventure fails", E.OP_DISCARD_TERROR: "discard the dice showing Terror",
    E.OP_LOCK_GREEN: "a green die is locked", E.OP_LOCK_YELLOW: "the yellow die is locked",
    E.OP_LOCK_RED: "the red die is locked", E.OP_AWAKEN: "the Ancient One awakens",
    E.OP_LOSE_GAME: "the investigators lose", E.OP_HEAL_ALL: "heal fully",
    E.OP_DIE_YELLOW: "add the yellow die", E.OP_DIE_RED: "add the red die", E.OP_HOLD_DIE: "hold a die",
    E.OP_REROLL: "a free reroll",
}
# counts that are things (a monster appears, a gate opens): "2 monsters appear", not "+2 monster"
THINGS = (E.OP_GATE, E.OP_MONSTER, E.OP_DEFEAT_MONSTER)


def _one(op, n, notes):
    if op == E.OP_NOTE:
        return notes[n] if 0 <= n < len(notes) else "a card effect"
    if op == E.OP_SET_SANITY:
        return "sanity becomes %d" % n
    if op == E.OP_SET_STAMINA:
        return "stamina becomes %d" % n
    if op in EVENTS:
        return EVENTS[op]
    one, many = NOUNS.get(op, (E.OP_TEXT[op] if 0 <= op < len(E.OP_TEXT) else "effect", None))
    many = many or one
    if op in THINGS:
        return ("%s %s" % ("an" if one[0] in "AEIOU" else "a", one)) if n == 1 else "%d %s" % (n, many)
    return "%+d %s" % (n, one if abs(n) == 1 else many)


def effect_words(code, notes=()):
    """The compiled effect list in words ("" when empty)."""
    out = []
    i = 0
    n = len(code)
    while i < n:
        op, amount, scope = code[i], code[i + 1], code[i + 2]
        i += 3
        if op == E.OP_CHOOSE:
            alts = []
            for _ in range(amount):
                k = code[i + 1]
                alts.append(effect_words(code[i + 3:i + 3 + 3 * k], notes))
                i += 3 + 3 * k
            text = "choose: " + " or ".join(alts)
        elif op == E.OP_PER_OW:
            text = "for each Other World: " + effect_words(code[i:i + 3 * amount], notes)
            i += 3 * amount
        elif op == E.OP_ANY:
            text = "an investigator of your choice: " + effect_words(code[i:i + 3 * amount], notes)
            i += 3 * amount
        elif op == E.OP_CARD:
            text = "a named card from its deck"
        else:
            text = _one(op, amount, notes)
        if scope == E.SC_EACH:
            text = "each investigator: " + text
        out.append(text)
    return ", ".join(out)
