"""The game's cards as data: Ancient Ones, investigators, items/spells/allies, mythos, monsters, the
entrance, and the adventures (the card library's, with the game's own facts from the
`adventure_rules` table), loaded from the TSV files in data/ (schema in data/GAME.md). Every effect
and ability is compiled at load (effects.py), so a card naming an effect the vocabulary lacks is
rejected here with the file, line and name, never during play.

A user adds cards by passing extra TSV files (`GameData(extra=[path])`): a file's header line says
which table it extends, so no code changes. An owner's own cards are a folder of tables named as the
shipped ones (`GameData(folder)`, `table_files`): each replaces the shipped table, a table the folder
lacks is the shipped one. A whole data set of one's own is a folder of the seven tables
(`GameData(folder, library=False)`: every adventure then comes from its adventure_rules rows, none
from the card library). User files are untrusted: they are read strictly
(tsv.py: UTF-8, line and row caps), every number is ASCII digits in a range, every table is capped
so that its ids fit the game's buffers and its action codes fit their field (no table can alias
another action), and every problem is one KernelError naming the file, the line and the field.
Portable: plain open() and split, no csv module.

`GameData(lean=True)` is the card data of companion mode on the handheld (companion.py): the same
tables read by the same code (an owner's folder too), every row still checked and every effect
compiled, but only what a companion game reads is kept. The adventures are streamed from the
library file one line at a time (no list of every adventure of every set), each merged with its
adventure_rules row as the full data merges it (RuleCard) and kept as a LeanBoardCard (name, Other
World, trophy, task count, entry and midnight effects, lock icon, monster outlines); the mythos
deck keeps only its size; the entrance is left out; provenance and location texts are dropped.
tests/test_es_owner.py checks every kept field against the full data's. A full Game cannot be built
on it (no tasks to roll against).
"""

from ...errors import KernelError
from ...tsv import lines, folder_of, list_folder
from .effects import compile_effects, compile_ability, NO_ABILITY, MODIFIERS, T_GAIN as E_GAIN_FIRST
from .defs import A_ARG_MASK, NONE, MAX_HAND, PLACE_EXTRA, MAIN_SLOTS
from ..notation import parse_card, format_card
from .. import library

SCHEMAS = {
    "ancient_ones": ("name", "doom", "elder_signs", "combat", "monster_spaces", "masks", "attack", "awaken",
                     "ability", "source"),
    "investigators": ("name", "sanity", "stamina", "start", "ability", "source"),
    "items": ("deck", "name", "count", "use", "limit", "source"),
    "mythos": ("name", "count", "immediate", "terror", "midnight", "lock", "ongoing", "lasts", "source"),
    "monsters": ("name", "count", "task", "trophy", "lock", "mask", "defeat", "source"),
    "entrance": ("section", "key", "cost", "effect", "source"),
    "adventure_rules": ("set", "name", "notation", "terror", "trophy", "monsters", "terror_text", "entry",
                        "midnight", "reward", "penalty", "lock", "ongoing", "source"),
}
# headers of earlier versions still read (the columns they lack are empty)
LEGACY = {
    ("name", "doom", "elder_signs", "combat", "monster_spaces", "attack", "awaken", "source"): "ancient_ones",
    ("name", "doom", "elder_signs", "combat", "monster_spaces", "attack", "awaken", "ability", "source"):
        "ancient_ones",
    ("name", "count", "immediate", "terror", "midnight", "lock", "source"): "mythos",
    ("name", "count", "task", "trophy", "lock", "defeat", "source"): "monsters",
}
FILES = ("ancient_ones", "investigators", "items", "mythos", "monsters", "entrance", "adventure_rules")
DECKS = ("common", "unique", "spell", "ally")
LIMITS = ("discard", "hold", "day", "keep")
COLOURS = ("green", "yellow", "red")
LOST_FOUND_KEYS = ("I1", "I2", "I3", "L", "P", "T")
DEFAULT_SETS = ("Core", "Other Worlds", "Generic")
OTHER_WORLDS = "Other Worlds"
GENERIC_TROPHY = 1          # an adventure whose trophy value the data lacks
RANDOM = -1                 # GameData.ancient_one("random"): the game draws its Ancient One
OUTLINES = ("full", "empty", "partial")
TERRORS = ("none", "fail", "discard")

# caps (the ids live in bytes, NONE = 255 marks "none"; the action codes in 16 bits)
MAX_ROWS = 1000             # data rows in one file
MAX_INVESTIGATORS = 250
MAX_CARDS = 250             # item, spell and ally copies
MAX_MYTHOS = 250
MAX_MONSTERS = 250
MAX_SHOP = 250              # gift shop rows
MAX_ADVENTURES = 1000
MAX_OTHER_WORLDS = 250      # slots: 6 + Other Worlds, each in play at once if drawn
MAX_COUNT = 40              # copies of one card
MAX_NAME = 80               # characters in a name


class Row:
    """One data row: its columns as attributes, and where it came from."""

    def __init__(self, names, fields, where):
        for i in range(len(names)):
            setattr(self, names[i], fields[i])
        self.where = where


def _folder():
    """kernel/eldersign/data/: the game's cards sit beside the library's, one folder up from here."""
    return folder_of(folder_of(__file__)) + "/data/"


def table_files(folder=None):
    """{table name: the TSV file it is read from}. None: the shipped tables. A folder of one's own:
    each table's file there (`investigators.tsv`...), the shipped one for a table the folder has no
    file of; a .tsv file in the folder that names no table is an error (a misspelt name would
    otherwise leave the shipped table in play unnoticed)."""
    shipped = _folder()
    files = {}
    for name in FILES:
        files[name] = shipped + name + ".tsv"
    if folder is None or folder.rstrip("/") + "/" == shipped:
        return files
    if not isinstance(folder, str) or not folder:
        raise KernelError("data", "a folder of card tables is named by a path, not %r" % (folder,))
    folder = folder.rstrip("/") or "/"
    try:
        names = list_folder(folder, "data")
    except KernelError:
        raise KernelError("data", "%s: not a folder of card tables (cannot list it)" % folder)
    found = 0
    for entry in names:
        if not entry.endswith(".tsv"):
            continue
        table = entry[:-4]
        if table not in files:
            raise KernelError("data", "%s/%s: not a card table's name (%s)" % (
                folder, entry, ", ".join([f + ".tsv" for f in FILES])))
        files[table] = folder + "/" + entry
        found += 1
    if not found:
        raise KernelError("data", "%s: no card table in it (%s; `eldritch template DIR` writes them)" % (
            folder, ", ".join([f + ".tsv" for f in FILES])))
    return files


def open_table(path):
    """(table name, a generator of its rows one at a time) of one TSV file: '#' lines and empty lines
    may come first (a template's explanations); the first other line is the header, one of SCHEMAS
    (or a LEGACY header)."""
    it = lines(path, "data")
    number = 1
    for number, line in it:
        if not line or line.startswith("#"):
            continue
        head = tuple(line.split("\t"))
        for name in SCHEMAS:
            if SCHEMAS[name] == head:
                return name, _rows(it, name, head, path)
        if head in LEGACY:
            return LEGACY[head], _rows(it, LEGACY[head], head, path)
        break
    raise KernelError("data", "%s line %d: not the header of a card table (%s: copy the header line of "
                              "`eldritch template`)" % (path, number, ", ".join(FILES)))


def _rows(it, kind, head, path):
    rows = 0
    schema = SCHEMAS[kind]
    for number, line in it:
        if not line or line.startswith("#"):
            continue
        rows += 1
        if rows > MAX_ROWS:
            raise KernelError("data", "%s line %d: more than %d rows in one file" % (path, number, MAX_ROWS))
        fields = line.split("\t")
        if len(fields) != len(head):
            raise KernelError("data", "%s line %d has %d fields, expected %d separated by tabs (%s)" % (
                path, number, len(fields), len(head), ", ".join(head)))
        if head != schema:          # a legacy header: the missing columns are empty
            full = []
            for col in schema:
                full.append(fields[head.index(col)] if col in head else "")
            fields = full
        yield Row(schema, fields, "%s line %d" % (path, number))


def read_table(path):
    """(table name, rows) of one TSV file; the header must be one of SCHEMAS."""
    kind, rows = open_table(path)
    return kind, list(rows)


def _digits(text):
    """True when text is ASCII digits only (str.isdigit also takes '²', which int() refuses)."""
    if not text or len(text) > 6:
        return False
    for c in text:
        if c not in "0123456789":
            return False
    return True


def _int(row, name, low, high):
    text = getattr(row, name)
    if not _digits(text) or not (low <= int(text) <= high):
        raise KernelError("data", "%s: %s '%s' must be a whole number %d to %d" % (row.where, name, text, low, high))
    return int(text)


def _name(row, field="name"):
    text = getattr(row, field)
    if not text.strip() or len(text) > MAX_NAME:
        raise KernelError("data", "%s: %s must be 1 to %d characters" % (row.where, field, MAX_NAME))
    return text


def _flag(row, name):
    """A yes/no column: 1 (or yes), or 0 / empty."""
    text = getattr(row, name)
    if text in ("", "0", "no"):
        return 0
    if text in ("1", "yes"):
        return 1
    raise KernelError("data", "%s: %s '%s' must be 1 (yes), 0 or empty" % (row.where, name, text))


def _effects(row, name, notes, names=None):
    label = row.name if hasattr(row, "name") else row.key
    return compile_effects(getattr(row, name), "%s (%s, %s)" % (row.where, label, name), notes, names)


def _ability(row, name, notes, names=None):
    return compile_ability(getattr(row, name), "%s (%s, %s)" % (row.where, row.name, name), notes, names)


def _colour(row):
    if row.lock and row.lock not in COLOURS:
        raise KernelError("data", "%s: lock '%s' must be green, yellow, red or empty" % (row.where, row.lock))
    return COLOURS.index(row.lock) if row.lock else -1


def _task(row, field):
    text = getattr(row, field)
    try:
        card = parse_card(text)
    except KernelError as exc:
        raise KernelError("data", "%s: %s '%s': %s" % (row.where, field, text, exc.detail))
    if len(card.tasks) != 1:
        raise KernelError("data", "%s: %s '%s' must be a single task" % (row.where, field, text))
    return format_card(card)


def parse_outlines(text, ntasks, where):
    """The monster outlines of an adventure: list of (task index or -1 for a line of its own,
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
            number = kind[7:] or "0"
            if not _digits(number) or int(number) > 9:
                raise KernelError("data", "%s: partial outline '%s' needs 0 to 9 symbols outside" % (where, part))
            keep = int(number)
            kind = "partial"
        if kind not in OUTLINES:
            raise KernelError("data", "%s: unknown monster outline '%s' (full, empty, partial<N>)" % (where, part))
        if pos == "slot":
            t = -1
        elif _digits(pos) and 1 <= int(pos) <= ntasks:
            t = int(pos) - 1
        else:
            raise KernelError("data", "%s: outline '%s' is not on a task 1 to %d (or 'slot')" % (where, part, ntasks))
        if t < 0:
            kind = "empty"
        for prev in out:
            if t >= 0 and prev[0] == t:
                raise KernelError("data", "%s: two monster outlines on task %d (the kernel allows one)" % (
                    where, t + 1))
        out.append((t, OUTLINES.index(kind), keep))
        if len(out) >= PLACE_EXTRA:
            raise KernelError("data", "%s: more than %d monster outlines" % (where, PLACE_EXTRA - 1))
    return out


class BoardCard:
    """A library adventure prepared for the game: compiled effects, trophy, outlines, other world,
    lock icon and ongoing ability (the last two from the adventure_rules table)."""

    def __init__(self, adv, notes, rule=None, names=None):
        where = "adventure '%s' (%s)" % (adv.name, adv.set)
        self.name = adv.name
        self.set = adv.set
        self.notation = adv.notation
        try:
            card = parse_card(adv.notation)
        except KernelError as exc:
            raise KernelError("data", "%s notation '%s': %s" % (where, adv.notation, exc.detail))
        self.card = card
        self.ntasks = len(card.tasks)
        if adv.terror not in TERRORS:
            raise KernelError("data", "%s: terror '%s' must be none, fail or discard" % (where, adv.terror))
        self.terror_code = TERRORS.index(adv.terror)
        self.trophy = adv.trophy if adv.trophy is not None else GENERIC_TROPHY
        self.trophy_known = adv.trophy is not None
        self.other_world = adv.set == OTHER_WORLDS
        self.terror = compile_effects(adv.terror_text, where + " terror", notes, names)
        self.entry = compile_effects(adv.entry, where + " entry", notes, names)
        self.midnight = compile_effects(adv.midnight, where + " midnight", notes, names)
        self.reward = compile_effects(adv.reward, where + " reward", notes, names)
        self.penalty = compile_effects(adv.penalty, where + " penalty", notes, names)
        self.outlines = parse_outlines(adv.monsters, len(card.tasks), where + " monsters")
        self.lock = getattr(adv, "lock_colour", -1)
        self.ongoing = getattr(adv, "ongoing_ability", NO_ABILITY)


class LeanBoardCard:
    """A library adventure as companion mode keeps it (lean card data): the card's effects other than
    its entry and midnight effects are the table's, so they are checked at load and dropped."""

    terror = ()
    reward = ()
    penalty = ()
    ongoing = NO_ABILITY

    def __init__(self, fields, notes, rule=None, names=None):
        where = "adventure '%s' (%s)" % (fields[1], fields[0])
        try:
            ntasks = len(parse_card(fields[2]).tasks)
        except KernelError as exc:
            raise KernelError("data", "%s notation '%s': %s" % (where, fields[2], exc.detail))
        for k, what in ((7, " terror"), (10, " reward"), (11, " penalty")):
            compile_effects(fields[k], where + what, notes, names)
        self.name = fields[1]
        self.other_world = fields[0] == OTHER_WORLDS
        self.trophy = int(fields[4]) if fields[4] else GENERIC_TROPHY
        self.ntasks = ntasks
        self.entry = compile_effects(fields[8], where + " entry", notes, names)
        self.midnight = compile_effects(fields[9], where + " midnight", notes, names)
        self.outlines = parse_outlines(fields[6], ntasks, where + " monsters") if fields[6] else NO_OUTLINES
        self.lock = rule.lock_colour if rule is not None else -1


def _lean_fields(card):
    """A RuleCard (an adventure_rules row over its library card, or a new adventure) as the library
    line fields LeanBoardCard reads (library.COLUMNS order)."""
    return (card.set, card.name, card.notation, card.terror, "" if card.trophy is None else str(card.trophy), "",
            card.monsters, card.terror_text, card.entry, card.midnight, card.reward, card.penalty)


NO_OUTLINES = []
DROP = ("where", "source", "monster_spaces", "combat", "immediate", "terror", "midnight", "ongoing")


class RuleCard:
    """An adventure_rules row as a library card: a new adventure, or the game's facts for a library
    adventure of the same set and name (its non-empty columns replace the library's)."""

    def __init__(self, row, base=None):
        self.set = _name(row, "set")
        self.name = _name(row)
        for col in ("notation", "terror", "monsters", "terror_text", "entry", "midnight", "reward", "penalty"):
            value = getattr(row, col)
            setattr(self, col, value if value or base is None else getattr(base, col))
        if row.trophy:
            self.trophy = _int(row, "trophy", 0, 9)
        else:
            self.trophy = base.trophy if base is not None else None
        if base is None:
            if not self.notation:
                raise KernelError("data", "%s: a new adventure needs its notation" % row.where)
            if not self.terror:
                self.terror = "none"
        self.where = row.where


class GameData:
    """Every card table the game needs; `extra` TSV files add rows to the tables their headers name."""

    anyturn = False             # (set by _abilities_in_use; lean card data has no abilities)
    anyroll = False
    gain_triggers = False
    modifiers_used = (False,) * len(MODIFIERS)
    slot_abilities = False

    def __init__(self, folder=None, extra=(), sets=DEFAULT_SETS, lean=False, library=True, progress=None):
        """folder: a folder of card tables of one's own (table_files says which file is used for
        each table); None: the shipped tables. progress(count), when given, is called as the lean
        data is read (the tables, then every 32 library lines): the board shows it, and an
        exception it raises stops the reading."""
        self.files = table_files(folder)
        self.lean = lean
        self.library = library      # False: no card of the library; every adventure is a rules row
        if isinstance(extra, str):
            extra = (extra,)
        if lean:
            self._lean(extra, sets, progress)
            return
        tables = self._tables(extra, ())
        self.notes = []
        self._items(tables["items"])
        self._ancient_ones(tables["ancient_ones"])
        self._investigators(tables["investigators"])
        self._mythos(tables["mythos"])
        self._monsters(tables["monsters"])
        self._entrance(tables["entrance"])
        self._adventures(sets, tables["adventure_rules"])
        self._check_action_space()
        self._abilities_in_use()
        self.game_tasks = None      # tasks.GameTasks, built by the first game's setup

    def _tables(self, extra, skip):
        """Every table's rows: its file (self.files), then the rows of the extra files whose header
        names it. A table of one's own must have rows (adventure_rules may be empty)."""
        tables = {}
        for name in FILES:
            if name not in skip:
                path = self.files[name]
                kind, rows = read_table(path)
                if kind != name:
                    raise KernelError("data", "%s: the header of the %s table in the file of the %s table "
                                              "(name the file %s.tsv)" % (path, kind, name, kind))
                if not rows and name != "adventure_rules" and path != _folder() + name + ".tsv":
                    raise KernelError("data", "%s: no rows (fill it in from your own cards, or delete the file "
                                              "to play the shipped %s table)" % (path, name.replace("_", " ")))
                tables[kind] = rows
        for path in extra:
            kind, rows = read_table(path)
            if kind not in skip:
                tables[kind] = tables[kind] + rows
        return tables

    def _ancient_ones(self, rows):
        self.ancient_ones = []
        for r in rows:
            _name(r)
            r.doom = _int(r, "doom", 1, 20)
            r.elder_signs = _int(r, "elder_signs", 1, 20)
            r.combat = _task(r, "combat")
            r.spaces = bytearray(r.doom + 1)
            if r.monster_spaces:
                for s in r.monster_spaces.split(","):
                    if not _digits(s) or not 1 <= int(s) <= r.doom:
                        raise KernelError("data", "%s: monster_spaces '%s' is not a doom space 1 to %d" % (
                            r.where, s, r.doom))
                    r.spaces[int(s)] = 1
            r.masks = _flag(r, "masks")
            r.attack = _effects(r, "attack", self.notes, self.card_names)
            r.awaken = _effects(r, "awaken", self.notes, self.card_names)
            r.ability = _ability(r, "ability", self.notes, self.card_names)
            self.ancient_ones.append(r)
        if not self.ancient_ones or len(self.ancient_ones) > MAX_INVESTIGATORS:
            raise KernelError("data", "%s: 1 to %d Ancient Ones" % (self.files["ancient_ones"], MAX_INVESTIGATORS))

    def _investigators(self, rows):
        for r in rows:
            _name(r)
            r.sanity = _int(r, "sanity", 1, 20)
            r.stamina = _int(r, "stamina", 1, 20)
            r.start = _effects(r, "start", self.notes, self.card_names)
            r.ability = _ability(r, "ability", self.notes, self.card_names)
        if len(rows) > MAX_INVESTIGATORS:
            raise KernelError("data", "%s: more than %d investigators" % (rows[MAX_INVESTIGATORS].where,
                                                                           MAX_INVESTIGATORS))
        self.investigators = rows

    def _items(self, rows):
        self.cards = []             # every item, spell and ally copy: the card ids of the decks
        self.decks = ([], [], [], [])
        self.kinds = rows
        self.card_names = {}        # name -> row (what card("Name") takes)
        for k in range(len(rows)):
            if rows[k].name not in self.card_names:
                self.card_names[rows[k].name] = k
        for r in rows:
            _name(r)
            if r.deck not in DECKS:
                raise KernelError("data", "%s: deck '%s' must be one of %s" % (r.where, r.deck, ", ".join(DECKS)))
            if r.limit not in LIMITS:
                raise KernelError("data", "%s: limit '%s' must be one of %s" % (r.where, r.limit, ", ".join(LIMITS)))
            r.count = _int(r, "count", 0, MAX_COUNT)
            r.use = _effects(r, "use", self.notes, self.card_names)
            r.deck_index = DECKS.index(r.deck)
            if len(self.cards) + r.count > MAX_CARDS:
                raise KernelError("data", "%s: more than %d item, spell and ally cards" % (r.where, MAX_CARDS))
            for _ in range(r.count):
                self.decks[r.deck_index].append(len(self.cards))
                self.cards.append(r)

    def _mythos(self, rows):
        self.mythos = []
        for r in rows:
            _name(r)
            r.count = _int(r, "count", 0, MAX_COUNT)
            r.immediate = _effects(r, "immediate", self.notes, self.card_names)
            r.terror = _effects(r, "terror", self.notes, self.card_names)
            r.midnight = _effects(r, "midnight", self.notes, self.card_names)
            r.lock_colour = _colour(r)
            r.ongoing = _ability(r, "ongoing", self.notes, self.card_names)
            r.lasts_n = _int(r, "lasts", 0, 9) if r.lasts else 1
            if len(self.mythos) + r.count > MAX_MYTHOS:
                raise KernelError("data", "%s: the mythos deck would have more than %d cards" % (r.where, MAX_MYTHOS))
            for _ in range(r.count):
                self.mythos.append(r)
        if not self.mythos:
            raise KernelError("data", "%s: the mythos deck must have 1 to %d cards (a count of 0 leaves a card "
                                      "out)" % (self.files["mythos"], MAX_MYTHOS))

    def _monsters(self, rows):
        self.monsters = []
        for r in rows:
            _name(r)
            r.count = _int(r, "count", 0, MAX_COUNT)
            r.task = _task(r, "task")
            r.trophy = _int(r, "trophy", 0, 9)
            r.defeat = _effects(r, "defeat", self.notes, self.card_names)
            r.lock_colour = _colour(r)
            r.mask = _flag(r, "mask")
            if len(self.monsters) + r.count > MAX_MONSTERS:
                raise KernelError("data", "%s: the monster cup would hold more than %d monsters" % (
                    r.where, MAX_MONSTERS))
            for _ in range(r.count):
                self.monsters.append(r)
        if not self.monsters:
            raise KernelError("data", "%s: the monster cup must hold 1 to %d monsters" % (self.files["monsters"],
                                                                                      MAX_MONSTERS))

    def _entrance(self, rows):
        self.lost_found = [EMPTY_EFFECT] * 6
        self.shop = []
        seen = bytearray(6)
        for r in rows:
            r.name = _name(r, "key")
            r.cost_n = _int(r, "cost", 0, 40)
            r.code = _effects(r, "effect", self.notes, self.card_names)
            if r.section == "lost_found":
                if r.key not in LOST_FOUND_KEYS:
                    raise KernelError("data", "%s: lost and found key '%s' must be a green face (%s)" % (
                        r.where, r.key, " ".join(LOST_FOUND_KEYS)))
                seen[LOST_FOUND_KEYS.index(r.key)] = 1
                self.lost_found[LOST_FOUND_KEYS.index(r.key)] = r.code
            elif r.section == "gift_shop":
                if r.cost_n < 1:
                    raise KernelError("data", "%s: cost %d: a gift shop price must be at least 1" % (r.where, r.cost_n))
                if len(self.shop) >= MAX_SHOP:
                    raise KernelError("data", "%s: more than %d gift shop rows" % (r.where, MAX_SHOP))
                self.shop.append(r)
            else:
                raise KernelError("data", "%s: section '%s' must be lost_found or gift_shop" % (r.where, r.section))
        for i in range(6):
            if not seen[i]:
                raise KernelError("data", "%s: lost and found has no row for the green face %s" % (
                    self.files["entrance"], LOST_FOUND_KEYS[i]))

    def _rules(self, rows):
        """The adventure_rules rows by (set, name): their lock icon and ongoing ability compiled."""
        rules = {}
        for r in rows:
            _name(r, "set")
            _name(r)
            r.lock_colour = _colour(r)
            r.ongoing_ability = _ability(r, "ongoing", self.notes, self.card_names)
            if r.terror and r.terror not in TERRORS:
                raise KernelError("data", "%s: terror '%s' must be none, fail or discard" % (r.where, r.terror))
            rules[(r.set, r.name)] = r
        return rules

    def _adventures(self, sets, rule_rows):
        self.adventures = []
        self.left_out = []          # Other World cards with no reward and no penalty (not dealt)
        rules = self._rules(rule_rows)
        used = {}
        for adv in (library.load() if self.library else ()):
            if adv.set in sets:
                rule = rules.get((adv.set, adv.name))
                card = self._board(adv, rule)
                self._deal(card, bool(card.reward or card.penalty))
                used[(adv.set, adv.name)] = True
        for r in rule_rows:
            if r.set in sets and (r.set, r.name) not in used:
                used[(r.set, r.name)] = True
                card = self._board(None, r)
                self._deal(card, bool(card.reward or card.penalty))
            if len(self.adventures) > MAX_ADVENTURES:
                raise KernelError("data", "%s: more than %d adventures" % (r.where, MAX_ADVENTURES))
        if len(self.adventures) > MAX_ADVENTURES:
            raise KernelError("data", "more than %d adventures" % MAX_ADVENTURES)
        if not [a for a in self.adventures if not a.other_world]:
            raise KernelError("data", "no adventure in the sets %s" % ", ".join(sets))

    def _deal(self, card, stakes):
        """A card into the game's decks; an Other World card with neither reward nor penalty (stakes
        False) stays out (its only point is its reward: the CSV-only Other Worlds have none,
        GAME.md says why; an adventure_rules row giving it a reward or a penalty deals it). Lean
        card data keeps no list of the cards left out."""
        if card.other_world and not stakes:
            if not self.lean:
                self.left_out.append(card.name)
            return
        self.adventures.append(card)

    def _board(self, adv, rule):
        if rule is None:
            return BoardCard(adv, self.notes, names=self.card_names)
        card = RuleCard(rule, adv)
        card.lock_colour = rule.lock_colour
        card.ongoing_ability = rule.ongoing_ability
        try:
            return BoardCard(card, self.notes, names=self.card_names)
        except KernelError as exc:
            if exc.detail.startswith(rule.where):
                raise
            raise KernelError("data", "%s: %s" % (rule.where, exc.detail))

    def _abilities_in_use(self):
        """Which modifiers any card has, and whether any adventure has an ongoing ability (so the
        rules skip looking for what no card has)."""
        used = [False] * len(MODIFIERS)
        abilities = [a.ability for a in self.ancient_ones] + [m.ongoing for m in self.mythos] + \
            [a.ongoing for a in self.adventures] + [i.ability for i in self.investigators]
        for ab in abilities:
            for m in range(len(MODIFIERS)):
                if ab.modifiers[m]:
                    used[m] = True
        self.modifiers_used = tuple(used)
        # whether any card has an ability used in any player's turn, or a trigger on gaining
        self.anyturn = False
        self.anyroll = False
        for inv in self.investigators:
            self.anyturn = self.anyturn or bool(inv.ability.anyturn)
            self.anyroll = self.anyroll or inv.ability.anyroll > 0
        self.gain_triggers = False
        for ab in abilities:
            for t in range(E_GAIN_FIRST, len(ab.triggers)):
                if ab.triggers[t]:
                    self.gain_triggers = True
        self.slot_abilities = False
        for a in self.adventures:
            if a.ongoing.any:
                self.slot_abilities = True

    def _check_action_space(self):
        """Every index that becomes an action argument fits the 16-bit field of its action kind, and
        every id kept in a byte stays below NONE (so no table can alias another action or id)."""
        nslots = MAIN_SLOTS + len([a for a in self.adventures if a.other_world])
        checks = (("gift shop rows", len(self.shop), A_ARG_MASK),
                  ("investigators", len(self.investigators), NONE - 1),
                  ("item, spell and ally cards", len(self.cards), NONE - 1),
                  ("monsters", len(self.monsters), NONE - 1),
                  ("mythos cards", len(self.mythos), NONE - 1),
                  ("board slots (6 and the Other Worlds)", nslots * 32 + PLACE_EXTRA, A_ARG_MASK),
                  ("hand", MAX_HAND * 32, A_ARG_MASK))
        for what, n, top in checks:
            if n > top:
                raise KernelError("data", "%d %s do not fit their action codes (at most %d)" % (n, what, top))
        if nslots - MAIN_SLOTS > MAX_OTHER_WORLDS:
            raise KernelError("data", "more than %d Other World adventures" % MAX_OTHER_WORLDS)

    def _lean(self, extra, sets, progress=None):
        """Companion mode's card data (see the module docstring)."""
        self.notes = []
        tables = self._tables(extra, ("entrance",))
        if progress is not None:
            progress(0)
        self._items(tables["items"])
        self._ancient_ones(tables["ancient_ones"])
        self._investigators(tables["investigators"])
        self._mythos(tables["mythos"])
        self._monsters(tables["monsters"])
        rules = self._rules(tables["adventure_rules"])
        self.lost_found = [EMPTY_EFFECT] * 6
        self.shop = []
        # the mythos deck: its size only (the table draws its own cards)
        self.mythos = [None] * len(self.mythos)
        for table in (self.ancient_ones, self.investigators, self.kinds, tables["monsters"]):
            for r in table:
                for name in DROP:
                    if hasattr(r, name):
                        delattr(r, name)
                if hasattr(r, "ability"):
                    r.ability = NO_ABILITY      # abilities are the table's in companion mode
        rule_rows = tables["adventure_rules"]
        tables = None
        self.adventures = []
        self.left_out = []
        seen = {}
        for number, line in (lines(library.default_path(), "library") if self.library else ()):
            if number == 1:
                if line != "\t".join(library.COLUMNS):
                    raise KernelError("library", "line 1 is not the expected header")
                continue
            if line:
                fields = library._fields(line, number)
                if fields[0] in sets:
                    seen[(fields[0], fields[1])] = True
                    rule = rules.get((fields[0], fields[1]))
                    if rule is not None:
                        fields = _lean_fields(RuleCard(rule, library.LibraryCard(fields)))
                    self._deal(LeanBoardCard(fields, self.notes, rule, self.card_names), bool(fields[10] or fields[11]))
            if progress is not None and not number & 31:
                progress(number)
        for r in rule_rows:
            key = (r.set, r.name)
            if r.set in sets and key not in seen:
                seen[key] = True
                fields = _lean_fields(RuleCard(r))
                self._deal(LeanBoardCard(fields, self.notes, r, self.card_names), bool(fields[10] or fields[11]))
        if len(self.adventures) > MAX_ADVENTURES:
            raise KernelError("data", "more than %d adventures" % MAX_ADVENTURES)
        self.card_names = None          # (only card("Name") at load needs it)
        self.game_tasks = None

    def ancient_one(self, name):
        """The index of the Ancient One named `name` (any case), or RANDOM for "random" (the game then
        draws one from its seed, as the rulebook allows: "vagy a megkevert lapok közül véletlenszerűen
        húzzatok")."""
        if not isinstance(name, str):
            raise KernelError("option", "the Ancient One is named by a string, not %r" % (name,))
        if name.strip().lower() == "random":
            return RANDOM
        for i in range(len(self.ancient_ones)):
            if self.ancient_ones[i].name.lower() == name.strip().lower():
                return i
        raise KernelError("option", "no Ancient One named '%s' (%s, or random)" % (
            name, ", ".join([a.name for a in self.ancient_ones])))

    def other_worlds(self):
        """How many Other World adventures the data has (the board has a slot for each)."""
        n = 0
        for a in self.adventures:
            if a.other_world:
                n += 1
        return n


EMPTY_EFFECT = ()
