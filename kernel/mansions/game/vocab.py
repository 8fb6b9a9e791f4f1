"""The effect and condition vocabulary of a story's data files, compiled at load into small ints.

An effect list is `;`-separated tokens, each `name` or `name:arg[:arg]` (kernel/mansions/data/README.md
lists them). Tokens after a `test:ATTRIBUTE:MODIFIER` apply only when that test fails. Names of
monsters, spaces, cards and attributes are resolved through the lookups the story passes in; any
unknown word is a KernelError naming the file, line and field (the `where` the caller gives).

Compiled effects live in one EffectTable: four parallel bytearrays (op, a, b, n) and, per list, a
start and a count, so applying an effect list reads small ints only (no allocation in play).
"""

from array import array

from ...errors import KernelError
from .consts import (E_DAMAGE, E_HORROR, E_STUN, E_HEAL, E_CALM, E_SKILL, E_DAMAGE_ALL, E_HORROR_ALL,
                     E_THREAT, E_SPAWN, E_SEAL, E_UNSEAL, E_LEARN, E_DRAW_MYTHOS, E_MOVE, E_TEST,
                     E_DISCARD, E_HIT, E_NOTHING, NONE, ATTRIBUTES, MAX_EFFECTS,
                     C_EVENT, C_KILLED, C_REACH, C_KILL, C_ESCAPE, C_BRING, COND_NAMES, EFFECT_NAMES)

# name -> (opcode, what its arguments are); "n" a count 0..99
_SIMPLE = {"damage": E_DAMAGE, "horror": E_HORROR, "stun": E_STUN, "heal": E_HEAL, "calm": E_CALM,
           "skill": E_SKILL, "damage_all": E_DAMAGE_ALL, "horror_all": E_HORROR_ALL,
           "threat": E_THREAT, "draw_mythos": E_DRAW_MYTHOS, "move": E_MOVE, "hit": E_HIT}


def fail(where, message):
    raise KernelError("story", "%s: %s" % (where, message))


def number(text, where, low=0, high=99):
    """An int in low .. high (signed allowed when low < 0)."""
    t = text.strip()
    body = t[1:] if t[:1] in ("+", "-") else t
    if not body.isdigit():
        fail(where, "'%s' is not a number" % text)
    v = int(t)
    if not low <= v <= high:
        fail(where, "%d is not in %d .. %d" % (v, low, high))
    return v


def attribute(text, where):
    name = text.strip().lower()
    for i in range(len(ATTRIBUTES)):
        if ATTRIBUTES[i] == name:
            return i
    fail(where, "unknown attribute '%s' (one of %s)" % (text, ", ".join(ATTRIBUTES)))


def lookup(table, text, what, where):
    """The index of a name in a dict name -> index."""
    key = text.strip()
    if key not in table:
        fail(where, "unknown %s '%s'" % (what, key))
    return table[key]


class EffectTable:
    """Every compiled effect list of a story, flat."""

    def __init__(self):
        self.op = bytearray()
        self.a = bytearray()
        self.b = bytearray()
        self.n = bytearray()
        self.start = array("H")
        self.count = bytearray()

    def add(self, effects):
        """Store a list of (op, a, b, n) tuples; its index."""
        self.start.append(len(self.op))
        self.count.append(len(effects))
        for op, a, b, n in effects:
            self.op.append(op)
            self.a.append(a)
            self.b.append(b)
            self.n.append(n)
        return len(self.count) - 1

    def ops(self, k):
        """[(op, a, b, n)] of list k (tests and text; allocates)."""
        s = self.start[k]
        return [(self.op[i], self.a[i], self.b[i], self.n[i]) for i in range(s, s + self.count[k])]


def effects(text, names, where, allowed=None):
    """Compile an effect list. `names` holds the lookups: 'monster', 'space', 'card', 'door' (a dict
    (space, space) -> door). `allowed` limits the opcodes (a combat card's pass cannot spawn)."""
    out = []
    text = text.strip()
    if text in ("", "-", "none"):
        return out
    for token in text.split(";"):
        parts = [p.strip() for p in token.strip().split(":")]
        name = parts[0].lower()
        args = parts[1:]
        if name in _SIMPLE:
            if len(args) != 1:
                fail(where, "'%s' takes one number: %s:N" % (name, name))
            op = _SIMPLE[name]
            out.append((op, 0, 0, number(args[0], where, 0, 99)))
        elif name == "spawn":
            if not 1 <= len(args) <= 2:
                fail(where, "spawn takes a monster and optionally a space: spawn:MONSTER[:SPACE]")
            m = lookup(names["monster"], args[0], "monster", where)
            s = lookup(names["space"], args[1], "space", where) if len(args) == 2 else NONE
            op = E_SPAWN
            out.append((op, m, s, 1))
        elif name in ("seal", "unseal"):
            if len(args) != 2:
                fail(where, "%s takes the two spaces of a door: %s:SPACE:SPACE" % (name, name))
            a = lookup(names["space"], args[0], "space", where)
            b = lookup(names["space"], args[1], "space", where)
            door = names["door"].get((a, b), NONE)
            if door == NONE:
                fail(where, "no door between '%s' and '%s'" % (args[0], args[1]))
            out.append((E_SEAL if name == "seal" else E_UNSEAL, door, 0, 1))
        elif name == "learn":
            if len(args) != 1:
                fail(where, "learn takes a spell card: learn:NAME")
            out.append((E_LEARN, lookup(names["card"], args[0], "card", where), 0, 1))
        elif name == "test":
            if len(args) != 2:
                fail(where, "test takes an attribute and a modifier: test:will:-1")
            out.append((E_TEST, attribute(args[0], where), number(args[1], where, -9, 9) + 128, 0))
        elif name == "discard":
            if args:
                fail(where, "discard takes no argument")
            out.append((E_DISCARD, 0, 0, 0))
        elif name == "none":
            out.append((E_NOTHING, 0, 0, 0))
        else:
            fail(where, "unknown effect '%s'" % name)
    if len(out) > MAX_EFFECTS:
        fail(where, "more than %d effects" % MAX_EFFECTS)
    if allowed is not None:
        for e in out:
            if e[0] not in allowed:
                fail(where, "effect '%s' is not allowed here" % token_name(e[0]))
    return out


def token_name(op):
    return EFFECT_NAMES[op]


def condition(text, names, where, side):
    """(kind, a, b) of an objective's condition; side 'keeper' or 'investigators'."""
    parts = [p.strip() for p in text.strip().split(":")]
    name = parts[0].lower()
    args = parts[1:]
    kinds = ("event", "killed", "reach") if side == "keeper" else ("kill", "escape", "bring")
    if name not in kinds:
        fail(where, "'%s' is not a %s condition (one of %s)" % (name, side, ", ".join(kinds)))
    want = {"event": 1, "killed": 1, "reach": 2, "kill": 1, "escape": 1, "bring": 2}[name]
    if len(args) != want:
        fail(where, "'%s' takes %d argument(s)" % (name, want))
    if name == "event":
        return C_EVENT, number(args[0], where, 1, 99) - 1, 0
    if name == "killed":
        return C_KILLED, number(args[0], where, 1, 4), 0
    if name == "reach":
        return (C_REACH, lookup(names["monster"], args[0], "monster", where),
                lookup(names["room"], args[1], "room", where))
    if name == "kill":
        return C_KILL, lookup(names["monster"], args[0], "monster", where), 0
    if name == "escape":
        return C_ESCAPE, lookup(names["space"], args[0], "space", where), 0
    return (C_BRING, lookup(names["card"], args[0], "card", where),
            lookup(names["room"], args[1], "room", where))


def condition_name(kind):
    return COND_NAMES[kind]
