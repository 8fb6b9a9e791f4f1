"""The Elder Sign card library: every adventure of data/adventures.tsv, found by name and set.

Portable kernel code (CPython and MicroPython): the TSV is read line by line with open(); nothing is
cached at module level, so a caller loads the list once and keeps it.

    adventures = load()
    card = get(adventures, "The Curator").card()
    search(adventures, "night", "core")
"""

from ..errors import KernelError
from ..tsv import lines, folder_of
from .notation import parse_card
from .situation import TERROR_NAMES

COLUMNS = ("set", "name", "notation", "terror", "trophy", "source", "monsters", "terror_text",
           "entry", "midnight", "reward", "penalty")
DATA_FILE = "adventures.tsv"
MAX_SUGGESTIONS = 3


class LibraryCard:
    """One adventure card: the TSV's columns as attributes (trophy an int or None, the rest text)."""

    def __init__(self, fields):
        self.set = fields[0]
        self.name = fields[1]
        self.notation = fields[2]
        self.terror = fields[3]
        self.trophy = int(fields[4]) if fields[4] else None
        self.source = fields[5]
        self.monsters = fields[6]
        self.terror_text = fields[7]
        self.entry = fields[8]
        self.midnight = fields[9]
        self.reward = fields[10]
        self.penalty = fields[11]

    def card(self):
        """The card's tasks as a Card (parsed from the notation each time it is asked)."""
        return parse_card(self.notation)

    def __repr__(self):
        return "LibraryCard(%r, %r, %r)" % (self.set, self.name, self.notation)


def default_path():
    """data/adventures.tsv beside this module."""
    return folder_of(__file__) + "/data/" + DATA_FILE


def _fields(line, number):
    """Split one TSV line and check it; number is the 1-based line number for messages."""
    fields = line.split("\t")
    if len(fields) != len(COLUMNS):
        raise KernelError("library", "line %d has %d fields, expected %d" % (number, len(fields), len(COLUMNS)))
    if fields[3] not in TERROR_NAMES:
        raise KernelError("library", "line %d: unknown terror effect '%s'" % (number, fields[3]))
    trophy = fields[4]
    if trophy and not trophy.isdigit():
        raise KernelError("library", "line %d: trophy '%s' is not a number" % (number, trophy))
    return fields


def load(path=None):
    """Every adventure in the TSV, in file order. Raises KernelError('library', ...) on a bad file."""
    if path is None:
        path = default_path()
    adventures = []
    for number, line in lines(path, "library"):
        if number == 1:
            if line != "\t".join(COLUMNS):
                raise KernelError("library", "line 1 is not the expected header")
            continue
        if line:
            adventures.append(LibraryCard(_fields(line, number)))
    return adventures


def sets(adventures):
    """The set names, each once, in file order."""
    names = []
    for adventure in adventures:
        if adventure.set not in names:
            names.append(adventure.set)
    return names


def _prefix_matches(names, text):
    """Names that start with text, else names with a word that starts with text ('ice', 'deep')."""
    found = [n for n in names if n.lower().startswith(text)]
    if not found:
        found = [n for n in names if _has_word_starting(n.lower(), text)]
    return found


def _has_word_starting(name, text):
    for word in name.split(" "):
        if word.startswith(text):
            return True
    return False


def resolve_set(adventures, text):
    """The set name that text names: exactly, or by an unambiguous prefix ('core', 'other', 'gates')."""
    wanted = text.strip().lower()
    names = sets(adventures)
    if not wanted:
        raise KernelError("set", "expected a set name (%s)" % ", ".join(names))
    for name in names:
        if name.lower() == wanted:
            return name
    found = _prefix_matches(names, wanted)
    if len(found) == 1:
        return found[0]
    if found:
        raise KernelError("set", "'%s' could be %s; say which" % (text, ", ".join(found)))
    raise KernelError("set", "no set named '%s' (sets: %s)" % (text, ", ".join(names)))


def search(adventures, query, set_name=None):
    """Adventures whose name contains query (any case; empty = all), optionally in one set, file order."""
    wanted = query.strip().lower()
    only_set = resolve_set(adventures, set_name) if set_name is not None else None
    found = []
    for adventure in adventures:
        if only_set is not None and adventure.set != only_set:
            continue
        if wanted in adventure.name.lower():
            found.append(adventure)
    return found


def get(adventures, name, set_name=None):
    """The one adventure named name (any case), else the one whose name contains it, optionally in
    one set; KernelError('card', ...) if none (with suggestions), if several names contain it, or
    if the name is in several sets and no set was given."""
    wanted = name.strip().lower()
    only_set = resolve_set(adventures, set_name) if set_name is not None else None
    found = []
    for adventure in adventures:
        if adventure.name.lower() == wanted and (only_set is None or adventure.set == only_set):
            found.append(adventure)
    if not found and wanted:
        # no exact name: the one card whose name contains it ("curator" is The Curator)
        found = search(adventures, name, only_set)
        if len(found) > 1:
            raise KernelError("card", _not_found_message(adventures, name, only_set))
    if len(found) == 1:
        return found[0]
    if not found:
        raise KernelError("card", _not_found_message(adventures, name, only_set))
    in_sets = sets(found)
    if len(in_sets) == 1:
        raise KernelError("card", "'%s' is in %s %d times" % (name, in_sets[0], len(found)))
    raise KernelError("card", "'%s' is in several sets: %s; give a set" % (name, ", ".join(in_sets)))


def _not_found_message(adventures, name, only_set):
    message = "no adventure named '%s'" % name
    if only_set is not None:
        message += " in %s" % only_set
    similar = search(adventures, name, only_set) if name.strip() else []
    if similar:
        names = [a.name for a in similar[:MAX_SUGGESTIONS]]
        message += "; did you mean %s?" % ", ".join(["'%s'" % n for n in names])
    return message
