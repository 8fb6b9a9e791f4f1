"""The effect vocabulary of the event tables, compiled at load into (op, arg) byte pairs.

A row's effects are either a list `e1; e2; ...` or a skill test `test SKILL MOD: LIST / LIST`
(SKILL fight or stealth, MOD a signed number; pass on a D6 at most the skill plus MOD). In a list,
simple effects come first and at most one effect that hands the turn on (a terminal) comes last:

    simple    money+N money-N sanity+N sanity-N strength+N strength-N item spell find:NAME none
    terminal  monster gate move:PLACE free_move sheldon shop lost

In an Other World only monster and lost are terminals (no gate, move, free_move, sheldon, shop).
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
OP_MONSTER = const(16)
OP_GATE = const(17)
OP_MOVE = const(18)
OP_FREE_MOVE = const(19)
OP_SHELDON = const(20)
OP_SHOP = const(21)
OP_LOST = const(22)
OP_TEST = const(32)      # arg: skill * 16 + (mod + 8); the next op is OP_BRANCH
OP_BRANCH = const(33)    # arg: how many ops the pass list has (the fail list follows it)

TERMINALS = ("monster", "gate", "free_move", "sheldon", "shop", "lost")
TERMINAL_OPS = (OP_MONSTER, OP_GATE, OP_FREE_MOVE, OP_SHELDON, OP_SHOP, OP_LOST)
WORLD_TERMINALS = ("monster", "lost")
SIMPLE = ("item", "spell", "none")
SIMPLE_OPS = (OP_ITEM, OP_SPELL, OP_NONE)
COUNTERS = ("money", "sanity", "strength")
COUNTER_OPS = (OP_MONEY, OP_SANITY, OP_STRENGTH)
SKILLS = ("fight", "stealth")
VOCABULARY = ("money+N money-N sanity+N sanity-N strength+N strength-N item spell find:NAME none "
              "monster gate move:PLACE free_move sheldon shop lost; test SKILL MOD: LIST / LIST")


def _list(text, world, places, items, out, fail):
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
                if not digits.isdigit() or not (1 <= int(digits) <= 20):
                    fail("'%s': the amount must be 1 to 20" % p)
                n = int(digits)
                op = COUNTER_OPS[k]
                arg = 128 + (n if p[len(name)] == "+" else -n)
        if op < 0 and p in SIMPLE:
            op = SIMPLE_OPS[SIMPLE.index(p)]
        if op < 0 and p.startswith("find:"):
            name = p[5:]
            if name not in items:
                fail("'%s': no item or spell named '%s'" % (p, name))
            op = OP_FIND
            arg = items[name]
        if op < 0 and p in TERMINALS:
            if world and p not in WORLD_TERMINALS:
                fail("'%s' cannot happen in an Other World" % p)
            op = TERMINAL_OPS[TERMINALS.index(p)]
        if op < 0 and p.startswith("move:"):
            if world:
                fail("'%s' cannot happen in an Other World" % p)
            name = p[5:]
            if name not in places:
                fail("'%s': no city location named '%s'" % (p, name))
            op = OP_MOVE
            arg = places[name]
        if op < 0:
            fail("unknown effect '%s' (the vocabulary: %s)" % (p, VOCABULARY))
        if op >= OP_MONSTER and not last:
            fail("'%s' hands the turn on, so it must come last" % p)
        out.append((op, arg))


def compile_effects(text, world, places, items, fail):
    """The (op, arg) list of one row. places: city location name -> space id; items: item or
    spell name -> kind id; fail(message) raises the loader's KernelError naming file, line, field."""
    text = text.strip()
    out = []
    if text.startswith("test "):
        head, colon, body = text.partition(":")
        words = head.split()
        if not colon or len(words) != 3 or words[1] not in SKILLS:
            fail("a test is 'test fight|stealth MOD: LIST / LIST', not '%s'" % text)
        mod = words[2]
        if len(mod) < 2 or mod[0] not in "+-" or not mod[1:].isdigit() or int(mod[1:]) > 6:
            fail("the test modifier '%s' must be a signed number -6 to +6" % mod)
        m = int(mod[1:]) * (1 if mod[0] == "+" else -1)
        branches = body.split("/")
        if len(branches) != 2:
            fail("a test needs a pass list and a fail list separated by '/'")
        passed = []
        failed = []
        _list(branches[0], world, places, items, passed, fail)
        _list(branches[1], world, places, items, failed, fail)
        out.append((OP_TEST, SKILLS.index(words[1]) * 16 + m + 8))
        out.append((OP_BRANCH, len(passed)))
        out.extend(passed)
        out.extend(failed)
        return out
    _list(text, world, places, items, out, fail)
    return out
