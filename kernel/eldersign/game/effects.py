"""The effect vocabulary of the Elder Sign game: every primitive a card may name, in one place.

An effect list is text (the card data's form, see data/GAME.md):

    sanity-1,clue+2,each(stamina-1),choose(trophies-2;stamina-1,sanity-1),unmodelled:"text"

`compile_effects(text, where)` turns it into a flat tuple of ints, three per primitive
(op, signed amount, scope); the game (resolve.py) walks that tuple by index without allocating.
A name the vocabulary lacks is a KernelError('card', ...) naming the card and the name: cards
are checked when they are loaded, never during play.

Scopes: SC_ACTIVE (the investigator the effect is for), SC_EACH (every investigator in play).
`choose(A;B;...)` compiles to OP_CHOOSE n (n alternatives) followed by each alternative as
OP_ALT len (its primitive count) and its primitives: the kernel takes the first alternative the
investigator can pay without being devoured (see GAME.md), else the last.
"""

from ...errors import KernelError

# name -> (op, kind) ; kind: "n" counted (+n/-n), "s" set (=n) allowed, "f" a flag (+1 only)
OP_NOTE = 0          # unmodelled / special card text: logged, no effect
OP_SANITY = 1
OP_STAMINA = 2
OP_CLUE = 3
OP_COMMON = 4
OP_UNIQUE = 5
OP_SPELL = 6
OP_ALLY = 7
OP_TROPHIES = 8
OP_DOOM = 9
OP_ELDER = 10
OP_GATE = 11
OP_MONSTER = 12
OP_CLOCK = 13
OP_FAIL = 14         # fail the adventure (terror): handled by the adventure kernel's terror code
OP_DISCARD_TERROR = 15
OP_LOCK_GREEN = 16
OP_LOCK_YELLOW = 17
OP_LOCK_RED = 18
OP_AWAKEN = 19
OP_LOSE_GAME = 20
OP_MAX_SANITY = 21
OP_MAX_STAMINA = 22
OP_HEAL_ALL = 23
OP_DIE_YELLOW = 24   # an item: add the yellow die to the pool this turn
OP_DIE_RED = 25      # an item: add the red die
OP_HOLD_DIE = 26     # a spell: hold one rolled die
OP_DEFEAT_MONSTER = 27
OP_SET_SANITY = 28
OP_SET_STAMINA = 29
OP_CHOOSE = 30
OP_ALT = 31

NAMES = {
    "sanity": OP_SANITY, "stamina": OP_STAMINA, "clue": OP_CLUE, "common_item": OP_COMMON,
    "unique_item": OP_UNIQUE, "spell": OP_SPELL, "ally": OP_ALLY, "trophies": OP_TROPHIES,
    "doom": OP_DOOM, "elder_sign": OP_ELDER, "gate": OP_GATE, "monster": OP_MONSTER,
    "clock": OP_CLOCK, "clock_hours": OP_CLOCK, "fail_adventure": OP_FAIL,
    "discard_terror_dice": OP_DISCARD_TERROR, "lock_green": OP_LOCK_GREEN,
    "lock_yellow": OP_LOCK_YELLOW, "lock_red": OP_LOCK_RED, "awaken": OP_AWAKEN,
    "lose_game": OP_LOSE_GAME, "max_sanity": OP_MAX_SANITY, "max_stamina": OP_MAX_STAMINA,
    "heal_all": OP_HEAL_ALL, "die_yellow": OP_DIE_YELLOW, "die_red": OP_DIE_RED,
    "hold_die": OP_HOLD_DIE, "defeat_monster": OP_DEFEAT_MONSTER,
}
SET_OPS = {"sanity": OP_SET_SANITY, "stamina": OP_SET_STAMINA}
NOTE_PREFIXES = ("unmodelled:", "special:")

# the text name of each op (for the event log and the docs), index = op
OP_TEXT = ("note", "sanity", "stamina", "clue", "common_item", "unique_item", "spell", "ally",
           "trophies", "doom", "elder_sign", "gate", "monster", "clock", "fail_adventure",
           "discard_terror_dice", "lock_green", "lock_yellow", "lock_red", "awaken", "lose_game",
           "max_sanity", "max_stamina", "heal_all", "die_yellow", "die_red", "hold_die",
           "defeat_monster", "set_sanity", "set_stamina", "choose", "alt")

SC_ACTIVE = 0
SC_EACH = 1

MAX_AMOUNT = 20
EMPTY = ()


def _split_top(text, sep):
    """Split on sep outside parentheses and quotes."""
    parts = []
    depth = 0
    quote = False
    start = 0
    for i in range(len(text)):
        c = text[i]
        if c == '"':
            quote = not quote
        elif quote:
            continue
        elif c == "(":
            depth += 1
        elif c == ")":
            depth -= 1
        elif c == sep and depth == 0:
            parts.append(text[start:i])
            start = i + 1
    parts.append(text[start:])
    return parts


def compile_effects(text, where, notes=None):
    """The compiled tuple of an effect list; `where` names the card for error messages.

    `notes`, a list, collects the text of unmodelled/special notes; a note compiles to
    (OP_NOTE, index into notes, 0).
    """
    text = text.strip()
    if not text:
        return EMPTY
    out = []
    _compile_list(text, where, SC_ACTIVE, out, notes)
    return tuple(out)


def _compile_list(text, where, scope, out, notes):
    for part in _split_top(text, ","):
        _compile_one(part.strip(), where, scope, out, notes)


def _compile_one(item, where, scope, out, notes):
    if not item:
        raise KernelError("card", "%s: empty effect in the list" % where)
    for prefix in NOTE_PREFIXES:
        if item.startswith(prefix):
            index = 0
            if notes is not None:
                index = len(notes)
                notes.append(item[len(prefix):].strip('"'))
            out.extend((OP_NOTE, index, scope))
            return
    if item.startswith("each(") and item.endswith(")"):
        _compile_list(item[5:-1], where, SC_EACH, out, notes)
        return
    if item.startswith("choose(") and item.endswith(")"):
        alts = _split_top(item[7:-1], ";")
        out.extend((OP_CHOOSE, len(alts), scope))
        for alt in alts:
            sub = []
            _compile_list(alt, where, scope, sub, notes)
            out.extend((OP_ALT, len(sub) // 3, scope))
            out.extend(sub)
        return
    sign = -1
    for i in range(len(item)):
        if item[i] in "+-=":
            sign = i
            break
    if sign <= 0:
        raise KernelError("card", "%s: '%s' is not an effect (expected name+n, name-n or name=n)" % (where, item))
    name = item[:sign]
    number = item[sign + 1:]
    if not number.isdigit():
        raise KernelError("card", "%s: '%s' needs a whole number after '%s'" % (where, item, item[sign]))
    n = int(number)
    if n > MAX_AMOUNT:
        raise KernelError("card", "%s: '%s' is more than %d" % (where, item, MAX_AMOUNT))
    if item[sign] == "=":
        if name not in SET_OPS:
            raise KernelError("card", "%s: '%s' cannot be set with '=' (only %s)" % (
                where, name, ", ".join(sorted(SET_OPS))))
        out.extend((SET_OPS[name], n, scope))
        return
    if name not in NAMES:
        raise KernelError("card", "%s: unknown effect '%s' (the vocabulary: %s)" % (
            where, name, ", ".join(sorted(NAMES))))
    if item[sign] == "-":
        n = -n
    out.extend((NAMES[name], n, scope))


def has_op(code, op):
    """True when the compiled effect list names op anywhere."""
    for i in range(0, len(code), 3):
        if code[i] == op:
            return True
    return False


def vocabulary():
    """Every effect name, sorted (for the docs and the schema test)."""
    names = list(NAMES) + ["%s=" % k for k in SET_OPS] + ["each(...)", "choose(...;...)",
                                                          "unmodelled:\"...\"", "special:\"...\""]
    return sorted(names)
