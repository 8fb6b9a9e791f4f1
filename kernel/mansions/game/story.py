"""A story's data files read and validated into flat arrays (the schema: kernel/mansions/data/README.md).

    story = Story("demo")              # a folder under kernel/mansions/data/, or a path to a folder

Every problem is one KernelError("story", "FILE line N, field F: ...") naming the file, the line and
the field. Reading allocates; the game reads the arrays afterwards without allocating. The handheld's
keeper assistant reads only the few tables it needs with kernel/mansions/lean.py (monsters, events,
investigators, keeper cards, objectives).

A file's header is its required columns, then any of its optional columns (OPTIONAL) in any order:
stories written before a column existed keep loading.
"""

from array import array

from ...errors import KernelError
from ...tsv import lines, folder_of
from . import vocab
from .vocab import fail, number, attribute, lookup, EffectTable, Flags
from .consts import (NONE, NATTR, CLASSES, ATTRIBUTES, MAX_SPACES, MAX_ROOMS, MAX_DOORS, MAX_CARDS,
                     PILE_CAP, MAX_TYPES, MAX_COMBAT, MAX_MYTHOS, MAX_KEEPER_CARDS, MAX_EVENTS,
                     MAX_INVESTIGATORS, MAX_TRAITS, MAX_QUESTIONS, MAX_MONSTERS, MAX_TRAUMA,
                     K_EXPLORATION, K_OBSTACLE, K_LOCK, K_ITEM, K_SPELL, CARD_KINDS, TYPE_NAMES,
                     T_CLUE, T_KEY, T_WEAPON, T_NOTHING, R_CARD, R_TEST, R_PUZZLE, R_KEY,
                     W_FIREARM, W_BLADED, W_BLUNT, W_UNARMED, W_MONSTER, W_SPELL, W_MELEE, AGAINST_NAMES,
                     E_DAMAGE, E_HORROR, E_STUN, E_HIT, E_NOTHING, E_SPAWN, E_MOVE, E_DRAW_MYTHOS,
                     E_HEAL, E_CALM, E_SKILL, E_LEARN, E_DISCARD, E_TEST, E_THREAT, E_DAMAGE_ALL,
                     E_HORROR_ALL, E_SEAL, E_UNSEAL, E_REVEAL, E_WIN, E_FLAG, E_UNFLAG, E_FIRE, E_EXTINGUISH,
                     E_SPREAD, E_DARK, E_LIGHT, E_CORPSE, E_RAISE, E_TRAUMA, E_MSTUN, E_WEAPON, E_BONUS,
                     E_MODIFY, E_ONCE, E_EVADE_MOD, E_HORROR_MOD, E_COMBAT_MOD, U_ACTION, U_FREE, U_TEST,
                     U_ALWAYS, U_NONE, C_EVENT, C_NONE, TRAUMA_TYPES)

# file -> its required columns, in order (the header line starts with exactly these, tab separated)
SCHEMAS = {
    "story.tsv": ("key", "value"),
    "spaces.tsv": ("space", "room"),
    "links.tsv": ("a", "b", "kind"),
    "cards.tsv": ("name", "kind", "types", "clue", "opens", "requires", "attack", "ability", "text"),
    "piles.tsv": ("room", "card", "when"),
    "guide.tsv": ("question", "answer", "text"),
    "objectives.tsv": ("answer", "name", "keeper_wins", "investigators_win", "reveal", "text"),
    "keeper_actions.tsv": ("name", "cost", "effect", "text"),
    "mythos.tsv": ("name", "cost", "effect", "text"),
    "events.tsv": ("time", "name", "effect", "text"),
    "monsters.tsv": ("name", "class", "count", "health", "damage", "horror", "horror_damage",
                     "awareness", "text"),
    "combat.tsv": ("class", "against", "test", "pass", "fail", "text"),
    "investigators.tsv": ("name", "health", "sanity") + ATTRIBUTES + ("text",),
    "traits.tsv": ("investigator", "name", "skill", "item", "text"),
    "trauma.tsv": ("name", "type", "threshold", "effect", "text"),
}
# file -> the columns a story may add after the required ones (empty or '-' when not used)
OPTIONAL = {
    "spaces.tsv": ("tile",),
    "cards.tsv": ("found", "deck"),
    "events.tsv": ("stage", "when"),
    "keeper_actions.tsv": ("when",),
    "investigators.tsv": ("ability",),
    "traits.tsv": ("attributes", "ability"),
}
FILES = ("story.tsv", "spaces.tsv", "links.tsv", "cards.tsv", "piles.tsv", "guide.tsv",
         "objectives.tsv", "keeper_actions.tsv", "mythos.tsv", "events.tsv", "monsters.tsv",
         "combat.tsv", "investigators.tsv", "traits.tsv")
OPTIONAL_FILES = ("trauma.tsv",)
STORY_KEYS = ("name", "title", "label", "start", "threat", "evade_attribute", "horror_attribute",
              "puzzle_attribute", "spell_attribute", "intro", "fire_damage")
REPEATABLE_KEYS = ("intro",)

LINK_LINE = 1
LINK_DIAGONAL = 2
LINK_DOOR = 3
LINK_EDGE = 4           # across a tile edge between two rooms, no wall and no door
LINK_KINDS = ("line", "diagonal", "door", "sealed-door", "wall", "edge", "edge-diagonal")

_ATTACK_KINDS = {"firearm": W_FIREARM, "bladed": W_BLADED, "blunt": W_BLUNT, "spell": W_SPELL}
_AGAINST = {"firearm": W_FIREARM, "bladed": W_BLADED, "blunt": W_BLUNT, "unarmed": W_UNARMED,
            "monster": W_MONSTER, "melee": W_MELEE}
_PERSONAL = (E_DAMAGE, E_HORROR, E_STUN, E_NOTHING)
_ABILITY = (E_HEAL, E_CALM, E_SKILL, E_LEARN, E_DISCARD, E_NOTHING, E_REVEAL, E_FLAG, E_UNFLAG, E_ONCE,
            E_LIGHT)
_TEST_ABILITY = (E_BONUS, E_DISCARD, E_ONCE, E_NOTHING)
_ALWAYS = (E_MODIFY, E_EVADE_MOD, E_HORROR_MOD, E_COMBAT_MOD, E_NOTHING)
_KEEPER_CARD = (E_SPAWN, E_MOVE, E_DRAW_MYTHOS, E_THREAT, E_RAISE, E_TRAUMA)
_MYTHOS = (E_DAMAGE, E_HORROR, E_STUN, E_TEST, E_NOTHING, E_FLAG, E_UNFLAG)
_BOARD = (E_SEAL, E_UNSEAL, E_FIRE, E_EXTINGUISH, E_SPREAD, E_DARK, E_LIGHT, E_CORPSE, E_FLAG, E_UNFLAG)
_EVENT = (E_THREAT, E_SPAWN, E_DAMAGE_ALL, E_HORROR_ALL, E_NOTHING, E_REVEAL, E_WIN) + _BOARD
_REVEAL = (E_SPAWN, E_THREAT, E_NOTHING) + _BOARD
_FOUND = (E_DAMAGE, E_HORROR, E_STUN, E_TEST, E_THREAT, E_SPAWN, E_REVEAL, E_NOTHING, E_SKILL) + _BOARD
_TRAUMA = (E_DAMAGE, E_HORROR, E_STUN, E_MODIFY, E_NOTHING)


def data_folder():
    """kernel/mansions/data/, the stories' folder (one level up from this module's)."""
    return folder_of(folder_of(__file__)) + "/data"


def story_folder(name):
    """The folder of a story: a name under kernel/mansions/data/, or a path (containing '/')."""
    if "/" in name or "\\" in name:
        return name.rstrip("/")
    return data_folder() + "/" + name


def has_file(folder, file):
    import os
    try:
        os.stat(folder + "/" + file)
        return True
    except OSError:
        return False


def read_table(folder, file):
    """Yield (where(field) -> 'FILE line N, field F', row dict) for each data line of one file.

    Lines starting with '#' and blank lines are skipped; the first other line is the header: the
    file's required columns, then any of its optional ones. The row holds every column of the schema
    (an optional column not in the file is '')."""
    columns = SCHEMAS[file]
    optional = OPTIONAL.get(file, ())
    header = None
    for lineno, line in lines(folder + "/" + file, "story"):
        if not line.strip() or line.startswith("#"):
            continue
        cells = line.split("\t")
        if header is None:
            names = tuple(c.strip() for c in cells)
            extra = names[len(columns):]
            if names[:len(columns)] != columns or any(c not in optional for c in extra) or \
                    len(set(extra)) != len(extra):
                more = (" then any of: %s" % " ".join(optional)) if optional else ""
                raise KernelError("story", "%s line %d: the header must be: %s%s" % (
                    file, lineno, " ".join(columns), more))
            header = names
            continue
        if len(cells) != len(header):
            raise KernelError("story", "%s line %d: %d fields, expected %d (%s)" % (
                file, lineno, len(cells), len(header), " ".join(header)))
        row = {}
        for c in optional:
            row[c] = ""
        for i in range(len(header)):
            row[header[i]] = cells[i].strip()
        yield _Where(file, lineno), row
    if header is None:
        raise KernelError("story", "%s: no header line" % file)


class _Where:
    """Names a field of a data line for an error: where('kind') -> 'cards.tsv line 4, field kind'."""

    def __init__(self, file, lineno):
        self.file = file
        self.lineno = lineno

    def __call__(self, field):
        return "%s line %d, field %s" % (self.file, self.lineno, field)


def _signed(v):
    return v + 128


def _empty(v):
    return v in ("", "-")


class Story:
    """A story as flat arrays. See kernel/mansions/data/README.md for the meaning of every field."""

    def __init__(self, name="demo"):
        self.folder = story_folder(name)
        self.eff = EffectTable()
        self.flags = Flags()
        self._read_story()
        self._read_map()
        self._read_monsters()
        self._read_cards()
        self._read_story_spaces()
        self._read_guide()
        self._read_piles()
        self._read_objectives()
        self._read_trauma()
        self._read_keeper()
        self._read_events()
        self._read_combat()
        self._read_investigators()
        self._check_flags()

    # ----- story.tsv -----------------------------------------------------------------------------

    def _read_story(self):
        values = {}
        self.intro = []
        for where, row in read_table(self.folder, "story.tsv"):
            key = row["key"]
            if key not in STORY_KEYS:
                fail(where("key"), "unknown key '%s' (one of %s)" % (key, ", ".join(STORY_KEYS)))
            if key in REPEATABLE_KEYS:
                if _empty(row["value"]):
                    fail(where("value"), "an empty %s paragraph" % key)
                self.intro.append(row["value"])
                continue
            if key in values:
                fail(where("key"), "'%s' given twice" % key)
            values[key] = (where, row["value"])
        for key in ("name", "title", "label", "start"):
            if key not in values:
                raise KernelError("story", "story.tsv: the key '%s' is missing" % key)
        self.name = values["name"][1]
        self.title = values["title"][1]
        self.label = values["label"][1]
        self._start = values["start"]
        self.start_threat = 0
        if "threat" in values:
            w, v = values["threat"]
            self.start_threat = number(v, w("value"), 0, 50)
        self.fire_damage = 1
        if "fire_damage" in values:
            w, v = values["fire_damage"]
            self.fire_damage = number(v, w("value"), 0, 9)
        defaults = {"evade_attribute": "dexterity", "horror_attribute": "will",
                    "puzzle_attribute": "intellect", "spell_attribute": "lore"}
        for key in defaults:
            if key in values:
                w, v = values[key]
                setattr(self, key[:-10] + "_attr", attribute(v, w("value")))
            else:
                setattr(self, key[:-10] + "_attr", attribute(defaults[key], "story.tsv " + key))

    def _read_story_spaces(self):
        w, v = self._start
        self.start = lookup(self.space_index, v, "space", w("value"))

    # ----- spaces.tsv, links.tsv ---------------------------------------------------------------------

    def _read_map(self):
        self.space_name = []
        self.space_index = {}
        self.room_name = []
        self.room_index = {}
        rooms = []
        tiles = bytearray()
        tile_index = {}
        room_tile = {}
        for where, row in read_table(self.folder, "spaces.tsv"):
            s = row["space"]
            if not s:
                fail(where("space"), "empty name")
            if s in self.space_index:
                fail(where("space"), "space '%s' listed twice" % s)
            if len(self.space_name) >= MAX_SPACES:
                fail(where("space"), "more than %d spaces" % MAX_SPACES)
            r = row["room"]
            if not r:
                fail(where("room"), "empty room name")
            if r not in self.room_index:
                if len(self.room_name) >= MAX_ROOMS:
                    fail(where("room"), "more than %d rooms" % MAX_ROOMS)
                self.room_index[r] = len(self.room_name)
                self.room_name.append(r)
            t = NONE
            if not _empty(row["tile"]):
                if row["tile"] not in tile_index:
                    tile_index[row["tile"]] = len(tile_index)
                t = tile_index[row["tile"]]
                if room_tile.get(r, t) != t:
                    fail(where("tile"), "the room '%s' lies on one tile; its spaces name two" % r)
                room_tile[r] = t
            self.space_index[s] = len(self.space_name)
            self.space_name.append(s)
            rooms.append(self.room_index[r])
            tiles.append(t)
        n = len(self.space_name)
        if n == 0:
            raise KernelError("story", "spaces.tsv: no spaces")
        self.nspaces = n
        self.nrooms = len(self.room_name)
        self.space_room = bytearray(rooms)
        self.space_tile = tiles
        self.adj = bytearray(n * n)
        self.door = bytearray([NONE] * (n * n))
        self.door_a = bytearray()
        self.door_b = bytearray()
        self.door_sealed = bytearray()
        self.door_index = {}
        seen = {}
        for where, row in read_table(self.folder, "links.tsv"):
            a = lookup(self.space_index, row["a"], "space", where("a"))
            b = lookup(self.space_index, row["b"], "space", where("b"))
            kind = row["kind"]
            if kind not in LINK_KINDS:
                fail(where("kind"), "unknown link '%s' (one of %s)" % (kind, ", ".join(LINK_KINDS)))
            if a == b:
                fail(where("b"), "a space cannot link to itself")
            key = (a, b) if a < b else (b, a)
            if key in seen:
                fail(where("b"), "'%s' and '%s' are already linked (%s)" % (row["a"], row["b"], seen[key]))
            seen[key] = where("kind")
            same = self.space_room[a] == self.space_room[b]
            if kind in ("line", "diagonal") and not same:
                fail(where("kind"), "a %s joins spaces of one room; '%s' and '%s' are in different rooms"
                     " (use a door, or edge / edge-diagonal across a tile edge)" % (kind, row["a"], row["b"]))
            if kind in ("door", "sealed-door", "edge", "edge-diagonal") and same:
                fail(where("kind"), "a %s joins two rooms; '%s' and '%s' are in one room" % (kind, row["a"], row["b"]))
            if kind in ("edge", "edge-diagonal") and tiles[a] != NONE and tiles[a] == tiles[b]:
                fail(where("kind"), "an %s crosses a tile edge; '%s' and '%s' lie on one tile" % (
                    kind, row["a"], row["b"]))
            if kind == "wall":
                continue
            code = LINK_LINE if kind == "line" else LINK_DIAGONAL if kind == "diagonal" else \
                LINK_EDGE if kind in ("edge", "edge-diagonal") else LINK_DOOR
            self.adj[a * n + b] = code
            self.adj[b * n + a] = code
            if code == LINK_DOOR:
                if len(self.door_a) >= MAX_DOORS:
                    fail(where("kind"), "more than %d doors" % MAX_DOORS)
                d = len(self.door_a)
                self.door_a.append(a)
                self.door_b.append(b)
                self.door_sealed.append(1 if kind == "sealed-door" else 0)
                self.door[a * n + b] = d
                self.door[b * n + a] = d
                self.door_index[(a, b)] = d
                self.door_index[(b, a)] = d
        self.ndoors = len(self.door_a)
        # every space can be reached from the first one with every door open
        reach = bytearray(n)
        reach[0] = 1
        todo = [0]
        while todo:
            s = todo.pop()
            for t in range(n):
                if self.adj[s * n + t] and not reach[t]:
                    reach[t] = 1
                    todo.append(t)
        for s in range(n):
            if not reach[s]:
                raise KernelError("story", "links.tsv: space '%s' cannot be reached from '%s' even with every"
                                  " door open" % (self.space_name[s], self.space_name[0]))

    def names(self):
        return {"monster": self.type_index, "space": self.space_index, "card": self.card_index,
                "door": self.door_index, "room": self.room_index, "flag": self.flags,
                "deck": self.deck_index}

    # ----- monsters.tsv --------------------------------------------------------------------------------

    def _read_monsters(self):
        self.type_name = []
        self.type_index = {}
        self.type_text = []
        cls = bytearray()
        count = bytearray()
        health = bytearray()
        damage = bytearray()
        horror = bytearray()
        hdamage = bytearray()
        aware = bytearray()
        for where, row in read_table(self.folder, "monsters.tsv"):
            name = row["name"]
            if not name or name in self.type_index:
                fail(where("name"), "empty or repeated monster name '%s'" % name)
            if len(self.type_name) >= MAX_TYPES:
                fail(where("name"), "more than %d monster types" % MAX_TYPES)
            c = row["class"].lower()
            if c not in CLASSES:
                fail(where("class"), "unknown class '%s' (one of %s)" % (row["class"], ", ".join(CLASSES)))
            self.type_index[name] = len(self.type_name)
            self.type_name.append(name)
            self.type_text.append(row["text"])
            cls.append(CLASSES.index(c))
            count.append(number(row["count"], where("count"), 1, MAX_MONSTERS))
            health.append(number(row["health"], where("health"), 1, 20))
            damage.append(number(row["damage"], where("damage"), 0, 9))
            horror.append(_signed(number(row["horror"], where("horror"), -9, 9)))
            hdamage.append(number(row["horror_damage"], where("horror_damage"), 0, 9))
            aware.append(_signed(number(row["awareness"], where("awareness"), -9, 9)))
        if not self.type_name:
            raise KernelError("story", "monsters.tsv: no monsters")
        self.ntypes = len(self.type_name)
        self.type_class = cls
        self.type_count = count
        self.type_health = health
        self.type_damage = damage
        self.type_horror = horror
        self.type_hdamage = hdamage
        self.type_aware = aware

    # ----- cards.tsv --------------------------------------------------------------------------------

    def _read_cards(self):
        rows = []
        self.card_name = []
        self.card_index = {}
        self.deck_index = {}
        self.deck_name = []
        for where, row in read_table(self.folder, "cards.tsv"):
            name = row["name"]
            if not name:
                fail(where("name"), "empty card name")
            if name in self.card_index:
                fail(where("name"), "card '%s' listed twice (give copies their own names)" % name)
            if len(rows) >= MAX_CARDS:
                fail(where("name"), "more than %d cards" % MAX_CARDS)
            self.card_index[name] = len(rows)
            self.card_name.append(name)
            rows.append((where, row))
        n = len(rows)
        self.ncards = n
        self.card_kind = bytearray(n)
        self.card_types = bytearray(n)
        self.card_clue = bytearray(n)
        self.card_opens = bytearray([NONE] * n)
        self.req_kind = bytearray(n)
        self.req_a = bytearray(n)
        self.req_b = bytearray(n)
        self.atk_kind = bytearray(n)
        self.atk_a = bytearray(n)
        self.atk_b = bytearray(n)
        self.atk_range = bytearray(n)
        self.card_ability = array("H", [0xFFFF] * n)
        self.card_use = bytearray([U_NONE] * n)
        self.card_found = array("H", [0xFFFF] * n)
        self.card_deck = bytearray([NONE] * n)
        self.card_text = []
        for c in range(n):
            where, row = rows[c]
            self.card_text.append(row["text"])
            kind = row["kind"].lower()
            if kind not in CARD_KINDS:
                fail(where("kind"), "unknown kind '%s' (one of %s)" % (row["kind"], ", ".join(CARD_KINDS)))
            k = CARD_KINDS.index(kind)
            self.card_kind[c] = k
            types = 0
            if not _empty(row["types"]):
                if k != K_EXPLORATION:
                    fail(where("types"), "only exploration cards have types")
                for t in row["types"].split(","):
                    t = t.strip().lower()
                    if t not in TYPE_NAMES:
                        fail(where("types"), "unknown type '%s' (one of %s)" % (t, ", ".join(TYPE_NAMES)))
                    types |= 1 << TYPE_NAMES.index(t)
            if k == K_EXPLORATION and not types:
                fail(where("types"), "an exploration card needs a type")
            if types & T_NOTHING and types != T_NOTHING:
                fail(where("types"), "'nothing' (of interest) cannot be combined with another type")
            self.card_types[c] = types
            if not _empty(row["clue"]):
                if not types & T_CLUE:
                    fail(where("clue"), "a clue number on a card that is not a clue")
                self.card_clue[c] = number(row["clue"], where("clue"), 1, 20)
            elif types & T_CLUE:
                fail(where("clue"), "a clue card needs its number (1 is the last found)")
            # keys
            if not _empty(row["opens"]):
                if not types & T_KEY:
                    fail(where("opens"), "only a key opens a lock or an obstacle")
                self.card_opens[c] = NONE - 1   # resolved below, once every name is known
            elif types & T_KEY:
                fail(where("opens"), "a key names the lock or obstacle it opens")
            # requirements of locks and obstacles
            req = row["requires"]
            if k == K_LOCK or k == K_OBSTACLE:
                if _empty(req):
                    fail(where("requires"), "a %s says what it requires" % kind)
                parts = [p.strip() for p in req.split(":")]
                what = parts[0].lower()
                if k == K_LOCK and what == "card" and len(parts) == 2:
                    self.req_kind[c] = R_CARD
                    self.req_a[c] = NONE - 1     # resolved below
                elif k == K_LOCK and what == "test" and len(parts) == 3:
                    self.req_kind[c] = R_TEST
                    self.req_a[c] = attribute(parts[1], where("requires"))
                    self.req_b[c] = _signed(number(parts[2], where("requires"), -9, 9))
                elif what == "puzzle" and len(parts) == 2:
                    self.req_kind[c] = R_PUZZLE
                    self.req_b[c] = number(parts[1], where("requires"), 0, 9)
                elif k == K_OBSTACLE and what == "key" and len(parts) == 1:
                    self.req_kind[c] = R_KEY
                else:
                    fail(where("requires"), "a lock requires card:NAME, test:ATTRIBUTE:MODIFIER or "
                         "puzzle:N; an obstacle key or puzzle:N (not '%s')" % req)
            elif not _empty(req):
                fail(where("requires"), "only locks and obstacles have requirements")
            # attacks
            atk = row["attack"]
            if not _empty(atk):
                parts = [p.strip() for p in atk.split(":")]
                what = parts[0].lower()
                if what not in _ATTACK_KINDS:
                    fail(where("attack"), "unknown attack '%s' (firearm, bladed, blunt or spell)" % what)
                w = _ATTACK_KINDS[what]
                if w == W_SPELL:
                    if k != K_SPELL or len(parts) not in (3, 4):
                        fail(where("attack"), "a spell card attacks with spell:MODIFIER:DAMAGE[:RANGE]")
                    self.atk_a[c] = _signed(number(parts[1], where("attack"), -9, 9))
                    self.atk_b[c] = number(parts[2], where("attack"), 1, 9)
                else:
                    if k not in (K_EXPLORATION, K_ITEM) or len(parts) not in (2, 3):
                        fail(where("attack"), "a weapon attacks with firearm|bladed|blunt:BONUS[:RANGE] "
                             "(BONUS -9 .. 9)")
                    if k == K_EXPLORATION and not types & T_WEAPON:
                        fail(where("attack"), "an exploration card that attacks has the type weapon")
                    self.atk_a[c] = _signed(number(parts[1], where("attack"), -9, 9))
                self.atk_kind[c] = w
                if len(parts) == (4 if w == W_SPELL else 3):
                    self.atk_range[c] = number(parts[-1], where("attack"), 0, 9)
            elif types & T_WEAPON:
                fail(where("attack"), "a weapon says how it attacks (firearm|bladed|blunt:BONUS)")
            # spell decks
            if not _empty(row["deck"]):
                if k != K_SPELL:
                    fail(where("deck"), "only spell cards belong to a spell deck")
                d = row["deck"]
                if d in self.card_index:
                    fail(where("deck"), "a spell deck's name must differ from every card's ('%s')" % d)
                if d not in self.deck_index:
                    self.deck_index[d] = len(self.deck_name)
                    self.deck_name.append(d)
                self.card_deck[c] = self.deck_index[d]
        self.ndecks = len(self.deck_name)
        # second pass: names of other cards
        names = self.names()
        for c in range(n):
            where, row = rows[c]
            if self.card_opens[c] == NONE - 1:
                t = lookup(self.card_index, row["opens"], "card", where("opens"))
                if self.card_kind[t] not in (K_LOCK, K_OBSTACLE):
                    fail(where("opens"), "'%s' is not a lock or an obstacle" % row["opens"])
                self.card_opens[c] = t
            if self.req_kind[c] == R_CARD:
                name = row["requires"].split(":", 1)[1].strip()
                self.req_a[c] = lookup(self.card_index, name, "card", where("requires"))
            if not _empty(row["ability"]):
                if self.card_kind[c] not in (K_EXPLORATION, K_ITEM, K_SPELL):
                    fail(where("ability"), "only carried cards have an ability")
                use, rest = vocab.use_of(row["ability"])
                self.card_use[c] = use
                self.card_ability[c] = self._ability(use, rest, where("ability"))
            if not _empty(row["found"]):
                if self.card_kind[c] != K_EXPLORATION:
                    fail(where("found"), "only exploration cards act when found")
                self.card_found[c] = self.eff.add(vocab.effects(row["found"], names, where("found"), _FOUND))
        for c in range(n):
            if self.card_kind[c] == K_OBSTACLE and self.req_kind[c] == R_KEY:
                if not any(self.card_opens[k] == c for k in range(n)):
                    raise KernelError("story", "cards.tsv: no key opens the obstacle '%s'" % self.card_name[c])
        for k in range(n):
            for i in range(self.eff.start[self.card_ability[k]] if self.card_ability[k] != 0xFFFF else 0,
                           self.eff.start[self.card_ability[k]] + self.eff.count[self.card_ability[k]]
                           if self.card_ability[k] != 0xFFFF else 0):
                if self.eff.op[i] == E_LEARN and self.eff.b[i] == 0 and self.card_kind[self.eff.a[i]] != K_SPELL:
                    fail(rows[k][0]("ability"), "learn names a spell card or a spell deck, not '%s'" %
                         self.card_name[self.eff.a[i]])

    def _ability(self, use, rest, where):
        """An ability's effect list for its timing (a carried card's, an investigator's, a trait's)."""
        allowed = _TEST_ABILITY if use == U_TEST else _ALWAYS if use == U_ALWAYS else _ABILITY
        effs = vocab.effects(rest, self.names(), where, allowed)
        if not effs:
            fail(where, "an ability needs effects after its timing")
        if use == U_TEST and not any(e[0] == E_BONUS for e in effs):
            fail(where, "a 'roll' ability adds to the test: bonus:N")
        return self.eff.add(effs)

    # ----- guide.tsv, piles.tsv ------------------------------------------------------------------------

    def _read_guide(self):
        answers = bytearray(MAX_QUESTIONS)
        self.answer_text = {}
        nq = 0
        for where, row in read_table(self.folder, "guide.tsv"):
            q = number(row["question"], where("question"), 1, MAX_QUESTIONS)
            a = number(row["answer"], where("answer"), 1, 9)
            if q > nq + 1:
                fail(where("question"), "questions are numbered 1, 2, ... in order")
            if a != answers[q - 1] + 1:
                fail(where("answer"), "answers of question %d are numbered 1, 2, ... in order" % q)
            answers[q - 1] = a
            nq = max(nq, q)
            self.answer_text[(q - 1, a - 1)] = row["text"]
        if nq == 0:
            raise KernelError("story", "guide.tsv: no questions (question 1 chooses the objective)")
        self.nquestions = nq
        self.answers = bytearray(answers[:nq])

    def _read_piles(self):
        room = bytearray()
        card = bytearray()
        when_q = bytearray()
        when_a = bytearray()
        wheres = []
        for where, row in read_table(self.folder, "piles.tsv"):
            r = lookup(self.room_index, row["room"], "room", where("room"))
            c = lookup(self.card_index, row["card"], "card", where("card"))
            if self.card_kind[c] in (K_ITEM, K_SPELL):
                fail(where("card"), "'%s' is a starting %s, not a card for a room" % (
                    row["card"], CARD_KINDS[self.card_kind[c]]))
            w = row["when"]
            if w in ("", "-", "always"):
                q, a = NONE, NONE
            else:
                parts = w.split("=")
                if len(parts) != 2:
                    fail(where("when"), "write the guide's answer as QUESTION=ANSWER, e.g. 2=1")
                q = number(parts[0], where("when"), 1, self.nquestions) - 1
                a = number(parts[1], where("when"), 1, self.answers[q]) - 1
            room.append(r)
            card.append(c)
            when_q.append(q)
            when_a.append(a)
            wheres.append(where)
        self.pile_room = room
        self.pile_card = card
        self.pile_q = when_q
        self.pile_a = when_a
        # every combination of answers gives valid piles; only the questions a pile line names
        # can change the piles, so the others are held at their first answer
        asked = [q for q in range(self.nquestions) if any(when_q[i] == q for i in range(len(card)))]
        combos = 1
        for q in asked:
            combos *= self.answers[q]
        chosen = bytearray(self.nquestions)
        for k in range(combos):
            x = k
            for q in asked:
                chosen[q] = x % self.answers[q]
                x //= self.answers[q]
            self._check_combination(chosen, wheres, asked)

    def placed(self, i, chosen):
        """True when pile row i is placed under the guide answers `chosen` (bytearray per question)."""
        q = self.pile_q[i]
        return q == NONE or chosen[q] == self.pile_a[i]

    def _check_combination(self, chosen, wheres, asked):
        used = {}
        locks = bytearray(self.nrooms)
        sizes = bytearray(self.nrooms)
        clues = []
        text = ", ".join("%d=%d" % (q + 1, chosen[q] + 1) for q in asked) or "any"
        for i in range(len(self.pile_card)):
            if not self.placed(i, chosen):
                continue
            c = self.pile_card[i]
            r = self.pile_room[i]
            if c in used:
                fail(wheres[i]("card"), "'%s' is placed twice under the answers %s" % (self.card_name[c], text))
            used[c] = 1
            if self.card_kind[c] == K_LOCK:
                if locks[r]:
                    fail(wheres[i]("card"), "a second lock card in '%s' under the answers %s" % (
                        self.room_name[r], text))
                locks[r] = 1
            else:
                sizes[r] += 1
                if sizes[r] > PILE_CAP - 4:
                    fail(wheres[i]("card"), "more than %d cards in '%s'" % (PILE_CAP - 4, self.room_name[r]))
            if self.card_types[c] & T_CLUE:
                clues.append(self.card_clue[c])
        clues.sort()
        if not clues or clues != list(range(1, len(clues) + 1)):
            raise KernelError("story", "piles.tsv: under the answers %s the clues placed are %s; they must be"
                              " numbered 1 .. N once each" % (text, clues))

    # ----- objectives.tsv -----------------------------------------------------------------------------

    def _read_objectives(self):
        names = self.names()
        self.obj_name = []
        self.obj_text = []
        keeper = []
        inv = []
        reveal = []
        for where, row in read_table(self.folder, "objectives.tsv"):
            a = number(row["answer"], where("answer"), 1, 9)
            if a != len(self.obj_name) + 1:
                fail(where("answer"), "objectives are numbered 1, 2, 3 in order")
            self.obj_name.append(row["name"])
            self.obj_text.append(row["text"])
            keeper.append(vocab.condition(row["keeper_wins"], names, where("keeper_wins"), "keeper"))
            inv.append(vocab.condition(row["investigators_win"], names, where("investigators_win"),
                                       "investigators"))
            reveal.append(self.eff.add(vocab.effects(row["reveal"], names, where("reveal"), _REVEAL)))
        if len(self.obj_name) != 3:
            raise KernelError("story", "objectives.tsv: a story has three objectives, not %d" % len(self.obj_name))
        if self.answers[0] != 3:
            raise KernelError("story", "guide.tsv: question 1 chooses the objective and needs 3 answers")
        self.obj_keeper = keeper
        self.obj_inv = inv
        self.obj_reveal = array("H", reveal)

    # ----- trauma.tsv (optional) ------------------------------------------------------------------------

    def _read_trauma(self):
        self.trauma_name = []
        self.trauma_text = []
        kind = bytearray()
        threshold = bytearray()
        eff = array("H")
        if has_file(self.folder, "trauma.tsv"):
            names = self.names()
            for where, row in read_table(self.folder, "trauma.tsv"):
                if len(self.trauma_name) >= MAX_TRAUMA:
                    fail(where("name"), "more than %d trauma cards" % MAX_TRAUMA)
                if not row["name"]:
                    fail(where("name"), "empty trauma card name")
                t = row["type"].lower()
                if t not in TRAUMA_TYPES:
                    fail(where("type"), "unknown trauma type '%s' (physical or insanity)" % row["type"])
                self.trauma_name.append(row["name"])
                self.trauma_text.append(row["text"])
                kind.append(TRAUMA_TYPES.index(t))
                threshold.append(number(row["threshold"], where("threshold"), 0, 20))
                eff.append(self.eff.add(vocab.effects(row["effect"], names, where("effect"), _TRAUMA)))
        self.ntrauma = len(self.trauma_name)
        self.trauma_type = kind
        self.trauma_threshold = threshold
        self.trauma_eff = eff

    # ----- keeper_actions.tsv, mythos.tsv ---------------------------------------------------------------

    def _read_keeper(self):
        names = self.names()
        self.kc_name = []
        self.kc_text = []
        cost = bytearray()
        eff = array("H")
        when_kind = bytearray()
        when_arg = bytearray()
        for where, row in read_table(self.folder, "keeper_actions.tsv"):
            if len(self.kc_name) >= MAX_KEEPER_CARDS:
                fail(where("name"), "more than %d keeper action cards" % MAX_KEEPER_CARDS)
            self.kc_name.append(row["name"])
            self.kc_text.append(row["text"])
            cost.append(number(row["cost"], where("cost"), 1, 20))
            effs = vocab.effects(row["effect"], names, where("effect"), _KEEPER_CARD)
            if len(effs) != 1:
                fail(where("effect"), "a keeper action card has one effect: spawn:MONSTER, move:N, "
                     "draw_mythos:N, threat:N, raise:MONSTER or trauma")
            if effs[0][0] == E_SPAWN and effs[0][2] != NONE:
                fail(where("effect"), "the keeper chooses where a keeper action card spawns: spawn:MONSTER")
            if effs[0][0] == E_THREAT and effs[0][3] >= cost[-1]:
                fail(where("effect"), "a keeper action card cannot gain as much threat as it costs")
            if effs[0][0] == E_TRAUMA and not self.ntrauma:
                fail(where("effect"), "a trauma keeper card needs the story's trauma.tsv")
            eff.append(self.eff.add(effs))
            k, a = vocab.condition_of(row["when"], names, where("when"))
            when_kind.append(k)
            when_arg.append(a)
        if not self.kc_name:
            raise KernelError("story", "keeper_actions.tsv: no keeper action cards")
        self.nkcards = len(self.kc_name)
        self.kc_cost = cost
        self.kc_eff = eff
        self.kc_when_kind = when_kind
        self.kc_when_arg = when_arg
        self.my_name = []
        self.my_text = []
        cost = bytearray()
        eff = array("H")
        for where, row in read_table(self.folder, "mythos.tsv"):
            if len(self.my_name) >= MAX_MYTHOS:
                fail(where("name"), "more than %d mythos cards" % MAX_MYTHOS)
            self.my_name.append(row["name"])
            self.my_text.append(row["text"])
            cost.append(number(row["cost"], where("cost"), 0, 20))
            effs = vocab.effects(row["effect"], names, where("effect"), _MYTHOS)
            if not effs:
                fail(where("effect"), "a mythos card needs an effect")
            eff.append(self.eff.add(effs))
        self.nmythos = len(self.my_name)
        self.my_cost = cost
        self.my_eff = eff

    # ----- events.tsv --------------------------------------------------------------------------------

    def _read_events(self):
        """Event cards (rows) and the deck's stages: a stage is one card's place in the deck (its back
        shows the time number); a stage with alternatives (3A/3B) resolves its first row whose `when`
        holds, and its last row has none."""
        names = self.names()
        self.ev_name = []
        self.ev_text = []
        time = bytearray()
        eff = array("H")
        stage = bytearray()
        when_kind = bytearray()
        when_arg = bytearray()
        wheres = []
        staged = None
        for where, row in read_table(self.folder, "events.tsv"):
            if len(self.ev_name) >= MAX_EVENTS:
                fail(where("name"), "more than %d event cards" % MAX_EVENTS)
            time.append(number(row["time"], where("time"), 1, 20))
            self.ev_name.append(row["name"])
            self.ev_text.append(row["text"])
            eff.append(self.eff.add(vocab.effects(row["effect"], names, where("effect"), _EVENT)))
            has_stage = not _empty(row["stage"])
            if staged is None:
                staged = has_stage
            elif staged != has_stage:
                fail(where("stage"), "give every event card its stage, or none")
            if has_stage:
                k = number(row["stage"], where("stage"), 1, MAX_EVENTS)
            else:
                k = len(self.ev_name)
            last = stage[-1] if stage else 0
            if k != last and k != last + 1:
                fail(where("stage"), "stages are numbered 1, 2, ... in deck order (the rows of a stage together)")
            if k == last and time[-1] != time[-2]:
                fail(where("time"), "the cards of one stage share their back's time number")
            if k == last and when_kind[-1] == 0:
                fail(wheres[-1]("when"), "only the last card of a stage goes without a condition")
            stage.append(k)
            kk, a = vocab.condition_of(row["when"], names, where("when"))
            when_kind.append(kk)
            when_arg.append(a)
            wheres.append(where)
        if not self.ev_name:
            raise KernelError("story", "events.tsv: no event cards")
        if when_kind[-1] != 0:
            fail(wheres[-1]("when"), "the last card of a stage goes without a condition")
        for i in range(len(stage) - 1):
            if stage[i + 1] != stage[i] and when_kind[i] != 0:
                fail(wheres[i]("when"), "the last card of a stage goes without a condition")
        self.nrows = len(self.ev_name)
        self.ev_time = time
        self.ev_eff = eff
        self.ev_stage = stage
        self.ev_when_kind = when_kind
        self.ev_when_arg = when_arg
        n = stage[-1]
        self.nevents = n                     # the deck's stages
        self.stage_first = bytearray(n)
        self.stage_rows = bytearray(n)
        for i in range(len(stage) - 1, -1, -1):
            self.stage_first[stage[i] - 1] = i
            self.stage_rows[stage[i] - 1] += 1
        self.stage_time = bytearray([time[self.stage_first[k]] for k in range(n)])
        for k in range(3):
            kind, a, _ = self.obj_keeper[k]
            if kind == C_EVENT and a >= self.nevents:
                raise KernelError("story", "objectives.tsv: objective %d names event %d of %d" % (
                    k + 1, a + 1, self.nevents))
        decides = any(op == E_WIN for i in range(self.nrows) for op, _, _, _ in self.eff.ops(eff[i]))
        for k in range(3):
            if (self.obj_keeper[k][0] == C_NONE or self.obj_inv[k][0] == C_NONE) and not decides:
                raise KernelError("story", "objectives.tsv: objective %d leaves a side's end to the events "
                                  "('-'), and no event card has win:SIDE" % (k + 1))

    def stage_name(self, k):
        """The name of event stage k's card (its first card's, before the stage resolves)."""
        return self.ev_name[self.stage_first[k]]

    # ----- combat.tsv --------------------------------------------------------------------------------

    def _read_combat(self):
        names = self.names()
        rows = []
        for where, row in read_table(self.folder, "combat.tsv"):
            c = row["class"].lower()
            if c not in CLASSES:
                fail(where("class"), "unknown class '%s'" % row["class"])
            against = row["against"].lower()
            if against not in _AGAINST:
                fail(where("against"), "unknown '%s' (firearm, bladed, blunt, melee, unarmed or monster)" % against)
            parts = row["test"].split(":")
            if len(parts) != 2:
                fail(where("test"), "a combat card's test is ATTRIBUTE:MODIFIER")
            attr = attribute(parts[0], where("test"))
            mod = number(parts[1], where("test"), -9, 9)
            w = _AGAINST[against]
            if w == W_MONSTER:
                passed = vocab.effects(row["pass"], names, where("pass"), _PERSONAL)
                failed = vocab.effects(row["fail"], names, where("fail"), _PERSONAL)
            else:
                passed = vocab.effects(row["pass"], names, where("pass"), (E_HIT, E_WEAPON, E_MSTUN))
                if sum(1 for e in passed if e[0] == E_HIT) != 1 or passed[0][0] != E_HIT:
                    fail(where("pass"), "an investigator's combat card hits when passed: hit:N first, then "
                         "weapon:KIND:N and stun_monster")
                failed = vocab.effects(row["fail"], names, where("fail"), _PERSONAL)
            if len(rows) >= MAX_COMBAT:
                fail(where("class"), "more than %d combat cards" % MAX_COMBAT)
            rows.append((CLASSES.index(c), w, attr, mod, self.eff.add(passed), self.eff.add(failed),
                         row["text"]))
        # grouped by class, file order within a class
        order = []
        for k in range(len(CLASSES)):
            for r in rows:
                if r[0] == k:
                    order.append(r)
        n = len(order)
        self.ncombat = n
        self.cb_class = bytearray([r[0] for r in order])
        self.cb_against = bytearray([r[1] for r in order])
        self.cb_attr = bytearray([r[2] for r in order])
        self.cb_mod = bytearray([_signed(r[3]) for r in order])
        self.cb_pass = array("H", [r[4] for r in order])
        self.cb_fail = array("H", [r[5] for r in order])
        self.cb_text = [r[6] for r in order]
        self.class_start = bytearray(len(CLASSES))
        self.class_count = bytearray(len(CLASSES))
        for k in range(len(CLASSES)):
            first = n
            cnt = 0
            for i in range(n):
                if self.cb_class[i] == k:
                    first = min(first, i)
                    cnt += 1
            self.class_start[k] = first if cnt else 0
            self.class_count[k] = cnt
        for t in range(self.ntypes):
            k = self.type_class[t]
            for w in (W_FIREARM, W_BLADED, W_BLUNT, W_UNARMED, W_MONSTER):
                if not any(self.cb_class[i] == k and answers(self.cb_against[i], w) for i in range(n)):
                    raise KernelError("story", "combat.tsv: the %s deck (for '%s') has no card against %s" % (
                        CLASSES[k], self.type_name[t], AGAINST_NAMES[w]))

    # ----- investigators.tsv, traits.tsv ----------------------------------------------------------------

    def _read_investigators(self):
        self.inv_name = []
        self.inv_text = []
        self.inv_index = {}
        health = bytearray()
        sanity = bytearray()
        attrs = bytearray()
        power = array("H")
        power_use = bytearray()
        for where, row in read_table(self.folder, "investigators.tsv"):
            name = row["name"]
            if not name or name in self.inv_index:
                fail(where("name"), "empty or repeated investigator '%s'" % name)
            if len(self.inv_name) >= MAX_INVESTIGATORS:
                fail(where("name"), "more than %d investigators" % MAX_INVESTIGATORS)
            self.inv_index[name] = len(self.inv_name)
            self.inv_name.append(name)
            self.inv_text.append(row["text"])
            health.append(number(row["health"], where("health"), 1, 20))
            sanity.append(number(row["sanity"], where("sanity"), 1, 20))
            for a in ATTRIBUTES:
                attrs.append(number(row[a], where(a), 0, 10))
            p, u = self._power(row["ability"], where("ability"))
            power.append(p)
            power_use.append(u)
        if not self.inv_name:
            raise KernelError("story", "investigators.tsv: no investigators")
        self.ninv = len(self.inv_name)
        self.inv_health = health
        self.inv_sanity = sanity
        self.inv_attr = attrs
        self.inv_power = power
        self.inv_power_use = power_use
        self.tr_name = []
        self.tr_text = []
        tr_inv = bytearray()
        skill = bytearray()
        item = bytearray()
        tr_attr = bytearray()
        tr_power = array("H")
        tr_power_use = bytearray()
        per = bytearray(self.ninv)
        owner = {}
        for where, row in read_table(self.folder, "traits.tsv"):
            i = lookup(self.inv_index, row["investigator"], "investigator", where("investigator"))
            if per[i] >= MAX_TRAITS:
                fail(where("name"), "more than %d traits for one investigator" % MAX_TRAITS)
            per[i] += 1
            self.tr_name.append(row["name"])
            self.tr_text.append(row["text"])
            tr_inv.append(i)
            skill.append(number(row["skill"], where("skill"), 0, 9))
            if row["item"] in ("", "-"):
                item.append(NONE)
            else:
                c = lookup(self.card_index, row["item"], "card", where("item"))
                if self.card_kind[c] not in (K_ITEM, K_SPELL):
                    fail(where("item"), "'%s' is not a starting item or spell" % row["item"])
                if c in owner:
                    fail(where("item"), "'%s' is already the item of another trait" % row["item"])
                owner[c] = 1
                item.append(c)
            values = bytearray([NONE] * NATTR)
            if not _empty(row["attributes"]):
                for part in row["attributes"].split(","):
                    kv = part.split("=")
                    if len(kv) != 2:
                        fail(where("attributes"), "write ATTRIBUTE=N, comma separated: strength=3,dexterity=4")
                    a = attribute(kv[0], where("attributes"))
                    if values[a] != NONE:
                        fail(where("attributes"), "'%s' given twice" % ATTRIBUTES[a])
                    values[a] = number(kv[1], where("attributes"), 0, 10)
            tr_attr.extend(values)
            p, u = self._power(row["ability"], where("ability"))
            tr_power.append(p)
            tr_power_use.append(u)
        for i in range(self.ninv):
            if per[i] < 2:
                raise KernelError("story", "traits.tsv: '%s' needs at least two trait cards" % self.inv_name[i])
        self.ntraits = len(self.tr_name)
        self.tr_inv = tr_inv
        self.tr_skill = skill
        self.tr_item = item
        self.tr_attr = tr_attr
        self.tr_power = tr_power
        self.tr_power_use = tr_power_use

    def _power(self, text, where):
        """An investigator's or a trait's ability: (effect list, timing), (0xFFFF, U_NONE) for none."""
        if _empty(text):
            return 0xFFFF, U_NONE
        use, rest = vocab.use_of(text)
        return self._ability(use, rest, where), use

    def _check_flags(self):
        for name in self.flags.read_at:
            if name not in self.flags.set_at:
                fail(self.flags.read_at[name], "the flag '%s' is read but no effect sets it (flag:%s)" % (
                    name, name))
        self.nflags = len(self.flags.names)
        self.flag_name = self.flags.names

    # ----- small queries (no allocation) -----------------------------------------------------------------

    def attr(self, inv, a):
        return self.inv_attr[inv * NATTR + a]

    def adjacent(self, a, b):
        """The link code between two spaces (0: not adjacent), doors not checked for seals."""
        return self.adj[a * self.nspaces + b]

    @property
    def max_players(self):
        return 1 + (self.ninv if self.ninv < 4 else 4)


def answers(against, w):
    """True when a combat card drawn `against` answers an attack (or defence) of kind w: a melee card
    answers bladed and blunt weapons."""
    return against == w or (against == W_MELEE and (w == W_BLADED or w == W_BLUNT))
