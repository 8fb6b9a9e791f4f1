"""A story's files: where a story lives, each file's columns, and its data lines read as rows that
name their file, line and field in every error (the schema: kernel/mansions/data/README.md).

A file's header is its required columns, then any of its optional columns (OPTIONAL) in any order:
stories written before a column existed keep loading. Lines starting with '#' and blank lines are
skipped. Reading allocates (it runs once, at load).
"""

from ...errors import KernelError
from ...tsv import lines, folder_of
from .consts import ATTRIBUTES

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


class Where:
    """Names a field of a data line for an error: where('kind') -> 'cards.tsv line 4, field kind'."""

    def __init__(self, file, lineno):
        self.file = file
        self.lineno = lineno

    def __call__(self, field):
        return "%s line %d, field %s" % (self.file, self.lineno, field)


def _header(file, lineno, cells):
    """The column names of a header line, checked against the file's schema."""
    columns = SCHEMAS[file]
    optional = OPTIONAL.get(file, ())
    names = tuple(c.strip() for c in cells)
    extra = names[len(columns):]
    if names[:len(columns)] != columns or any(c not in optional for c in extra) or \
            len(set(extra)) != len(extra):
        more = (" then any of: %s" % " ".join(optional)) if optional else ""
        raise KernelError("story", "%s line %d: the header must be: %s%s" % (
            file, lineno, " ".join(columns), more))
    return names


def read_table(folder, file, problems=None):
    """Yield (where, row dict) for each data line of one file; the row holds every column of the
    schema (an optional column not in the file is ''). A line with the wrong number of fields is a
    KernelError, or, when `problems` is a list, a message added to it (the line skipped)."""
    header = None
    for lineno, line in lines(folder + "/" + file, "story"):
        if not line.strip() or line.startswith("#"):
            continue
        cells = line.split("\t")
        if header is None:
            header = _header(file, lineno, cells)
            continue
        if len(cells) != len(header):
            message = "%s line %d: %d fields, expected %d (%s)" % (
                file, lineno, len(cells), len(header), " ".join(header))
            if problems is None:
                raise KernelError("story", message)
            problems.append(message)
            continue
        row = {}
        for c in OPTIONAL.get(file, ()):
            row[c] = ""
        for i in range(len(header)):
            row[header[i]] = cells[i].strip()
        yield Where(file, lineno), row
    if header is None:
        raise KernelError("story", "%s: no header line" % file)


def signed(v):
    """A signed modifier stored in a byte (+128)."""
    return v + 128


def empty(v):
    return v in ("", "-")
