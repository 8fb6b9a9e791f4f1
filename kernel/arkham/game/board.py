"""The board and its tables as data: read from a folder of TSV files and validated at load.

    board = Board()                 # the demonstration board in kernel/arkham/data/
    board = Board("/path/to/mine")  # a board a user filled in from the template

Schema: kernel/arkham/data/README.md. Any error is one KernelError("board", ...) naming the file, the
line and the field ("spaces.tsv line 7, field 'neighbours': unknown space 'Mian Street'"), found at
load, never during play. Besides each field's own checks, the whole board is checked (semantics):
every space can be reached from where the investigators start, each player count's gate limit can
be reached (enough locations where gates open, enough gate cards), and some gate can open at all
(else the doom track never moves). Tables may carry optional columns after the required ones
(OPTIONAL), and rules.tsv optional keys, so a board written before them still loads.

Everything is kept in flat bytearrays the game reads without allocating; names and texts are lists
of strings for the text layer. Portable: plain open() and split.
"""

from array import array

from ...errors import KernelError
from ...tsv import lines, folder_of
from ..tables import strength as read_strength, sanity as read_sanity, MAX_STRENGTH
from .effects import compile_effects, Names, OP_GATE

try:
    from micropython import const
except ImportError:  # CPython
    def const(x):
        return x

FILES = ("rules", "spaces", "worlds", "gates", "gate_table", "monsters", "items", "investigators", "events")
SCHEMAS = {
    "rules": ("key", "value"),
    "spaces": ("name", "kind", "neighbours", "flags"),
    "worlds": ("name", "colour"),
    "gates": ("world", "difficulty", "count"),
    "gate_table": ("roll", "location"),
    "monsters": ("name", "count", "strength", "sanity", "move", "colour", "immune", "special"),
    "items": ("name", "deck", "count", "attack", "bonus", "hands", "cost", "price", "special"),
    "investigators": ("name", "sanity", "strength", "fight", "stealth", "money", "start", "items"),
    "events": ("place", "roll", "effects", "text"),
}
# optional columns, after the required ones, in any order (absent: the default of each loader)
OPTIONAL = {
    "monsters": ("class", "vulnerable"),
    "items": ("skills", "against", "cast", "abilities", "use"),
    "gate_table": ("monsters",),
    "investigators": ("skills", "split"),
}
RULE_KEYS = ("players", "doom_length", "gate_limits", "round_limit", "setup_gates")
OPTIONAL_RULE_KEYS = ("skills", "first_gate_monsters", "sanity_after_madness", "strength_after_knockout",
                      "split_minimum", "sale_price", "gate_limits_by")
DEFAULT_SKILLS = "fast_talk,knowledge,luck"   # besides fight and stealth, when rules.tsv says none

# Every array is sized from the board's own data when it is loaded; what bounds a table is only that its
# ids are single bytes below the codes 250-255 (AT_POOL.., RANDOM_ITEM.., NONE): at most BYTE_IDS of each.
BYTE_IDS = const(240)
MAX_SPACES = BYTE_IDS
MAX_NEIGHBOURS = const(8)
MAX_WORLDS = const(16)
MAX_GATES = BYTE_IDS
MAX_KINDS = BYTE_IDS
MAX_MONSTERS = BYTE_IDS
MAX_ITEM_KINDS = BYTE_IDS
MAX_CARDS = BYTE_IDS
MAX_INVESTIGATORS = BYTE_IDS
MAX_PLAYERS = const(8)
MAX_START_ITEMS = const(6)
MAX_SKILLS = const(8)        # fight, stealth and up to six more
RECOVER_HALF = const(254)    # sanity_after_madness / strength_after_knockout: half the maximum, rounded up
RECOVER_MAX = const(255)     # ... the maximum
NONE = const(255)
RANDOM_ITEM = const(250)     # a starting card drawn at random: RANDOM_ITEM + DECK_*

# monster movement (k_mode), specials (k_special bits), immunities (k_immune bits)
MOVE_STILL = const(0)
MOVE_LEFT = const(1)
MOVE_RIGHT = const(2)
MOVE_FLY = const(3)
SPECIAL_HOUND = const(1)
SPECIAL_BLOCKING = const(2)
SPECIAL_CARRY = const(4)     # the Nightgaunt: a strike carries the investigator through the nearest gate
SPECIAL_WEAPONS_ONE = const(8)   # "weapons do only 1 point of damage": an item's bonus counts at most 1
SPECIAL_STEALS = const(16)   # the Mi-Go: after hurting, back to the pool taking one of the investigator's items
IMMUNE_PHYSICAL = const(1)
IMMUNE_MAGICAL = const(2)
# items: deck, attack kind, special
DECK_ITEM = const(0)
DECK_SPELL = const(1)
DECK_ALLY = const(2)
ATTACK_NONE = const(0)
ATTACK_PHYSICAL = const(1)
ATTACK_MAGICAL = const(2)
SP_VEHICLE = const(1)
SP_WHISTLE = const(2)
SP_DRAGONS_EYE = const(3)
SP_BLUE_WATCHER = const(4)
SP_ELDER_SIGN = const(5)
SP_MISTS = const(6)
SP_BIND = const(7)
SP_AUCTION = const(8)        # an auction card in the item deck: drawn, the next item card is auctioned
ABIL_ONCE = const(1)         # items.tsv 'abilities': discarded (under its deck) after one use
ABIL_BANISH = const(2)       # used on a monster here: back to the pool, for D6 strength
ABILITIES = ("once", "banish")
GATE_EXTRA_GATES = const(254)  # gate_table 'monsters' N@gates: at every open gate

SPACE_FLAGS = ("taxi", "asylum", "hospital", "jail", "outdoor")
IMMUNE_NAMES = ("-", "physical", "magical", "both")
MONSTER_SPECIALS = ("hound", "blocking", "carry", "weapons_one_point", "steals_item")
SKILL_FIGHT = const(0)
SKILL_STEALTH = const(1)
ITEM_SPECIALS = ("-", "vehicle", "taxi_whistle", "dragons_eye", "blue_watcher", "elder_sign", "mists", "bind",
                 "auction")
ATTACK_NAMES = ("-", "physical", "magical")
DECK_NAMES = ("item", "spell", "ally")


def dice_text(k):
    return "" if not k else ("D6" if k == 1 else "%dD6" % k)


def strength_text(base, dice):
    """A monster's strength as printed: 5, 14+D6."""
    return "%d+%s" % (base, dice_text(dice)) if dice else "%d" % base


def loss_text(base, dice):
    """One side of SAN a/b as printed: 3, D6, D6+1."""
    if not dice:
        return "%d" % base
    return dice_text(dice) + ("+%d" % base if base else "")


def data_folder():
    """The folder of the demonstration board (beside this package, on CPython and on the board)."""
    return folder_of(folder_of(__file__)) + "/data"


class _Row:
    """One line of a table: its fields by column name, and where it came from (for errors)."""

    def __init__(self, table, number, fields, header):
        self.table = table
        self.number = number
        self.fields = fields
        self.header = header

    def get(self, column):
        return self.fields[self.header.index(column)]

    def opt(self, column, default):
        """An optional column's text, or default when the table does not have the column."""
        if column in self.header:
            return self.fields[self.header.index(column)]
        return default

    def fail(self, column, message):
        raise KernelError("board", "%s.tsv line %d, field '%s': %s" % (self.table, self.number, column, message))

    def int(self, column, low, high):
        text = self.get(column)
        neg = text.startswith("-") and text[1:].isdigit()
        if not (text.isdigit() or neg) or not (low <= int(text) <= high):
            self.fail(column, "'%s' must be a whole number %d to %d" % (text, low, high))
        return int(text)

    def choice(self, column, names):
        text = self.get(column)
        if text not in names:
            self.fail(column, "'%s' must be one of %s" % (text, ", ".join(names)))
        return names.index(text)


class Board:
    """A board and its tables. Fields are documented where they are filled (see load_*)."""

    def __init__(self, folder=None):
        self.folder = folder or data_folder()
        self.fa = 0                        # the board's digest (Fletcher-16 over every line read)
        self.fb = 0
        rows = {}
        for name in FILES:
            rows[name] = self._read(name)
        self.load_rules(rows["rules"])
        self.load_spaces(rows["spaces"])
        self.load_worlds(rows["worlds"])
        self.load_gates(rows["gates"])
        self.load_gate_table(rows["gate_table"])
        self.load_monsters(rows["monsters"])
        self.load_items(rows["items"])
        self.load_investigators(rows["investigators"])
        self.load_events(rows["events"])
        self.check_worlds()
        self.check_reachable(rows["spaces"], rows["investigators"])
        self.check_defeats(rows["rules"])
        self.digest = (self.fb << 8) | self.fa

    # ----- reading -------------------------------------------------------------------------------

    def _read(self, table):
        path = self.folder + "/" + table + ".tsv"
        header = None
        out = []
        ncols = len(SCHEMAS[table])
        for number, line in lines(path, "board"):
            for ch in line.encode():
                self.fa = (self.fa + ch) % 255
                self.fb = (self.fb + self.fa) % 255
            if not line.strip() or line.startswith("#"):
                continue
            fields = [f.strip() for f in line.split("\t")]
            if header is None:
                header = tuple(fields)
                extra = header[ncols:]
                known = OPTIONAL.get(table, ())
                if header[:ncols] != SCHEMAS[table] or [c for c in extra if c not in known] or \
                        len(set(extra)) != len(extra):
                    raise KernelError("board", "%s.tsv line %d: the header must be the columns %s%s" % (
                        table, number, ", ".join(SCHEMAS[table]),
                        (", then any of " + ", ".join(known)) if known else ""))
                ncols = len(header)
                continue
            if len(fields) != ncols:
                raise KernelError("board", "%s.tsv line %d: %d fields, expected %d (%s)" % (
                    table, number, len(fields), ncols, ", ".join(header)))
            out.append(_Row(table, number, fields, header))
        if header is None:
            raise KernelError("board", "%s.tsv: no header line (the columns %s)" % (table, ", ".join(SCHEMAS[table])))
        if not out and table not in ("rules",):
            raise KernelError("board", "%s.tsv: no rows" % table)
        return out

    @staticmethod
    def _unique(row, column, name, seen):
        if not name:
            row.fail(column, "a name cannot be empty")
        if name in seen:
            row.fail(column, "'%s' is already defined" % name)

    # ----- rules.tsv: key / value ---------------------------------------------------------------

    def load_rules(self, rows):
        """min_players, max_players, doom_length, gate_limit[players], round_limit, setup_gates."""
        seen = {}
        for row in rows:
            key = row.get("key")
            if key not in RULE_KEYS and key not in OPTIONAL_RULE_KEYS:
                row.fail("key", "'%s' must be one of %s" % (key, ", ".join(RULE_KEYS + OPTIONAL_RULE_KEYS)))
            if key in seen:
                row.fail("key", "'%s' is given twice" % key)
            seen[key] = row
        for key in RULE_KEYS:
            if key not in seen:
                raise KernelError("board", "rules.tsv: the key '%s' is missing" % key)
        row = seen["players"]
        lo, hi = self._range(row, row.get("value"), 1, MAX_PLAYERS)
        self.min_players = lo
        self.max_players = hi
        self.doom_length = seen["doom_length"].int("value", 1, 99)
        self.round_limit = seen["round_limit"].int("value", 0, 999)
        self.setup_gates = seen["setup_gates"].int("value", 0, 8)
        self.first_gate_monsters = 1
        if "first_gate_monsters" in seen:
            self.first_gate_monsters = seen["first_gate_monsters"].int("value", 1, 9)
        # the sanity/strength split's least on either side; what a sale fetches; what the gate limit counts
        self.split_min = seen["split_minimum"].int("value", 1, 9) if "split_minimum" in seen else 1
        self.sale_up = 0
        if "sale_price" in seen:
            self.sale_up = seen["sale_price"].choice("value", ("half_down", "half_up"))
        self.limit_by_investigators = 0
        if "gate_limits_by" in seen:
            self.limit_by_investigators = seen["gate_limits_by"].choice("value", ("players", "investigators"))
        # what an investigator keeps after going mad (the Asylum) or collapsing (the Hospital)
        self.sanity_kept = self._recovery(seen.get("sanity_after_madness"))
        self.strength_kept = self._recovery(seen.get("strength_after_knockout"))
        # skills: fight and stealth, then the board's own (tests, cards and investigators name them)
        text = seen["skills"].get("value") if "skills" in seen else DEFAULT_SKILLS
        names = [x.strip() for x in text.split(",") if x.strip() and x.strip() != "-"]
        self.skill_names = ["fight", "stealth"]
        for name in names:
            ok = name and name[0].isalpha() and all(c.isalpha() or c.isdigit() or c == "_" for c in name)
            if not ok or name in self.skill_names or name in ("sanity", "strength") or \
                    len(self.skill_names) >= MAX_SKILLS:
                seen["skills"].fail("value", "'%s': skills are distinct lower-case words (a-z, 0-9, _; not sanity or "
                                    "strength, which tests name for the current values), at most "
                                    "%d besides fight and stealth" % (name, MAX_SKILLS - 2))
            self.skill_names.append(name)
        # gate_limits: "1-2:8,3-4:7,5-8:6" - every player count of the range exactly once
        self.gate_limit = bytearray(MAX_PLAYERS + 1)
        row = seen["gate_limits"]
        for part in row.get("value").split(","):
            span, colon, limit = part.partition(":")
            if not colon or not limit.isdigit() or not (1 <= int(limit) <= 60):
                row.fail("value", "'%s' must be PLAYERS:LIMIT, e.g. 1-2:8" % part)
            a, b = self._range(row, span, 1, MAX_PLAYERS)
            for p in range(a, b + 1):
                if self.gate_limit[p]:
                    row.fail("value", "%d players are given two gate limits" % p)
                self.gate_limit[p] = int(limit)
        for p in range(self.min_players, self.max_players + 1):
            if not self.gate_limit[p]:
                row.fail("value", "no gate limit for %d players" % p)

    @staticmethod
    def _recovery(row):
        """1 (no row), a number 1-20 (at most the maximum), `half` (of the maximum, rounded up) or
        `max`: RECOVER_HALF / RECOVER_MAX."""
        if row is None:
            return 1
        text = row.get("value")
        if text == "half":
            return RECOVER_HALF
        if text == "max":
            return RECOVER_MAX
        if not text.isdigit() or not 1 <= int(text) <= 20:
            row.fail("value", "'%s' must be a number 1 to 20, half or max" % text)
        return int(text)

    def recovered(self, level, top):
        """The sanity (or strength) kept after going mad (or collapsing): level is sanity_kept or
        strength_kept, top the investigator's maximum."""
        if level == RECOVER_MAX:
            return top
        if level == RECOVER_HALF:
            return (top + 1) // 2
        return level if level < top else top

    @staticmethod
    def _range(row, text, low, high):
        a, dash, b = text.partition("-")
        if not dash:
            b = a
        if not a.isdigit() or not b.isdigit() or not (low <= int(a) <= int(b) <= high):
            row.fail("value", "'%s' must be a range like 1-8 within %d to %d" % (text, low, high))
        return int(a), int(b)

    # ----- spaces.tsv: the street graph ---------------------------------------------------------

    def load_spaces(self, rows):
        """nspaces, space_names, space_index; is_loc, taxi; neighbours (clockwise) in nbrs from
        nbr_start[s], nbr_count[s]; entrance[location] (its first street: a location may have more
        than one, back doors); asylum, hospital, jail (NONE without one); locations."""
        n = len(rows)
        if n > MAX_SPACES:
            raise KernelError("board", "spaces.tsv: %d spaces, the kernel allows %d" % (n, MAX_SPACES))
        self.nspaces = n
        self.space_names = []
        self.space_index = {}
        for row in rows:
            name = row.get("name")
            self._unique(row, "name", name, self.space_index)
            self.space_index[name] = len(self.space_names)
            self.space_names.append(name)
        self.is_loc = bytearray(n)
        self.taxi = bytearray(n)
        self.outdoor = bytearray(n)     # a city location without buildings: a Hound does not enter it
        self.nbr_start = array("H", [0] * n)
        self.nbr_count = bytearray(n)
        self.entrance = bytearray([NONE] * n)
        nbrs = []
        self.asylum = NONE
        self.hospital = NONE
        self.jail = NONE
        for s in range(n):
            row = rows[s]
            self.is_loc[s] = row.choice("kind", ("street", "location"))
            names = [x.strip() for x in row.get("neighbours").split(",")]
            if names == [""]:
                row.fail("neighbours", "a space needs at least one neighbour")
            if len(names) > MAX_NEIGHBOURS:
                row.fail("neighbours", "at most %d neighbours" % MAX_NEIGHBOURS)
            self.nbr_start[s] = len(nbrs)
            self.nbr_count[s] = len(names)
            for name in names:
                if name not in self.space_index:
                    row.fail("neighbours", "unknown space '%s'" % name)
                t = self.space_index[name]
                if t == s or t in nbrs[self.nbr_start[s]:]:
                    row.fail("neighbours", "'%s' is listed twice or is the space itself" % name)
                nbrs.append(t)
            flags = row.get("flags")
            for flag in ([] if flags in ("", "-") else [f.strip() for f in flags.split(",")]):
                if flag not in SPACE_FLAGS:
                    row.fail("flags", "'%s' must be one of %s (or -)" % (flag, ", ".join(SPACE_FLAGS)))
                if flag == "taxi":
                    if self.is_loc[s]:
                        row.fail("flags", "a taxi space is a street")
                    self.taxi[s] = 1
                elif flag == "outdoor":
                    if not self.is_loc[s]:
                        row.fail("flags", "'outdoor' is for a city location (a street has no buildings anyway)")
                    self.outdoor[s] = 1
                elif not self.is_loc[s]:
                    row.fail("flags", "'%s' must be a city location" % flag)
                elif flag == "asylum":
                    if self.asylum != NONE:
                        row.fail("flags", "a second asylum")
                    self.asylum = s
                elif flag == "jail":
                    if self.jail != NONE:
                        row.fail("flags", "a second jail")
                    self.jail = s
                else:
                    if self.hospital != NONE:
                        row.fail("flags", "a second hospital")
                    self.hospital = s
        self.nbrs = bytearray(nbrs)
        for s in range(n):
            row = rows[s]
            streets = 0
            for i in range(self.nbr_count[s]):
                t = self.nbrs[self.nbr_start[s] + i]
                if not self.has_neighbour(t, s):
                    row.fail("neighbours", "'%s' does not list '%s' back" % (self.space_names[t], self.space_names[s]))
                if not self.is_loc[t]:
                    streets += 1
                    if self.entrance[s] == NONE:
                        self.entrance[s] = t
            if self.is_loc[s] and streets != self.nbr_count[s]:
                row.fail("neighbours", "a city location's neighbours are streets: its entrance, and any back doors")
            if not self.is_loc[s] and streets == 0:
                row.fail("neighbours", "a street needs a street neighbour")
            if not self.is_loc[s]:
                self.entrance[s] = NONE
        if self.asylum == NONE or self.hospital == NONE:
            raise KernelError("board", "spaces.tsv: one city location must have the flag 'asylum' and one 'hospital'")
        self.locations = bytearray([s for s in range(n) if self.is_loc[s]])
        self.loc_names = {}
        for s in self.locations:
            self.loc_names[self.space_names[s]] = s

    def has_neighbour(self, s, t):
        base = self.nbr_start[s]
        for i in range(self.nbr_count[s]):
            if self.nbrs[base + i] == t:
                return True
        return False

    def neighbour(self, s, i):
        return self.nbrs[self.nbr_start[s] + i]

    def turn(self, s, came_from, mode):
        """Where a left- or right-handed monster that entered street s from came_from goes next: the
        first street neighbour clockwise (left) or counter-clockwise (right) from came_from; back
        where it came from at a dead end. Neighbours are listed clockwise, so a left turn is the next
        one in the list. Allocates nothing."""
        base = self.nbr_start[s]
        n = self.nbr_count[s]
        at = 0
        for i in range(n):
            if self.nbrs[base + i] == came_from:
                at = i
        step = 1 if mode == MOVE_LEFT else n - 1
        for k in range(1, n):
            t = self.nbrs[base + (at + k * step) % n]
            if not self.is_loc[t]:
                return t
        return came_from

    def first_street(self, s):
        """A monster placed on street s faces its first listed street neighbour; in a location, its
        entrance."""
        if self.is_loc[s]:
            return self.entrance[s]
        base = self.nbr_start[s]
        for i in range(self.nbr_count[s]):
            t = self.nbrs[base + i]
            if not self.is_loc[t]:
                return t
        return s

    # ----- worlds.tsv, gates.tsv, gate_table.tsv ------------------------------------------------

    def load_worlds(self, rows):
        """nworlds, world_names, world_colours (names; a monster of a world's colour leaves the board
        when a gate to that world closes)."""
        if len(rows) > MAX_WORLDS or self.nspaces + len(rows) > BYTE_IDS:
            raise KernelError("board", "worlds.tsv: %d Other Worlds, the kernel allows %d (and %d spaces and worlds "
                              "together)" % (len(rows), MAX_WORLDS, BYTE_IDS))
        self.world_names = []
        self.world_colours = []
        for row in rows:
            name = row.get("name")
            self._unique(row, "name", name, self.world_names)
            if name in self.space_index:
                row.fail("name", "'%s' is also a space (event places need distinct names)" % name)
            colour = row.get("colour")
            if not colour or colour == "-":
                row.fail("colour", "an Other World needs a colour")
            if colour in self.world_colours:
                row.fail("colour", "'%s' is already the colour of %s" % (colour, self.world_names[self.world_colours.index(colour)]))
            self.world_names.append(name)
            self.world_colours.append(colour)
        self.nworlds = len(self.world_names)

    def load_gates(self, rows):
        """ngates gate cards: gate_world[g], gate_diff[g] (closing difficulty), gate_row[g] (its row
        of gates.tsv: copies share it; ngate_rows rows)."""
        worlds = []
        diffs = []
        where = []
        for r in range(len(rows)):
            row = rows[r]
            name = row.get("world")
            if name not in self.world_names:
                row.fail("world", "unknown Other World '%s'" % name)
            d = row.int("difficulty", 1, 20)
            for _ in range(row.int("count", 1, 10)):
                worlds.append(self.world_names.index(name))
                diffs.append(d)
                where.append(r)
        if len(worlds) > MAX_GATES:
            raise KernelError("board", "gates.tsv: %d gate cards, the kernel allows %d" % (len(worlds), MAX_GATES))
        self.gate_world = bytearray(worlds)
        self.gate_diff = bytearray(diffs)
        self.gate_row = bytearray(where)
        self.ngate_rows = len(rows)
        self.ngates = len(worlds)


    def load_gate_table(self, rows):
        """gate_table[2..12]: the city location a 2D6 roll names, NONE for no gate; gate_extra[r] the
        monsters that roll brings besides (optional column `monsters`: N at its location, N@PLACE, or
        N@gates: N at every open gate), at gate_extra_at[r] (a location or GATE_EXTRA_GATES)."""
        self.gate_table = bytearray([NONE] * 13)
        self.gate_extra = bytearray(13)
        self.gate_extra_at = bytearray([NONE] * 13)
        seen = bytearray(13)
        for row in rows:
            r = row.int("roll", 2, 12)
            if seen[r]:
                row.fail("roll", "%d is given twice" % r)
            seen[r] = 1
            name = row.get("location")
            if name != "-":
                if name not in self.loc_names:
                    row.fail("location", "'%s' is not a city location (or - for no gate)" % name)
                s = self.loc_names[name]
                if s == self.asylum or s == self.hospital:
                    row.fail("location", "no gate opens in the Asylum or the Hospital")
                self.gate_table[r] = s
            extra = row.opt("monsters", "-")
            if extra not in ("", "-"):
                count, at, where = extra.partition("@")
                if not count.isdigit() or not 1 <= int(count) <= 3:
                    row.fail("monsters", "'%s' must be N, N@PLACE or N@gates (N 1-3)" % extra)
                if not at:
                    if self.gate_table[r] == NONE:
                        row.fail("monsters", "'%s': a roll with no location needs N@PLACE or N@gates" % extra)
                    target = self.gate_table[r]
                elif where == "gates":
                    target = GATE_EXTRA_GATES
                elif where in self.loc_names:
                    target = self.loc_names[where]
                else:
                    row.fail("monsters", "'%s': no city location named '%s' (or gates)" % (extra, where))
                self.gate_extra[r] = int(count)
                self.gate_extra_at[r] = target
        for r in range(2, 13):
            if not seen[r]:
                raise KernelError("board", "gate_table.tsv: no row for the roll %d (every 2D6 result 2-12 needs one)" % r)

    # ----- monsters.tsv ---------------------------------------------------------------------------

    def load_monsters(self, rows):
        """nkinds kinds: kind_names, k_strength and k_str_dice (N+kD6, read by tables.py's strength()), k_san_pass and
        k_san_fail with k_pass_dice and k_fail_dice (SAN a/b, each N, kD6 or kD6+N), k_mode (MOVE_*),
        k_moves, k_colour (world or NONE), k_immune (IMMUNE_* bits), k_special (SPECIAL_* bits),
        k_class (an index of class_names, or NONE); nmonsters tokens: mon_kind[m]. An immunity may
        also name cards (resolved by load_items into k_immune_cards)."""
        if len(rows) > MAX_KINDS:
            raise KernelError("board", "monsters.tsv: %d kinds, the kernel allows %d" % (len(rows), MAX_KINDS))
        n = len(rows)
        self.nkinds = n
        self.kind_names = []
        self.k_strength = bytearray(n)
        self.k_str_dice = bytearray(n)
        self.k_san_pass = bytearray(n)
        self.k_san_fail = bytearray(n)
        self.k_pass_dice = bytearray(n)
        self.k_fail_dice = bytearray(n)
        self.k_mode = bytearray(n)
        self.k_moves = bytearray(n)
        self.k_colour = bytearray(n)
        self.k_immune = bytearray(n)
        self.k_special = bytearray(n)
        self.k_class = bytearray([NONE] * n)
        self.class_names = []
        self._immune_cards = []        # (kind, row, card name) until the items are loaded
        self._vulnerable_cards = []
        tokens = []
        for k in range(n):
            row = rows[k]
            name = row.get("name")
            self._unique(row, "name", name, self.kind_names)
            self.kind_names.append(name)
            count = row.int("count", 1, 10)
            st = read_strength(row.get("strength"))
            if st is None:
                row.fail("strength", "'%s' must be a whole number 1 to %d, or N+D6 or N+2D6 (rolled at each attack)" % (
                    row.get("strength"), MAX_STRENGTH))
            self.k_strength[k] = st[0]
            self.k_str_dice[k] = st[1]
            san = read_sanity(row.get("sanity"))
            if san is None:
                row.fail("sanity", "'%s' must be a/b, the sanity lost on a passed and on a failed check, each 0-9, "
                         "D6, 2D6 or D6+N (e.g. 1/3, 2/D6+1)" % row.get("sanity"))
            self.k_san_pass[k] = san[0]
            self.k_pass_dice[k] = san[1]
            self.k_san_fail[k] = san[2]
            self.k_fail_dice[k] = san[3]
            move = row.get("move")
            if move == "0":
                self.k_mode[k] = MOVE_STILL
            elif len(move) >= 2 and move[0] in "LRF" and move[1:].isdigit() and 1 <= int(move[1:]) <= 9:
                self.k_mode[k] = "LRF".index(move[0]) + 1
                self.k_moves[k] = int(move[1:])
            else:
                row.fail("move", "'%s' must be 0 (does not move), L<n> or R<n> (left- or right-handed) or F<n> (flying), n 1-9" % move)
            colour = row.get("colour")
            if colour in ("", "-"):
                self.k_colour[k] = NONE
            elif colour in self.world_colours:
                self.k_colour[k] = self.world_colours.index(colour)
            else:
                row.fail("colour", "'%s' is not the colour of an Other World (or -)" % colour)
            for part in self._parts(row.get("immune")):
                if part in IMMUNE_NAMES:
                    self.k_immune[k] |= IMMUNE_NAMES.index(part)
                else:
                    self._immune_cards.append((k, row, part))
            for part in self._parts(row.opt("vulnerable", "-")):
                self._vulnerable_cards.append((k, row, part))
            for part in self._parts(row.get("special")):
                if part not in MONSTER_SPECIALS:
                    row.fail("special", "'%s' must be - or any of %s" % (part, ", ".join(MONSTER_SPECIALS)))
                self.k_special[k] |= 1 << MONSTER_SPECIALS.index(part)
            cls = row.opt("class", "-")
            if cls not in ("", "-"):
                if cls not in self.class_names:
                    self.class_names.append(cls)
                self.k_class[k] = self.class_names.index(cls)
            tokens.extend([k] * count)
        if len(tokens) > MAX_MONSTERS:
            raise KernelError("board", "monsters.tsv: %d tokens, the kernel allows %d" % (len(tokens), MAX_MONSTERS))
        self.mon_kind = bytearray(tokens)
        self.nmonsters = len(tokens)

    @staticmethod
    def _parts(text):
        """The comma-separated parts of a field ('-' or nothing: none)."""
        if text in ("", "-"):
            return []
        return [x.strip() for x in text.split(",")]

    def _skill_bonuses(self, row, column, text, out, base, signed):
        """'stealth+1,luck+2' (signed) or 'knowledge=3' into out[base + skill]."""
        for part in self._parts(text):
            sep = "+" if "+" in part else ("-" if "-" in part and signed else "=")
            name, mark, value = part.partition(sep)
            if signed and sep == "=":
                mark = ""
            if not mark or name not in self.skill_names or not value.isdigit() or not 0 <= int(value) <= 9:
                row.fail(column, "'%s' must be %s with a skill of this board (%s) and 0 to 9" % (
                    part, "SKILL+N or SKILL-N" if signed else "SKILL=N", ", ".join(self.skill_names)))
            v = int(value) * (-1 if sep == "-" else 1)
            out[base + self.skill_names.index(name)] = v + 128 if signed else v

    # ----- items.tsv --------------------------------------------------------------------------------

    def load_items(self, rows):
        """nitems kinds: item_names, i_deck (DECK_*), i_attack (ATTACK_*), i_bonus, i_hands, i_cost
        (sanity to use), i_price, i_special (SP_*), i_skill[kind * MAX_SKILLS + skill] (a bonus + 128
        while carried), i_against (the monster class its bonus counts against, NONE: any); ncards
        cards: card_kind[c]. Spells take no hands (the seed: the weapons in hand, "and other magical
        items and spells")."""
        n = len(rows)
        if n > MAX_ITEM_KINDS:
            raise KernelError("board", "items.tsv: %d kinds, the kernel allows %d" % (n, MAX_ITEM_KINDS))
        self.nitems = n
        self.item_names = []
        self.item_index = {}
        self.i_deck = bytearray(n)
        self.i_attack = bytearray(n)
        self.i_bonus = bytearray(n)
        self.i_hands = bytearray(n)
        self.i_cost = bytearray(n)
        self.i_price = bytearray(n)
        self.i_special = bytearray(n)
        self.i_skill = bytearray([128] * (n * MAX_SKILLS))
        self.i_against = bytearray([NONE] * n)
        self.i_cast = bytearray([NONE] * n)       # the roll to cast it: skill * 16 + mod + 8, NONE: none
        self.i_abil = bytearray(n)                # ABIL_* bits
        self._uses = []                           # its rows, for the `use` column (compiled with the events)
        cards = []
        for i in range(n):
            row = rows[i]
            name = row.get("name")
            self._unique(row, "name", name, self.item_index)
            self.item_index[name] = i
            self.item_names.append(name)
            self.i_deck[i] = row.choice("deck", DECK_NAMES)
            count = row.int("count", 1, 10)
            self.i_attack[i] = row.choice("attack", ATTACK_NAMES)
            self.i_bonus[i] = row.int("bonus", 0, 9)
            if (self.i_attack[i] == ATTACK_NONE) != (self.i_bonus[i] == 0):
                row.fail("bonus", "an attack kind needs a bonus above 0, and a bonus needs an attack kind")
            self.i_hands[i] = row.int("hands", 0, 2)
            if self.i_hands[i] and self.i_deck[i] == DECK_SPELL:
                row.fail("hands", "a spell takes no hands (only weapons are held; spells and magical items "
                         "are used besides them)")
            self.i_cost[i] = row.int("cost", 0, 5)
            self.i_price[i] = row.int("price", 0, 99)
            self.i_special[i] = row.choice("special", ITEM_SPECIALS)
            self._skill_bonuses(row, "skills", row.opt("skills", "-"), self.i_skill, i * MAX_SKILLS, True)
            cast = row.opt("cast", "-")
            if cast not in ("", "-"):
                sign = "+" if "+" in cast else "-"
                skill, mark, digits = cast.partition(sign)
                if not mark or skill not in self.skill_names or not digits.isdigit() or int(digits) > 6:
                    row.fail("cast", "'%s' must be SKILL+N or SKILL-N (a skill of this board: %s; N 0-6): the "
                             "roll to cast it" % (cast, ", ".join(self.skill_names)))
                self.i_cast[i] = self.skill_names.index(skill) * 16 + 8 + int(digits) * (1 if sign == "+" else -1)
            for part in self._parts(row.opt("abilities", "-")):
                if part not in ABILITIES:
                    row.fail("abilities", "'%s' must be - or any of %s" % (part, ", ".join(ABILITIES)))
                self.i_abil[i] |= 1 << ABILITIES.index(part)
            self._uses.append(row)
            against = row.opt("against", "-")
            if against not in ("", "-"):
                if against not in self.class_names:
                    row.fail("against", "'%s' is no monster's class (monsters.tsv 'class': %s)" % (
                        against, ", ".join(self.class_names) or "none"))
                self.i_against[i] = self.class_names.index(against)
            cards.extend([i] * count)
        if len(cards) > MAX_CARDS:
            raise KernelError("board", "items.tsv: %d cards, the kernel allows %d" % (len(cards), MAX_CARDS))
        self.card_kind = bytearray(cards)
        self.ncards = len(cards)
        # immunities to particular cards: one bit per card kind, card_bytes bytes a monster kind
        self.card_bytes = (n + 7) >> 3
        self.k_immune_cards = bytearray(self.nkinds * self.card_bytes)
        for k, row, name in self._immune_cards:
            if name not in self.item_index:
                row.fail("immune", "'%s' must be -, physical, magical, both or the name of a card" % name)
            i = self.item_index[name]
            self.k_immune_cards[k * self.card_bytes + (i >> 3)] |= 1 << (i & 7)
        self.k_vulnerable_cards = bytearray(self.nkinds * self.card_bytes)
        for k, row, name in self._vulnerable_cards:
            if name not in self.item_index:
                row.fail("vulnerable", "'%s' must be - or the names of cards (items.tsv)" % name)
            i = self.item_index[name]
            self.k_vulnerable_cards[k * self.card_bytes + (i >> 3)] |= 1 << (i & 7)
        self._immune_cards = None
        self._vulnerable_cards = None

    def immune_to_card(self, kind, item):
        """Monster kind `kind` is immune to the card kind `item` (monsters.tsv 'immune' names it)."""
        return self.k_immune_cards[kind * self.card_bytes + (item >> 3)] & (1 << (item & 7))

    def vulnerable_to_card(self, kind, item):
        """Card kind `item` counts in full against monster kind `kind` whatever its immunities and
        specials (monsters.tsv 'vulnerable': the Werewolf's Silver Bullet)."""
        return self.k_vulnerable_cards[kind * self.card_bytes + (item >> 3)] & (1 << (item & 7))

    def strength_mean(self, k):
        """Monster kind k's strength, its dice at their mean (3.5 each) rounded up (rules of thumb)."""
        return (2 * self.k_strength[k] + 7 * self.k_str_dice[k] + 1) >> 1

    def loss_mean2(self, k, passed):
        """Twice the mean sanity loss of kind k on a failed (passed=0) or passed check."""
        if passed:
            return 2 * self.k_san_pass[k] + 7 * self.k_pass_dice[k]
        return 2 * self.k_san_fail[k] + 7 * self.k_fail_dice[k]

    def strength_text(self, k):
        """As printed: 5, or 14+D6."""
        return strength_text(self.k_strength[k], self.k_str_dice[k])

    def sanity_text(self, k):
        """As printed: 1/3, or 2/D6+1."""
        return "%s/%s" % (loss_text(self.k_san_pass[k], self.k_pass_dice[k]),
                          loss_text(self.k_san_fail[k], self.k_fail_dice[k]))

    # ----- investigators.tsv ---------------------------------------------------------------------

    def load_investigators(self, rows):
        """ninv investigators: inv_names, inv_sanity, inv_strength (maxima), inv_fight, inv_stealth,
        inv_money, inv_start (a city location), inv_items[i * MAX_START_ITEMS + k] (item kinds,
        RANDOM_ITEM + deck for a random card of a deck, NONE), inv_skill[i * MAX_SKILLS + k] (the
        board's other skills), inv_split (sanity and strength points to divide at the pick, 0: none)."""
        n = len(rows)
        if n > MAX_INVESTIGATORS:
            raise KernelError("board", "investigators.tsv: %d investigators, the kernel allows %d" % (n, MAX_INVESTIGATORS))
        if n < self.max_players:
            raise KernelError("board", "investigators.tsv: %d investigators for up to %d players" % (n, self.max_players))
        self.ninv = n
        self.inv_names = []
        self.inv_sanity = bytearray(n)
        self.inv_strength = bytearray(n)
        self.inv_fight = bytearray(n)
        self.inv_stealth = bytearray(n)
        self.inv_money = bytearray(n)
        self.inv_start = bytearray(n)
        self.inv_items = bytearray([NONE] * (n * MAX_START_ITEMS))
        self.inv_skill = bytearray(n * MAX_SKILLS)
        self.inv_split = bytearray(n)
        for i in range(n):
            row = rows[i]
            name = row.get("name")
            self._unique(row, "name", name, self.inv_names)
            self.inv_names.append(name)
            self.inv_sanity[i] = row.int("sanity", 1, 20)
            self.inv_strength[i] = row.int("strength", 1, 20)
            self.inv_fight[i] = row.int("fight", 0, 9)
            self.inv_stealth[i] = row.int("stealth", 0, 9)
            self.inv_money[i] = row.int("money", 0, 99)
            start = row.get("start")
            if start not in self.loc_names:
                row.fail("start", "'%s' is not a city location" % start)
            self.inv_start[i] = self.loc_names[start]
            text = row.get("items")
            names = [] if text in ("", "-") else [x.strip() for x in text.split(",")]
            if len(names) > MAX_START_ITEMS:
                row.fail("items", "at most %d starting items" % MAX_START_ITEMS)
            for k in range(len(names)):
                if names[k] in DECK_NAMES:
                    self.inv_items[i * MAX_START_ITEMS + k] = RANDOM_ITEM + DECK_NAMES.index(names[k])
                elif names[k] not in self.item_index:
                    row.fail("items", "no item or spell named '%s' (or item, spell, ally: a random card)" % names[k])
                else:
                    self.inv_items[i * MAX_START_ITEMS + k] = self.item_index[names[k]]
            self.inv_skill[i * MAX_SKILLS + SKILL_FIGHT] = self.inv_fight[i]
            self.inv_skill[i * MAX_SKILLS + SKILL_STEALTH] = self.inv_stealth[i]
            skills = row.opt("skills", "-")
            for part in self._parts(skills):
                if part.partition("=")[0] in ("fight", "stealth"):
                    row.fail("skills", "'%s': fight and stealth have columns of their own" % part)
            self._skill_bonuses(row, "skills", skills, self.inv_skill, i * MAX_SKILLS, False)
            split = row.opt("split", "0")
            if split not in ("-", "0"):
                t = row.int("split", 2, 40)
                least = self.split_min
                if t > self.inv_sanity[i] + self.inv_strength[i] or t < 2 * least or \
                        self.inv_sanity[i] < least or self.inv_strength[i] < least:
                    row.fail("split", "%d points cannot be divided: sanity %d and strength %d are the most "
                             "each may get, %d the least (rules.tsv split_minimum)" % (
                                 t, self.inv_sanity[i], self.inv_strength[i], least))
                self.inv_split[i] = t

    # ----- events.tsv -------------------------------------------------------------------------------

    def load_events(self, rows):
        """Six compiled rows per place (each city location, then each Other World: place index
        nspaces + w): the (op, arg) pairs of row r of place p are prog[2*ev_start[p*6+r-1] ...] for
        ev_len[...] ops; ev_text[p*6 + r - 1] is its text. A city location may also have a service
        (roll `service`: what waiting there may buy instead of its event, e.g. a hospital's care):
        svc_start[p], svc_len[p] (0: none), svc_text[p]. The cards' `use` (items.tsv) is compiled
        here too: use_start[kind], use_len[kind] (0: none)."""
        nplaces = self.nspaces + self.nworlds
        self.ev_start = array("H", [0] * (nplaces * 6))
        self.ev_len = bytearray(nplaces * 6)
        self.ev_text = [""] * (nplaces * 6)
        self.svc_start = array("H", [0] * self.nspaces)
        self.svc_len = bytearray(self.nspaces)
        self.svc_text = [""] * self.nspaces
        seen = bytearray(nplaces * 6)
        self.gate_places = bytearray(self.nspaces)     # locations whose events open a gate
        names = Names(self.loc_names, self.item_index, self.world_names, self.skill_names, self.jail != NONE,
                      ITEM_SPECIALS)
        prog = []
        for row in rows:
            place = row.get("place")
            if place in self.loc_names:
                p = self.loc_names[place]
                world = False
            elif place in self.world_names:
                p = self.nspaces + self.world_names.index(place)
                world = True
            else:
                row.fail("place", "'%s' is neither a city location nor an Other World" % place)

            def fail(message):
                row.fail("effects", message)
            ops = compile_effects(row.get("effects"), world, names, fail)
            for op, arg in ops:
                if op == OP_GATE:
                    self.gate_places[p] = 1
            if (p == self.asylum or p == self.hospital) and (OP_GATE, 0) in ops:
                row.fail("effects", "no gate opens in the Asylum or the Hospital")
            if len(ops) > 64:
                row.fail("effects", "at most 64 effects in a row")
            if row.get("roll") == "service":
                if world:
                    row.fail("roll", "a service is a city location's, not an Other World's")
                if self.svc_len[p]:
                    row.fail("roll", "%s already has a service" % place)
                self.svc_start[p] = len(prog)
                self.svc_len[p] = len(ops)
                self.svc_text[p] = row.get("text")
                prog.extend(ops)
                continue
            if not row.get("roll").isdigit():
                row.fail("roll", "'%s' must be a roll 1 to 6, or service" % row.get("roll"))
            r = row.int("roll", 1, 6)
            k = p * 6 + r - 1
            if seen[k]:
                row.fail("roll", "%s already has a row for %d" % (place, r))
            seen[k] = 1
            self.ev_start[k] = len(prog)
            self.ev_len[k] = len(ops)
            prog.extend(ops)
            self.ev_text[k] = row.get("text")
        self.use_start = array("H", [0] * self.nitems)
        self.use_len = bytearray(self.nitems)
        for i in range(self.nitems):
            row = self._uses[i]
            text = row.opt("use", "-")
            if text in ("", "-"):
                continue

            def fail_use(message):
                row.fail("use", message)
            ops = compile_effects(text, False, names, fail_use)
            if len(ops) > 64:
                row.fail("use", "at most 64 effects")
            self.use_start[i] = len(prog)
            self.use_len[i] = len(ops)
            prog.extend(ops)
        self._uses = None
        self.prog = bytearray(2 * len(prog))
        for i in range(len(prog)):
            self.prog[2 * i] = prog[i][0]
            self.prog[2 * i + 1] = prog[i][1]
        for p in range(nplaces):
            if p < self.nspaces and not self.is_loc[p]:
                continue
            for r in range(6):
                if not seen[p * 6 + r]:
                    name = self.space_names[p] if p < self.nspaces else self.world_names[p - self.nspaces]
                    raise KernelError("board", "events.tsv: %s has no row for the roll %d (each place needs 1-6)" % (name, r + 1))

    # ----- the whole board -------------------------------------------------------------------------

    def check_worlds(self):
        """Every Other World is reached: a gate card leads to it, or an event (world:, trip:) does (a
        world such as the Dreamlands has no gate)."""
        from .effects import OP_WORLD, OP_TRIP
        reached = bytearray(self.nworlds)
        for g in range(self.ngates):
            reached[self.gate_world[g]] = 1
        for i in range(len(self.prog) // 2):
            if self.prog[2 * i] == OP_WORLD or self.prog[2 * i] == OP_TRIP:
                reached[self.prog[2 * i + 1]] = 1
        for w in range(self.nworlds):
            if not reached[w]:
                raise KernelError("board", "gates.tsv: no gate card leads to %s (and no event's world: or trip: "
                                  "does)" % self.world_names[w])

    def check_reachable(self, space_rows, inv_rows):
        """Every space can be reached from where each investigator starts (the street graph is
        connected), else the first unreachable space's line is named."""
        n = self.nspaces
        seen = bytearray(n)
        start = self.inv_start[0]
        seen[start] = 1
        queue = [start]
        while queue:
            s = queue.pop()
            for i in range(self.nbr_count[s]):
                t = self.neighbour(s, i)
                if not seen[t]:
                    seen[t] = 1
                    queue.append(t)
        for s in range(n):
            if not seen[s]:
                space_rows[s].fail("neighbours", "'%s' cannot be reached from %s, where %s starts "
                                   "(investigators.tsv line %d)" % (self.space_names[s], self.space_names[start],
                                                                   self.inv_names[0], inv_rows[0].number))

    def check_defeats(self, rule_rows):
        """The defeats must be able to happen: some location must get gates (the gate table or an
        event's `gate`), else the doom track never moves; each player count's gate limit needs that
        many locations where gates open and that many gate cards."""
        places = bytearray(self.gate_places)
        for r in range(2, 13):
            if self.gate_table[r] != NONE:
                places[self.gate_table[r]] = 1
        where = 0
        for s in range(self.nspaces):
            where += places[s]
        rows = {}
        for row in rule_rows:
            rows[row.get("key")] = row
        if not where:
            rows["doom_length"].fail("value", "no gate can ever open (the gate table names no location and no event "
                                     "has 'gate'), so neither defeat can happen")
        for p in range(self.min_players, self.max_players + 1):
            limit = self.gate_limit[p]
            if limit > where or limit > self.ngates:
                rows["gate_limits"].fail("value", "the gate limit %d for %d players can never be reached: gates open "
                                         "in %d locations (gate_table.tsv, events.tsv 'gate') and there are %d gate "
                                         "cards (gates.tsv)" % (limit, p, where, self.ngates))

    # ----- queries --------------------------------------------------------------------------------

    def place_name(self, p):
        return self.space_names[p] if p < self.nspaces else self.world_names[p - self.nspaces]
