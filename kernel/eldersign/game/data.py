"""The game's cards as data: Ancient Ones, investigators, items/spells/allies, mythos, monsters, the
entrance, and the adventures of the card library, loaded from the TSV files in data/ (schema in
data/GAME.md). Every effect is compiled at load (effects.py), so a card naming an effect the
vocabulary lacks is rejected here with the file, line and name, never during play.

A user adds cards by passing extra TSV files (`GameData(extra=[path])`): a file's header line says
which table it extends, so no code changes. Portable: plain open() and split, no csv module.

`GameData(lean=True)` is the card data of companion mode on the handheld (companion.py): every
row is still checked and every effect compiled, but only what a companion game reads is kept. The
adventures are streamed from the library file one line at a time (no list of every adventure of
every set), each kept as a LeanBoardCard (name, Other World, trophy, task count, entry effect,
monster outlines); the mythos deck keeps only its size; the entrance is left out; provenance,
ability and location texts are dropped. A full Game cannot be built on it (no tasks to roll against).
"""

from ...errors import KernelError
from ...tsv import lines
from .effects import compile_effects
from ..notation import parse_card, format_card
from .. import library

SCHEMAS = {
    "ancient_ones": ("name", "doom", "elder_signs", "combat", "monster_spaces", "attack", "awaken", "source"),
    "investigators": ("name", "sanity", "stamina", "start", "ability", "source"),
    "items": ("deck", "name", "count", "use", "limit", "source"),
    "mythos": ("name", "count", "immediate", "terror", "midnight", "lock", "source"),
    "monsters": ("name", "count", "task", "trophy", "lock", "defeat", "source"),
    "entrance": ("section", "key", "cost", "effect", "source"),
}
FILES = ("ancient_ones", "investigators", "items", "mythos", "monsters", "entrance")
DECKS = ("common", "unique", "spell", "ally")
LIMITS = ("discard", "hold", "day", "keep")
COLOURS = ("green", "yellow", "red")
LOST_FOUND_KEYS = ("I1", "I2", "I3", "L", "P", "T")
DEFAULT_SETS = ("Core", "Other Worlds")
OTHER_WORLDS = "Other Worlds"
GENERIC_TROPHY = 1          # an adventure whose trophy value the data lacks
OUTLINES = ("full", "empty", "partial")


class Row:
    """One data row: its columns as attributes, and where it came from."""

    def __init__(self, names, fields, where):
        for i in range(len(names)):
            setattr(self, names[i], fields[i])
        self.where = where


def _folder():
    """kernel/eldersign/data/: the game's cards sit beside the library's, one folder up from here."""
    here = __file__
    cut = max(here.rfind("/"), here.rfind("\\"))
    here = here[:cut] if cut >= 0 else "."
    cut = max(here.rfind("/"), here.rfind("\\"))
    return (here[:cut] if cut >= 0 else "..") + "/data/"


def open_table(path):
    """(table name, a generator of its rows one at a time) of one TSV file; the header must be one of
    SCHEMAS."""
    it = lines(path, "data")
    for number, line in it:
        head = tuple(line.split("\t"))
        for name in SCHEMAS:
            if SCHEMAS[name] == head:
                return name, _rows(it, name, path)
        break
    raise KernelError("data", "%s: line 1 is not the header of a card table (%s)" % (path, ", ".join(FILES)))


def _rows(it, kind, path):
    for number, line in it:
        if not line or line.startswith("#"):
            continue
        fields = line.split("\t")
        if len(fields) != len(SCHEMAS[kind]):
            raise KernelError("data", "%s line %d has %d fields, expected %d" % (
                path, number, len(fields), len(SCHEMAS[kind])))
        yield Row(SCHEMAS[kind], fields, "%s line %d" % (path, number))


def read_table(path):
    """(table name, rows) of one TSV file; the header must be one of SCHEMAS."""
    kind, rows = open_table(path)
    return kind, list(rows)


def _int(row, name, low, high):
    text = getattr(row, name)
    if not text.isdigit() or not (low <= int(text) <= high):
        raise KernelError("data", "%s: %s '%s' must be a whole number %d to %d" % (row.where, name, text, low, high))
    return int(text)


def _effects(row, name, notes):
    return compile_effects(getattr(row, name), "%s (%s, %s)" % (row.where, row.name if hasattr(row, "name") else row.key, name), notes)


def _colour(row):
    if row.lock and row.lock not in COLOURS:
        raise KernelError("data", "%s: lock '%s' must be green, yellow, red or empty" % (row.where, row.lock))
    return COLOURS.index(row.lock) if row.lock else -1


def _task(row, text):
    try:
        card = parse_card(text)
    except KernelError as exc:
        raise KernelError("data", "%s: %s" % (row.where, exc))
    if len(card.tasks) != 1:
        raise KernelError("data", "%s: '%s' must be a single task" % (row.where, text))
    return format_card(card)


def parse_outlines(text, ntasks, where):
    """The monster outlines of a library adventure: list of (task index or -1 for a line of its own,
    kind 0 full / 1 empty / 2 partial, symbols outside for partial). '?:...' outlines (a task the
    transcriptions do not pair) are left out. A task has at most one outline (so at most one monster:
    tasks.py precomputes every task a slot can show on that basis)."""
    out = []
    if not text:
        return out
    for part in text.split(","):
        pos, _, kind = part.partition(":")
        if pos == "?":
            continue
        keep = 0
        if kind.startswith("partial"):
            keep = int(kind[7:] or "0")
            kind = "partial"
        if kind not in OUTLINES:
            raise KernelError("data", "%s: unknown monster outline '%s'" % (where, part))
        t = -1 if pos == "slot" else int(pos) - 1
        if t >= ntasks:
            raise KernelError("data", "%s: outline on task %d of %d" % (where, t + 1, ntasks))
        if t < 0:
            kind = "empty"
        for prev in out:
            if t >= 0 and prev[0] == t:
                raise KernelError("data", "%s: two monster outlines on task %d (the kernel allows one)" % (
                    where, t + 1))
        out.append((t, OUTLINES.index(kind), keep))
    return out


class BoardCard:
    """A library adventure prepared for the game: compiled effects, trophy, outlines, other world."""

    def __init__(self, adv, notes):
        where = "adventure '%s' (%s)" % (adv.name, adv.set)
        self.name = adv.name
        self.set = adv.set
        self.notation = adv.notation
        card = parse_card(adv.notation)
        self.card = card
        self.ntasks = len(card.tasks)
        self.terror_code = ("none", "fail", "discard").index(adv.terror)
        self.trophy = adv.trophy if adv.trophy is not None else GENERIC_TROPHY
        self.trophy_known = adv.trophy is not None
        self.other_world = adv.set == OTHER_WORLDS
        self.terror = compile_effects(adv.terror_text, where + " terror", notes)
        self.entry = compile_effects(adv.entry, where + " entry", notes)
        self.midnight = compile_effects(adv.midnight, where + " midnight", notes)
        self.reward = compile_effects(adv.reward, where + " reward", notes)
        self.penalty = compile_effects(adv.penalty, where + " penalty", notes)
        self.outlines = parse_outlines(adv.monsters, len(card.tasks), where)
        self.lock = -1          # the data has no lock icons (data/GAME.md)


class LeanBoardCard:
    """A library adventure as companion mode keeps it (lean card data): the card's effects other than
    its entry effect are the table's, so they are checked at load and dropped."""

    lock = -1               # the data has no lock icons (data/GAME.md)
    terror = ()
    midnight = ()
    reward = ()
    penalty = ()

    def __init__(self, fields, number, notes):
        where = "adventure '%s' (%s)" % (fields[1], fields[0])
        try:
            ntasks = len(parse_card(fields[2]).tasks)
        except KernelError as exc:
            raise KernelError("data", "%s: %s" % (where, exc))
        for k, what in ((7, " terror"), (9, " midnight"), (10, " reward"), (11, " penalty")):
            compile_effects(fields[k], where + what, notes)
        self.name = fields[1]
        self.other_world = fields[0] == OTHER_WORLDS
        self.trophy = int(fields[4]) if fields[4] else GENERIC_TROPHY
        self.ntasks = ntasks
        self.entry = compile_effects(fields[8], where + " entry", notes)
        self.outlines = parse_outlines(fields[6], ntasks, where) if fields[6] else NO_OUTLINES


NO_OUTLINES = []
DROP = ("where", "source", "ability", "monster_spaces", "combat", "immediate", "terror", "midnight")


class GameData:
    """Every card table the game needs; `extra` TSV files add rows to the tables their headers name."""

    def __init__(self, folder=None, extra=(), sets=DEFAULT_SETS, lean=False):
        folder = folder or _folder()
        self.lean = lean
        if lean:
            self._lean(folder, extra, sets)
            return
        tables = {}
        for name in FILES:
            kind, rows = read_table(folder + name + ".tsv")
            tables[kind] = rows
        for path in extra:
            kind, rows = read_table(path)
            tables[kind] = tables[kind] + rows
        self.notes = []
        self._ancient_ones(tables["ancient_ones"])
        self._investigators(tables["investigators"])
        self._items(tables["items"])
        self._mythos(tables["mythos"])
        self._monsters(tables["monsters"])
        self._entrance(tables["entrance"])
        self._adventures(sets)
        self.game_tasks = None      # gametasks.GameTasks, built by the first game's setup

    def _ancient_ones(self, rows):
        self.ancient_ones = []
        for r in rows:
            r.doom = _int(r, "doom", 1, 20)
            r.elder_signs = _int(r, "elder_signs", 1, 20)
            r.combat = _task(r, r.combat)
            r.spaces = bytearray(r.doom + 1)
            if r.monster_spaces:
                for s in r.monster_spaces.split(","):
                    if not s.isdigit() or not 1 <= int(s) <= r.doom:
                        raise KernelError("data", "%s: monster space '%s' is not 1 to %d" % (r.where, s, r.doom))
                    r.spaces[int(s)] = 1
            r.attack = _effects(r, "attack", self.notes)
            r.awaken = _effects(r, "awaken", self.notes)
            self.ancient_ones.append(r)

    def _investigators(self, rows):
        for r in rows:
            r.sanity = _int(r, "sanity", 1, 20)
            r.stamina = _int(r, "stamina", 1, 20)
            r.start = _effects(r, "start", self.notes)
        self.investigators = rows

    def _items(self, rows):
        self.cards = []             # every item, spell and ally copy: the card ids of the decks
        self.decks = ([], [], [], [])
        self.kinds = rows
        for r in rows:
            if r.deck not in DECKS:
                raise KernelError("data", "%s: deck '%s' must be one of %s" % (r.where, r.deck, ", ".join(DECKS)))
            if r.limit not in LIMITS:
                raise KernelError("data", "%s: limit '%s' must be one of %s" % (r.where, r.limit, ", ".join(LIMITS)))
            r.count = _int(r, "count", 0, 40)
            r.use = _effects(r, "use", self.notes)
            r.deck_index = DECKS.index(r.deck)
            for _ in range(r.count):
                self.decks[r.deck_index].append(len(self.cards))
                self.cards.append(r)
        if len(self.cards) > 250:
            raise KernelError("data", "more than 250 item, spell and ally cards")

    def _mythos(self, rows):
        self.mythos = []
        for r in rows:
            r.count = _int(r, "count", 0, 40)
            r.immediate = _effects(r, "immediate", self.notes)
            r.terror = _effects(r, "terror", self.notes)
            r.midnight = _effects(r, "midnight", self.notes)
            r.lock_colour = _colour(r)
            for _ in range(r.count):
                self.mythos.append(r)
        if not self.mythos or len(self.mythos) > 250:
            raise KernelError("data", "the mythos deck must have 1 to 250 cards")

    def _monsters(self, rows):
        self.monsters = []
        for r in rows:
            r.count = _int(r, "count", 0, 40)
            r.task = _task(r, r.task)
            r.trophy = _int(r, "trophy", 0, 9)
            r.defeat = _effects(r, "defeat", self.notes)
            r.lock_colour = _colour(r)
            for _ in range(r.count):
                self.monsters.append(r)
        if not self.monsters or len(self.monsters) > 250:
            raise KernelError("data", "the monster cup must hold 1 to 250 monsters")

    def _entrance(self, rows):
        self.lost_found = [EMPTY_EFFECT] * 6
        self.shop = []
        seen = bytearray(6)
        for r in rows:
            r.name = r.key
            r.cost_n = _int(r, "cost", 0, 40)
            r.code = _effects(r, "effect", self.notes)
            if r.section == "lost_found":
                if r.key not in LOST_FOUND_KEYS:
                    raise KernelError("data", "%s: lost and found key '%s' must be a green face (%s)" % (
                        r.where, r.key, " ".join(LOST_FOUND_KEYS)))
                seen[LOST_FOUND_KEYS.index(r.key)] = 1
                self.lost_found[LOST_FOUND_KEYS.index(r.key)] = r.code
            elif r.section == "gift_shop":
                if r.cost_n < 1:
                    raise KernelError("data", "%s: a gift shop price must be at least 1" % r.where)
                self.shop.append(r)
            else:
                raise KernelError("data", "%s: section '%s' must be lost_found or gift_shop" % (r.where, r.section))
        for i in range(6):
            if not seen[i]:
                raise KernelError("data", "entrance: lost and found has no row for %s" % LOST_FOUND_KEYS[i])

    def _adventures(self, sets):
        self.adventures = []
        for adv in library.load():
            if adv.set in sets:
                self.adventures.append(BoardCard(adv, self.notes))
        if len(self.adventures) > 1000:
            raise KernelError("data", "too many adventures")

    def _lean(self, folder, extra, sets):
        """Companion mode's card data (see the module docstring)."""
        self.notes = []
        tables = {}
        for path in [folder + name + ".tsv" for name in FILES if name != "entrance"] + list(extra):
            kind, rows = read_table(path)
            if kind != "entrance":
                tables[kind] = tables.get(kind, []) + rows
        self._ancient_ones(tables["ancient_ones"])
        self._investigators(tables["investigators"])
        self._items(tables["items"])
        self._mythos(tables["mythos"])
        self._monsters(tables["monsters"])
        self.lost_found = [EMPTY_EFFECT] * 6
        self.shop = []
        # the mythos deck: its size only (the table draws its own cards)
        self.mythos = [None] * len(self.mythos)
        for table in (self.ancient_ones, self.investigators, self.kinds, tables["monsters"]):
            for r in table:
                for name in DROP:
                    if hasattr(r, name):
                        delattr(r, name)
        tables = None
        self.adventures = []
        for number, line in lines(library.default_path(), "library"):
            if number == 1:
                if line != "\t".join(library.COLUMNS):
                    raise KernelError("library", "line 1 is not the expected header")
                continue
            if line:
                fields = library._fields(line, number)
                if fields[0] in sets:
                    self.adventures.append(LeanBoardCard(fields, number, self.notes))
        if len(self.adventures) > 1000:
            raise KernelError("data", "too many adventures")
        self.game_tasks = None

    def ancient_one(self, name):
        for i in range(len(self.ancient_ones)):
            if self.ancient_ones[i].name.lower() == name.strip().lower():
                return i
        raise KernelError("option", "no Ancient One named '%s' (%s)" % (
            name, ", ".join([a.name for a in self.ancient_ones])))


EMPTY_EFFECT = ()
