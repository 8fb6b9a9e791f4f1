"""The effect vocabulary of the event tables, compiled at load into (op, arg) byte pairs.

A row's effects are a list `e1; e2; ...`, or one of two row forms whose lists follow the same rules:

    test SKILL MOD: LIST / LIST    a D6 at most the skill plus MOD (-6..+6): the first list on a pass
    pay COST: LIST                 the player may pay COST for LIST, or decline (nothing happens);
                                   COST is money N, sanity N, strength N or gate (a gate trophy,
                                   given to the Esoteric Order of Dagon: out of play for good)

In a list, simple effects come first and at most one effect that hands the turn on (a terminal)
comes last:

    simple    money+N money-N sanity+N sanity-N strength+N strength-N (N 1-20, or D6 or 2D6: rolled)
              item spell ally find:NAME none lose_turn retainer:N charity+N
    terminal  monster gate move:PLACE free_move sheldon shop sell auction jail world:WORLD lost

SKILL is any skill the board declares (rules.tsv `skills`; fight and stealth always). In an Other
World only monster, world:WORLD and lost are terminals (no gate, move, shop, sell, auction or jail).
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
OP_TEST = const(32)      # arg: skill * 16 + (mod + 8); the next op is OP_BRANCH
OP_BRANCH = const(33)    # arg: how many ops the pass list has (the fail list follows it)
OP_PAY = const(34)       # arg: cost kind * 32 + amount; the next op is OP_BRANCH (the list paid for)

PAY_MONEY = const(0)
PAY_SANITY = const(1)
PAY_STRENGTH = const(2)
PAY_GATE = const(3)
PAY_NAMES = ("money", "sanity", "strength", "gate")

TERMINALS = ("monster", "gate", "free_move", "sheldon", "shop", "lost", "jail", "auction", "sell")
TERMINAL_OPS = (OP_MONSTER, OP_GATE, OP_FREE_MOVE, OP_SHELDON, OP_SHOP, OP_LOST, OP_JAIL, OP_AUCTION, OP_SELL)
WORLD_TERMINALS = ("monster", "lost")
SIMPLE = ("item", "spell", "ally", "none", "lose_turn")
SIMPLE_OPS = (OP_ITEM, OP_SPELL, OP_ALLY, OP_NONE, OP_LOSE_TURN)
COUNTERS = ("money", "sanity", "strength")
COUNTER_OPS = (OP_MONEY, OP_SANITY, OP_STRENGTH)
VOCABULARY = ("money+N money-N sanity+N sanity-N strength+N strength-N (N, D6 or 2D6) item spell ally "
              "find:NAME none lose_turn retainer:N charity+N monster gate move:PLACE free_move sheldon shop "
              "sell auction jail world:WORLD lost; test SKILL MOD: LIST / LIST; pay COST: LIST")


class Names:
    """What an effect may name: city locations (name -> space), cards (name -> kind), Other Worlds
    (a list), skills (a list), and whether the board has a jail."""

    def __init__(self, places, items, worlds, skills, jail):
        self.places = places
        self.items = items
        self.worlds = worlds
        self.skills = skills
        self.jail = jail


def _amount(p, digits, fail):
    if not digits.isdigit() or not (1 <= int(digits) <= 20):
        fail("'%s': the amount must be 1 to 20" % p)
    return int(digits)


def _list(text, world, names, out, fail):
    """Compile one `;` list into out (list of (op, arg)); fail(message) raises."""
    parts = [p.strip() for p in text.split(";")]
    if not parts or parts == [""]:
        fail("an empty effect list (write 'none')")
    for i in range(len(parts)):
        p = parts[i]
        last = i == len(parts) - 1
        op = -1
        arg = 0
        for k in range(len(COUNTERS)):
            name = COUNTERS[k]
            if p.startswith(name) and len(p) > len(name) and p[len(name)] in "+-":
                digits = p[len(name) + 1:]
                gain = p[len(name)] == "+"
                if digits in ("D6", "2D6", "1D6"):
                    op = OP_DICE
                    arg = k * 16 + (8 if gain else 0) + (2 if digits == "2D6" else 1)
                else:
                    n = _amount(p, digits, fail)
                    op = COUNTER_OPS[k]
                    arg = 128 + (n if gain else -n)
        if op < 0 and p in SIMPLE:
            op = SIMPLE_OPS[SIMPLE.index(p)]
        if op < 0 and p.startswith("retainer:"):
            digits = p[9:]
            if not digits.isdigit() or int(digits) > 20:
                fail("'%s': a retainer pays 0 to 20 dollars a turn" % p)
            op = OP_RETAINER
            arg = int(digits)
        if op < 0 and p.startswith("charity+"):
            op = OP_CHARITY
            arg = _amount(p, p[8:], fail)
        if op < 0 and p.startswith("find:"):
            name = p[5:]
            if name not in names.items:
                fail("'%s': no item or spell named '%s'" % (p, name))
            op = OP_FIND
            arg = names.items[name]
        if op < 0 and p in TERMINALS:
            if world and p not in WORLD_TERMINALS:
                fail("'%s' cannot happen in an Other World" % p)
            if p == "jail" and not names.jail:
                fail("'jail': no city location has the flag 'jail' (spaces.tsv)")
            op = TERMINAL_OPS[TERMINALS.index(p)]
        if op < 0 and p.startswith("move:"):
            if world:
                fail("'%s' cannot happen in an Other World" % p)
            name = p[5:]
            if name not in names.places:
                fail("'%s': no city location named '%s'" % (p, name))
            op = OP_MOVE
            arg = names.places[name]
        if op < 0 and p.startswith("world:"):
            name = p[6:]
            if name not in names.worlds:
                fail("'%s': no Other World named '%s'" % (p, name))
            op = OP_WORLD
            arg = names.worlds.index(name)
        if op < 0:
            fail("unknown effect '%s' (the vocabulary: %s)" % (p, VOCABULARY))
        if op >= OP_MONSTER and not last:
            fail("'%s' hands the turn on, so it must come last" % p)
        out.append((op, arg))


def _test(text, world, names, fail):
    head, colon, body = text.partition(":")
    words = head.split()
    if not colon or len(words) != 3 or words[1] not in names.skills:
        fail("a test is 'test SKILL MOD: LIST / LIST' with a skill of this board (%s), not '%s'" % (
            ", ".join(names.skills), text))
    mod = words[2]
    if len(mod) < 2 or mod[0] not in "+-" or not mod[1:].isdigit() or int(mod[1:]) > 6:
        fail("the test modifier '%s' must be a signed number -6 to +6" % mod)
    m = int(mod[1:]) * (1 if mod[0] == "+" else -1)
    branches = body.split("/")
    if len(branches) != 2:
        fail("a test needs a pass list and a fail list separated by '/'")
    passed = []
    failed = []
    _list(branches[0], world, names, passed, fail)
    _list(branches[1], world, names, failed, fail)
    return [(OP_TEST, names.skills.index(words[1]) * 16 + m + 8), (OP_BRANCH, len(passed))] + passed + failed


def _pay(text, world, names, fail):
    head, colon, body = text.partition(":")
    words = head.split()
    if not colon or len(words) not in (2, 3) or words[1] not in PAY_NAMES or \
            (words[1] == "gate") != (len(words) == 2):
        fail("a payment is 'pay money N: LIST', 'pay sanity N: LIST', 'pay strength N: LIST' or "
             "'pay gate: LIST', not '%s'" % text)
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
    return [(OP_PAY, kind * 32 + amount), (OP_BRANCH, len(got))] + got


def compile_effects(text, world, names, fail):
    """The (op, arg) list of one row. names: a Names (what effects may refer to); fail(message)
    raises the loader's KernelError naming the file, line and field."""
    text = text.strip()
    if text.startswith("test "):
        return _test(text, world, names, fail)
    if text.startswith("pay "):
        return _pay(text, world, names, fail)
    out = []
    _list(text, world, names, out, fail)
    return out
