"""What an investigator brings to an adventure: one Situation value that the solver, advice, the
adventure state machine, the odds table, both CLIs and the board app all take.

    sit = Situation(green=6, yellow=True, focus=1, clues=1, terror="fail")
    sit.pool()       # (6, 1, 0)
    sit.limits()     # (TERROR_FAIL, 0, 0): what a solver is built for (terror, sanity, stamina)

The defaults are the CLI's: six green dice, focus 1, no spells or clues, no terror effect, no
sanity or stamina limit (0 means no limit). `set` refills an existing Situation without allocating,
which the whole game does before every attempt under heap_lock.
"""

from ..errors import KernelError
from .dice import MAX_GREEN

TERROR_NONE = 0
TERROR_FAIL = 1
TERROR_DISCARD = 2
TERROR_NAMES = ("none", "fail", "discard")

FIELDS = ("green", "yellow", "red", "focus", "spells", "clues", "terror", "sanity", "stamina")
MAX_USES = 4          # focus, spells and clues each
MAX_STAT = 20         # sanity and stamina (0: no limit)
TOPS = (MAX_GREEN, 1, 1, MAX_USES, MAX_USES, MAX_USES, 2, MAX_STAT, MAX_STAT)
_LABELS = ("green dice", "yellow dice", "red dice", "focus", "spells", "clues", "terror", "sanity",
           "stamina")


def terror_code(terror):
    """The code of a terror effect given by name ("none", "fail", "discard") or code (0-2)."""
    if isinstance(terror, int) and 0 <= terror < len(TERROR_NAMES):
        return terror
    if terror in TERROR_NAMES:
        return TERROR_NAMES.index(terror)
    raise KernelError("option", "terror effect must be none, fail or discard, not %r" % (terror,))


class Situation:
    """Dice (green count, the yellow and red dice), focus, spells and clues to use, the card's terror
    effect, and current sanity and stamina (0: no limit). Out-of-range values are KernelError."""

    def __init__(self, green=6, yellow=False, red=False, focus=1, spells=0, clues=0,
                 terror=TERROR_NONE, sanity=0, stamina=0):
        self.green = 0
        self.yellow = 0
        self.red = 0
        self.focus = 0
        self.spells = 0
        self.clues = 0
        self.terror = 0
        self.sanity = 0
        self.stamina = 0
        self.set(green, yellow, red, focus, spells, clues, terror_code(terror), sanity, stamina)

    def set(self, green, yellow, red, focus, spells, clues, terror, sanity, stamina):
        """Refill in place (the constructor's fields in order, terror as a code); allocates nothing.
        Nothing is changed when a value is out of range."""
        yellow = 1 if yellow else 0
        red = 1 if red else 0
        _check(0, green)
        _check(3, focus)
        _check(4, spells)
        _check(5, clues)
        _check(6, terror)
        _check(7, sanity)
        _check(8, stamina)
        self.green = green
        self.yellow = yellow
        self.red = red
        self.focus = focus
        self.spells = spells
        self.clues = clues
        self.terror = terror
        self.sanity = sanity
        self.stamina = stamina
        return self

    @staticmethod
    def from_values(values):
        """A Situation from its nine values in FIELDS order (a save's bytes, say)."""
        return Situation().set(values[0], values[1], values[2], values[3], values[4], values[5],
                               values[6], values[7], values[8])

    def values(self):
        """The nine values in FIELDS order."""
        return (self.green, self.yellow, self.red, self.focus, self.spells, self.clues, self.terror,
                self.sanity, self.stamina)

    def pool(self):
        """(green, yellow, red) dice."""
        return self.green, self.yellow, self.red

    def dice(self):
        """How many dice the pool holds."""
        return self.green + self.yellow + self.red

    def limits(self):
        """(terror, sanity, stamina): what one solver is built for; the rest varies per question."""
        return self.terror, self.sanity, self.stamina

    def replace(self, **changes):
        """A copy with some fields changed (by name)."""
        values = list(self.values())
        for name in changes:
            if name not in FIELDS:
                raise KernelError("option", "a situation has no field %r" % (name,))
            v = changes[name]
            values[FIELDS.index(name)] = terror_code(v) if name == "terror" else v
        return Situation.from_values(values)

    def pool_text(self):
        """5G, 6G+Y, 7G+Y+R..."""
        return "%dG%s%s" % (self.green, "+Y" if self.yellow else "", "+R" if self.red else "")

    def __eq__(self, other):
        return isinstance(other, Situation) and self.values() == other.values()

    def __hash__(self):
        return hash(self.values())

    def __repr__(self):
        return "Situation(%s)" % ", ".join(["%s=%r" % (FIELDS[i], v) for i, v in enumerate(self.values())])


def _check(i, v):
    if not (0 <= v <= TOPS[i]):
        if i >= 7:
            raise KernelError("option", "%s must be 1 to %d (0: no limit), not %d" % (_LABELS[i], TOPS[i], v))
        raise KernelError("option", "%s must be 0 to %d, not %d" % (_LABELS[i], TOPS[i], v))
