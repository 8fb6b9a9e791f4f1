"""A story's data files read and validated into flat arrays (the schema: kernel/mansions/data/README.md).

    story = Story("demo")              # a folder under kernel/mansions/data/, or a path to a folder
    story = Story(path, collect=True)  # every problem found, in story.problems (`eldritch mansions check`)

Every problem is one KernelError("story", "FILE line N, field F: ...") naming the file, the line and
the field; by default the first one is raised. With `collect`, each data line's problem is kept and
the line skipped, each whole-story check's problem kept, and reading stops only at a file that cannot
be read at all (its tables are needed by the files after it). Reading allocates; the game reads the
arrays afterwards without allocating. The handheld's keeper assistant reads only the few tables it
needs with kernel/mansions/lean.py (monsters, events, investigators, keeper cards, objectives); a
test checks it against this loader.

The reading is in the modules named by the stages below: storymap (story.tsv, spaces, links),
storydecks (monsters, trauma, keeper and mythos cards, events, combat), storycards (cards, the
guide, piles), storysides (objectives, investigators, traits); storyfiles reads the rows.
"""

from ...errors import KernelError
from .vocab import fail, EffectTable, Flags
from .consts import NATTR, NONE
from . import storymap, storycards, storydecks, storysides
# re-exported: callers import the files' schema, the link kinds and `answers` from here
from .storyfiles import (SCHEMAS, OPTIONAL, FILES, OPTIONAL_FILES, data_folder, story_folder, has_file,
                         read_table)
from .storymap import STORY_KEYS, REPEATABLE_KEYS, LINK_LINE, LINK_DIAGONAL, LINK_DOOR, LINK_EDGE, LINK_KINDS
from .storydecks import answers

# the order the files are read in: each stage may use the names of those before it
STAGES = (storymap.read_story, storymap.read_spaces, storymap.read_links, storydecks.read_monsters,
          storycards.read_cards, storymap.read_start, storycards.read_guide, storycards.read_piles,
          storysides.read_objectives, storydecks.read_trauma, storydecks.read_keeper, storydecks.read_mythos,
          storydecks.read_events, storydecks.read_combat, storysides.read_investigators,
          storysides.read_traits)


class Story:
    """A story as flat arrays. See kernel/mansions/data/README.md for the meaning of every field."""

    def __init__(self, name="demo", collect=False):
        self.folder = story_folder(name)
        self.problems = [] if collect else None
        self.eff = EffectTable()
        self.flags = Flags()
        for stage in STAGES + (_check_flags,):
            if not self._stage(stage):
                break

    def _stage(self, stage):
        """Run one stage of the reading; False when it could not finish (collecting: its problem kept)."""
        if self.problems is None:
            stage(self)
            return True
        try:
            stage(self)
            return True
        except KernelError as exc:
            self.problems.append(exc.detail)
        except (IndexError, KeyError, ValueError, AttributeError):
            # lines skipped for their problems left a table this stage needs short: the problems
            # already kept say why
            if not self.problems:
                raise
        return False

    def guard(self, fn, *args):
        """fn(*args); collecting, a KernelError it raises is kept (and None returned) instead."""
        return self.value(None, fn, *args)

    def value(self, default, fn, *args):
        """fn(*args); collecting, a KernelError it raises is kept and `default` returned instead (a
        field's problem leaves the rest of its line to be checked, and the line in its tables)."""
        if self.problems is None:
            return fn(*args)
        try:
            return fn(*args)
        except KernelError as exc:
            self.problems.append(exc.detail)
            return default

    def missing(self, message):
        """A file without the lines it needs: an error (collecting: kept, the reading goes on)."""
        self.guard(_raise, message)

    def each(self, file, fn):
        """fn(where, row) for each data line of a file (collecting: a line's problem kept, the line
        skipped)."""
        for where, row in read_table(self.folder, file, self.problems):
            self.guard(fn, where, row)

    def names(self):
        return {"monster": self.type_index, "space": self.space_index, "card": self.card_index,
                "door": self.door_index, "room": self.room_index, "flag": self.flags,
                "deck": self.deck_index}

    def placed(self, i, chosen):
        """True when pile row i is placed under the guide answers `chosen` (bytearray per question)."""
        q = self.pile_q[i]
        return q == NONE or chosen[q] == self.pile_a[i]

    def stage_name(self, k):
        """The name of event stage k's card (its first card's, before the stage resolves)."""
        return self.ev_name[self.stage_first[k]]

    # ----- small queries (no allocation) -----------------------------------------------------------------

    def attr(self, inv, a):
        return self.inv_attr[inv * NATTR + a]

    def adjacent(self, a, b):
        """The link code between two spaces (0: not adjacent), doors not checked for seals."""
        return self.adj[a * self.nspaces + b]

    @property
    def max_players(self):
        return 1 + (self.ninv if self.ninv < 4 else 4)


def _raise(message):
    raise KernelError("story", message)


def _check_flags(s):
    """Every flag read by a condition is set by some effect."""
    for name in s.flags.read_at:
        if name not in s.flags.set_at:
            s.guard(fail, s.flags.read_at[name], "the flag '%s' is read but no effect sets it (flag:%s)" % (
                name, name))
    s.nflags = len(s.flags.names)
    s.flag_name = s.flags.names
