"""The few facts of a story the keeper's assistant on the handheld needs, read line by line with
little memory: investigators (name, attributes), monster types (name, class), the event deck (its
stages with their time numbers; each stage's cards with their names, the condition that picks one
of them, and whether a card ends the game and who wins) and the keeper action cards (name, cost). The full, validated loader is
kernel/mansions/game/story.py (the host and tests load every story through it first); this one
only checks the header and the numbers it reads, and names file and line in a KernelError.
"""

from ..errors import KernelError
from ..tsv import lines, folder_of

ATTRIBUTES = ("strength", "marksmanship", "dexterity", "intellect", "lore", "will", "luck")
CLASSES = ("humanoid", "beast", "eldritch")
MAX_ROWS = 24
WIN_SIDES = ("keeper", "investigators", "nobody")
WIN_NONE, WIN_KEEPER, WIN_INVESTIGATORS, WIN_NOBODY, WIN_DECIDES = range(5)


def story_folder(name):
    if "/" in name:
        return name.rstrip("/")
    return folder_of(__file__) + "/data/" + name


def _rows(folder, file, columns, heads=None):
    """Yield (line number, cells) of a data file after checking its header; `heads`, a list, gets the
    header's column names."""
    header = False
    for number, line in lines(folder + "/" + file, "story"):
        if not line.strip() or line.startswith("#"):
            continue
        cells = line.split("\t")
        if not header:
            if len(cells) < len(columns) or cells[0].strip() != columns[0]:
                raise KernelError("story", "%s line %d: not the header of %s" % (file, number, file))
            header = True
            if heads is not None:
                for c in cells:
                    heads.append(c.strip())
            continue
        if len(cells) < len(columns):
            raise KernelError("story", "%s line %d: %d fields, expected %d" % (file, number, len(cells),
                                                                               len(columns)))
        yield number, cells


def _int(text, file, number, low, high):
    t = text.strip()
    body = t[1:] if t[:1] in ("+", "-") else t
    if not body.isdigit() or not low <= int(t) <= high:
        raise KernelError("story", "%s line %d: '%s' is not a number %d .. %d" % (file, number, text, low, high))
    return int(t)


class LeanStory:
    """names as bytes (for the 16-column screen) and small-int tables."""

    def __init__(self, name="demo"):
        folder = story_folder(name)
        self.title = b"story"
        for number, cells in _rows(folder, "story.tsv", ("key", "value")):
            if cells[0].strip() == "title":
                self.title = cells[1].strip().encode()
        self.inv_names = []
        self.inv_attr = bytearray()
        cols = ("name", "health", "sanity") + ATTRIBUTES
        for number, cells in _rows(folder, "investigators.tsv", cols):
            if len(self.inv_names) >= MAX_ROWS:
                break
            self.inv_names.append(cells[0].strip().encode())
            for k in range(len(ATTRIBUTES)):
                self.inv_attr.append(_int(cells[3 + k], "investigators.tsv", number, 0, 10))
        self.type_names = []
        self.type_class = bytearray()
        for number, cells in _rows(folder, "monsters.tsv", ("name", "class")):
            if len(self.type_names) >= MAX_ROWS:
                break
            c = cells[1].strip().lower()
            if c not in CLASSES:
                raise KernelError("story", "monsters.tsv line %d: unknown class '%s'" % (number, c))
            self.type_names.append(cells[0].strip().encode())
            self.type_class.append(CLASSES.index(c))
        self._read_events(folder)
        self.kc_names = []
        self.kc_cost = bytearray()
        for number, cells in _rows(folder, "keeper_actions.tsv", ("name", "cost")):
            if len(self.kc_names) >= MAX_ROWS:
                break
            self.kc_names.append(cells[0].strip().encode())
            self.kc_cost.append(_int(cells[1], "keeper_actions.tsv", number, 1, 20))
        if not self.ev_names or not self.type_names:
            raise KernelError("story", "%s: no events or no monsters" % folder)

    def _read_events(self, folder):
        """The deck by stage: ev_time (per stage), stage_first and stage_rows (its cards); per card
        ev_names, ev_when (its condition in the data's words, b"" for the stage's last card) and
        ev_win (WIN_* when the card ends the game)."""
        self.ev_time = bytearray()
        self.stage_first = bytearray()
        self.stage_rows = bytearray()
        self.ev_names = []
        self.ev_when = []
        self.ev_win = bytearray()
        heads = []
        last = 0
        for number, cells in _rows(folder, "events.tsv", ("time", "name", "effect"), heads):
            if len(self.ev_names) >= MAX_ROWS:
                break
            stage = len(self.ev_names) + 1
            when = b""
            if "stage" in heads and heads.index("stage") < len(cells):
                text = cells[heads.index("stage")].strip()
                if text not in ("", "-"):
                    stage = _int(text, "events.tsv", number, 1, MAX_ROWS)
            if "when" in heads and heads.index("when") < len(cells):
                text = cells[heads.index("when")].strip()
                if text not in ("", "-", "always"):
                    when = text.encode()
            time = _int(cells[0], "events.tsv", number, 1, 20)
            if stage == last + 1:
                self.stage_first.append(len(self.ev_names))
                self.stage_rows.append(0)
                self.ev_time.append(time)
                last = stage
            elif stage != last:
                raise KernelError("story", "events.tsv line %d: stages are numbered 1, 2, ... in order" % number)
            self.stage_rows[last - 1] += 1
            self.ev_names.append(cells[1].strip().encode())
            self.ev_when.append(when)
            self.ev_win.append(_winner(cells[2]))


def _winner(effect):
    """WIN_NONE, or who a card's effect makes the winner (WIN_DECIDES: several, under conditions)."""
    found = WIN_NONE
    for token in effect.split(";"):
        t = token.strip().lower()
        if t.startswith("win:"):
            side = WIN_SIDES.index(t[4:]) + 1 if t[4:] in WIN_SIDES else WIN_DECIDES
            found = side if found == WIN_NONE else WIN_DECIDES
    return found
