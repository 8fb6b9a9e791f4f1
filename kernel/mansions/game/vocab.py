"""The effect and condition vocabulary of a story's data files, compiled at load into small ints.

An effect list is `;`-separated tokens, each `name` or `name:arg[:arg]` (kernel/mansions/data/README.md
lists them). Tokens after a `test:ATTRIBUTE:MODIFIER` apply only when that test fails. `if:CONDITION`,
`else` and `end` branch (nested as deep as the list allows). Names of monsters, spaces, rooms, cards,
spell decks and attributes are resolved through the lookups the story passes in; story flags are named
freely (`flag:NAME` sets one, `if:flag:NAME` reads it). Any unknown word is a KernelError naming the
file, line and field (the `where` the caller gives).

Compiled effects live in one EffectTable: four parallel bytearrays (op, a, b, n) and, per list, a
start and a count, so applying an effect list reads small ints only (no allocation in play).
"""

from array import array

from ...errors import KernelError
from .consts import (E_DAMAGE, E_HORROR, E_STUN, E_HEAL, E_CALM, E_SKILL, E_DAMAGE_ALL, E_HORROR_ALL,
                     E_THREAT, E_SPAWN, E_SEAL, E_UNSEAL, E_LEARN, E_DRAW_MYTHOS, E_MOVE, E_TEST,
                     E_DISCARD, E_HIT, E_NOTHING, E_REVEAL, E_WIN, E_FLAG, E_UNFLAG, E_IF, E_ELSE, E_END,
                     E_FIRE, E_EXTINGUISH, E_SPREAD, E_DARK, E_LIGHT, E_CORPSE, E_RAISE, E_TRAUMA, E_MSTUN,
                     E_WEAPON, E_BONUS, E_MODIFY, E_ONCE, E_EVADE_MOD, E_HORROR_MOD, E_COMBAT_MOD,
                     E_HORROR_ONE, E_DAMAGE_ONE, E_TIME, E_SPAWN_WITH, E_MONSTER_DAMAGE, E_MONSTER_HORROR,
                     E_DROP_WEAPON, E_HIT_HALF, E_BREAK, E_HOLD,
                     NONE, ATTRIBUTES, MAX_EFFECTS, MAX_FLAGS, MAX_QUESTIONS,
                     W_FIREARM, W_BLADED, W_BLUNT, W_UNARMED, W_MELEE, W_ANY, WIN_KEEPER, WIN_INVESTIGATORS,
                     WIN_NOBODY, C_EVENT, C_KILLED, C_REACH, C_KILL, C_ESCAPE, C_BRING, C_NONE, COND_NAMES,
                     EFFECT_NAMES, Q_CLUE, Q_OBJECTIVE, Q_ANSWER, Q_FLAG, Q_EVENT, Q_REVEALED, Q_KILLED,
                     Q_DARK, Q_CORPSE, Q_FIRE, Q_INSANE, Q_NOT, U_ACTION, U_FREE, U_TEST, U_ALWAYS)

# name -> opcode of the effects taking one count 0..99
_SIMPLE = {"damage": E_DAMAGE, "horror": E_HORROR, "stun": E_STUN, "heal": E_HEAL, "calm": E_CALM,
           "skill": E_SKILL, "damage_all": E_DAMAGE_ALL, "horror_all": E_HORROR_ALL,
           "threat": E_THREAT, "draw_mythos": E_DRAW_MYTHOS, "move": E_MOVE, "hit": E_HIT,
           "horror_one": E_HORROR_ONE, "damage_one": E_DAMAGE_ONE, "time": E_TIME}
# name -> opcode of the effects taking a signed modifier -9..9
_SIGNED = {"bonus": E_BONUS, "evade": E_EVADE_MOD, "horror_check": E_HORROR_MOD, "combat": E_COMBAT_MOD}
# name -> opcode of the effects taking no argument
_BARE = {"reveal": E_REVEAL, "spread_fire": E_SPREAD, "trauma": E_TRAUMA, "stun_monster": E_MSTUN,
         "once": E_ONCE, "discard": E_DISCARD, "none": E_NOTHING, "monster_damage": E_MONSTER_DAMAGE,
         "monster_horror": E_MONSTER_HORROR, "drop_weapon": E_DROP_WEAPON, "break": E_BREAK, "hold": E_HOLD}
WEAPON_KINDS = {"firearm": W_FIREARM, "bladed": W_BLADED, "blunt": W_BLUNT, "melee": W_MELEE,
                "unarmed": W_UNARMED, "any": W_ANY}
WINNERS = {"keeper": WIN_KEEPER, "investigators": WIN_INVESTIGATORS, "nobody": WIN_NOBODY}
USES = {"action": U_ACTION, "free": U_FREE, "roll": U_TEST, "always": U_ALWAYS}
QUERIES = ("clue", "objective", "answer", "flag", "event", "revealed", "killed", "dark", "corpse", "fire",
           "insane")
BRANCHES = (E_IF, E_ELSE, E_END)


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


class Flags:
    """The story's flags by name: created where first named; the names set and the names read are
    kept, so the story can refuse a flag read but never set."""

    def __init__(self):
        self.index = {}
        self.names = []
        self.set_at = {}
        self.read_at = {}

    def get(self, name, where, setting):
        name = name.strip()
        if not name:
            fail(where, "a flag needs a name: flag:NAME")
        if name not in self.index:
            if len(self.names) >= MAX_FLAGS:
                fail(where, "more than %d story flags" % MAX_FLAGS)
            self.index[name] = len(self.names)
            self.names.append(name)
        (self.set_at if setting else self.read_at).setdefault(name, where)
        return self.index[name]


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

    def first_op(self, k):
        """The first opcode of list k that is not a branch (E_NOTHING for an empty list)."""
        s = self.start[k]
        for i in range(s, s + self.count[k]):
            if self.op[i] not in BRANCHES:
                return self.op[i]
        return E_NOTHING


def query(parts, names, where):
    """(kind, argument) of a condition given as its words: ['clue', '3'], ['!flag', 'bell'] ..."""
    if not parts or not parts[0]:
        fail(where, "a condition is missing (%s)" % ", ".join(QUERIES))
    word = parts[0].lower()
    neg = 0
    if word.startswith("!"):
        neg = Q_NOT
        word = word[1:]
    args = parts[1:]
    want = {"clue": 1, "objective": 1, "answer": 1, "flag": 1, "event": 1, "revealed": 0, "killed": 1,
            "dark": 0, "corpse": 0, "fire": 0, "insane": 0}
    if word not in want:
        fail(where, "unknown condition '%s' (one of %s; '!' negates)" % (parts[0], ", ".join(QUERIES)))
    if len(args) != want[word]:
        fail(where, "the condition '%s' takes %d argument(s)" % (word, want[word]))
    if word == "clue":
        return Q_CLUE | neg, number(args[0], where, 1, 20)
    if word == "objective":
        return Q_OBJECTIVE | neg, number(args[0], where, 1, 3) - 1
    if word == "answer":
        qa = args[0].split("=")
        if len(qa) != 2:
            fail(where, "answer:QUESTION=ANSWER, e.g. answer:2=1")
        q = number(qa[0], where, 1, MAX_QUESTIONS)
        a = number(qa[1], where, 1, 9)
        return Q_ANSWER | neg, (q - 1) * 16 + a - 1
    if word == "flag":
        return Q_FLAG | neg, names["flag"].get(args[0], where, False)
    if word == "event":
        return Q_EVENT | neg, number(args[0], where, 1, 20) - 1
    if word == "killed":
        return Q_KILLED | neg, number(args[0], where, 1, 4)
    kind = {"revealed": Q_REVEALED, "dark": Q_DARK, "corpse": Q_CORPSE, "fire": Q_FIRE, "insane": Q_INSANE}[word]
    return kind | neg, 0


def condition_of(text, names, where):
    """A field holding one condition (events' and keeper cards' `when`): (kind, argument), (0, 0) when
    empty or '-'."""
    t = text.strip()
    if t in ("", "-", "always"):
        return 0, 0
    return query([p.strip() for p in t.split(":")], names, where)


def use_of(text):
    """The timing word that may open an ability ('action;heal:2'): (U_*, the rest)."""
    t = text.strip()
    head = t.split(";", 1)[0].strip().lower()
    if head in USES:
        rest = t.split(";", 1)[1] if ";" in t else ""
        return USES[head], rest
    return U_ACTION, t


def effects(text, names, where, allowed=None):
    """Compile an effect list. `names` holds the lookups: 'monster', 'space', 'room', 'card', 'deck',
    'door' (a dict (space, space) -> door) and 'flag' (a Flags). `allowed` limits the opcodes (a combat
    card's pass cannot spawn); branches are allowed wherever their contents are."""
    out = []
    text = text.strip()
    if text in ("", "-", "none"):
        return out
    opened = []         # positions of the open if / else tokens
    for token in text.split(";"):
        parts = [p.strip() for p in token.strip().split(":")]
        name = parts[0].lower()
        if name in _BRANCH_WORDS:
            _branch(out, opened, name, parts[1:], names, where)
        else:
            out.append(_token(name, parts[1:], names, where))
    if opened:
        fail(where, "an 'if' is not closed by 'end'")
    if len(out) > MAX_EFFECTS:
        fail(where, "more than %d effects" % MAX_EFFECTS)
    if allowed is not None:
        for e in out:
            if e[0] not in allowed and e[0] not in BRANCHES:
                fail(where, "effect '%s' is not allowed here" % token_name(e[0]))
    return out


def _token(name, args, names, where):
    """One effect token (not a branch) as (op, a, b, n)."""
    if name in _SIMPLE:
        if len(args) != 1:
            fail(where, "'%s' takes one number: %s:N" % (name, name))
        return (_SIMPLE[name], 0, 0, number(args[0], where, 0, 99))
    if name in _SIGNED:
        if len(args) != 1:
            fail(where, "'%s' takes a modifier: %s:+2" % (name, name))
        return (_SIGNED[name], 0, 0, number(args[0], where, -9, 9) + 128)
    if name in _BARE:
        if args:
            fail(where, "'%s' takes no argument" % name)
        return (_BARE[name], 0, 0, 0)
    if name not in _PARSERS:
        fail(where, "unknown effect '%s'" % name)
    return _PARSERS[name](name, args, names, where)


def _spawn(name, args, names, where):
    if not 1 <= len(args) <= 2:
        fail(where, "spawn takes a monster and optionally a space: spawn:MONSTER[:SPACE]")
    m = lookup(names["monster"], args[0], "monster", where)
    s = lookup(names["space"], args[1], "space", where) if len(args) == 2 else NONE
    return (E_SPAWN, m, s, 1)


def _spawn_with(name, args, names, where):
    if len(args) != 1:
        fail(where, "spawn_with takes a monster: spawn_with:MONSTER (in a room with an investigator, the "
             "keeper's choice of space)")
    return (E_SPAWN_WITH, lookup(names["monster"], args[0], "monster", where), 0, 1)


def _hit_half(name, args, names, where):
    if len(args) != 1:
        fail(where, "hit_half takes the attacker's attribute: hit_half:strength (half of it, rounded up)")
    return (E_HIT_HALF, attribute(args[0], where), 0, 0)


def _raise(name, args, names, where):
    if len(args) != 1:
        fail(where, "raise takes a monster: raise:MONSTER (placed on a corpse the keeper chooses)")
    return (E_RAISE, lookup(names["monster"], args[0], "monster", where), 0, 1)


def _door(name, args, names, where):
    if len(args) != 2:
        fail(where, "%s takes the two spaces of a door: %s:SPACE:SPACE" % (name, name))
    a = lookup(names["space"], args[0], "space", where)
    b = lookup(names["space"], args[1], "space", where)
    door = names["door"].get((a, b), NONE)
    if door == NONE:
        fail(where, "no door between '%s' and '%s'" % (args[0], args[1]))
    return (E_SEAL if name == "seal" else E_UNSEAL, door, 0, 1)


def _space_token(name, args, names, where):
    if len(args) != 1:
        fail(where, "%s takes a space: %s:SPACE" % (name, name))
    op = {"fire": E_FIRE, "extinguish": E_EXTINGUISH, "corpse": E_CORPSE}[name]
    return (op, lookup(names["space"], args[0], "space", where), 0, 1)


def _room_token(name, args, names, where):
    if len(args) > 1:
        fail(where, "%s takes a room (none: the room of the investigator it acts on): %s:ROOM" % (name, name))
    room = lookup(names["room"], args[0], "room", where) if args else NONE
    return (E_DARK if name == "dark" else E_LIGHT, room, 0, 1)


def _learn(name, args, names, where):
    if len(args) != 1:
        fail(where, "learn takes a spell card or a spell deck: learn:NAME")
    if args[0] in names.get("deck", {}):
        return (E_LEARN, names["deck"][args[0]], 1, 1)
    return (E_LEARN, lookup(names["card"], args[0], "card or spell deck", where), 0, 1)


def _test(name, args, names, where):
    if len(args) != 2:
        fail(where, "test takes an attribute and a modifier: test:will:-1")
    return (E_TEST, attribute(args[0], where), number(args[1], where, -9, 9) + 128, 0)


def _modify(name, args, names, where):
    if len(args) != 2:
        fail(where, "modify takes an attribute and a modifier: modify:strength:-1")
    return (E_MODIFY, attribute(args[0], where), 0, number(args[1], where, -9, 9) + 128)


def _weapon(name, args, names, where):
    if len(args) != 2 or args[0].lower() not in WEAPON_KINDS:
        fail(where, "weapon takes a kind (%s) and a modifier: weapon:blunt:+1" % ", ".join(WEAPON_KINDS))
    return (E_WEAPON, WEAPON_KINDS[args[0].lower()], 0, number(args[1], where, -9, 9) + 128)


def _win(name, args, names, where):
    if len(args) != 1 or args[0].lower() not in WINNERS:
        fail(where, "win takes the side: win:keeper, win:investigators or win:nobody")
    return (E_WIN, WINNERS[args[0].lower()], 0, 0)


def _flag(name, args, names, where):
    if len(args) != 1:
        fail(where, "%s takes a flag's name: %s:NAME" % (name, name))
    return (E_FLAG if name == "flag" else E_UNFLAG, names["flag"].get(args[0], where, True), 0, 0)


_PARSERS = {"spawn": _spawn, "spawn_with": _spawn_with, "hit_half": _hit_half, "raise": _raise, "seal": _door,
            "unseal": _door, "fire": _space_token,
            "extinguish": _space_token, "corpse": _space_token, "dark": _room_token, "light": _room_token,
            "learn": _learn, "test": _test, "modify": _modify, "weapon": _weapon, "win": _win,
            "flag": _flag, "unflag": _flag}
_BRANCH_WORDS = ("if", "else", "end")


def _branch(out, opened, name, args, names, where):
    """if:CONDITION opens a branch, else switches it, end closes it: each records how far to skip."""
    if name == "if":
        kind, arg = query(args, names, where)
        opened.append(len(out))
        out.append((E_IF, kind, arg, 0))
        return
    if name == "else":
        if args or not opened or out[opened[-1]][0] != E_IF:
            fail(where, "'else' follows an 'if:CONDITION' and takes no argument")
        i = opened.pop()
        op, a, b, _ = out[i]
        out[i] = (op, a, b, len(out) - i)          # false: on after this else
        opened.append(len(out))
        out.append((E_ELSE, 0, 0, 0))
        return
    if args or not opened:
        fail(where, "'end' closes an 'if:CONDITION'")
    i = opened.pop()
    op, a, b, _ = out[i]
    out[i] = (op, a, b, len(out) - i)              # to this end (which does nothing)
    out.append((E_END, 0, 0, 0))


def token_name(op):
    return EFFECT_NAMES[op]


def condition(text, names, where, side):
    """(kind, a, b) of an objective's condition; side 'keeper' or 'investigators'. '-' (C_NONE): an
    event card decides (win:SIDE)."""
    t = text.strip()
    if t in ("", "-", "none"):
        return C_NONE, 0, 0
    parts = [p.strip() for p in t.split(":")]
    name = parts[0].lower()
    args = parts[1:]
    kinds = ("event", "killed", "reach") if side == "keeper" else ("kill", "escape", "bring")
    if name not in kinds:
        fail(where, "'%s' is not a %s condition (one of %s, or '-': an event decides)" % (
            name, side, ", ".join(kinds)))
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
