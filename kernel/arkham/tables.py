"""What the handheld's Arkham companion needs of a board, read without loading the whole Board
(game/board.py holds the events, the street graph and every card, more than a Pico's heap spares):
the player range, the gate limit by player count and the doom track (rules.tsv), and the monster
kinds with their strength, SAN a/b and immunity (monsters.tsv), so that the companion follows
whatever board is loaded (the demonstration board's folder, or one the owner filled in).

    t = BoardTables(folder)        # None: the demonstration board (kernel/arkham/data)
    t.min_players, t.max_players, t.doom_length, t.gate_limit[players]
    t.nkinds, t.names[k] (bytes, at most 16), t.strength[k], t.san_pass[k], t.san_fail[k], t.immune[k]

Errors are KernelError("board", ...) naming the file, the line and the field, as Board's; the whole
board is checked on the host (`eldritch arkham check FOLDER`). Portable, and allocates only here.
"""

from ..errors import KernelError
from ..tsv import lines, folder_of

MAX_KINDS = 32
IMMUNE_NAMES = ("-", "physical", "magical", "both")


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
        self.san_pass = bytearray(n)
        self.san_fail = bytearray(n)
        self.immune = bytearray(n)
        for k in range(n):
            number, f = rows[k]
            self.names.append(f[0].encode()[:16])
            self.strength[k] = _int("monsters", number, "strength", f[2], 1, 20)
            a, slash, b = f[3].partition("/")
            if not slash or not a.isdigit() or not b.isdigit() or int(a) > 9 or int(b) > 9:
                _fail("monsters", number, "sanity", "'%s' must be a/b (0-9 each)" % f[3])
            self.san_pass[k] = int(a)
            self.san_fail[k] = int(b)
            for part in f[6].split(","):        # card names are immunities the odds cannot use
                part = part.strip()
                if part in IMMUNE_NAMES:
                    self.immune[k] |= IMMUNE_NAMES.index(part)
