"""The effect vocabulary of the Elder Sign game: every primitive a card may name, in one place, and
the abilities built from them (what stays in effect, what a player may use once a roll or a day).

An effect list is text (the card data's form, see data/GAME.md):

    sanity-1,clue+2,each(stamina-1),choose(trophies-2;stamina-1,sanity-1),per_other_world(doom+1)

`compile_effects(text, where)` turns it into a flat tuple of ints, three per primitive
(op, signed amount, scope); the game (resolve.py, engine.py) walks that tuple by index without
allocating. A name the vocabulary lacks is a KernelError('card', ...) naming the card and the name:
cards are checked when they are loaded, never during play.

Scopes: SC_ACTIVE (the investigator the effect is for), SC_EACH (every investigator in play, each
in seat order). `any(list)` compiles to OP_ANY len and the list: the investigator it is for picks
an investigator in play (themselves included) and the list runs for that one. `card("Name")`
compiles to OP_CARD and the card's row in the items table: that very card is taken from its deck. `choose(A;B;...)` compiles to OP_CHOOSE n (n alternatives) followed by each
alternative as OP_ALT len (its primitive count) and its primitives: the investigator it is for
chooses among the alternatives they can pay (inside `each(...)` every investigator chooses their
own). `per_other_world(list)` compiles to OP_PER_OW len and the list: it runs once per Other World
card in play.

An ability (`compile_ability`) is a comma-separated list of triggers `when(list)` (TRIGGERS: the
list runs when that happens, while the card is in effect), modifiers `name+n` (MODIFIERS: a number
the rules read while the card is in effect), `day(list)` (a player's once-per-day ability, in their
own turn), `anyturn(list)` (once per day, at the start of any player's turn), `roll(reroll+1)` (a
free reroll once per roll) and `anyroll(reroll+n)` (once per day, up to n dice of any player's
roll rerolled). Ancient Ones, mythos cards, adventures and
investigators carry one (data/GAME.md).

Limits (cards are data from users): an effect list of at most MAX_TEXT characters and MAX_PRIMS
primitives, compound forms nested at most NEST_MAX deep, amounts at most MAX_AMOUNT.
"""

from ...errors import KernelError

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
OP_PER_OW = 32       # the next list, once per Other World card in play
OP_REROLL = 33       # (abilities) a free reroll of any dice of the roll
OP_ANY = 34          # the next list, for an investigator in play the one it is for chooses
OP_CARD = 35         # take the named card (amount: its row in the items table) from its deck

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
           "defeat_monster", "set_sanity", "set_stamina", "choose", "alt", "per_other_world", "reroll",
           "any", "card")

SC_ACTIVE = 0
SC_EACH = 1

MAX_AMOUNT = 20
MAX_TEXT = 1000
MAX_PRIMS = 64
NEST_MAX = 4
EMPTY = ()

# abilities: triggers (when the list runs) and modifiers (numbers the rules read)
T_MIDNIGHT = 0       # at midnight (not in the first round), for the active investigator
T_TURN_END = 1       # at the end of each turn (after its clock phase), the active investigator
T_ENTRANCE = 2       # at the end of a turn the active investigator spent at the entrance
T_TERROR = 3         # on a failed roll showing Terror, with the card's own terror effect
T_MONSTER = 4        # each time a monster appears (after it is placed)
T_WON = 5            # when an adventure is completed (after its reward)
T_FAILED = 6         # when an adventure is failed (after its penalty)
T_DEVOURED = 7       # when an investigator is devoured (for the active investigator)
T_GAIN = 8           # T_GAIN + deck (0 common, 1 unique, 2 spell, 3 ally): inv gained such a card
T_GAIN_CLUE = 12     # inv gained clues (once per effect that gains)
TRIGGERS = ("at_midnight", "turn_end", "at_entrance", "on_terror", "on_monster", "on_won", "on_failed",
            "on_devoured", "on_common", "on_unique", "on_spell", "on_ally", "on_clue")
M_SHOP_COST = 0      # added to every gift shop price (not below 1)
M_AID_COST = 1       # added to first aid's trophy prices
M_NO_FOCUS = 2       # 1: investigators may not focus (assistance still allowed)
M_NO_CLUES = 3       # 1: clues may not be spent to reroll
M_FOCUS = 4          # n: the investigator may focus n more times in a turn
M_NO_MONSTERS = 5    # 1: no monster appears during the turn (not at midnight)
M_IGNORE_MYTHOS = 6  # 1: the mythos cards' ongoing effects do not apply in the investigator's turn
M_ROLL_LOCKED = 7    # 1: the investigator rolls locked dice too (they stay on their icons)
MODIFIERS = ("shop_cost", "aid_cost", "no_focus", "no_clues", "focus", "no_monsters", "ignore_mythos",
             "roll_locked")
MAX_ANYROLL = 8      # anyroll(reroll+n): at most this many dice


class Ability:
    """A compiled ability: `triggers[T]` the effect list for trigger T (EMPTY when none),
    `modifiers[M]` a signed amount, `day` the once-per-day effect list (in one's own turn),
    `anyturn` the once-per-day effect list used at the start of any player's turn, `rerolls` free
    rerolls per roll (0 or 1), `anyroll` how many dice of any player's roll it may reroll once per
    day (0: none), `text` the source."""

    def __init__(self, text=""):
        self.text = text
        self.triggers = [EMPTY] * len(TRIGGERS)
        self.modifiers = [0] * len(MODIFIERS)
        self.day = EMPTY
        self.anyturn = EMPTY
        self.rerolls = 0
        self.anyroll = 0
        self.any = False


NO_ABILITY = Ability()


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
            if depth < 0:
                raise KernelError("card", "a ')' without its '('")
        elif c == sep and depth == 0:
            parts.append(text[start:i])
            start = i + 1
    if depth != 0:
        raise KernelError("card", "a '(' without its ')'")
    if quote:
        raise KernelError("card", "a '\"' without its closing '\"'")
    parts.append(text[start:])
    return parts


def _nesting(text, where):
    """The deepest parenthesis nesting of text (checked before anything recurses on it)."""
    depth = 0
    top = 0
    quote = False
    for c in text:
        if c == '"':
            quote = not quote
        elif quote:
            continue
        elif c == "(":
            depth += 1
            if depth > top:
                top = depth
        elif c == ")":
            depth -= 1
    if top > NEST_MAX:
        raise KernelError("card", "%s: effects nested %d deep (at most %d)" % (where, top, NEST_MAX))
    return top


def compile_effects(text, where, notes=None, names=None):
    """The compiled tuple of an effect list; `where` names the card for error messages.

    `notes`, a list, collects the text of unmodelled/special notes; a note compiles to
    (OP_NOTE, index into notes, 0). `names` ({card name: its row in the items table}) resolves
    `card("Name")`; without it, card(...) is refused.
    """
    text = text.strip()
    if not text:
        return EMPTY
    if len(text) > MAX_TEXT:
        raise KernelError("card", "%s: an effect list of %d characters (at most %d)" % (where, len(text), MAX_TEXT))
    _nesting(text, where)
    out = []
    try:
        _compile_list(text, where, SC_ACTIVE, out, notes, names)
    except KernelError as exc:
        if exc.detail.startswith(where):
            raise
        raise KernelError("card", "%s: %s" % (where, exc.detail))
    if len(out) // 3 > MAX_PRIMS:
        raise KernelError("card", "%s: %d effects in one list (at most %d)" % (where, len(out) // 3, MAX_PRIMS))
    return tuple(out)


def _compile_list(text, where, scope, out, notes, names=None):
    for part in _split_top(text, ","):
        _compile_one(part.strip(), where, scope, out, notes, names)


def _compile_one(item, where, scope, out, notes, names=None):
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
        if scope == SC_EACH:
            raise KernelError("card", "%s: each(...) inside each(...)" % where)
        _compile_list(item[5:-1], where, SC_EACH, out, notes, names)
        return
    if item.startswith("any(") and item.endswith(")"):
        if scope == SC_EACH:
            raise KernelError("card", "%s: any(...) inside each(...)" % where)
        sub = []
        _compile_list(item[4:-1], where, SC_ACTIVE, sub, notes, names)
        for k in range(0, len(sub), 3):
            if sub[k] == OP_ANY or sub[k] == OP_PER_OW:
                raise KernelError("card", "%s: any(...) takes plain effects" % where)
        out.extend((OP_ANY, len(sub) // 3, scope))
        out.extend(sub)
        return
    if item.startswith("card(") and item.endswith(")"):
        name = item[5:-1].strip()
        if len(name) < 3 or name[0] != '"' or name[-1] != '"':
            raise KernelError("card", '%s: card(...) takes a card\'s name in quotes: card("Name")' % where)
        name = name[1:-1]
        if names is None or name not in names:
            raise KernelError("card", "%s: card(\"%s\") names no card of the items table" % (where, name))
        out.extend((OP_CARD, names[name], scope))
        return
    if item.startswith("choose(") and item.endswith(")"):
        alts = _split_top(item[7:-1], ";")
        if len(alts) < 2:
            raise KernelError("card", "%s: choose(...) needs two alternatives or more" % where)
        out.extend((OP_CHOOSE, len(alts), scope))
        for alt in alts:
            sub = []
            _compile_list(alt, where, SC_ACTIVE, sub, notes, names)
            for k in range(0, len(sub), 3):
                if sub[k] == OP_CHOOSE or sub[k] == OP_PER_OW or sub[k] == OP_ANY:
                    raise KernelError("card", "%s: an alternative of choose(...) must be plain effects" % where)
            out.extend((OP_ALT, len(sub) // 3, scope))
            out.extend(sub)
        return
    if item.startswith("per_other_world(") and item.endswith(")"):
        sub = []
        _compile_list(item[16:-1], where, scope, sub, notes, names)
        out.extend((OP_PER_OW, len(sub) // 3, scope))
        out.extend(sub)
        return
    name, sign, n = _amount(item, where)
    if sign == "=":
        if name not in SET_OPS:
            raise KernelError("card", "%s: '%s' cannot be set with '=' (only %s)" % (
                where, name, ", ".join(sorted(SET_OPS))))
        out.extend((SET_OPS[name], n, scope))
        return
    if name not in NAMES:
        raise KernelError("card", "%s: unknown effect '%s' (the vocabulary: %s)" % (
            where, name, ", ".join(sorted(NAMES))))
    out.extend((NAMES[name], -n if sign == "-" else n, scope))


def _amount(item, where):
    """(name, sign, n) of 'name+n', 'name-n' or 'name=n' (n in ASCII digits, at most MAX_AMOUNT)."""
    sign = -1
    for i in range(len(item)):
        if item[i] in "+-=":
            sign = i
            break
    if sign <= 0:
        raise KernelError("card", "%s: '%s' is not an effect (expected name+n, name-n or name=n)" % (where, item))
    name = item[:sign]
    number = item[sign + 1:]
    if not number or len(number) > 3 or not all(c in "0123456789" for c in number):
        raise KernelError("card", "%s: '%s' needs a whole number after '%s'" % (where, item, item[sign]))
    n = int(number)
    if n > MAX_AMOUNT:
        raise KernelError("card", "%s: '%s' is more than %d" % (where, item, MAX_AMOUNT))
    return name, item[sign], n


def compile_ability(text, where, notes=None, names=None):
    """The Ability of a card's ability text (see the module docstring); NO_ABILITY when empty."""
    text = text.strip()
    if not text:
        return NO_ABILITY
    if len(text) > MAX_TEXT:
        raise KernelError("card", "%s: an ability of %d characters (at most %d)" % (where, len(text), MAX_TEXT))
    _nesting(text, where)
    ab = Ability(text)
    ab.any = True
    for item in _split_top(text, ","):
        item = item.strip()
        head, _, rest = item.partition("(")
        if rest and item.endswith(")"):
            body = rest[:-1]
            if head in TRIGGERS:
                ab.triggers[TRIGGERS.index(head)] = compile_effects(body, "%s %s" % (where, head), notes, names)
                continue
            if head == "day":
                ab.day = compile_effects(body, "%s day" % where, notes, names)
                continue
            if head == "anyturn":
                ab.anyturn = compile_effects(body, "%s anyturn" % where, notes, names)
                continue
            if head == "roll":
                if body.strip() != "reroll+1":
                    raise KernelError("card", "%s: roll(...) takes reroll+1 (a free reroll once per roll)" % where)
                ab.rerolls = 1
                continue
            if head == "anyroll":
                name, sign, n = _amount(body.strip(), where)
                if name != "reroll" or sign != "+" or not 1 <= n <= MAX_ANYROLL:
                    raise KernelError("card", "%s: anyroll(...) takes reroll+n, n 1 to %d (dice of any "
                                      "player's roll, once per day)" % (where, MAX_ANYROLL))
                ab.anyroll = n
                continue
            raise KernelError("card", "%s: unknown ability '%s(...)' (the triggers: %s; day(...), "
                              "anyturn(...), roll(...), anyroll(...))" % (where, head, ", ".join(TRIGGERS)))
        name, sign, n = _amount(item, where)
        if name not in MODIFIERS or sign == "=":
            raise KernelError("card", "%s: unknown ability '%s' (the modifiers: %s)" % (
                where, item, ", ".join(MODIFIERS)))
        ab.modifiers[MODIFIERS.index(name)] += -n if sign == "-" else n
    ab.triggers = tuple(ab.triggers)
    ab.modifiers = tuple(ab.modifiers)
    return ab


def has_op(code, op):
    """True when the compiled effect list names op anywhere."""
    for i in range(0, len(code), 3):
        if code[i] == op:
            return True
    return False


def vocabulary():
    """Every effect name, sorted (for the docs and the schema test)."""
    names = list(NAMES) + ["%s=" % k for k in SET_OPS] + ["each(...)", "choose(...;...)",
                                                          "per_other_world(...)", "any(...)", "card(\"...\")",
                                                          "unmodelled:\"...\"", "special:\"...\""]
    return sorted(names)
