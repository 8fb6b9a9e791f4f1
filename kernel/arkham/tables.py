"""What the handheld's Arkham companion needs of a board, read without loading the whole Board
(game/board.py holds the events, the street graph and every card, more than a Pico's heap spares):
the player range, the gate limit by player count and the doom track (rules.tsv), and the monster
kinds with their strength, SAN a/b and immunity (monsters.tsv), so that the companion follows
whatever board is loaded (the demonstration board's folder, or one the owner filled in).

    t = BoardTables(folder)        # None: the demonstration board (kernel/arkham/data)
    t.min_players, t.max_players, t.doom_length, t.gate_limit[players]
    t.nkinds, t.names[k] (bytes, at most 16), t.strength[k], t.str_dice[k], t.san_pass[k], t.pass_dice[k],
    t.san_fail[k], t.fail_dice[k], t.immune[k]

The printed values on a monster token are read here, by strength() and sanity(), and the full loader
(game/board.py) reads them with the same two functions:

    strength("30") -> (30, 0)   strength("14+D6") -> (14, 1)   sanity("2/D6+1") -> (2, 0, 1, 1)

A strength is N (1-99) or N+D6 / N+2D6 (N 0-99; the dice rolled each time the monster is attacked);
each side of SAN a/b is N (0-9), D6, 2D6, D6+N or 2D6+N (the dice rolled on that side of the check).
None: not one of these. The kinds are as many as the board has (an array each, sized from the file).

Errors are KernelError("board", ...) naming the file, the line and the field, as Board's; the whole
board is checked on the host (`eldritch arkham check FOLDER`). tests/test_arkham_tables.py checks every
value kept here against the full loader's, on CPython and MicroPython. Portable, and allocates only here.
"""

from ..errors import KernelError
from ..tsv import lines, folder_of

MAX_KINDS = 240              # kinds are byte ids (as in game/board.py); the arrays are sized from the file
IMMUNE_NAMES = ("-", "physical", "magical", "both")


MAX_STRENGTH = 99
MAX_LOSS = 9


def _number(text, high):
    """A whole number 0..high written in ASCII digits (at most three: no huge or non-ASCII ones), or -1."""
    if not text or len(text) > 3:
        return -1
    for c in text:
        if c < "0" or c > "9":
            return -1
    v = int(text)
    return v if v <= high else -1


def _dice(text):
    """'D6' -> 1, '2D6' -> 2, '1D6' -> 1; else 0."""
    if text in ("D6", "1D6"):
        return 1
    if text == "2D6":
        return 2
    return 0


def strength(text):
    """(base, dice) of a printed strength, or None."""
    base, plus, dice = text.partition("+")
    n = _number(base, MAX_STRENGTH)
    if not plus:
        return (n, 0) if n >= 1 else None
    k = _dice(dice)
    if not k or n < 0:
        return None
    return n, k


def loss(text):
    """(base, dice) of one side of SAN a/b, or None."""
    n = _number(text, MAX_LOSS)
    if n >= 0:
        return n, 0
    dice, plus, base = text.partition("+")
    k = _dice(dice)
    if not k:
        return None
    if not plus:
        return 0, k
    n = _number(base, MAX_LOSS)
    return (n, k) if n >= 0 else None


def sanity(text):
    """(pass base, pass dice, fail base, fail dice) of a printed SAN a/b, or None."""
    a, slash, b = text.partition("/")
    if not slash:
        return None
    pa = loss(a)
    fb = loss(b)
    if pa is None or fb is None:
        return None
    return pa[0], pa[1], fb[0], fb[1]


def demo_folder():
    return folder_of(__file__) + "/data"


def _rows(folder, table, columns):
    """(line number, fields) of a table's rows, the first `columns` fields (optional ones after)."""
    out = []
    header = None
    for number, line in lines(folder + "/" + table + ".tsv", "board"):
        if not line.strip() or line.startswith("#"):
            continue
        fields = [f.strip() for f in line.split("\t")]
        if header is None:
            header = fields
            if tuple(fields[:len(columns)]) != columns:
                raise KernelError("board", "%s.tsv line %d: the header must begin with the columns %s" % (
                    table, number, ", ".join(columns)))
            continue
        if len(fields) != len(header):
            raise KernelError("board", "%s.tsv line %d: %d fields, expected %d" % (table, number, len(fields),
                                                                                 len(header)))
        out.append((number, fields))
    return out


def _fail(table, number, field, message):
    raise KernelError("board", "%s.tsv line %d, field '%s': %s" % (table, number, field, message))


def _int(table, number, field, text, low, high):
    if not text.isdigit() or not low <= int(text) <= high:
        _fail(table, number, field, "'%s' must be a whole number %d to %d" % (text, low, high))
    return int(text)


def _range(number, text):
    a, dash, b = text.partition("-")
    if not dash:
        b = a
    if not a.isdigit() or not b.isdigit() or not 1 <= int(a) <= int(b) <= 8:
        _fail("rules", number, "value", "'%s' must be a range like 1-8 within 1 to 8" % text)
    return int(a), int(b)


class BoardTables:
    """The rules and monster kinds of a board folder (see the module docstring)."""

    def __init__(self, folder=None):
        folder = folder or demo_folder()
        self.folder = folder
        keys = {}
        for number, f in _rows(folder, "rules", ("key", "value")):
            keys[f[0]] = (number, f[1])
        for key in ("players", "doom_length", "gate_limits"):
            if key not in keys:
                raise KernelError("board", "rules.tsv: the key '%s' is missing" % key)
        number, text = keys["players"]
        self.min_players, self.max_players = _range(number, text)
        number, text = keys["doom_length"]
        self.doom_length = _int("rules", number, "value", text, 1, 99)
        number, text = keys["gate_limits"]
        self.gate_limit = bytearray(9)
        for part in text.split(","):
            span, colon, limit = part.partition(":")
            if not colon or not limit.isdigit() or not 1 <= int(limit) <= 60:
                _fail("rules", number, "value", "'%s' must be PLAYERS:LIMIT, e.g. 1-2:8" % part)
            a, b = _range(number, span)
            for p in range(a, b + 1):
                self.gate_limit[p] = int(limit)
        for p in range(self.min_players, self.max_players + 1):
            if not self.gate_limit[p]:
                _fail("rules", number, "value", "no gate limit for %d players" % p)
        rows = _rows(folder, "monsters", ("name", "count", "strength", "sanity", "move", "colour", "immune", "special"))
        if len(rows) > MAX_KINDS:
            raise KernelError("board", "monsters.tsv: %d kinds, the kernel allows %d" % (len(rows), MAX_KINDS))
        n = len(rows)
        self.nkinds = n
        self.names = []
        self.strength = bytearray(n)
        self.str_dice = bytearray(n)
        self.san_pass = bytearray(n)
        self.pass_dice = bytearray(n)
        self.san_fail = bytearray(n)
        self.fail_dice = bytearray(n)
        self.immune = bytearray(n)
        for k in range(n):
            number, f = rows[k]
            self.names.append(f[0].encode()[:16])
            st = strength(f[2])
            if st is None:
                _fail("monsters", number, "strength", "'%s' must be 1 to %d, or N+D6 or N+2D6" % (f[2], MAX_STRENGTH))
            self.strength[k] = st[0]
            self.str_dice[k] = st[1]
            san = sanity(f[3])
            if san is None:
                _fail("monsters", number, "sanity", "'%s' must be a/b, each 0-9, D6, 2D6 or D6+N" % f[3])
            self.san_pass[k] = san[0]
            self.pass_dice[k] = san[1]
            self.san_fail[k] = san[2]
            self.fail_dice[k] = san[3]
            for part in f[6].split(","):        # card names are immunities the odds cannot use
                part = part.strip()
                if part in IMMUNE_NAMES:
                    self.immune[k] |= IMMUNE_NAMES.index(part)
