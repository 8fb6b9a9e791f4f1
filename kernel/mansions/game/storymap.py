"""A story's frame and map: story.tsv (name, title, start, threat, intro, the attribute of each kind
of check), spaces.tsv (spaces, rooms, tiles) and links.tsv (white lines, diagonals, doors, walls,
tile edges), every space reachable. Each function takes the Story being loaded (story.py) and fills
its tables; a problem is a KernelError naming file, line and field. Allocates (load time only).
"""

from ...errors import KernelError
from .vocab import fail, number, attribute, lookup
from .consts import NONE, MAX_SPACES, MAX_ROOMS, MAX_DOORS
from .storyfiles import empty

STORY_KEYS = ("name", "title", "label", "start", "threat", "evade_attribute", "horror_attribute",
              "puzzle_attribute", "spell_attribute", "intro", "fire_damage")
REPEATABLE_KEYS = ("intro",)
CHECK_ATTRIBUTES = {"evade_attribute": "dexterity", "horror_attribute": "will",
                    "puzzle_attribute": "intellect", "spell_attribute": "lore"}

LINK_LINE = 1
LINK_DIAGONAL = 2
LINK_DOOR = 3
LINK_EDGE = 4           # across a tile edge between two rooms, no wall and no door
LINK_KINDS = ("line", "diagonal", "door", "sealed-door", "wall", "edge", "edge-diagonal")
_ROOM_LINKS = ("line", "diagonal")
_BETWEEN_ROOMS = ("door", "sealed-door", "edge", "edge-diagonal")


# ----- story.tsv -------------------------------------------------------------------------------------

def read_story(s):
    values = {}
    s.intro = []
    s.each("story.tsv", lambda where, row: _story_key(s, values, where, row))
    for key in ("name", "title", "label", "start"):
        if key not in values:
            raise KernelError("story", "story.tsv: the key '%s' is missing" % key)
    s.name = values["name"][1]
    s.title = values["title"][1]
    s.label = values["label"][1]
    s.start_where = values["start"]
    s.start_threat = _optional_number(s, values, "threat", 0, 50, 0)
    s.fire_damage = _optional_number(s, values, "fire_damage", 0, 9, 1)
    for key in CHECK_ATTRIBUTES:
        setattr(s, key[:-10] + "_attr", _check_attribute(s, values, key))


def _story_key(s, values, where, row):
    key = row["key"]
    if key not in STORY_KEYS:
        fail(where("key"), "unknown key '%s' (one of %s)" % (key, ", ".join(STORY_KEYS)))
    if key in REPEATABLE_KEYS:
        if empty(row["value"]):
            fail(where("value"), "an empty %s paragraph" % key)
        s.intro.append(row["value"])
        return
    if key in values:
        fail(where("key"), "'%s' given twice" % key)
    values[key] = (where, row["value"])


def _optional_number(s, values, key, low, high, default):
    if key not in values:
        return default
    w, v = values[key]
    got = s.guard(number, v, w("value"), low, high)
    return default if got is None else got


def _check_attribute(s, values, key):
    """The attribute a kind of check tests (story.tsv), its default when not given."""
    if key in values:
        w, v = values[key]
        got = s.guard(attribute, v, w("value"))
        if got is not None:
            return got
    return attribute(CHECK_ATTRIBUTES[key], "story.tsv " + key)


def read_start(s):
    """The start space, once the spaces are known."""
    w, v = s.start_where
    s.start = lookup(s.space_index, v, "space", w("value"))


# ----- spaces.tsv ------------------------------------------------------------------------------------

def read_spaces(s):
    s.space_name = []
    s.space_index = {}
    s.room_name = []
    s.room_index = {}
    s.space_room = bytearray()
    s.space_tile = bytearray()
    tiles = {"index": {}, "of_room": {}}
    s.each("spaces.tsv", lambda where, row: _space(s, tiles, where, row))
    if not s.space_name:
        raise KernelError("story", "spaces.tsv: no spaces")
    s.nspaces = len(s.space_name)
    s.nrooms = len(s.room_name)


def _space(s, tiles, where, row):
    name = row["space"]
    if not name:
        fail(where("space"), "empty name")
    if name in s.space_index:
        fail(where("space"), "space '%s' listed twice" % name)
    if len(s.space_name) >= MAX_SPACES:
        fail(where("space"), "more than %d spaces" % MAX_SPACES)
    r = row["room"]
    if not r:
        fail(where("room"), "empty room name")
    if r not in s.room_index and len(s.room_name) >= MAX_ROOMS:
        fail(where("room"), "more than %d rooms" % MAX_ROOMS)
    t = s.value(NONE, _tile, tiles, r, where, row["tile"])
    if r not in s.room_index:
        s.room_index[r] = len(s.room_name)
        s.room_name.append(r)
    s.space_index[name] = len(s.space_name)
    s.space_name.append(name)
    s.space_room.append(s.room_index[r])
    s.space_tile.append(t)


def _tile(tiles, room, where, text):
    """The tile a room's space lies on (NONE: not given); a room lies on one tile."""
    if empty(text):
        return NONE
    index = tiles["index"]
    t = index.get(text, len(index))
    if tiles["of_room"].get(room, t) != t:
        fail(where("tile"), "the room '%s' lies on one tile; its spaces name two" % room)
    index[text] = t
    tiles["of_room"][room] = t
    return t


# ----- links.tsv -------------------------------------------------------------------------------------

def read_links(s):
    n = s.nspaces
    s.adj = bytearray(n * n)
    s.door = bytearray([NONE] * (n * n))
    s.door_a = bytearray()
    s.door_b = bytearray()
    s.door_sealed = bytearray()
    s.door_index = {}
    seen = {}
    s.each("links.tsv", lambda where, row: _link(s, seen, where, row))
    s.ndoors = len(s.door_a)
    s.guard(check_reachable, s)


def _link(s, seen, where, row):
    a = lookup(s.space_index, row["a"], "space", where("a"))
    b = lookup(s.space_index, row["b"], "space", where("b"))
    kind = row["kind"]
    if kind not in LINK_KINDS:
        fail(where("kind"), "unknown link '%s' (one of %s)" % (kind, ", ".join(LINK_KINDS)))
    if a == b:
        fail(where("b"), "a space cannot link to itself")
    key = (a, b) if a < b else (b, a)
    if key in seen:
        fail(where("b"), "'%s' and '%s' are already linked (%s)" % (row["a"], row["b"], seen[key]))
    _check_link_kind(s, where, row, kind, a, b)
    if kind in _BETWEEN_ROOMS[:2] and len(s.door_a) >= MAX_DOORS:
        fail(where("kind"), "more than %d doors" % MAX_DOORS)
    seen[key] = where("kind")
    if kind != "wall":
        _join(s, a, b, kind)


def _check_link_kind(s, where, row, kind, a, b):
    same = s.space_room[a] == s.space_room[b]
    if kind in _ROOM_LINKS and not same:
        fail(where("kind"), "a %s joins spaces of one room; '%s' and '%s' are in different rooms"
             " (use a door, or edge / edge-diagonal across a tile edge)" % (kind, row["a"], row["b"]))
    if kind in _BETWEEN_ROOMS and same:
        fail(where("kind"), "a %s joins two rooms; '%s' and '%s' are in one room" % (kind, row["a"], row["b"]))
    tiles = s.space_tile
    if kind in _BETWEEN_ROOMS[2:] and tiles[a] != NONE and tiles[a] == tiles[b]:
        fail(where("kind"), "an %s crosses a tile edge; '%s' and '%s' lie on one tile" % (
            kind, row["a"], row["b"]))


def _join(s, a, b, kind):
    n = s.nspaces
    code = LINK_LINE if kind == "line" else LINK_DIAGONAL if kind == "diagonal" else \
        LINK_EDGE if kind in ("edge", "edge-diagonal") else LINK_DOOR
    s.adj[a * n + b] = code
    s.adj[b * n + a] = code
    if code == LINK_DOOR:
        d = len(s.door_a)
        s.door_a.append(a)
        s.door_b.append(b)
        s.door_sealed.append(1 if kind == "sealed-door" else 0)
        s.door[a * n + b] = d
        s.door[b * n + a] = d
        s.door_index[(a, b)] = d
        s.door_index[(b, a)] = d


def check_reachable(s):
    """Every space can be reached from the first one with every door open."""
    n = s.nspaces
    reach = bytearray(n)
    reach[0] = 1
    todo = [0]
    while todo:
        a = todo.pop()
        for b in range(n):
            if s.adj[a * n + b] and not reach[b]:
                reach[b] = 1
                todo.append(b)
    for b in range(n):
        if not reach[b]:
            raise KernelError("story", "links.tsv: space '%s' cannot be reached from '%s' even with every"
                              " door open" % (s.space_name[b], s.space_name[0]))
