"""The effect vocabulary of the event tables (and of the cards' `use`), compiled at load into (op, arg)
byte pairs.

A row's effects are a list `e1; e2; ...` of simple effects, which may end with one effect that hands
the turn on (a terminal) or with one form; a form takes the rest of the text:

    test SKILL MOD: LIST / LIST    a D6 at most the skill plus MOD (-6..+6): the first list on a pass;
                                   SKILL may be sanity or strength (the current value: a "sanity roll")
    choose: LIST / LIST            the player chooses one of the two lists
    has CARD: LIST / LIST          the first list when the investigator carries the card (a name, or a
                                   card special such as vehicle), else the second
    pay COST: LIST                 the player may pay COST for LIST, or decline (nothing happens);
                                   COST is money N, sanity N, strength N, gate (a gate trophy, given
                                   to the Esoteric Order of Dagon), item or spell (one of its choice,
                                   given up), or card NAME (that card)

A list inside a form that itself holds a form or a '/' is written in parentheses:
`test luck +0: (test knowledge -1: spell / none) / sanity-1`. The simple effects and terminals:

    simple    money+N money-N sanity+N sanity-N strength+N strength-N (N 1-20, or D6 or 2D6: rolled)
              item spell ally find:NAME none lose_turn stay:N retainer:N charity+N boost:SKILL+N
              move_bonus+N move_bonus-N bet:N discard:item discard:spell discard:card
    terminal  monster gate move:PLACE free_move sheldon shop sell auction jail street world:WORLD
              trip:WORLD lost

SKILL is any skill the board declares (rules.tsv `skills`; fight and stealth always). In an Other
World only monster, world:WORLD and lost are terminals (no gate, move, street, trip, shop, sell,
auction or jail), and no payment of a gate trophy.
"""

try:
    from micropython import const
except ImportError:  # CPython
    def const(x):
        return x

OP_MONEY = const(1)
OP_SANITY = const(2)
OP_STRENGTH = const(3)
OP_ITEM = const(4)
OP_SPELL = const(5)
OP_FIND = const(6)
OP_NONE = const(7)
OP_ALLY = const(8)
OP_LOSE_TURN = const(9)
OP_RETAINER = const(10)  # arg: dollars a turn (0: the retainer ends)
OP_CHARITY = const(11)   # arg: an investigator with less than $arg is given money up to $arg
OP_DICE = const(12)      # arg: counter * 16 + gain * 8 + dice (1: D6, 2: 2D6); rolled (CH_AMOUNT)
OP_STAY = const(13)      # arg: turns it stays where it is (its next N turns are lost)
OP_BOOST = const(14)     # arg: skill * 16 + (mod + 8): until the end of its next turn
OP_MOVE_MOD = const(15)  # arg: mod + 8, added to its next movement roll
OP_MONSTER = const(16)
OP_GATE = const(17)
OP_MOVE = const(18)
OP_FREE_MOVE = const(19)
OP_SHELDON = const(20)
OP_SHOP = const(21)
OP_LOST = const(22)
OP_WORLD = const(23)     # arg: the Other World
OP_JAIL = const(24)
OP_AUCTION = const(25)
OP_SELL = const(26)
OP_STREET = const(27)    # to the street outside (the location's entrance), no event there
OP_TRIP = const(28)      # arg: the Other World; back to where it left, no gate needed
OP_TEST = const(32)      # arg: skill * 16 + (mod + 8); the next op is OP_BRANCH
OP_BRANCH = const(33)    # arg: how many ops the first list has (the second follows it)
OP_PAY = const(34)       # arg: cost kind * 32 + amount; the next op is OP_BRANCH (the list paid for)
OP_CHOOSE = const(35)    # the next op is OP_BRANCH: the player chooses a list
OP_HAS = const(36)       # arg: a card kind; the next op is OP_BRANCH
OP_HAS_SPECIAL = const(37)  # arg: a card special (board.SP_*); the next op is OP_BRANCH
OP_PAY_CARD = const(38)  # arg: a card kind, given up for the list; the next op is OP_BRANCH
OP_BET = const(40)       # arg: the highest stake; double or nothing on a D6 of 4-6 (simple, a decision)
OP_DISCARD = const(41)   # arg: 0 an item, 1 a spell, 2 any card (simple, a decision)

SKILL_SANITY = const(14)   # a test's "skill" sanity: the current sanity (OP_TEST's skill field)
SKILL_STRENGTH = const(15)

PAY_MONEY = const(0)
PAY_SANITY = const(1)
PAY_STRENGTH = const(2)
PAY_GATE = const(3)
PAY_ITEM = const(4)
PAY_SPELL = const(5)
PAY_NAMES = ("money", "sanity", "strength", "gate", "item", "spell")

TERMINALS = ("monster", "gate", "free_move", "sheldon", "shop", "lost", "jail", "auction", "sell", "street")
TERMINAL_OPS = (OP_MONSTER, OP_GATE, OP_FREE_MOVE, OP_SHELDON, OP_SHOP, OP_LOST, OP_JAIL, OP_AUCTION, OP_SELL,
                OP_STREET)
WORLD_TERMINALS = ("monster", "lost")
SIMPLE = ("item", "spell", "ally", "none", "lose_turn")
SIMPLE_OPS = (OP_ITEM, OP_SPELL, OP_ALLY, OP_NONE, OP_LOSE_TURN)
COUNTERS = ("money", "sanity", "strength")
COUNTER_OPS = (OP_MONEY, OP_SANITY, OP_STRENGTH)
DISCARDS = ("item", "spell", "card")
FORMS = ("test ", "choose:", "has ", "pay ")
VOCABULARY = ("money+N money-N sanity+N sanity-N strength+N strength-N (N, D6 or 2D6) item spell ally "
              "find:NAME none lose_turn stay:N retainer:N charity+N boost:SKILL+N move_bonus+N bet:N "
              "discard:item|spell|card monster gate move:PLACE free_move sheldon shop sell auction jail street "
              "world:WORLD trip:WORLD lost; test SKILL MOD: LIST / LIST; choose: LIST / LIST; has CARD: LIST / "
              "LIST; pay COST: LIST")


def is_terminal(op):
    return OP_MONSTER <= op < OP_TEST


class Names:
    """What an effect may name: city locations (name -> space), cards (name -> kind), Other Worlds
    (a list), skills (a list), whether the board has a jail, and the card specials (a list)."""

    def __init__(self, places, items, worlds, skills, jail, specials=()):
        self.places = places
        self.items = items
        self.worlds = worlds
        self.skills = skills
        self.jail = jail
        self.specials = specials


def _amount(p, digits, fail, low=1, high=20):
    if not digits.isdigit() or not (low <= int(digits) <= high):
        fail("'%s': the amount must be %d to %d" % (p, low, high))
    return int(digits)


def _split(text, sep):
    """The parts of text between separators `sep` outside parentheses."""
    parts = []
    depth = 0
    start = 0
    for i in range(len(text)):
        ch = text[i]
        if ch == "(":
            depth += 1
        elif ch == ")":
            depth -= 1
        elif ch == sep and depth == 0:
            parts.append(text[start:i])
            start = i + 1
    parts.append(text[start:])
    return parts


def _unwrap(text):
    """A list written in parentheses, without them ("(a; b)" -> "a; b"; "(a) / (b)" stays)."""
    text = text.strip()
    if not (text.startswith("(") and text.endswith(")")):
        return text
    depth = 0
    for i in range(len(text) - 1):
        if text[i] == "(":
            depth += 1
        elif text[i] == ")":
            depth -= 1
        if depth == 0:
            return text                          # the first group closes before the end
    return text[1:-1].strip()


def _simple(p, world, names, fail):
    """(op, arg) of one simple effect or terminal, or (-1, 0)."""
    for k in range(len(COUNTERS)):
        name = COUNTERS[k]
        if p.startswith(name) and len(p) > len(name) and p[len(name)] in "+-":
            digits = p[len(name) + 1:]
            gain = p[len(name)] == "+"
            if digits in ("D6", "2D6", "1D6"):
                return OP_DICE, k * 16 + (8 if gain else 0) + (2 if digits == "2D6" else 1)
            n = _amount(p, digits, fail)
            return COUNTER_OPS[k], 128 + (n if gain else -n)
    if p in SIMPLE:
        return SIMPLE_OPS[SIMPLE.index(p)], 0
    if p.startswith("retainer:"):
        digits = p[9:]
        if not digits.isdigit() or int(digits) > 20:
            fail("'%s': a retainer pays 0 to 20 dollars a turn" % p)
        return OP_RETAINER, int(digits)
    if p.startswith("charity+"):
        return OP_CHARITY, _amount(p, p[8:], fail)
    if p.startswith("stay:"):
        return OP_STAY, _amount(p, p[5:], fail, 1, 9)
    if p.startswith("bet:"):
        return OP_BET, _amount(p, p[4:], fail)
    if p.startswith("discard:"):
        if p[8:] not in DISCARDS:
            fail("'%s': discard:item, discard:spell or discard:card" % p)
        return OP_DISCARD, DISCARDS.index(p[8:])
    if p.startswith("move_bonus") and len(p) > 11 and p[10] in "+-":
        n = _amount(p, p[11:], fail, 1, 6)
        return OP_MOVE_MOD, 8 + (n if p[10] == "+" else -n)
    if p.startswith("boost:"):
        body = p[6:]
        sign = "+" if "+" in body else "-"
        skill, mark, digits = body.partition(sign)
        if not mark or skill not in names.skills:
            fail("'%s' must be boost:SKILL+N or boost:SKILL-N with a skill of this board (%s)" % (
                p, ", ".join(names.skills)))
        n = _amount(p, digits, fail, 1, 6)
        return OP_BOOST, names.skills.index(skill) * 16 + 8 + (n if sign == "+" else -n)
    if p.startswith("find:"):
        name = p[5:]
        if name not in names.items:
            fail("'%s': no item or spell named '%s'" % (p, name))
        return OP_FIND, names.items[name]
    if p in TERMINALS:
        if world and p not in WORLD_TERMINALS:
            fail("'%s' cannot happen in an Other World" % p)
        if p == "jail" and not names.jail:
            fail("'jail': no city location has the flag 'jail' (spaces.tsv)")
        return TERMINAL_OPS[TERMINALS.index(p)], 0
    if p.startswith("move:"):
        if world:
            fail("'%s' cannot happen in an Other World" % p)
        name = p[5:]
        if name not in names.places:
            fail("'%s': no city location named '%s'" % (p, name))
        return OP_MOVE, names.places[name]
    for prefix, op in (("world:", OP_WORLD), ("trip:", OP_TRIP)):
        if p.startswith(prefix):
            name = p[len(prefix):]
            if name not in names.worlds:
                fail("'%s': no Other World named '%s'" % (p, name))
            if op == OP_TRIP and world:
                fail("'%s': a round trip starts in Arkham" % p)
            return op, names.worlds.index(name)
    return -1, 0


def _list(text, world, names, out, fail):
    """Compile one list into out (a list of (op, arg)); fail(message) raises."""
    text = _unwrap(text)
    if not text:
        fail("an empty effect list (write 'none')")
    parts = _split(text, ";")
    for i in range(len(parts)):
        p = parts[i].strip()
        for form in FORMS:
            if p.startswith(form):
                # a form takes the rest of the text, its lists' ';' included
                _form(";".join(parts[i:]).strip(), world, names, out, fail)
                return
        if not p:
            fail("an empty effect in '%s'" % text)
        op, arg = _simple(p, world, names, fail)
        if op < 0:
            fail("unknown effect '%s' (the vocabulary: %s)" % (p, VOCABULARY))
        if is_terminal(op) and i != len(parts) - 1:
            fail("'%s' hands the turn on, so it must come last" % p)
        out.append((op, arg))


def _branches(body, world, names, fail, what):
    """The two lists of a form, split at the first '/' outside parentheses."""
    halves = _split(body, "/")
    if len(halves) < 2:
        fail("%s needs two lists separated by '/'" % what)
    first = []
    second = []
    _list(halves[0], world, names, first, fail)
    _list("/".join(halves[1:]), world, names, second, fail)
    return first, second


def _form(text, world, names, out, fail):
    head, colon, body = text.partition(":")
    words = head.split()
    if not colon:
        fail("'%s': a form is 'test SKILL MOD: ...', 'choose: ...', 'has CARD: ...' or 'pay COST: ...'" % text)
    if words[0] == "test":
        skills = list(names.skills) + ["sanity", "strength"]
        if len(words) != 3 or words[1] not in skills:
            fail("a test is 'test SKILL MOD: LIST / LIST' with a skill of this board (%s) or sanity or strength, "
                 "not '%s'" % (", ".join(names.skills), text))
        mod = words[2]
        if len(mod) < 2 or mod[0] not in "+-" or not mod[1:].isdigit() or int(mod[1:]) > 6:
            fail("the test modifier '%s' must be a signed number -6 to +6" % mod)
        m = int(mod[1:]) * (1 if mod[0] == "+" else -1)
        skill = names.skills.index(words[1]) if words[1] in names.skills else \
            (SKILL_SANITY if words[1] == "sanity" else SKILL_STRENGTH)
        first, second = _branches(body, world, names, fail, "a test")
        out.extend([(OP_TEST, skill * 16 + m + 8), (OP_BRANCH, len(first))] + first + second)
    elif words[0] == "choose" and len(words) == 1:
        first, second = _branches(body, world, names, fail, "a choice")
        out.extend([(OP_CHOOSE, 0), (OP_BRANCH, len(first))] + first + second)
    elif words[0] == "has" and len(words) >= 2:
        name = head[4:].strip()
        if name in names.items:
            op = (OP_HAS, names.items[name])
        elif name in names.specials and name != "-":
            op = (OP_HAS_SPECIAL, names.specials.index(name))
        else:
            fail("'has %s': no card named '%s' (nor a card special: %s)" % (name, name, ", ".join(names.specials[1:])))
        first, second = _branches(body, world, names, fail, "'has'")
        out.extend([op, (OP_BRANCH, len(first))] + first + second)
    elif words[0] == "pay":
        _pay(text, head, words, body, world, names, out, fail)
    else:
        fail("'%s': a form is 'test SKILL MOD: ...', 'choose: ...', 'has CARD: ...' or 'pay COST: ...'" % text)
    if len(out) > 255:
        fail("too many effects in one row")


def _pay(text, head, words, body, world, names, out, fail):
    if len(words) >= 3 and words[1] == "card":
        name = head[head.index("card") + 4:].strip()
        if name not in names.items:
            fail("'pay card %s': no card named '%s'" % (name, name))
        got = []
        _list(body, world, names, got, fail)
        out.extend([(OP_PAY_CARD, names.items[name]), (OP_BRANCH, len(got))] + got)
        return
    plain = len(words) == 2 and words[1] in ("gate", "item", "spell")
    if words[1:2] == [] or words[1] not in PAY_NAMES or (len(words) != 3 and not plain) or \
            (words[1] in ("gate", "item", "spell") and not plain):
        fail("a payment is 'pay money N: LIST', 'pay sanity N: LIST', 'pay strength N: LIST', 'pay gate: LIST', "
             "'pay item: LIST', 'pay spell: LIST' or 'pay card NAME: LIST', not '%s'" % text)
    kind = PAY_NAMES.index(words[1])
    amount = 1
    if len(words) == 3:
        if not words[2].isdigit() or not 1 <= int(words[2]) <= 31:
            fail("the payment '%s' must be 1 to 31" % words[2])
        amount = int(words[2])
    if kind == PAY_GATE and world:
        fail("a gate trophy is given in Arkham, not in an Other World")
    got = []
    _list(body, world, names, got, fail)
    out.extend([(OP_PAY, kind * 32 + amount), (OP_BRANCH, len(got))] + got)


def compile_effects(text, world, names, fail):
    """The (op, arg) list of one row. names: a Names (what effects may refer to); fail(message)
    raises the loader's KernelError naming the file, the line and the field."""
    out = []
    _list(text.strip(), world, names, out, fail)
    return out
